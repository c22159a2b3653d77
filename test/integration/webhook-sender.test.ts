// Real receivers on loopback (node:http and node:https servers); nothing leaves 127.0.0.1.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../src/modules/webhooks/delivery/http-sender.js';
import { generateWebhookSecret, webhookHeaders } from '../../src/modules/webhooks/delivery/signature.js';
import { parseWebhookUrl, resolveDeliveryAddress } from '../../src/modules/webhooks/delivery/url-policy.js';

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const servers: (http.Server | https.Server)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiver on 127.0.0.1 that records each request's body before calling `handler`. */
async function receiver(handler: Handler, server: http.Server | https.Server = http.createServer()) {
  const received: Received[] = [];
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      handler(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received };
}

const loopback = { address: '127.0.0.1', family: 4 } as const;
const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', data: { note: 'ünïcödé' } });
const headers = webhookHeaders({ id: 'evt_1', timestamp: new Date(), body, secrets: [generateWebhookSecret()] });

/** One attempt to `http://127.0.0.1:<port><path>`, through the same policy checks as the dispatcher. */
async function deliver(port: number, path = '/hook', timeoutMs?: number) {
  const url = parseWebhookUrl(`http://127.0.0.1:${port}${path}`, { production: false });
  const address = await resolveDeliveryAddress(url.hostname, { allowPrivate: true });
  return sendWebhook({ url, address, body, headers, ...(timeoutMs ? { timeoutMs } : {}) });
}

