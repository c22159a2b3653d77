// What an operator and a browser depend on: liveness and readiness (with the database or Redis stopped),
// Prometheus metrics (and their token), CORS by exact origin, and 405 with Allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, usingRedis, type TestApp } from '../support/harness.js';
import { registerUser } from '../support/factories.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';
import { tcpProxy } from '../support/tcp-proxy.js';
import { createHealth } from '../../src/observability/health.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** The value of one series in a Prometheus exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('GET /healthz', () => {
  it('answers 200 without touching a dependency, uncached and without rate-limit headers', async () => {
    const response = await app.request('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('ratelimit-limit')).toBeNull();
    expectSecurityHeaders(response.headers);
  });
});

describe('GET /readyz', () => {
  it('answers 200 with each check when the database (and Redis, when configured) answer', async () => {
    const response = await app.request('GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ready');
    expect(response.body.checks.database.status).toBe('up');
    expect(response.body.checks.migrations).toMatchObject({ status: 'up', applied: expect.any(Number) });
    if (usingRedis) expect(response.body.checks.redis.status).toBe('up');
    else expect(response.body.checks.redis).toBeUndefined();
  });

  it('answers 503 naming the database when it is stopped, and 200 again once it is back', async () => {
    if (usingPostgres) {
      const proxy = await tcpProxy(new URL(process.env.DATABASE_URL!));
      const own = await startTestApp({ databaseUrl: proxy.url });
      try {
        await proxy.cut();
        const down = await own.request('GET', '/readyz');
        expectError(down, 503, 'not ready: database, migrations');
        expect(down.body.checks.database).toMatchObject({ status: 'down', error: expect.any(String) });
        expect(down.text).not.toContain(new URL(process.env.DATABASE_URL!).password || 'no password');
        expect((await own.request('GET', '/healthz')).status).toBe(200);
        await proxy.restore();
        await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the answer shared for a second
        expect((await own.request('GET', '/readyz')).status).toBe(200);
      } finally {
        await proxy.restore();
        await own.close();
        await proxy.close();
      }
      return;
    }
    // The embedded database stops with its process; closing it under the running app is the nearest thing.
    const own = await startTestApp({ ownDatabase: true });
    await own.database.close();
    const down = await own.request('GET', '/readyz');
    expectError(down, 503, 'not ready: database, migrations');
    expect((await own.request('GET', '/healthz')).status).toBe(200);
    await own.close().catch(() => undefined); // its database is already closed
  });

  it.skipIf(!usingRedis)('answers 503 naming Redis when it is stopped', async () => {
    const proxy = await tcpProxy(new URL(process.env.REDIS_URL!));
    const own = await startTestApp({ env: { REDIS_URL: proxy.url } });
    try {
      expect((await own.request('GET', '/readyz')).status).toBe(200);
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const down = await own.request('GET', '/readyz');
      expectError(down, 503, 'not ready: redis');
      expect(down.body.checks).toMatchObject({ database: { status: 'up' }, redis: { status: 'down' } });
    } finally {
      await own.close();
      await proxy.close();
    }
  });

  it('turns unready once shutdown has begun, so a load balancer drains the instance', async () => {
    const health = createHealth({ database: app.database });
    expect((await health.readiness()).ready).toBe(true);
    health.drain();
    expect(await health.readiness()).toEqual({ ready: false, checks: {}, failed: ['shutting down'] });
  });
});

