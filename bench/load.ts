// Load generation with autocannon: `connections` requests in flight at all times for `seconds`, over
// keep-alive HTTP/1.1 on loopback; reports the rate of responses with the expected status and latency
// percentiles. autocannon writes requests straight to sockets, so the generator costs far less CPU than the
// service it measures (both share this machine's two cores).
import autocannon from 'autocannon';
import { createHttpClient } from '../test/support/http-client.js';
import { cpuMicros } from './baseline-compare.js';

export type LoadResult = {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The service process's CPU per answered request, in ms, where the row measured it (runClosedLoop with a pid). */
  cpuMs?: number;
};

export type LoadTarget = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
  expectStatus: number;
  /**
   * One request per path instead of `path` over and over (a revocation each, say): the run ends when every
   * path has been asked once, or at its time. Only through wrk.
   */
  paths?: readonly string[];
  /**
   * Requests taken in turn, each an Authorization header and (for a body that names the tenant's own DID, say)
   * a body: a row faster than one tenant's bucket allows (an Enterprise tenant's 20,000 burst lasts 4 s at
   * 5,000/s) runs as several tenants, each limited as ever.
   */
  rotation?: readonly { authorization: string; body?: string }[];
};

/**
 * Requests that ask as each of `tenants` in turn (their Authorization headers, and with `bodies` a body each):
 * the `headers` and `rotation` of a LoadTarget.
 */
export function inTurn(tenants: readonly { authorization: string }[], bodies?: readonly string[]) {
  return {
    headers: { authorization: tenants[0]!.authorization },
    rotation: tenants.map(({ authorization }, index) => ({
      authorization,
      ...(bodies && { body: bodies[index]! }),
    })),
  };
}

export async function runLoad(baseUrl: string, target: LoadTarget, connections: number, seconds: number) {
  if (target.paths) throw new Error('a row of one request per path needs wrk (apt-get install wrk)');
  const body = target.body?.();
  let sent = 0;
  const rotation = target.rotation;
  const result = await autocannon({
    ...(rotation && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const next = rotation[sent++ % rotation.length]!;
            return {
              ...request,
              headers: { ...request.headers, authorization: next.authorization },
              ...(next.body !== undefined && { body: next.body }),
            };
          },
        },
      ],
    }),
    url: new URL(target.path, baseUrl).toString(),
    method: target.method,
    headers: { ...target.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
    connections,
    duration: seconds,
  });
  const statusCounts = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const expected = statusCounts[String(target.expectStatus)]?.count ?? 0;
  const total = Object.values(statusCounts).reduce((sum, { count }) => sum + count, 0);
  return {
    requests: expected,
    perSecond: expected / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: total - expected + result.errors + result.timeouts,
  } satisfies LoadResult;
}

/** One request of a closed loop, made beforehand: its path, headers and body, sent as they are. */
export type PreparedRequest = { path: string; headers: Record<string, string>; body?: string };

/**
 * A closed loop of `connections` requests in flight over node:http keep-alive, each the next of `next()`, until
 * `next()` has none left or `seconds` have passed: for rows whose every request is single use (a key proof with
 * its c_nonce, a DPoP proof's jti, a presentation for one request) and so is made before the timed part, where
 * the loop only sends it. Every row compared with such a row runs through it too, so the generator's own CPU
 * (a few tens of µs a request, on the cores the service uses) is the same on both sides of a ratio.
 */
export async function runClosedLoop(
  baseUrl: string,
  method: 'GET' | 'POST',
  next: () => PreparedRequest | null,
  options: { connections: number; seconds: number; expectStatus: number; pid?: number; label?: string },
): Promise<LoadResult> {
  const client = createHttpClient(baseUrl);
  const cpuBefore = options.pid === undefined ? 0 : await cpuMicros(options.pid);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const began = performance.now();
  const deadline = began + options.seconds * 1000;
  const loop = async () => {
    for (let request = next(); request && performance.now() < deadline; request = next()) {
      const sent = performance.now();
      try {
        const answer = await client.exchange(method, request.path, request.headers, request.body);
        if (answer.status === options.expectStatus) latencies.push(performance.now() - sent);
        else {
          errors++;
          firstError ??= `${answer.status} ${answer.text.slice(0, 300)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  const elapsed = (performance.now() - began) / 1000;
  if (options.label && process.env.BENCH_NODE_ARGS?.includes('--cpu-prof')) {
    // Both clocks are CLOCK_MONOTONIC in µs: `npx tsx bench/profile-window.ts <profile> <from> <to>` cuts it out.
    const now = process.hrtime.bigint() / 1000n;
    console.log(`  profile window of ${options.label}: ${now - BigInt(Math.round(elapsed * 1e6))} ${now}`);
  }
  const cpu = options.pid === undefined ? Number.NaN : (await cpuMicros(options.pid)) - cpuBefore;
  client.close();
  if (firstError) console.log(`  (${errors} unexpected answers, the first: ${firstError})`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
  const requests = latencies.length;
  return { requests, perSecond: requests / elapsed, p50: at(0.5), p99: at(0.99), errors, cpuMs: cpu / 1000 / requests };
}
