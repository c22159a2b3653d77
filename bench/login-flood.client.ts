// The flood of bench/login-flood.ts, in a process of its own so that its work does not distort the `me`
// latency the bench process measures. `connections` loops each send wrong-password logins, every request
// to the next account, until SIGTERM; then the count of answers per status is printed as JSON.
// With `honourRetryAfter`, a loop answered 503 waits as told, as a well-behaved client does; without, it
// comes straight back, as an attacker does.
import http from 'node:http';

type FloodConfig = { url: string; emails: string[]; connections: number; honourRetryAfter: boolean };

const config = JSON.parse(process.env.BENCH_FLOOD ?? '') as FloodConfig;
const agent = new http.Agent({ keepAlive: true, maxSockets: config.connections });
const statuses: Record<string, number> = {};
let next = 0;

function login(): Promise<{ status: number; retryAfter: number }> {
  const body = JSON.stringify({ email: config.emails[next++ % config.emails.length], password: 'a wrong password' });
  return new Promise((resolve) => {
    const request = http.request(
      new URL('/v1/auth/login', config.url),
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers['retry-after'] ?? 1) }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, retryAfter: 1 }));
    request.end(body);
  });
}

async function loop() {
  for (;;) {
    const { status, retryAfter } = await login();
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 503 && config.honourRetryAfter) await new Promise((done) => setTimeout(done, retryAfter * 1000));
  }
}

process.on('SIGTERM', () => {
  process.stdout.write(JSON.stringify(statuses), () => process.exit(0));
});
for (let i = 0; i < config.connections; i++) void loop();
