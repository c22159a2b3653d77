// The PGlite data directories that test/support/global-setup.ts dumps, for databases that start as a copy of
// one instead of running initdb (and the migrations).
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_OPTIONS } from '../../src/db/pglite-files.js';

type Template = 'pgliteTemplate' | 'pgliteEmptyTemplate';

const dumps = new Map<Template, Promise<Blob>>();

/**
 * The dump (migrated by default, or just after initdb), read once per worker. PGlite reads a Blob with
 * arrayBuffer() and copies what it unpacks, so every database of the worker is handed the same bytes: a new
 * Blob of the 40 MB for each, read back again, was a fifth of the CPU a copy costs (~0.15 s, some 35 a run).
 */
export function pgliteTemplate(which: Template = 'pgliteTemplate'): Promise<Blob> {
  let dump = dumps.get(which);
  if (!dump) {
    dump = readFile(inject(which)).then((bytes) => new DumpBlob(bytes));
    dumps.set(which, dump);
  }
  return dump;
}

/** A Blob that hands out one buffer as it is; PGlite's loadDataDir asks nothing else of it. */
class DumpBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Uint8Array) {
    super();
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** A new in-memory PGlite holding a copy of the dump, run with the embedded default's settings. */
export async function pgliteCopy(which: Template = 'pgliteTemplate'): Promise<PGlite> {
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate(which) });
}
