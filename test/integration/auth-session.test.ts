import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { registerUser } from '../support/factories.js';
import { expectError, expectSecurityHeaders, NAMED_PERMISSIONS, UUID } from '../support/contract.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const me = (token?: string, headers?: Record<string, string>) => app.request('GET', '/v1/auth/me', { token, headers });

describe('GET /v1/auth/me', () => {
  it('describes the caller exactly as the contract lists', async () => {
    const user = await registerUser(app);
    const response = await me(user.token);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(Object.keys(response.body).sort()).toEqual(
      ['display_name', 'email', 'permissions', 'role', 'tenant_id', 'tenants', 'user_id'].sort(),
    );
    expect(response.body).toMatchObject({
      user_id: user.user_id,
      email: user.email,
      display_name: user.display_name,
      tenant_id: user.tenant_id,
      role: 'owner',
    });
    expect(response.body.user_id).toMatch(UUID);
    expect(response.body.tenants).toEqual([
      { id: user.tenant_id, name: user.tenant_name, slug: user.tenant_slug, role: 'owner' },
    ]);
  });

  it('gives the owner every named permission and every other permission of the service, as strings', async () => {
    const user = await registerUser(app);
    const { body } = await me(user.token);
    expect(body.permissions).toEqual(expect.arrayContaining(NAMED_PERMISSIONS));
    for (const permission of body.permissions) expect(permission).toMatch(/^[a-z0-9_]+:[a-z_*]+$/);
    expect(new Set(body.permissions).size).toBe(body.permissions.length);
    const ownerRole = await app.database.prisma.role.findFirstOrThrow({ where: { name: 'owner', builtIn: true } });
    expect([...body.permissions].sort()).toEqual([...ownerRole.permissions].sort());
  });

  it("lists a viewer's read-only permissions when logged into a tenant as viewer", async () => {
    const owner = await registerUser(app);
    const member = await registerUser(app);
    const viewer = await app.database.prisma.role.findFirstOrThrow({ where: { name: 'viewer', builtIn: true } });
    await app.database.prisma.membership.create({
      data: { tenantId: owner.tenant_id, userId: member.user_id, roleId: viewer.id },
    });
    const login = await app.request('POST', '/v1/auth/login', {
      body: { email: member.email, password: member.password, tenant_slug: owner.tenant_slug },
    });
    const { body } = await me(login.body.token);
    expect(body.role).toBe('viewer');
    expect(body.tenant_id).toBe(owner.tenant_id);
    for (const permission of body.permissions) expect(permission).toMatch(/:(list|read)$/);
    expect(body.permissions).toContain('credentials:list');
    expect(body.permissions).not.toContain('credentials:issue');
    expect(body.tenants).toHaveLength(2);
    expect(body.tenants).toContainEqual({
      id: owner.tenant_id,
      name: owner.tenant_name,
      slug: owner.tenant_slug,
      role: 'viewer',
    });
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', { authorization: 'Bearer bss_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['a token of another shape', { authorization: 'Bearer hello' }],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['an oversized token', { authorization: `Bearer bss_${'A'.repeat(5000)}` }],
  ])('answers %s with 401 unauthorized', async (_case, headers) => {
    expectError(await me(undefined, headers), 401, 'unauthorized');
  });

  it('accepts the bearer scheme case-insensitively', async () => {
    const user = await registerUser(app);
    expect((await me(undefined, { authorization: `bearer ${user.token}` })).status).toBe(200);
  });
});

describe('POST /v1/auth/logout', () => {
  it('invalidates that session only', async () => {
    const user = await registerUser(app);
    const other = await app.request('POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    const response = await app.request('POST', '/v1/auth/logout', { token: user.token });
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(response.body).toEqual({ status: 'logged_out' });
    expectError(await me(user.token), 401, 'unauthorized');
    expectError(await app.request('POST', '/v1/auth/logout', { token: user.token }), 401, 'unauthorized');
    expect((await me(other.body.token)).status).toBe(200);
  });

  it('needs a valid token', async () => {
    expectError(await app.request('POST', '/v1/auth/logout'), 401, 'unauthorized');
  });

  it('ignores a request body', async () => {
    const user = await registerUser(app);
    const response = await app.request('POST', '/v1/auth/logout', { token: user.token, body: { everything: true } });
    expect(response.body).toEqual({ status: 'logged_out' });
  });
});

describe('session expiry', () => {
  it('rejects a session past its expiry with 401 unauthorized, even one authenticated a moment before', async () => {
    // Real time passing, not an edited row: authenticated principals are cached briefly, and a cached
    // session must still end exactly at its expiry.
    const shortLived = await startTestApp({ sessionTtlSeconds: 2 });
    try {
      const user = await registerUser(shortLived);
      const session = await shortLived.database.prisma.session.findFirstOrThrow({ where: { userId: user.user_id } });
      expect((await shortLived.request('GET', '/v1/auth/me', { token: user.token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, session.expiresAt.getTime() - Date.now() + 50));
      expectError(await shortLived.request('GET', '/v1/auth/me', { token: user.token }), 401, 'unauthorized');
    } finally {
      await shortLived.close();
    }
  });

  it('sets the expiry from SESSION_TTL', async () => {
    const shortLived = await startTestApp({ sessionTtlSeconds: 120 });
    try {
      const before = Date.now();
      const user = await registerUser(shortLived);
      const session = await shortLived.database.prisma.session.findFirstOrThrow({ where: { userId: user.user_id } });
      const ttl = session.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThan(110_000);
      expect(ttl).toBeLessThanOrEqual(125_000);
    } finally {
      await shortLived.close();
    }
  });

  it('purges expired sessions and keeps live ones', async () => {
    const user = await registerUser(app);
    const live = await app.request('POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    await app.database.prisma.session.updateMany({
      where: { userId: user.user_id, NOT: { id: (await sessionIdOf(live.body.token))! } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await app.services.auth.purgeExpiredSessions();
    expect(await app.database.prisma.session.count({ where: { userId: user.user_id } })).toBe(1);
    expect((await me(live.body.token)).status).toBe(200);
  });
});

async function sessionIdOf(token: string) {
  const { createHash } = await import('node:crypto');
  const tokenHash = new Uint8Array(createHash('sha256').update(token).digest());
  return (await app.database.prisma.session.findUnique({ where: { tokenHash } }))?.id;
}
