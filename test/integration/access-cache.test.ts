// Authenticated principals are cached for up to 2 s per instance; a change of access must still apply to
// the very next request, in this instance (invalidated after commit) and in the others (through Redis).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, usingRedis, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, createApiKey, tenantOnPlan } from '../support/factories.js';
import { expectError } from '../support/contract.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const invite = (target: TestApp, token: string) =>
  target.request('POST', '/v1/members/invitations', {
    token,
    body: { email: `x-${Math.random().toString(16).slice(2)}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer },
  });

describe('in one instance', () => {
  it('a demotion, a revocation and a logout apply to the next request of a credential used a moment before', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const admin = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    const key = await createApiKey(app, admin.token);
    expect((await invite(app, admin.token)).status).toBe(200); // cached now
    expect((await app.request('GET', '/v1/members', { token: key.key })).status).toBe(200);

    await app.request('PATCH', `/v1/members/${admin.user_id}`, {
      token: owner.token,
      body: { role_id: BUILTIN_ROLE_IDS.viewer },
    });
    expectError(await invite(app, admin.token), 403, "role 'viewer' lacks permission: members:invite");

    await app.request('DELETE', `/v1/admin/api-keys/${key.id}`, { token: owner.token });
    expectError(await app.request('GET', '/v1/members', { token: key.key }), 401, 'unauthorized');

    await app.request('POST', '/v1/auth/logout', { token: admin.token });
    expectError(await app.request('GET', '/v1/auth/me', { token: admin.token }), 401, 'unauthorized');
  });
});

describe.skipIf(!usingRedis || !usingPostgres)('across instances sharing Redis', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp();
  });
  afterAll(() => other?.close());

  it('a demotion on one instance reaches the cache of another well before the cache TTL', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const admin = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    expect((await invite(other, admin.token)).status).toBe(200); // cached on the other instance
    await app.request('PATCH', `/v1/members/${admin.user_id}`, {
      token: owner.token,
      body: { role_id: BUILTIN_ROLE_IDS.viewer },
    });
    const changedAt = Date.now();
    // Pub/sub is asynchronous: allow it a few milliseconds, far less than the 2 s the TTL would take.
    let status = 0;
    while (Date.now() - changedAt < 500) {
      status = (await invite(other, admin.token)).status;
      if (status === 403) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(403);
    expect(Date.now() - changedAt).toBeLessThan(500);
  });
});
