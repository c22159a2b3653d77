// Runs as a child process (src/db/pglite-files.ts): creates the cluster if needed and applies pending
// migrations, then closes it, so the memory initdb and the DDL took goes back to the system with the process.
import { PGlite } from '@electric-sql/pglite';
import { createLogger } from '../lib/logger.js';
import { applyMigrations, type SqlConnection } from './migrate.js';

const [directory, settings] = [process.argv[2]!, JSON.parse(process.argv[3]!) as string[]];
const pglite = await PGlite.create(directory, { postgresqlconf: settings });
try {
  const connection: SqlConnection = {
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
    exec: async (script) => void (await pglite.exec(script)),
  };
  const applied = await applyMigrations(connection, createLogger('silent'));
  await new Promise((resolve) => process.send!(applied, resolve));
} finally {
  await pglite.close();
}
