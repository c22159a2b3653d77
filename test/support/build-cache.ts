// `npm run build` (tsc -p tsconfig.build.json) into a directory of its own, kept under node_modules/.cache
// and named by a hash of everything the compiler reads: the TypeScript version, both tsconfig files, the
// installed packages (package-lock.json) and every file under src/ (the generated Prisma client included).
// The compiler's output is a function of those inputs, so a run whose inputs are unchanged reuses the
// output of the build that made it; any edit under src/ builds again, and a build that fails is never kept.
// It is compiled with --noCheck: the same files, byte for byte (compared on this tree), in 12.7 s of CPU
// instead of 27.7 s; the types are checked by `npm run typecheck`, as CI runs it before the tests. Files of
// both workers may ask for it at once: one builds, the others wait for it (a lock directory beside it).
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'credential-service-tests');
/** Builds of other sources (another branch, an older commit) are removed once this old. */
const STALE_MS = 7 * 24 * 60 * 60 * 1000;
/** A lock older than this was left by a run that died mid-build. */
const LOCK_STALE_MS = 5 * 60 * 1000;
const run = promisify(execFile);

/** The directory holding `dist/` as `npm run build` writes it for the sources of this checkout. */
export async function compiledBuild(): Promise<string> {
  const build = path.join(CACHE_DIR, `build-${await buildKey()}`);
  await mkdir(CACHE_DIR, { recursive: true });
  const lock = `${build}.lock`;
  for (;;) {
    if (await exists(build)) return build;
    const locked = await mkdir(lock).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return false;
      },
    );
    if (locked) {
      try {
        if (!(await exists(build))) await compile(build);
        return build;
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
    // Another process is building it: wait, unless its lock was left by a run that died (a build takes ~10 s).
    const age = await stat(lock).then(
      (stats) => Date.now() - stats.mtimeMs,
      () => 0,
    );
    if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function compile(build: string): Promise<void> {
  await pruneStaleBuilds();
  const partial = `${build}.${randomUUID()}.partial`;
  try {
    await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.build.json',
        '--noCheck',
        '--outDir',
        path.join(partial, 'dist'),
      ],
      { cwd: ROOT },
    );
    // Another run may have made the same build meanwhile: theirs is the same, and ours goes.
    await rename(partial, build).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

async function buildKey(): Promise<string> {
  const hash = createHash('sha256');
  const typescript = JSON.parse(await readFile(path.join(ROOT, 'node_modules/typescript/package.json'), 'utf8'));
  hash.update(`typescript ${typescript.version}\0`);
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) {
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(ROOT, file)))
      .update('\0');
  }
  const sources = (await readdir(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of sources)
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(ROOT, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function pruneStaleBuilds() {
  for (const name of await readdir(CACHE_DIR)) {
    if (!name.startsWith('build-')) continue;
    const dir = path.join(CACHE_DIR, name);
    const modified = await stat(dir).then(
      (stats) => stats.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_MS) await rm(dir, { recursive: true, force: true });
  }
}
