// The PGlite data directories that test/support/global-setup.ts dumps, for databases that start as a copy of
// one instead of running initdb (and the migrations).
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_OPTIONS } from '../../src/db/pglite-files.js';

type Template = 'pgliteTemplate' | 'pgliteEmptyTemplate';

const bytes = new Map<Template, Promise<Buffer>>();

/** The dump (migrated by default, or just after initdb), read once per worker, as a fresh Blob per database. */
export async function pgliteTemplate(which: Template = 'pgliteTemplate'): Promise<Blob> {
  if (!bytes.has(which)) bytes.set(which, readFile(inject(which)));
  return new Blob([new Uint8Array(await bytes.get(which)!)]);
}

/** A new in-memory PGlite holding a copy of the dump, run with the embedded default's settings. */
export async function pgliteCopy(which: Template = 'pgliteTemplate'): Promise<PGlite> {
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate(which) });
}
