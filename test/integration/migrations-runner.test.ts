// The start-up migration runner: Prisma-compatible bookkeeping, one transaction per migration, and one
// applier at a time across instances.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations, type Migration, type SqlConnection } from '../../src/db/migrate.js';
import { migratePostgres } from '../../src/db/database.js';
import { capturingLogger } from '../support/log-sink.js';
import { pgliteCopy } from '../support/pglite-template.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const lines: string[] = [];
const log = capturingLogger(lines);

function pgliteConnection(db: PGlite): SqlConnection {
  return {
    query: async (sql, params) => (await db.query(sql, params)).rows as never[],
    exec: async (script) => void (await db.exec(script)),
  };
}

const opened: PGlite[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

/** A new, empty database: a copy of one just after initdb (test/support/global-setup.ts). */
async function freshPGlite() {
  const db = await pgliteCopy('pgliteEmptyTemplate');
  opened.push(db);
  return db;
}

describe('applyMigrations', () => {
  it('applies every migration once and records it as Prisma does (name, SHA-256 checksum, finished)', async () => {
    const db = await freshPGlite();
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    const applied = await applyMigrations(pgliteConnection(db), log);
    expect(applied).toEqual(migrations.map((m) => m.name));

    const rows = (
      await db.query<{
        migration_name: string;
        checksum: string;
        finished_at: Date | null;
        applied_steps_count: number;
      }>(
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
      )
    ).rows;
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [index, row] of rows.entries()) {
      expect(row.checksum).toBe(createHash('sha256').update(migrations[index]!.sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    expect(await applyMigrations(pgliteConnection(db), log)).toEqual([]);
    expect((await db.query('SELECT count(*)::int AS n FROM _prisma_migrations')).rows).toEqual([
      { n: migrations.length },
    ]);
  });

  it('rolls a failing migration back completely and stops there', async () => {
    const db = await freshPGlite();
    const migrations: Migration[] = [
      { name: '001_good', sql: 'CREATE TABLE good (id int);', checksum: 'a' },
      { name: '002_bad', sql: 'CREATE TABLE half (id int);\nSELECT no_such_function();', checksum: 'b' },
      { name: '003_later', sql: 'CREATE TABLE later (id int);', checksum: 'c' },
    ];
    await expect(applyMigrations(pgliteConnection(db), log, migrations)).rejects.toThrow(/migration 002_bad failed/);
    const tables = (
      await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
    ).rows.map((row) => row.tablename);
    expect(tables).toEqual(['_prisma_migrations', 'good']);
    const recorded = (await db.query<{ migration_name: string }>('SELECT migration_name FROM _prisma_migrations')).rows;
    expect(recorded.map((row) => row.migration_name)).toEqual(['001_good']);
    // The advisory lock was released: a corrected run goes through.
    migrations[1] = { name: '002_bad', sql: 'CREATE TABLE half (id int);', checksum: 'b2' };
    expect(await applyMigrations(pgliteConnection(db), log, migrations)).toEqual(['002_bad', '003_later']);
  });

  it('warns about, and does not re-apply, a migration whose file changed after it was applied', async () => {
    const db = await freshPGlite();
    const original: Migration[] = [{ name: '001_x', sql: 'CREATE TABLE x (id int);', checksum: 'one' }];
    await applyMigrations(pgliteConnection(db), log, original);
    lines.length = 0;
    const edited: Migration[] = [{ name: '001_x', sql: 'CREATE TABLE x (id int, y int);', checksum: 'two' }];
    expect(await applyMigrations(pgliteConnection(db), log, edited)).toEqual([]);
    expect(lines.join('')).toContain('migration file changed after it was applied');
  });
});

describe('npm run db:migrate', () => {
  it('refuses to run without DATABASE_URL: the embedded database migrates itself', async () => {
    const { status, output } = await runScript('scripts/db-migrate.ts', {});
    expect(status).toBe(2);
    expect(output).toContain('DATABASE_URL is not set');
  });
});

function runScript(script: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (status) => resolve({ status, output }));
  });
}

describe.skipIf(!process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('npm run db:migrate applies the migrations to DATABASE_URL without starting the service', async () => {
    await withFreshDatabase(async (url) => {
      const first = await runScript('scripts/db-migrate.ts', { DATABASE_URL: url });
      expect(first.status).toBe(0);
      expect(first.output).toMatch(/applied \d+ migration/);
      const again = await runScript('scripts/db-migrate.ts', { DATABASE_URL: url });
      expect(again.status).toBe(0);
      expect(again.output).toContain('database is up to date');
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const { rows } = await check.query(`SELECT to_regclass('public.users') IS NOT NULL AS present`);
      await check.end();
      expect(rows[0].present).toBe(true);
    });
  });

  it('two instances starting at once apply each migration exactly once', async () => {
    await withFreshDatabase(async (url) => {
      const results = await Promise.all([migratePostgres(url, log), migratePostgres(url, log)]);
      const migrations = await readMigrations();
      expect([...results[0], ...results[1]].sort()).toEqual(migrations.map((m) => m.name).sort());
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const { rows } = await check.query(
        'SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1',
      );
      await check.end();
      expect(rows).toHaveLength(migrations.length);
      for (const row of rows) expect(row.n).toBe(1);
    });
  });
});

async function withFreshDatabase(run: (url: string) => Promise<void>) {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `migrate_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
