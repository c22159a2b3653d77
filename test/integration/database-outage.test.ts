// PostgreSQL going away at run time is an outage the client can wait out: 503 `service unavailable` with
// Retry-After, never a 500; the service recovers by itself when the database is back. And a start-up that
// cannot reach it says which setting to check, without echoing the password. The database sits behind a
// TCP proxy on loopback that the test cuts and restores.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, type TestApp } from '../support/harness.js';
import { registerUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { spawnService } from '../support/child-service.js';

/** A loopback proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => (server?.listening ? Promise.resolve() : listen()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server?.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

describe.skipIf(!usingPostgres)('PostgreSQL unavailable at run time', () => {
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let app: TestApp;
  beforeAll(async () => {
    proxy = await databaseProxy(new URL(process.env.DATABASE_URL!));
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
      await app.request('POST', '/v1/auth/register', { body: { email: 'x@example.com', password: 'long enough', display_name: 'x', tenant_name: 'x', tenant_slug: 'x-outage' } }),
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

describe('PostgreSQL unreachable at start-up', () => {
  it('exits 1 naming DATABASE_URL and where it points, never the password', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { output, exited } = spawnService({ DATABASE_URL: `postgresql://app:s3cret-pw@127.0.0.1:${port}/appdb` });
    expect(await exited).toBe(1);
    expect(output()).toContain(`cannot connect to PostgreSQL at DATABASE_URL (127.0.0.1:${port}/appdb)`);
    expect(output()).not.toContain('s3cret-pw');
  }, 30_000);
});
