// Runs the service as its own process, for tests of start-up, signals and crashes: by default as
// `npm run start:prod` does (node, its flags, the compiled entry point of test/support/build-cache.ts), or as
// `npm start` does (tsx on the sources) for the tests of that command. A start through tsx took 8.8 s of CPU on
// a 2-core host, a compiled one 6.4 s (its loader thread resolves and transforms each of ~1,600 modules).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { nodeArgsOf } from '../../scripts/node-command.js';
import { compiledBuild } from './build-cache.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * A new DATA_DIR holding an embedded database as a service's first start leaves it: the migrated template
 * of test/support/global-setup.ts, opened where the service opens it (DATA_DIR/pglite, src/db/database.ts)
 * and closed. A start on it skips initdb and the migrations (about 5 s of CPU); tests about a first start use
 * an empty directory instead. The global setup made that directory once; this is a copy of it, by the
 * system's cp (a few hundred milliseconds of I/O, where restoring the dump and starting PostgreSQL on it
 * took ~3 s of CPU).
 */
export async function seededDataDir(prefix = 'credential-service-'): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await run('cp', ['-Rp', inject('pgliteSeededDir'), path.join(dataDir, 'pglite')]);
  return dataDir;
}

export type ChildService = {
  process: ChildProcess;
  url: string;
  /** Standard output (when the harness reads it) and standard error, as they arrived. */
  output: () => string;
  /** Standard error alone. */
  errors: () => string;
  exited: Promise<number | null>;
};

export type SpawnOptions = {
  /**
   * The child's standard output: 'pipe' (the default) is read into output(); a file descriptor (a file, or a
   * pipe the test controls) is handed to the child as it is, the test's copy left open for it to close.
   */
  stdout?: 'pipe' | number;
  /** Where the service runs from: the repository by default. */
  cwd?: string;
  /**
   * Node's arguments: startService's default is `npm run start:prod`'s (productionCommand()); spawnService's is
   * `npm start`'s (its V8 flags, the TypeScript entry point through tsx). Either way preceded by flags of the
   * tests' own, --liftoff-only and --max-opt=2 (spawnService), which change how fast the process runs, not what
   * it does.
   */
  command?: string[];
};

/**
 * `npm run start:prod`'s node arguments (its V8 flags, dist/src/main.js) with the entry point in the compiled
 * build of these sources. The environment stays the caller's: start:prod's NODE_ENV=production is not implied.
 */
export async function productionCommand(): Promise<string[]> {
  const build = await compiledBuild();
  return nodeArgsOf('start:prod').map((arg) => (arg.endsWith('.js') ? path.join(build, arg) : arg));
}

export function spawnService(
  env: Record<string, string>,
  { stdout = 'pipe', cwd = ROOT, command = nodeArgsOf('start') }: SpawnOptions = {},
): {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
  exited: Promise<number | null>;
} {
  // V8's baseline WebAssembly compiler only: these services live for a test's seconds, in which optimising
  // PGlite's hot functions cost each 1.5-2 s of CPU beside the suite's other worker and was never paid back.
  // Likewise JavaScript stops at Maglev, short of TurboFan: five starts of shutdown and webhooks-crash took
  // 11 s of CPU instead of 13.
  const child = spawn(process.execPath, ['--liftoff-only', '--max-opt=2', ...command], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => {
    output += chunk;
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, errors: () => errors, exited };
}

/**
 * Starts the service and waits until it listens: its "listening" log line when the harness reads standard
 * output; otherwise (stdout handed over) it is given a free port and ready once /readyz answers 200 there (the
 * port is bound, answering 503, while the service starts).
 */
export async function startService(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: SpawnOptions = {},
): Promise<ChildService> {
  const port = (options.stdout ?? 'pipe') === 'pipe' ? undefined : await freePort();
  const command = options.command ?? (await productionCommand());
  const { child, output, errors, exited } = spawnService(port ? { ...env, PORT: String(port) } : env, {
    ...options,
    command,
  });
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const url = port ? ((await ready(port)) ? `http://127.0.0.1:${port}` : undefined) : listeningUrl(output());
    if (url) return { process: child, url, output, errors, exited };
    if (child.exitCode !== null) throw new Error(`service exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`service did not start in ${timeoutMs} ms:\n${output()}`);
}

const listeningUrl = (output: string) => /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];

/** A port nothing listens on now (another process could take it before the child does; on loopback, unlikely). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function ready(port: number): Promise<boolean> {
  const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
  await answer?.body?.cancel();
  return answer?.status === 200;
}
