// Prints the SQL that takes prisma/migrations to prisma/schema.prisma; with --name, saves it as the next
// migration in Prisma's layout. A stand-in for `prisma migrate dev --create-only` where Prisma's native
// engines are unavailable.
//
//   tsx scripts/db-diff.ts [--name NAME]
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { diffSql, isEmptySql, MIGRATION_LOCK_TOML } from './schema-engine.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = path.join(root, 'prisma', 'migrations');
const schemaFile = path.join(root, 'prisma', 'schema.prisma');

const { values } = parseArgs({ options: { name: { type: 'string' } } });
const name = values.name;
if (name !== undefined && !/^[a-z0-9_]+$/.test(name)) {
  console.error('--name must be snake_case (a-z, 0-9, _)');
  process.exit(2);
}

// Prisma refuses a migrations directory whose lock file names another provider; keep it present and exact.
await mkdir(migrationsDir, { recursive: true });
const lockFile = path.join(migrationsDir, 'migration_lock.toml');
if ((await readFile(lockFile, 'utf8').catch(() => null)) !== MIGRATION_LOCK_TOML) {
  await writeFile(lockFile, MIGRATION_LOCK_TOML);
  console.error(`wrote ${path.relative(root, lockFile)}`);
}

// Diffing from the migrations (replayed on a shadow database) rather than from 'empty' yields what
// `prisma migrate dev` would write, e.g. without a CREATE SCHEMA "public" in the first migration.
const sql = await diffSql({ migrationsDir }, { schemaFile });

if (name === undefined) {
  process.stdout.write(sql);
} else if (isEmptySql(sql)) {
  console.error('No difference between prisma/migrations and prisma/schema.prisma; no migration written.');
} else {
  const dir = path.join(migrationsDir, `${utcTimestamp(new Date())}_${name}`);
  await mkdir(dir); // fails rather than overwrite if the directory exists
  await writeFile(path.join(dir, 'migration.sql'), sql);
  console.log(path.relative(root, path.join(dir, 'migration.sql')));
}

/** YYYYMMDDHHMMSS in UTC, the prefix Prisma gives migration directories. */
function utcTimestamp(d: Date): string {
  return d.toISOString().replace(/\D/g, '').slice(0, 14);
}
