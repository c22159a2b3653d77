// Runs the service as its own process, the way `npm start` does, for tests of start-up, signals and crashes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplate } from './pglite-template.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A new DATA_DIR holding an embedded database as a service's first start leaves it: the migrated template
 * of test/support/global-setup.ts, written where the service opens it (DATA_DIR/pglite, src/db/database.ts).
 * A start on it skips initdb and the migrations (about 5 s of CPU); tests about a first start use an empty
 * directory instead.
 */
export async function seededDataDir(prefix = 'credential-service-'): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: await pgliteTemplate() });
  await pglite.close();
  return dataDir;
}

export type ChildService = {
  process: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

export function spawnService(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the service and waits for its "listening" log line. */
export async function startService(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildService> {
  const { child, output, exited } = spawnService(env);
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const match = /"url":"(http:\/\/[^"]+)"/.exec(output());
    if (match) return { process: child, url: match[1]!, output, exited };
    if (child.exitCode !== null) throw new Error(`service exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`service did not start in ${timeoutMs} ms:\n${output()}`);
}
