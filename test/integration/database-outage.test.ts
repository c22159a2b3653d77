// PostgreSQL going away at run time is an outage the client can wait out: 503 `service unavailable` with
// Retry-After, never a 500; the service recovers by itself when the database is back (a start-up that cannot
// reach it: test/integration/process.test.ts). The database sits behind a TCP proxy on loopback that the test
// cuts and restores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, type TestApp } from '../support/harness.js';
import { registerUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { tcpProxy } from '../support/tcp-proxy.js';

describe.skipIf(!usingPostgres)('PostgreSQL unavailable at run time', () => {
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let app: TestApp;
  beforeAll(async () => {
    proxy = await tcpProxy(new URL(process.env.DATABASE_URL!));
    app = await startTestApp({ databaseUrl: proxy.url });
  });
  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    await proxy?.close();
  });

  it('answers 503 with Retry-After while the database is away, then serves again once it is back', async () => {
    const user = await registerUser(app);
    const did = await app.request('POST', '/v1/dids', { token: user.token, body: {} });
    expect(did.status).toBe(200);
    await proxy.cut();

    const attempts = [
      await app.request('POST', '/v1/credentials/issue', {
        token: user.token,
        body: { format: 'jwt_vc_json', issuer: did.body.did, claims: { a: 1 } },
      }),
      await app.request('GET', '/v1/dids', { token: user.token }),
      await app.request('POST', '/v1/auth/register', {
        body: {
          email: 'x@example.com',
          password: 'long enough',
          display_name: 'x',
          tenant_name: 'x',
          tenant_slug: 'x-outage',
        },
      }),
      await app.request('GET', '/v1/auth/me', { token: 'bss_' + 'a'.repeat(43) }),
    ];
    for (const response of attempts) {
      expectError(response, 503, 'service unavailable');
      expect(response.headers.get('retry-after')).toBe('5');
    }
    expect(app.logs.some((line) => line.includes('"level":"error"') && line.includes('unexpected error'))).toBe(false);

    await proxy.restore();
    let me;
    for (let i = 0; i < 20; i++) {
      me = await app.request('GET', '/v1/dids', { token: user.token });
      if (me.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(me!.status).toBe(200);
  });
});
