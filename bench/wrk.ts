// Load from wrk (Debian's package), when it is installed: a C load generator whose own CPU use is small beside
// the service's, which matters when both share this machine's two cores. The issue path is compared with its
// baseline through it ("wrk -c50, 10 s, medians of 3"). Without wrk, autocannon stands in (load.ts),
// and the rows say so.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runLoad, type LoadResult, type LoadTarget } from './load.js';

const run = promisify(execFile);

export const wrkAvailable = spawnSync('wrk', ['--version']).error === undefined;
export const loadGenerator = wrkAvailable ? 'wrk' : 'autocannon';

/** `connections` requests in flight for `seconds` against `target`; non-matching statuses count as errors. */
export async function load(baseUrl: string, target: LoadTarget, connections: number, seconds: number) {
  if (!wrkAvailable) return runLoad(baseUrl, target, connections, seconds);
  if (target.paths && target.rotation) throw new Error('a row takes paths or requests in turn, not both');
  const directory = await mkdtemp(path.join(tmpdir(), 'wrk-'));
  try {
    const script = path.join(directory, 'request.lua');
    const threads = Math.min(2, connections);
    const headers = { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) };
    await writeFile(
      script,
      [
        `wrk.method = ${luaString(target.method)}`,
        ...(target.body ? [`wrk.body = ${luaString(target.body())}`] : []),
        ...Object.entries(headers).map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`),
        ...(target.paths ? pathsScript(target.paths, threads) : []),
        ...(target.rotation ? rotationScript(target.rotation) : []),
      ].join('\n'),
    );
    const { stdout } = await run('wrk', [
      `-t${threads}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-s',
      script,
      new URL(target.path, baseUrl).toString(),
    ]);
    return parseWrk(stdout, target.expectStatus, seconds);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Each wrk thread takes every `threads`-th path from its own offset, so no path is asked twice; a thread stops
 * once its share is answered, and wrk's rate is over the time its threads ran.
 */
function pathsScript(paths: readonly string[], threads: number): string[] {
  return [
    `local paths = {${paths.map(luaString).join(',')}}`,
    'local started = 0',
    'function setup(thread) thread:set("offset", started); started = started + 1 end',
    'local sent, answered = 0, 0',
    'function request()',
    `  local index = offset + sent * ${threads} + 1`,
    '  sent = sent + 1',
    '  if index > #paths then index = #paths end', // past its share while in flight: repeats the last, uncounted
    '  return wrk.format(nil, paths[index])',
    'end',
    'function response()',
    '  answered = answered + 1',
    `  if offset + answered * ${threads} >= #paths then wrk.thread:stop() end`,
    'end',
  ];
}

/** Each request carries the next Authorization header (and body, where given) of the rotation, in turn. */
function rotationScript(rotation: NonNullable<LoadTarget['rotation']>): string[] {
  const entries = rotation.map(
    ({ authorization, body }) => `{${luaString(authorization)}${body === undefined ? '' : `, ${luaString(body)}`}}`,
  );
  return [
    `local rotation = {${entries.join(',')}}`,
    'local sent = 0',
    'function request()',
    '  sent = sent + 1',
    '  local next = rotation[sent % #rotation + 1]',
    '  wrk.headers["authorization"] = next[1]',
    '  if next[2] then wrk.body = next[2] end',
    '  return wrk.format()',
    'end',
  ];
}

const luaString = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** wrk's report: requests, their rate, the 50th and 99th latency percentiles, and non-2xx/3xx answers. */
export function parseWrk(report: string, expectStatus: number, seconds: number): LoadResult {
  const total = Number(/(\d+) requests in/.exec(report)?.[1] ?? 0);
  const duration = durationSeconds(/requests in ([\d.]+\w+),/.exec(report)?.[1]) ?? seconds;
  const unexpected =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0) +
    [...report.matchAll(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/g)]
      .flatMap((match) => match.slice(1).map(Number))
      .reduce((sum, count) => sum + count, 0);
  // wrk tells only 2xx/3xx from the rest: a row expecting a 4xx or 5xx is not run through it.
  if (expectStatus < 200 || expectStatus > 399) throw new Error('wrk counts only 2xx/3xx answers as expected');
  const requests = total - unexpected;
  return {
    requests,
    perSecond: requests / duration,
    p50: latencyMs(/\s50%\s+([\d.]+\w+)/.exec(report)?.[1]),
    p99: latencyMs(/\s99%\s+([\d.]+\w+)/.exec(report)?.[1]),
    errors: unexpected,
  };
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyMs(text: string | undefined): number {
  const match = text && /^([\d.]+)(us|ms|s|m)$/.exec(text);
  return match ? Number(match[1]) * UNITS[match[2]!]! : Number.NaN;
}

function durationSeconds(text: string | undefined): number | undefined {
  const ms = latencyMs(text);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}
