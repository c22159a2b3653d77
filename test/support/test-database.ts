// A database for tests that need one without the HTTP service: this run's PostgreSQL (shared: tests keep to
// their own rows), or an in-memory PGlite copied from the migrated template of the global setup.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/database.js';
import { capturingLogger } from './log-sink.js';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export async function testDatabaseOptions(): Promise<DatabaseOptions> {
  if (usingPostgres) return { kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 5 };
  const file = inject('pgliteTemplate');
  return { kind: 'pglite-memory', template: file ? new Blob([new Uint8Array(await readFile(file))]) : undefined };
}

export async function openTestDatabase(): Promise<Database> {
  return openDatabase(await testDatabaseOptions(), capturingLogger([]));
}
