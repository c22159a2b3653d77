// A small closed-loop load generator over keep-alive HTTP/1.1: `connections` requests in flight at all
// times for `seconds`; reports throughput and latency percentiles. Loopback only.
import { Agent, request } from 'node:http';

export type LoadResult = { requests: number; perSecond: number; p50: number; p99: number; errors: number };

export type LoadTarget = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
  expectStatus: number;
};

export async function runLoad(baseUrl: string, target: LoadTarget, connections: number, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(target.path, baseUrl);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;

  const once = () =>
    new Promise<void>((resolve) => {
      const body = target.body?.();
      const started = performance.now();
      const req = request(
        url,
        {
          method: target.method,
          agent,
          headers: { ...target.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === target.expectStatus) latencies.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
  } satisfies LoadResult;
}
