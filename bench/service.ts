// The processes the bench measures: the service started as `npm start` starts it (tsx, request logging on,
// limits as in production but for the per-address limits of unauthenticated routes), or another entry such as
// the hand-written baseline; and the Enterprise tenants each row runs as.
import { spawn, spawnSync } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { nodeArgsOf } from '../scripts/node-command.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 0x42).toString('base64');

export type Started = {
  url: string;
  pid: number;
  startupMs: number;
  /** The file its standard output (the request log) goes to, when started with one. */
  logFile?: string;
  stop: () => Promise<void>;
};

/**
 * The V8 flags package.json's `script` gives node (its arguments but the entry point and tsx's --import): every
 * process the bench measures runs with them, the baseline too, so no row differs from another by its flags.
 */
function nodeFlagsOf(script: 'start' | 'start:prod'): string[] {
  const flags = nodeArgsOf(script).slice(0, -1);
  const tsx = flags.indexOf('--import');
  if (tsx !== -1) flags.splice(tsx, 2);
  return flags;
}

/** The compiled service (`npm run start:prod`): built into dist/ by `npm run build` first (buildCompiled). */
export const COMPILED_ENTRY = 'dist/src/main.js';

/** `npm run build` (tsc into dist/), as `npm run start:prod` does before it starts. */
export function buildCompiled() {
  const built = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`npm run build failed: ${built.stdout}${built.stderr}`);
}

/**
 * `entry` a .ts file: run through tsx, as `npm start` does; a .js file (COMPILED_ENTRY): run by node itself with
 * NODE_ENV=production, as `npm run start:prod` does.
 */
export async function start(
  env: Record<string, string>,
  entry = 'src/main.ts',
  options: { logFile?: string } = {},
): Promise<Started> {
  const began = performance.now();
  const compiled = entry.endsWith('.js');
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': profile the measured processes (Node refuses
  // --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const flags = nodeFlagsOf(compiled ? 'start:prod' : 'start');
  const { logFile } = options;
  const logFd = logFile === undefined ? undefined : openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, ...flags, ...(compiled ? [] : ['--import', 'tsx']), entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
      // The bench measures throughput, not the limits: lift the per-address limit of unauthenticated requests.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_BURST: '100000000',
      // Nor the per-address limit of public routes (the DIDComm inbox row posts from one address).
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
      PUBLIC_RATE_LIMIT_BURST: '100000000',
      // Nor the bound on a recipient DID's inbound DIDComm messages an hour (its rows send to one DID).
      DIDCOMM_INBOUND_PER_HOUR: '1000000',
      // The webhook row's receiver runs on loopback, in the bench process.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      ...(compiled && { NODE_ENV: 'production' }),
      ...env,
    },
    // To a file, the request log can be read after a run (loggedRun) at no cost to the run itself.
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  // Request logs stay on (as in production) but are only read until the listening line appears.
  let output = '';
  let listening = false;
  const collect = (chunk: Buffer) => {
    if (!listening) output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr!.on('data', collect);
  // With its log in a file, the listening line is looked for there.
  const logSoFar = async () => (logFile === undefined ? '' : readFile(logFile, 'utf8'));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let looking = false;
    const timer = setInterval(async () => {
      if (looking) return;
      looking = true;
      const seen = (await logSoFar()) + output;
      looking = false;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(seen);
      if (match) {
        clearInterval(timer);
        listening = true;
        resolve(match[1]!);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(seen));
      }
    }, 5);
  });
  const startupMs = performance.now() - began;
  return {
    url,
    pid: child.pid!,
    startupMs,
    ...(logFile !== undefined && { logFile }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

export async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, string>;
}

export async function enterpriseTenant(url: string) {
  const suffix = Math.random().toString(16).slice(2, 10);
  const user = { email: `bench-${suffix}@example.com`, password: 'benchmark password' };
  const registered = await post(`${url}/v1/auth/register`, {
    ...user,
    display_name: 'Bench',
    tenant_name: 'Bench',
    tenant_slug: `bench-${suffix}`,
  });
  const auth = { authorization: `Bearer ${registered.token}` };
  await fetch(`${url}/v1/admin/billing/upgrade`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'enterprise' }),
  });
  return { user, auth };
}

export type EnterpriseTenant = Awaited<ReturnType<typeof enterpriseTenant>>;

/** An Enterprise tenant with an Ed25519 did:key to issue with. */
export async function tenantWithDid(url: string) {
  const tenant = await enterpriseTenant(url);
  const created = await fetch(`${url}/v1/dids`, {
    method: 'POST',
    headers: { ...tenant.auth, 'content-type': 'application/json' },
    body: '{"key_type":"Ed25519"}',
  });
  if (!created.ok) throw new Error(`create DID: ${created.status} ${await created.text()}`);
  const { did } = (await created.json()) as { did: string };
  return { ...tenant, did };
}

/** The end of a log file so far: where the lines of what happens next begin (for loggedRun). */
export async function logLength(file: string): Promise<number> {
  return (await stat(file)).size;
}

/**
 * The service's own view of a run, from its request log from byte `from` on, over the lines of `path` answered
 * with `status`:
 * - p99: the 99th percentile of `durationMs`, from the request's first handler to its response's last byte
 *   handed to the kernel. What a load generator sees on top of it waited outside the service's handling (in the
 *   kernel before the service read the request, or in the generator itself).
 * - longestStallMs: the longest time between two answers. At 50 connections answers come every millisecond or
 *   so; a stretch of 50-150 ms with none is everything in flight waiting on one thing at once (on this machine,
 *   mostly PostgreSQL's WAL flush waiting on the disk, often while a checkpoint writes: README, "What the tail is
 *   made of").
 */
export async function loggedRun(file: string, from: number, path: string, status: number) {
  const handle = await open(file, 'r');
  let text: string;
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    text = buffer.toString('utf8');
  } finally {
    await handle.close();
  }
  const durations: number[] = [];
  const answeredAt: number[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"durationMs"')) continue;
    const entry = JSON.parse(line) as { path?: string; status?: number; durationMs?: number; time?: string };
    if (entry.path === path && entry.status === status && typeof entry.durationMs === 'number') {
      durations.push(entry.durationMs);
      answeredAt.push(Date.parse(entry.time ?? ''));
    }
  }
  durations.sort((a, b) => a - b);
  answeredAt.sort((a, b) => a - b);
  let longestStallMs = 0;
  for (let i = 1; i < answeredAt.length; i++)
    longestStallMs = Math.max(longestStallMs, answeredAt[i]! - answeredAt[i - 1]!);
  return {
    p99: durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.99))] ?? Number.NaN,
    longestStallMs,
  };
}
