// A database for tests that need one without the HTTP service: this run's PostgreSQL (shared: tests keep to
// their own rows), or an in-memory PGlite copied from the migrated template of the global setup.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/database.js';
import { capturingLogger } from './log-sink.js';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

/** `url`: a PostgreSQL database of the test's own (privatePostgresDatabase) instead of the run's shared one. */
export async function testDatabaseOptions(url?: string): Promise<DatabaseOptions> {
  if (usingPostgres) return { kind: 'postgres', url: url ?? process.env.DATABASE_URL!, poolSize: 5 };
  const file = inject('pgliteTemplate');
  return { kind: 'pglite-memory', template: file ? new Blob([new Uint8Array(await readFile(file))]) : undefined };
}

export async function openTestDatabase(): Promise<Database> {
  return openDatabase(await testDatabaseOptions(), capturingLogger([]));
}

/**
 * A PostgreSQL database of the test's own on this run's server (migrated by the app that opens it), for a
 * test whose background work must see no other file's rows: dropped by the returned function.
 */
export async function privatePostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const server = new URL(process.env.DATABASE_URL!);
  const name = `test_private_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
