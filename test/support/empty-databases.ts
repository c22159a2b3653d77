// An empty database (no migration applied) for the tests of one migration on a database with data: the same test
// on PGlite and, when the run has one, on PostgreSQL in a schema of its own, dropped afterwards.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SqlConnection } from '../../src/db/migrate.js';
import { pgliteCopy } from './pglite-template.js';

/** `use` on a new, empty in-memory PGlite, closed afterwards. */
export async function onEmptyPGlite<T>(use: (connection: SqlConnection) => Promise<T>): Promise<T> {
  const db = await pgliteCopy('pgliteEmptyTemplate');
  try {
    return await use({
      query: async (sql, params) => (await db.query(sql, params)).rows as never[],
      exec: async (script) => void (await db.exec(script)),
    });
  } finally {
    await db.close();
  }
}

/** `use` on the run's PostgreSQL (DATABASE_URL), in a new schema named after `prefix`, dropped afterwards. */
export async function onEmptyPostgresSchema<T>(
  prefix: string,
  use: (connection: SqlConnection) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const schema = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    return await use({
      query: async (sql, params) => (await client.query(sql, params)).rows as never[],
      exec: async (script) => void (await client.query(script)),
    });
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
}