describe('GET /metrics', () => {
  it('counts requests by route template and status, refusals, issues and verifications by format', async () => {
    // No webhook dispatcher running: the events stay in the outbox backlog the metrics report.
    const own = await startTestApp({ background: { poll: false } });
    try {
      const user = await registerUser(own);
      const did = await own.request('POST', '/v1/dids', { token: user.token, body: {} });
      expect(did.status).toBe(200);
      // Developer plan: one DID; the second is a quota refusal.
      expect((await own.request('POST', '/v1/dids', { token: user.token, body: {} })).status).toBe(403);
      for (const format of ['jwt_vc_json', 'vc+sd-jwt']) {
        const issued = await own.request('POST', '/v1/credentials/issue', {
          token: user.token,
          body: {
            format,
            issuer: did.body.did,
            claims: { name: 'Alice' },
            ...(format === 'vc+sd-jwt' ? { vct: 'https://credentials.example.com/membership' } : {}),
          },
        });
        expect(issued.status, issued.text).toBe(200);
        const verified = await own.request('POST', '/v1/credentials/verify', {
          token: user.token,
          body: { credential: issued.body.credential },
        });
        expect(verified.body.verified).toBe(true);
      }
      await own.request('GET', '/no/such/path/4711');
      expect(
        (await own.request('GET', `/v1/dids/${encodeURIComponent(did.body.did)}`, { token: user.token })).status,
      ).toBe(200);
      // The developer plan's burst is 20: spend it.
      let refused = 0;
      for (let i = 0; i < 25 && refused === 0; i++) {
        if ((await own.request('GET', '/v1/auth/me', { token: user.token })).status === 429) refused++;
      }
      expect(refused).toBe(1);

      const response = await own.request('GET', '/metrics');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = response.text;
      const series = (name: string, labels?: Record<string, string>) => sample(text, name, labels);
      expect(series('http_requests_total', { method: 'POST', route: '/v1/auth/register', status: '200' })).toBe(1);
      expect(series('http_requests_total', { method: 'POST', route: '/v1/dids', status: '403' })).toBe(1);
      expect(series('http_requests_total', { method: 'POST', route: '/v1/credentials/issue', status: '200' })).toBe(2);
      expect(series('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      expect(series('http_requests_total', { method: 'GET', route: '/v1/dids/{did}', status: '200' })).toBe(1);
      // Raw paths never become labels (the path's number alone also turns up in gauges such as memory bytes).
      expect(text).not.toContain('/no/such/path');
      expect(text).not.toContain(did.body.did);
      expect(
        series('http_request_duration_seconds_count', {
          method: 'POST',
          route: '/v1/credentials/verify',
          status: '200',
        }),
      ).toBe(2);
      expect(series('rate_limit_refusals_total', { scope: 'tenant' })).toBe(1);
      expect(series('quota_refusals_total', { resource: 'dids' })).toBe(1);
      expect(series('credentials_issued_total', { format: 'jwt_vc_json' })).toBe(1);
      expect(series('credentials_issued_total', { format: 'vc+sd-jwt' })).toBe(1);
      expect(series('credentials_verified_total', { format: 'vc+sd-jwt', result: 'verified' })).toBe(1);
      expect(series('argon2_hashes', { state: 'waiting' })).toBe(0);
      // did.created waits in the backlog; the two credential.issued were written published, no endpoint
      // subscribing (on PostgreSQL another file's dispatcher may have published it: every test file shares the
      // database).
      expect(series('outbox_backlog_events')).toBeGreaterThanOrEqual(usingPostgres ? 0 : 1);
      expect(series('process_resident_memory_bytes')).toBeGreaterThan(0);
      if (usingPostgres) expect(series('db_pool_connections', { state: 'max' })).toBe(5);
    } finally {
      await own.close();
    }
  });

  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const own = await startTestApp({ env: { METRICS_TOKEN: token } });
    try {
      expectError(await own.request('GET', '/metrics'), 401, 'unauthorized');
      expectError(await own.request('GET', '/metrics', { token: `${token}x` }), 401, 'unauthorized');
      const response = await own.request('GET', '/metrics', { token });
      expect(response.status).toBe(200);
      expect(response.text).toContain('http_requests_total');
    } finally {
      await own.close();
    }
  });
});

describe('CORS', () => {
  const allowed = 'https://dashboard.example.com';
  let corsApp: TestApp;
  beforeAll(async () => {
    corsApp = await startTestApp({ env: { CORS_ORIGINS: `${allowed},https://admin.example.com` } });
  });
  afterAll(() => corsApp?.close());

  const preflight = (target: TestApp, path: string, origin: string) =>
    target.request('OPTIONS', path, {
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it('answers preflights from a listed origin on /graphql and /v1', async () => {
    for (const path of ['/graphql', '/v1/credentials/issue']) {
      const response = await preflight(corsApp, path, allowed);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(allowed);
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('vary')).toContain('Origin');
    }
  });

  it('lets a listed origin read responses, including the rate-limit headers', async () => {
    const user = await registerUser(corsApp);
    const response = await corsApp.request('GET', '/v1/auth/me', { token: user.token, headers: { origin: allowed } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(response.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
  });

  it('refuses other origins, and never reflects an origin it was not given', async () => {
    for (const origin of ['https://evil.example.com', 'https://dashboard.example.com.evil.net', 'null']) {
      const refusedPreflight = await preflight(corsApp, '/graphql', origin);
      expectError(refusedPreflight, 403, `origin not allowed: ${origin}`);
      expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull();
      const simple = await corsApp.graphql('{ __typename }');
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    }
    // Off by default: no origin is allowed, on GraphQL (Yoga's own CORS reflected any origin) or REST.
    const response = await app.request('POST', '/graphql', {
      body: { query: '{ __typename }' },
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expectError(await preflight(app, '/v1/auth/me', 'https://evil.example.com'), 403);
  });
});

describe('a wrong method on a known path', () => {
  it.each([
    ['GET', '/v1/credentials/issue', 'POST, OPTIONS'],
    ['GET', '/v1/credentials/verify', 'POST, OPTIONS'],
    ['DELETE', '/v1/members/invitations', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/v1/dids', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/healthz', 'GET, HEAD, OPTIONS'],
    ['GET', '/didcomm', 'POST, OPTIONS'],
    ['PUT', '/graphql', 'GET, HEAD, POST, OPTIONS'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const response = await app.request(method, path);
    expectError(response, 405, 'method not allowed');
    expect(response.headers.get('allow')).toBe(allow);
  });
});
