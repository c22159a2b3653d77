// Structured request logs with a request id, and no secret — password, session token, its hash — in them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { registerUser } from '../support/factories.js';
import { capturingLogger } from '../support/log-sink.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('logs', () => {
  it('record one JSON line per request with its id, status and tenant, and never a secret', async () => {
    const user = await registerUser(app);
    const login = await app.request('POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    await app.request('POST', '/v1/auth/login', { body: { email: user.email, password: 'wrong-password-123' } });
    const me = await app.request('GET', '/v1/auth/me', { token: login.body.token });
    await app.graphql('{ me { email } }', {}, user.token);
    await app.request('POST', '/v1/auth/logout', { token: user.token });

    const entries = app.logs.map((line) => JSON.parse(line));
    const meEntry = entries.find(
      (entry) => entry.msg === 'request' && entry.requestId === me.headers.get('x-request-id'),
    );
    expect(meEntry).toMatchObject({ method: 'GET', path: '/v1/auth/me', status: 200, tenantId: user.tenant_id });
    expect(typeof meEntry.durationMs).toBe('number');

    const all = app.logs.join('\n');
    for (const secret of [user.password, 'wrong-password-123', user.token, login.body.token]) {
      expect(all).not.toContain(secret);
    }
    const { createHash } = await import('node:crypto');
    expect(all).not.toContain(createHash('sha256').update(user.token).digest('hex'));
  });

  it('redact secret-looking fields passed to the logger by mistake', () => {
    const lines: string[] = [];
    capturingLogger(lines).info(
      { password: 'hunter22', body: { token: 'bss_secret' }, headers: { authorization: 'Bearer x' } },
      'oops',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/hunter22|bss_secret|Bearer x/);
  });
});