describe('webhook sender', () => {
  it('POSTs the exact body and headers, to the checked address under the URL’s name', async () => {
    const { port, received } = await receiver((_, response) => response.writeHead(204).end());
    // The name does not resolve anywhere: the socket can only have gone to the pinned address.
    const url = new URL(`http://webhooks.example.test:${port}/in?tenant=t1`);
    const result = await sendWebhook({ url, address: loopback, body, headers });
    expect(result).toMatchObject({ ok: true, status: 204, error: null, retryAfterSeconds: null, responseExcerpt: '' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/in?tenant=t1', body });
    expect(request!.headers).toMatchObject({
      ...headers,
      host: `webhooks.example.test:${port}`,
      'content-length': String(Buffer.byteLength(body)),
    });
  });

  it('reports a 500 with its body', async () => {
    const { port } = await receiver((_, response) => response.writeHead(500).end('database on fire'));
    expect(await deliver(port)).toMatchObject({
      ok: false,
      status: 500,
      error: null,
      responseExcerpt: 'database on fire',
    });
  });

  it('keeps 1 KiB of a long response body', async () => {
    const { port } = await receiver((_, response) => response.writeHead(200).end('y'.repeat(5 * 1024)));
    const result = await deliver(port);
    expect(result.ok).toBe(true);
    expect(Buffer.byteLength(result.responseExcerpt)).toBe(1024);
  });

  it('stops reading a body that never ends once 1 KiB is in', async () => {
    const { port } = await receiver((_, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('z'.repeat(600)), 5);
      response.on('close', () => clearInterval(drip));
    });
    const started = Date.now();
    const result = await deliver(port, '/hook', 2_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.responseExcerpt).toBe('z'.repeat(1024));
  });

  it('gives up on a receiver that never answers after timeoutMs', async () => {
    const { port, received } = await receiver(() => {}); // reads the request, never answers
    const started = Date.now();
    const result = await deliver(port, '/hook', 300);
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout after 300 ms', responseExcerpt: '' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_500);
    expect(received).toHaveLength(1);
  });

  it('counts a 2xx whose body then stalls as delivered (the receiver has accepted)', async () => {
    const { port } = await receiver((_, response) => {
      response.writeHead(200);
      response.write('accepted, ');
    });
    expect(await deliver(port, '/hook', 300)).toMatchObject({
      ok: true,
      status: 200,
      error: null,
      responseExcerpt: 'accepted, ',
    });
  });

  it('does not follow a redirect', async () => {
    const target = await receiver((_, response) => response.writeHead(200).end());
    const { port } = await receiver((_, response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${target.port}/elsewhere` }).end('moved'),
    );
    expect(await deliver(port)).toMatchObject({
      ok: false,
      status: 302,
      error: 'redirect not followed (302)',
      responseExcerpt: 'moved',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(target.received).toHaveLength(0);
  });

  it('reads Retry-After on 429 (seconds) and 503 (HTTP-date), and only there', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const answers: [number, string][] = [
      [429, '7'],
      [503, inTwoMinutes],
      [500, '7'],
    ];
    const { port } = await receiver((_, response) => {
      const [status, retryAfter] = answers.shift()!;
      response.writeHead(status, { 'retry-after': retryAfter }).end();
    });
    expect(await deliver(port)).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 7, error: null });
    const unavailable = await deliver(port);
    expect(unavailable).toMatchObject({ ok: false, status: 503 });
    expect(unavailable.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(unavailable.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(await deliver(port)).toMatchObject({ status: 500, retryAfterSeconds: null });
  });

  it('reports a refused connection', async () => {
    const { port } = await receiver(() => {});
    const closing = servers.pop()!;
    await new Promise((resolve) => closing.close(resolve));
    expect(await deliver(port)).toMatchObject({ ok: false, status: null, error: 'connection refused' });
  });

  it('reports a connection the receiver drops', async () => {
    const { port } = await receiver((request) => request.socket.destroy());
    expect(await deliver(port)).toMatchObject({ ok: false, status: null, error: 'connection reset' });
  });

  it('reports headers node:http refuses to send instead of throwing', async () => {
    const url = new URL('http://127.0.0.1:9/hook');
    const result = await sendWebhook({ url, address: loopback, body, headers: { 'x-bad': 'a\r\nb' } });
    expect(result).toMatchObject({ ok: false, status: null, error: 'request failed (ERR_INVALID_CHAR)' });
  });

  it('over https sends the URL’s name as SNI and checks the certificate', async () => {
    let serverName: string | undefined;
    const server = https.createServer({
      key: TEST_KEY,
      cert: TEST_CERT,
      SNICallback: (name, done) => {
        serverName = name;
        done(null);
      },
    });
    const { port, received } = await receiver((_, response) => response.writeHead(200).end(), server);
    const url = new URL(`https://webhooks.example.test:${port}/hook`);
    const result = await sendWebhook({ url, address: loopback, body, headers });
    // The certificate is self-signed: a client that checks certificates refuses it.
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/^tls error \((DEPTH_ZERO_SELF_SIGNED_CERT|CERT_NOT_YET_VALID)\)$/);
    expect(serverName).toBe('webhooks.example.test');
    expect(received).toHaveLength(0);
  });
});

// A self-signed P-256 certificate for webhooks.example.test, for the test above only (openssl req -x509).
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgUE25u8WFq0VltdMY
UAf8HAmCy3vWcjTkTrWkbADar5mhRANCAASB83XyIza2gmsaIFo2Iy3o8/90zeVf
gOn+n6NzTeoZWU3civ7GNnSJD9vxvo8020xy7kJb2/L9nFPTrMWxgYTE
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBuTCCAV+gAwIBAgIUBB0s5sNg249gPnBeZPbqLv+kiu4wCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVd2ViaG9va3MuZXhhbXBsZS50ZXN0MCAXDTI2MTEyNDE5MTYz
OVoYDzIxMjYxMDMxMTkxNjM5WjAgMR4wHAYDVQQDDBV3ZWJob29rcy5leGFtcGxl
LnRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASB83XyIza2gmsaIFo2Iy3o
8/90zeVfgOn+n6NzTeoZWU3civ7GNnSJD9vxvo8020xy7kJb2/L9nFPTrMWxgYTE
o3UwczAdBgNVHQ4EFgQU0yhREPKO7eF6i3XHXEwvwJHomXowHwYDVR0jBBgwFoAU
0yhREPKO7eF6i3XHXEwvwJHomXowDwYDVR0TAQH/BAUwAwEB/zAgBgNVHREEGTAX
ghV3ZWJob29rcy5leGFtcGxlLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIgdrukzHR3
nSbSnrPEK19g6US5k6jyuChV4H1x/s+txb4CIQDADqd8V3c6UBGzYsCqFMmAqX9F
Z92U10n3ugcOLtdotQ==
-----END CERTIFICATE-----`;
