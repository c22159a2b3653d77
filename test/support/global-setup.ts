// Runs once before the suite: migrates one in-memory PGlite and dumps its data directory, so each test
// file's database is a copy of it (about 0.6 s) instead of a new cluster (initdb ≈ 3 s, then migrations).
// The copy then runs the same start-up as any database: migrations (already applied: checked, not re-run)
// and the built-in roles. A run on PostgreSQL uses the dumps only where PGlite is what is tested: the
// service started as a process on a DATA_DIR, and the migration runner.
//
// The dumps are kept between runs under node_modules/.cache, named by a hash of everything they are made
// from (the PGlite version, the migration runner, the embedded database's settings, every migration, this
// file), so a run whose inputs are unchanged skips the 4-6 s of making them; a new or edited migration makes
// new ones.
//
// It also builds the dashboard (web/ → web/dist) when its sources changed since the last build, as postinstall
// does: the browser and HTTP tests load those files, and a fresh clone's `npm test` must find them (~2 s to
// build; a hash check otherwise).
//
// Beside them, the migrated template opened on disk and closed: the embedded database's directory as a
// service's first start leaves it (DATA_DIR/pglite), which tests of the service as a process copy
// (test/support/child-service.ts) instead of each restoring the dump and starting PostgreSQL on it (~3 s
// of CPU each).
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { applyMigrations, readMigrations } from '../../src/db/migrate.js';
import { PGLITE_OPTIONS } from '../../src/db/pglite-files.js';
import { compiledBuild } from './build-cache.js';
import { capturingLogger } from './log-sink.js';
import { ensureWebAssets } from '../../scripts/web-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dump with every migration applied. */
    pgliteTemplate: string;
    /** A dump of the same database before the migrations (just after initdb). */
    pgliteEmptyTemplate: string;
    /** A directory holding the migrated template as an on-disk cluster, cleanly shut down. */
    pgliteSeededDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'credential-service-tests');
/** Dumps of other inputs (an older migration set, another branch) are removed once this old. */
const STALE_MS = 7 * 24 * 60 * 60 * 1000;

export default async function setup(project: TestProject) {
  await ensureWebAssets({ log: (line) => console.log(`[global setup] ${line}`) });
  const key = await templateKey();
  const emptyFile = path.join(CACHE_DIR, `pglite-${key}-empty.tar`);
  const migratedFile = path.join(CACHE_DIR, `pglite-${key}-migrated.tar`);
  const templatesMissing = !(await exists(emptyFile)) || !(await exists(migratedFile));
  // A fresh clone (CI) has neither the dumps nor the compiled build the process tests start (~6 s of CPU, made by
  // the first test that asks): it is made beside the dumps, on the core this setup leaves idle, and not where
  // both cores are busy with tests. With the dumps kept, a run goes on asking for the build only when it needs it.
  // A build that fails is left to the tests that need it to report (they ask again).
  const build = templatesMissing ? compiledBuild().catch(() => undefined) : undefined;
  if (templatesMissing) {
    await mkdir(CACHE_DIR, { recursive: true });
    await pruneStale();
    const pglite = await PGlite.create(PGLITE_OPTIONS);
    // For the tests of the migration runner, which start from an empty database.
    await writeAtomically(emptyFile, await pglite.dumpDataDir('none'));
    await applyMigrations(
      {
        query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
        exec: async (script) => void (await pglite.exec(script)),
      },
      capturingLogger([]),
    );
    // Written out now rather than replayed from the WAL by every copy as it starts (~15% of its start).
    await pglite.exec('CHECKPOINT');
    await writeAtomically(migratedFile, await pglite.dumpDataDir('none'));
    await pglite.close();
  }
  const seededDir = path.join(CACHE_DIR, `pglite-${key}-seeded`);
  if (!(await exists(seededDir))) {
    // Made where it is kept, then renamed into place: another run only ever sees a complete directory.
    const partial = await mkdtemp(`${seededDir}.partial-`);
    const pglite = await PGlite.create(path.join(partial, 'pglite'), {
      ...PGLITE_OPTIONS,
      loadDataDir: new Blob([new Uint8Array(await readFile(migratedFile))]),
    });
    await pglite.close();
    await rename(partial, seededDir).catch(async (error: NodeJS.ErrnoException) => {
      // Another run made it meanwhile: theirs is the same.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      await rm(partial, { recursive: true, force: true });
    });
  }
  await build;
  project.provide('pgliteEmptyTemplate', emptyFile);
  project.provide('pgliteTemplate', migratedFile);
  project.provide('pgliteSeededDir', path.join(seededDir, 'pglite'));
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(
    JSON.parse(await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version,
  );
  hash.update(await readFile(path.join(ROOT, 'src/db/migrate.ts')));
  hash.update(await readFile(path.join(ROOT, 'src/db/pglite-files.ts'))); // the settings it is made with
  hash.update(await readFile(fileURLToPath(import.meta.url))); // how the dumps are made
  for (const migration of await readMigrations()) hash.update(`\0${migration.name}\0${migration.checksum}`);
  return hash.digest('hex').slice(0, 16);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Another run may be reading the file, or writing the same one: it only ever sees a complete file. */
async function writeAtomically(file: string, dump: Blob) {
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

async function pruneStale() {
  for (const name of await readdir(CACHE_DIR)) {
    const file = path.join(CACHE_DIR, name);
    // Another run may have removed it meanwhile.
    const modified = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_MS) await rm(file, { recursive: true, force: true });
  }
}
