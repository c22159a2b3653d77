// Spec §4 "Headers on every response" and §7 "Every error response is JSON with a string field error".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { registerUser } from '../support/factories.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';
import { rawRequest } from '../support/raw-http.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('the six security headers', () => {
  it('are on a successful REST response', async () => {
    const user = await registerUser(app);
    expectSecurityHeaders((await app.request('GET', '/v1/auth/me', { token: user.token })).headers);
  });

  it.each([
    ['400', 'POST', '/v1/auth/register', { rawBody: '{' }, 400],
    ['401', 'GET', '/v1/auth/me', {}, 401],
    ['404 for an unknown path', 'GET', '/no/such/path', {}, 404],
    ['404 for an unknown /v1 path', 'POST', '/v1/nothing-here', {}, 404],
    ['405 for a known path with another method', 'DELETE', '/v1/auth/me', {}, 405],
    ['409', 'POST', '/v1/auth/register', {}, 409],
  ] as const)(
    'are on a %s error, whose body is JSON with a string error',
    async (_case, method, path, options, status) => {
      let requestOptions: Record<string, unknown> = { ...options };
      if (status === 409) {
        const user = await registerUser(app);
        const { email, password, display_name, tenant_name, tenant_slug } = user;
        requestOptions = { body: { email, password, display_name, tenant_name, tenant_slug: `${tenant_slug}-x` } };
      }
      expectError(await app.request(method, path, requestOptions), status);
    },
  );

  it('name the allowed methods on a 405', async () => {
    const response = await app.request('GET', '/v1/auth/register');
    expectError(response, 405, 'method not allowed');
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('are on OPTIONS answers, for a known path and an unknown one', async () => {
    for (const path of ['/v1/auth/me', '/graphql']) {
      const response = await app.request('OPTIONS', path);
      expect(response.status).toBe(204);
      expectSecurityHeaders(response.headers);
    }
    expectError(await app.request('OPTIONS', '/anything'), 404, 'not found');
  });

  it('are on GraphQL responses, successful and failed', async () => {
    const user = await registerUser(app);
    expectSecurityHeaders((await app.graphql('{ me { email } }', {}, user.token)).headers);
    expectSecurityHeaders((await app.graphql('{ me { email } }')).headers);
    expectSecurityHeaders((await app.graphql('{ nope }')).headers);
    expectSecurityHeaders((await app.request('GET', '/graphql?query=%7B__typename%7D')).headers);
  });

  it('are on a 500, whose text is generic', async () => {
    // A broken database connection in the middle of a request is the realistic unknown error.
    const broken = await startTestApp({ ownDatabase: true });
    const user = await registerUser(broken);
    await broken.database.close();
    try {
      const response = await broken.request('GET', '/v1/auth/me', { token: user.token });
      expectError(response, 500, 'internal server error');
      expect(response.body.code).toBe('INTERNAL');
      // logged at error level: the cause, and the request's own line, so that an alert on errors sees every 500
      const lines = broken.logs
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.requestId === response.body.request_id);
      expect(lines.find((entry) => entry.err)).toMatchObject({ level: 'error', err: { message: expect.any(String) } });
      expect(lines.find((entry) => entry.msg === 'request')).toMatchObject({ level: 'error', status: 500 });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('request ids', () => {
  it('are echoed in a header and in error bodies', async () => {
    const response = await app.request('GET', '/v1/auth/me');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.request_id).toBe(requestId);
  });

  it("reuse a caller's well-formed X-Request-Id and replace a malformed one", async () => {
    const kept = await app.request('GET', '/v1/auth/me', { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-123.abc');
    const replaced = await app.request('GET', '/v1/auth/me', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('request bodies', () => {
  it('over 1 MiB are refused with 413', async () => {
    const response = await app.request('POST', '/v1/auth/login', {
      rawBody: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expectError(response, 413, 'request body exceeds 1048576 bytes');
  });

  it('over 1 MiB are refused on /graphql too, before GraphQL reads them', async () => {
    const response = await app.request('POST', '/graphql', {
      rawBody: JSON.stringify({ query: '{ __typename }', padding: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(response, 413, 'request body exceeds 1048576 bytes');
  });
});

describe('message framing and connection (RFC 9112 § 6.1, § 6.3, § 9.6)', () => {
  // A response with both Transfer-Encoding and Content-Length is one a proxy may frame differently from the
  // client: read at the socket, whatever the Accept, exactly one of them, and the length the body has.
  it.each(['multipart/mixed', 'text/event-stream', 'application/graphql-response+json', 'application/json'])(
    'POST /graphql with Accept: %s, unauthenticated',
    async (accept) => {
      const { host } = new URL(app.url);
      const body = JSON.stringify({ query: '{ __typename }' });
      const response = await rawRequest(
        app.url,
        `POST /graphql HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
          `Accept: ${accept}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      expect(response.status).toBe(200);
      const framing = ['content-length', 'transfer-encoding'].filter((name) => name in response.headers);
      expect(framing).toEqual(['content-length']);
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body, 'latin1'));
      expect(response.body).toContain('{"data":{"__typename":"Query"}}');
    },
  );
});
