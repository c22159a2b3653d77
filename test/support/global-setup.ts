// Runs once before the suite: migrates one in-memory PGlite and dumps its data directory, so each test
// file's database is a copy of it (about 0.6 s) instead of a new cluster (initdb ≈ 3 s, then migrations).
// The copy then runs the same start-up as any database: migrations (already applied: checked, not re-run)
// and the built-in roles. Not needed when the run uses PostgreSQL.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../../src/db/migrate.js';
import { capturingLogger } from './log-sink.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dump with every migration applied; '' when the run uses PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const pglite = await PGlite.create();
  await applyMigrations(
    {
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
      exec: async (script) => void (await pglite.exec(script)),
    },
    capturingLogger([]),
  );
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(tmpdir(), `credential-service-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
