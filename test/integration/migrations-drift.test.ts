// Proves that prisma/migrations/*/migration.sql builds exactly the database prisma/schema.prisma declares,
// twice over: by asking Prisma's schema engine, and by comparing the two databases' catalogues ourselves,
// because the engine's diff has blind spots (it ignores e.g. a CHECK constraint or a partial index that a
// migration adds by hand).
//
// DRIFT_SCHEMA=/path/to/schema.prisma checks another schema file (e.g. a modified copy) against the migrations.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

import { diffSql, freshPGlite, readMigrationsDir, startDatabasesFrom } from '../../scripts/schema-engine.js';
import { pgliteTemplate } from '../support/pglite-template.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const migrationsDir = path.join(root, 'prisma', 'migrations');
const schemaFile = process.env.DRIFT_SCHEMA ?? path.join(root, 'prisma', 'schema.prisma');

// Starting PGlite and the engine's WASM takes seconds; far above vitest's 5 s default on a slow machine.
const TIMEOUT = 60_000;

// Every database here (the engine's shadow databases too) starts as a copy of the cluster the global setup
// dumped just after initdb (test/support/global-setup.ts), rather than this file running initdb again (~3 s).
startDatabasesFrom(pgliteTemplate('pgliteEmptyTemplate'));

describe('prisma/migrations against the Prisma schema', () => {
  // Built once, for two tests (tests in a file run one after another).
  let migrated: Promise<CatalogDump> | undefined;
  const dumpOfMigrations = () =>
    (migrated ??= withDb(async (db) => {
      const { migrationDirectories } = await readMigrationsDir(migrationsDir);
      if (migrationDirectories.length === 0) throw new Error(`no migrations in ${migrationsDir}`);
      for (const { path: name, migrationFile } of migrationDirectories) {
        if (migrationFile.content.tag === 'error') throw new Error(`${name}: ${migrationFile.content.value}`);
        await db.exec(migrationFile.content.value);
      }
      return dumpCatalog(db);
    }));

  it(
    'the schema engine finds nothing to migrate from the migrations to the schema',
    async () => {
      const sql = await diffSql({ migrationsDir }, { schemaFile });
      // The engine says "-- This is an empty migration." when there is nothing to do.
      expect(statementsOf(sql)).toBe('');
    },
    TIMEOUT,
  );

  it(
    "the migrations build the same tables, columns, keys and indexes as the engine's SQL for the schema",
    async () => {
      const declared = await withDb(async (db) => {
        await db.exec(await functionsCalledByDefaults(await readFile(schemaFile, 'utf8')));
        await db.exec(await diffSql('empty', { schemaFile }));
        return dumpCatalog(db);
      });
      expect(declared.tables.length, 'the schema declares no table').toBeGreaterThan(0);
      expect(await dumpOfMigrations()).toEqual(declared);
    },
    TIMEOUT,
  );

  it(
    'fails on drift: a schema with one more column than the migrations',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-drift-'));
      try {
        const drifted = path.join(dir, 'schema.prisma');
        const original = await readFile(schemaFile, 'utf8');
        const modified = original.replace(/^model \w+ \{$/m, '$&\n  driftProbe Int? @map("drift_probe")');
        expect(modified).not.toBe(original);
        await writeFile(drifted, modified);

        expect(statementsOf(await diffSql({ migrationsDir }, { schemaFile: drifted }))).toMatch(
          /ALTER TABLE .* ADD COLUMN\s+"drift_probe" INTEGER/,
        );
        const declared = await withDb(async (db) => {
          await db.exec(await functionsCalledByDefaults(modified));
          await db.exec(await diffSql('empty', { schemaFile: drifted }));
          return dumpCatalog(db);
        });
        expect(await dumpOfMigrations()).not.toEqual(declared);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});

/**
 * The engine's SQL for a schema makes tables, not functions: a default calling one of ours
 * (`dbgenerated("uuid_v7()")`) needs it defined first. Its definition is the migrations' own; built-in
 * functions (`statement_timestamp()`) have none there and need none.
 */
async function functionsCalledByDefaults(schema: string): Promise<string> {
  const names = new Set([...schema.matchAll(/dbgenerated\("(\w+)\(/g)].map((match) => match[1]!));
  const { migrationDirectories } = await readMigrationsDir(migrationsDir);
  const definitions: string[] = [];
  for (const { migrationFile } of migrationDirectories) {
    if (migrationFile.content.tag === 'error') continue;
    const created = /CREATE (?:OR REPLACE )?FUNCTION (\w+)\([\s\S]*?\$\$[\s\S]*?\$\$;/g;
    for (const match of migrationFile.content.value.matchAll(created)) {
      if (names.has(match[1]!)) definitions.push(match[0]);
    }
  }
  return definitions.join('\n');
}

/** The script without comments and blank lines. */
function statementsOf(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('--'))
    .join('\n');
}

async function withDb<T>(fn: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await freshPGlite();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

type CatalogDump = Awaited<ReturnType<typeof dumpCatalog>>;

/**
 * Everything a migration can get wrong about the schema, as sorted lines, so that toEqual shows the
 * difference. Column order is left out: a column added by a later migration comes last, which is harmless.
 * Types, defaults and definitions come from PostgreSQL's own formatting functions, so equivalent
 * spellings in the two scripts compare equal.
 */
async function dumpCatalog(db: PGlite) {
  const userSchemas = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;
  const lines = async (sql: string) => (await db.query<{ line: string }>(sql)).rows.map((r) => r.line).sort();
  return {
    tables: await lines(`
      SELECT table_schema || '.' || table_name AS line FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`),
    columns: await lines(`
      SELECT concat_ws(' ', n.nspname || '.' || c.relname || '.' || a.attname, format_type(a.atttypid, a.atttypmod),
               CASE WHEN a.attnotnull THEN 'NOT NULL' ELSE 'NULL' END,
               'DEFAULT ' || pg_get_expr(d.adbin, d.adrelid),
               CASE WHEN a.attidentity <> '' THEN 'IDENTITY ' || a.attidentity::text END,
               CASE WHEN a.attgenerated <> '' THEN 'GENERATED ' || a.attgenerated::text END,
               'COLLATE ' || NULLIF(co.collname, 'default')) AS line
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid AND c.relkind IN ('r', 'p')
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      LEFT JOIN pg_collation co ON co.oid = a.attcollation
      WHERE a.attnum > 0 AND NOT a.attisdropped AND ${userSchemas}`),
    // Primary keys, unique constraints, foreign keys (pg_get_constraintdef spells out ON DELETE / ON UPDATE
    // unless NO ACTION), checks and exclusions.
    constraints: await lines(`
      SELECT n.nspname || '.' || c.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS line
      FROM pg_constraint con
      JOIN pg_class c ON c.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE con.contype <> 'n' AND ${userSchemas}`),
    foreignKeyActions: await lines(`
      SELECT constraint_schema || '.' || constraint_name || ' ON UPDATE ' || update_rule || ' ON DELETE ' || delete_rule
        AS line
      FROM information_schema.referential_constraints`),
    indexes: await lines(`
      SELECT indexdef AS line FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`),
    enums: await lines(`
      SELECT n.nspname || '.' || t.typname || ' ' || string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder)
        AS line
      FROM pg_type t
      JOIN pg_enum e ON e.enumtypid = t.oid
      JOIN pg_namespace n ON n.oid = t.typnamespace
      GROUP BY n.nspname, t.typname`),
  };
}
