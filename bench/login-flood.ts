// Does a flood of wrong-password logins starve authenticated traffic? Measures the latency of
// `GET /v1/auth/me` alone, then while `flood` connections send wrong-password logins over as many accounts
// (each request the next account, so no account's failed-login bucket stops the flood). The flood runs in
// a child process (bench/login-flood.client.ts), either ignoring Retry-After or honouring it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inTurn, runLoad, type LoadResult } from './load.js';

const CLIENT = fileURLToPath(new URL('./login-flood.client.ts', import.meta.url));

export type FloodRun = {
  honourRetryAfter: boolean;
  me: LoadResult;
  /** Logins answered per status (401: checked; 503: refused by the hashing queue; 0: connection error). */
  loginStatuses: Record<string, number>;
  loginsPerSecond: number;
};

export type FloodResult = { alone: LoadResult; runs: FloodRun[] };

/** Tenants each measured run asks `me` as, in turn. */
const PROBE_TENANTS = 3;

async function registerAccounts(url: string, count: number, parallel: number): Promise<string[]> {
  const emails: string[] = [];
  const suffix = Math.random().toString(16).slice(2, 10);
  let next = 0;
  // A few at a time: each registration is a hash, and the hashing queue would refuse a burst of them.
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const email = `flood-${suffix}-${i}@example.com`;
      const response = await fetch(`${url}/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'the right password',
          display_name: 'Flood',
          tenant_name: 'Flood',
          tenant_slug: `flood-${suffix}-${i}`,
        }),
      });
      if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
      emails.push(email);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return emails;
}

function startFlood(url: string, emails: string[], connections: number, honourRetryAfter: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT], {
    env: { ...process.env, BENCH_FLOOD: JSON.stringify({ url, emails, connections, honourRetryAfter }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const started = performance.now();
  return {
    async stop() {
      const seconds = (performance.now() - started) / 1000;
      child.kill('SIGTERM');
      await exited;
      const statuses = JSON.parse(output) as Record<string, number>;
      const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
      return { statuses, perSecond: total / seconds };
    },
  };
}

export async function benchLoginFlood(
  url: string,
  /** A new tenant's Authorization header: each measured run asks `me` as one of its own. */
  freshAuth: () => Promise<Record<string, string>>,
  options: { accounts: number; flood: number; probe: number; seconds: number; honourRetryAfter: boolean[] },
): Promise<FloodResult> {
  const emails = await registerAccounts(url, options.accounts, 4);
  // Tenants of its own for each measured run, made before any flood and asked in turn: at thousands of `me` a
  // second one tenant's bucket (20,000 at once) runs dry within a run on PostgreSQL, and its quick 429s would
  // pass for a fast `me`.
  const [aloneAuth, ...runAuths] = await Promise.all(
    Array.from({ length: 1 + options.honourRetryAfter.length }, () =>
      Promise.all(Array.from({ length: PROBE_TENANTS }, () => freshAuth())),
    ),
  );
  const me = (tenants: Record<string, string>[]) => ({
    method: 'GET' as const,
    path: '/v1/auth/me',
    ...inTurn(tenants.map((headers) => ({ authorization: headers.authorization! }))),
    expectStatus: 200,
  });
  await runLoad(url, me(aloneAuth!), options.probe, 1); // warm-up: a fresh service is measured as fairly as a used one
  const alone = await runLoad(url, me(aloneAuth!), options.probe, options.seconds);
  const runs: FloodRun[] = [];
  for (const [index, honourRetryAfter] of options.honourRetryAfter.entries()) {
    const flood = startFlood(url, emails, options.flood, honourRetryAfter);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the child starts; the hashing queue fills
    const during = await runLoad(url, me(runAuths[index]!), options.probe, options.seconds);
    const { statuses, perSecond } = await flood.stop();
    runs.push({ honourRetryAfter, me: during, loginStatuses: statuses, loginsPerSecond: perSecond });
    // Hashes admitted before the flood stopped still run: let them finish before anything else is measured.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  return { alone, runs };
}
