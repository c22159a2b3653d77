// Builds the dashboard (web/ → web/dist, served at /app) when what it is built from changed: postinstall and
// prestart run it (`npm install && npm start` is the whole set-up), and so does the test suite's global setup
// (test/support/global-setup.ts), so a fresh clone's `npm test` has the files its browser tests load.
//
// "Changed" is a hash of every input (web/'s sources, the permission catalogue it imports, the lock file's
// package versions), kept beside the output as web/dist/.inputs (dotfiles are never served); an unchanged
// tree costs reading some 50 small files. `npm run build:web` builds whatever the hash says (--force: anyway).
//
// An install without development dependencies (npm ci --omit=dev) has no Vite: nothing is built, and the
// service answers /app with how to build it (src/http/dashboard.ts).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = path.join(ROOT, 'web');
export const WEB_DIST = path.join(WEB, 'dist');
const INPUTS_FILE = path.join(WEB_DIST, '.inputs');
/** Files outside web/ that the bundle is made from. */
const OTHER_INPUTS = ['src/auth/permissions.ts', 'package-lock.json'];
/** Under web/, what the bundle is not made from. */
const NOT_INPUTS = /(^|\/)(dist|node_modules)(\/|$)|\.test\.tsx?$/;

export type WebBuildOutcome = 'built' | 'current' | 'skipped';

export async function ensureWebAssets(
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<WebBuildOutcome> {
  const log = options.log ?? ((line) => console.log(line));
  if (!existsSync(path.join(WEB, 'index.html'))) {
    log('web/index.html not found: no dashboard to build');
    return 'skipped';
  }
  const hash = await inputsHash();
  const built = await readFile(INPUTS_FILE, 'utf8').catch(() => null);
  if (!options.force && built === hash && existsSync(path.join(WEB_DIST, 'index.html'))) return 'current';
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    log('vite is not installed (an install without dev dependencies): the dashboard is not built');
    return 'skipped';
  }
  const started = performance.now();
  // Vite keeps a NODE_ENV it finds, and the test runner's is `test`: React's development build, twice the size
  // and slower. What is served is always the production build, whoever builds it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ configFile: path.join(WEB, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(INPUTS_FILE, hash);
  log(`built the dashboard into web/dist in ${Math.round(performance.now() - started)} ms`);
  return 'built';
}

async function inputsHash(): Promise<string> {
  const files = (await readdir(WEB, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !NOT_INPUTS.test(file.slice('web/'.length)))
    .concat(OTHER_INPUTS)
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(ROOT, file)).catch(() => '(missing)'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await ensureWebAssets({ force: process.argv.includes('--force') });
}
