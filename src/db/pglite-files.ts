// Opening the embedded database on disk with a small memory footprint. Two things hold memory in PGlite:
// PostgreSQL's shared buffers, which live inside the WASM heap (128 MB by default, touched as pages are
// read), and the heap growth of a first start: initdb (a second WASM module) and the migrations' DDL take
// ~500 MB that a WASM heap never gives back, nor glibc's per-thread arenas for a worker thread. The first
// is set small here (the embedded default serves one instance, and the operating system's page cache holds
// the files as well); the second happens in a short-lived child process.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for the embedded database. PGlite writes them as the whole of postgresql.conf (what
 * initdb wrote there is replaced), so the time zone initdb chose is restated.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', "timezone = 'UTC'", "log_timezone = 'UTC'"];

/**
 * PGlite's options for every embedded database, on disk or in memory (the tests' copies of a template, the
 * schema engine's shadow databases): they run as the embedded default does, and a start zeroes 16 MB of
 * shared buffers instead of 128 (some 0.3 s less CPU each).
 */
export const PGLITE_OPTIONS = { postgresqlconf: PGLITE_SETTINGS };

/** Whether initdb has already run in this directory (PostgreSQL writes PG_VERSION first). */
function initialised(directory: string): boolean {
  return existsSync(path.join(directory, 'PG_VERSION'));
}

/** The set-up module beside this one: .js when built; from source (.ts) the child needs tsx's loader. */
const FROM_SOURCE = path.extname(fileURLToPath(import.meta.url)) === '.ts';
const PREPARE_MODULE = fileURLToPath(
  new URL(`./pglite-prepare.process${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url),
);

/** initdb and the migrations in a child process; returns the migrations it applied. */
async function prepareInChildProcess(directory: string): Promise<string[]> {
  const child = fork(PREPARE_MODULE, [directory, JSON.stringify(PGLITE_SETTINGS)], {
    // V8's baseline WebAssembly compiler only: optimising PostgreSQL's hot functions pays off in a service
    // that runs for hours, not in a process that lives for initdb and the migrations (5-6 s, a third less CPU).
    execArgv: [...(FROM_SOURCE ? ['--import', import.meta.resolve('tsx')] : []), '--liftoff-only'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let applied: string[] = [];
  child.on('message', (names) => (applied = names as string[]));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`database set-up process ended with ${signal ?? `exit code ${code}`}`)),
    );
  });
  return applied;
}

/** Opens (creating it and applying the migrations in a child process on first start) the cluster in `directory`. */
export async function openPGliteDirectory(
  directory: string,
): Promise<{ pglite: PGlite; created: boolean; migrationsApplied: string[] }> {
  const created = !initialised(directory);
  const migrationsApplied = created ? await prepareInChildProcess(directory) : [];
  return { pglite: await PGlite.create(directory, PGLITE_OPTIONS), created, migrationsApplied };
}
