import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { newRegistration, registerUser, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { expectError, expectSecurityHeaders, UUID } from '../support/contract.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ productionPasswordHashing: true });
});
afterAll(() => app?.close());

const login = (body: unknown) => app.request('POST', '/v1/auth/login', { body });

/** Adds the user to a further tenant (the invitation flow arrives with members; here we write directly). */
async function addMembership(user: RegisteredUser, roleName: 'viewer' | 'owner', createdAt: Date) {
  const prisma = app.database.prisma;
  const role = await prisma.role.findFirstOrThrow({ where: { name: roleName, builtIn: true } });
  const slug = `extra-${uniqueSuffix()}`;
  const tenant = await prisma.tenant.create({ data: { name: `Extra ${slug}`, slug } });
  await prisma.membership.create({ data: { tenantId: tenant.id, userId: user.user_id, roleId: role.id, createdAt } });
  return tenant;
}

describe('POST /v1/auth/login', () => {
  it('returns a new session with exactly the contract fields', async () => {
    const user = await registerUser(app);
    const response = await login({ email: user.email, password: user.password });
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(Object.keys(response.body).sort()).toEqual(['role', 'tenant_id', 'token', 'user_id']);
    expect(response.body).toMatchObject({ user_id: user.user_id, tenant_id: user.tenant_id, role: 'owner' });
    expect(response.body.token).not.toBe(user.token);
    expect((await app.request('GET', '/v1/auth/me', { token: response.body.token })).status).toBe(200);
  });

  it('matches the email trimmed and case-insensitively', async () => {
    const user = await registerUser(app);
    const response = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(user.user_id);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await registerUser(app);
    const wrongPassword = await login({ email: user.email, password: 'not the password' });
    const unknownEmail = await login({ email: `nobody-${uniqueSuffix()}@example.com`, password: user.password });
    expectError(wrongPassword, 401, 'unauthorized');
    expectError(unknownEmail, 401, 'unauthorized');
    const { request_id: _a, ...first } = wrongPassword.body;
    const { request_id: _b, ...second } = unknownEmail.body;
    expect(first).toEqual(second);
  });

  it('spends comparable time on an unknown email as on a wrong password (a dummy hash is verified)', async () => {
    // Without the dummy verification an unknown email answers in about a millisecond, against tens of
    // milliseconds for argon2; the bound is loose enough for a noisy machine and still catches that.
    const user = await registerUser(app);
    const timed = async (body: unknown) => {
      const started = performance.now();
      expect((await login(body)).status).toBe(401);
      return performance.now() - started;
    };
    // Taken in turn, so that a burst of other work on the machine slows both kinds alike.
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrongTimes.push(await timed({ email: user.email, password: 'wrong password' }));
      unknownTimes.push(await timed({ email: `nobody-${uniqueSuffix()}@example.com`, password: 'wrong password' }));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3]!;
    const wrong = median(wrongTimes);
    const unknown = median(unknownTimes);
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });

  it('logs into the tenant named by tenant_slug, and into the first tenant without one', async () => {
    const user = await registerUser(app);
    const later = await addMembership(user, 'viewer', new Date(Date.now() + 60_000));

    const chosen = await login({ email: user.email, password: user.password, tenant_slug: later.slug });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ tenant_id: later.id, role: 'viewer' });
    const me = await app.request('GET', '/v1/auth/me', { token: chosen.body.token });
    expect(me.body).toMatchObject({ tenant_id: later.id, role: 'viewer' });

    const first = await login({ email: user.email, password: user.password });
    expect(first.body).toMatchObject({ tenant_id: user.tenant_id, role: 'owner' });
  });

  it('picks the earliest membership even when it is not the registration tenant', async () => {
    const user = await registerUser(app);
    const earlier = await addMembership(user, 'viewer', new Date(Date.now() - 60_000));
    const response = await login({ email: user.email, password: user.password });
    expect(response.body).toMatchObject({ tenant_id: earlier.id, role: 'viewer' });
  });

  it('answers a tenant_slug the user is not a member of with the same 401', async () => {
    const user = await registerUser(app);
    const stranger = await registerUser(app);
    expectError(
      await login({ email: user.email, password: user.password, tenant_slug: stranger.tenant_slug }),
      401,
      'unauthorized',
    );
    expectError(
      await login({ email: user.email, password: user.password, tenant_slug: `missing-${uniqueSuffix()}` }),
      401,
      'unauthorized',
    );
  });

  it('validates its body with clear 400s', async () => {
    expectError(await login({ password: 'whatever1' }), 400, 'email is required');
    expectError(await login({ email: 'a@example.com' }), 400, 'password is required');
    expectError(await login({ email: 7, password: 'whatever1' }), 400, 'email must be a string');
    expectError(
      await login({ email: 'a@example.com', password: 'whatever1', tenant_slug: 5 }),
      400,
      'tenant_slug must be a string',
    );
    expectError(await app.request('POST', '/v1/auth/login', { rawBody: '{' }), 400, 'request body is not valid JSON');
  });

  it('issues a token of at least 256 bits that is stored only as its SHA-256', async () => {
    const user = await registerUser(app);
    const response = await login({ email: user.email, password: user.password });
    const token: string = response.body.token;
    const randomPart = token.replace(/^bss_/, '');
    expect(Buffer.from(randomPart, 'base64url').length).toBeGreaterThanOrEqual(32);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest();
    const session = await app.database.prisma.session.findUnique({ where: { tokenHash: new Uint8Array(hash) } });
    expect(session).not.toBeNull();
    const columns = await app.database.prisma.$queryRawUnsafe<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('token');
    expect(JSON.stringify(session, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString() : v))).not.toContain(
      randomPart,
    );
    expect(response.body.user_id).toMatch(UUID);
  });
});

describe('registration then login round trip', () => {
  it('a password is accepted exactly as registered (no trimming)', async () => {
    const registration = newRegistration({ password: '  spaced password  ' });
    expect((await app.request('POST', '/v1/auth/register', { body: registration })).status).toBe(200);
    expect((await login({ email: registration.email, password: '  spaced password  ' })).status).toBe(200);
    expect((await login({ email: registration.email, password: 'spaced password' })).status).toBe(401);
  });
});
