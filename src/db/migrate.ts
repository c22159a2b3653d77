// Applies prisma/migrations/<name>/migration.sql in order, each in its own transaction, and records them
// in Prisma's own `_prisma_migrations` table with Prisma's checksum (SHA-256 of the file), so that
// `prisma migrate status` / `deploy` agree with us on a machine that has Prisma's engines.
// Instances starting together serialise on the same advisory lock Prisma Migrate takes.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../lib/logger.js';

/** One dedicated connection: advisory locks and transactions must stay on it. */
export type SqlConnection = {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
};

/** prisma/migrations of the package, found upwards from this file (src/db when run from source, dist/src/db when built). */
export const MIGRATIONS_DIR = findUp('prisma/migrations', path.dirname(fileURLToPath(import.meta.url)));

function findUp(relative: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${relative} not found above ${from}`);
  }
}

/** Prisma Migrate's advisory lock key (schema-engine's postgres connector), so we exclude each other too. */
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

// Prisma's own definition of its bookkeeping table (schema-engine, sql-migration-connector).
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

type AppliedRow = { migration_name: string; checksum: string };

/** Applies every pending migration; returns the names applied by this call. */
export async function applyMigrations(
  connection: SqlConnection,
  log: Logger,
  migrations?: Migration[],
): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await connection.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
  try {
    await connection.exec(CREATE_MIGRATIONS_TABLE);
    const appliedRows = await connection.query<AppliedRow>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(appliedRows.map((row) => [row.migration_name, row.checksum]));
    const appliedNow: string[] = [];
    for (const migration of all) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          log.warn({ migration: migration.name }, 'migration file changed after it was applied');
        }
        continue;
      }
      await applyOne(connection, migration);
      appliedNow.push(migration.name);
      log.info({ migration: migration.name }, 'migration applied');
    }
    return appliedNow;
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
  }
}

async function applyOne(connection: SqlConnection, migration: Migration): Promise<void> {
  await connection.exec('BEGIN');
  try {
    await connection.exec(migration.sql);
    await connection.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await connection.exec('COMMIT');
  } catch (error) {
    await connection.exec('ROLLBACK');
    throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
