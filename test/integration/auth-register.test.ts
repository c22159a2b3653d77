import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { newRegistration, registerUser, uniqueSuffix } from '../support/factories.js';
import { expectError, expectSecurityHeaders, UUID } from '../support/contract.js';

const REGISTRATION_INVALID = 'email required, password must be >= 8 chars';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ productionPasswordHashing: true });
});
afterAll(() => app?.close());

const register = (body: unknown) => app.request('POST', '/v1/auth/register', { body });
const countUsersWithEmail = (email: string) =>
  app.database.prisma.user.count({ where: { emailKey: email.trim().toLowerCase() } });

describe('POST /v1/auth/register', () => {
  it('creates user, tenant, owner membership and a session, returning exactly the contract fields', async () => {
    const registration = newRegistration();
    const response = await register(registration);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(Object.keys(response.body).sort()).toEqual(['role', 'tenant_id', 'token', 'user_id']);
    expect(response.body.user_id).toMatch(UUID);
    expect(response.body.tenant_id).toMatch(UUID);
    expect(response.body.role).toBe('owner');
    expect(typeof response.body.token).toBe('string');

    const prisma = app.database.prisma;
    const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: response.body.tenant_id } });
    expect(tenant).toMatchObject({ name: registration.tenant_name, slug: registration.tenant_slug });
    const membership = await prisma.membership.findUniqueOrThrow({
      where: { tenantId_userId: { tenantId: tenant.id, userId: response.body.user_id } },
      include: { role: true },
    });
    expect(membership.role.name).toBe('owner');
    const me = await app.request('GET', '/v1/auth/me', { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(registration.email);
  });

  it('stores the password only as an argon2id hash with OWASP parameters', async () => {
    const user = await registerUser(app);
    const row = await app.database.prisma.user.findUniqueOrThrow({ where: { id: user.user_id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(JSON.stringify(row)).not.toContain(user.password);
  });

  it('accepts a password of exactly 8 characters and rejects 7', async () => {
    expect((await register(newRegistration({ password: '12345678' }))).status).toBe(200);
    expectError(await register(newRegistration({ password: '1234567' })), 400, REGISTRATION_INVALID);
  });

  it.each([
    ['missing email', { email: undefined }],
    ['empty email', { email: '' }],
    ['blank email', { email: '   ' }],
    ['missing password', { password: undefined }],
    ['short password', { password: 'short' }],
  ])('rejects %s with the contract text and writes nothing', async (_case, overrides) => {
    const registration = { ...newRegistration(), ...overrides };
    expectError(await register(registration), 400, REGISTRATION_INVALID);
    expect(await app.database.prisma.tenant.count({ where: { slug: registration.tenant_slug } })).toBe(0);
  });

  it.each([
    ['display_name', { display_name: undefined }, 'display_name is required'],
    ['display_name', { display_name: '  ' }, 'display_name is required'],
    ['tenant_name', { tenant_name: undefined }, 'tenant_name is required'],
    ['tenant_slug', { tenant_slug: undefined }, 'tenant_slug is required'],
    ['tenant_slug', { tenant_slug: '' }, 'tenant_slug is required'],
  ])('requires %s (%j)', async (_field, overrides, message) => {
    expectError(await register({ ...newRegistration(), ...overrides }), 400, message);
  });

  it.each(['Upper-case', 'with space', 'under_score', '-leading', 'trailing-', 'double--hyphen', 'ümlaut', 'a/b'])(
    'rejects the slug %j',
    async (slug) => {
      const response = await register(newRegistration({ tenant_slug: slug }));
      expectError(response, 400);
      expect(response.body.error).toMatch(/^tenant_slug must be lowercase letters and digits/);
    },
  );

  it('accepts digits-only and hyphenated slugs', async () => {
    const digits = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
    expect((await register(newRegistration({ tenant_slug: digits }))).status).toBe(200);
    expect((await register(newRegistration({ tenant_slug: `a-1-${uniqueSuffix()}` }))).status).toBe(200);
  });

  it('rejects fields of the wrong type with a 400 naming the field', async () => {
    expectError(await register({ ...newRegistration(), email: 42 }), 400, 'email must be a string');
    expectError(await register({ ...newRegistration(), tenant_slug: ['a'] }), 400, 'tenant_slug must be a string');
    expectError(await register({ ...newRegistration(), display_name: { a: 1 } }), 400, 'display_name must be a string');
    expectError(await register({ ...newRegistration(), password: 12345678 }), 400, 'password must be a string');
  });

  it('rejects malformed JSON and non-object bodies with a clear 400, never a 500', async () => {
    for (const rawBody of ['{"email":', 'not json', '[]', '"text"', '42', 'null', 'true']) {
      const response = await app.request('POST', '/v1/auth/register', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expectError(response, 400);
      expect(response.body.error).toMatch(/^request body (is not valid JSON|must be a JSON object)$/);
    }
  });

  it('answers a missing body with the registration validation text', async () => {
    expectError(await app.request('POST', '/v1/auth/register'), 400, REGISTRATION_INVALID);
  });

  it('refuses a field the contract does not define, creating nothing', async () => {
    const registration = newRegistration();
    expectError(await register({ ...registration, tenant_id: crypto.randomUUID() }), 400, 'unknown field: tenant_id');
    // A misspelt field is not silently dropped either.
    const { tenant_slug, ...rest } = registration;
    expectError(await register({ ...rest, tenantslug: tenant_slug }), 400, 'unknown field: tenantslug');
    expect(await countUsersWithEmail(registration.email)).toBe(0);
  });

  it('reports every broken rule of a body in details, the first as its error', async () => {
    const response = await register({ ...newRegistration(), display_name: '', tenant_slug: 'Bad Slug' });
    expectError(response, 400, 'display_name is required');
    expect(response.body.details).toEqual([
      { field: 'display_name', message: 'display_name is required' },
      { field: 'tenant_slug', message: 'tenant_slug must be lowercase letters and digits, separated by single hyphens' },
    ]);
  });

  it('409s a registered email, compared trimmed and case-insensitively', async () => {
    const first = await registerUser(app);
    for (const email of [first.email, first.email.toUpperCase(), `  ${first.email} `]) {
      expectError(await register(newRegistration({ email })), 409, 'email already registered');
    }
    expect(await countUsersWithEmail(first.email)).toBe(1);
  });

  it('stores the email trimmed and returns it as registered', async () => {
    const email = `Mixed.Case-${uniqueSuffix()}@Example.com`;
    const user = await registerUser(app, { email: `  ${email}  ` });
    const me = await app.request('GET', '/v1/auth/me', { token: user.token });
    expect(me.body.email).toBe(email);
  });

  it('409s a taken slug and leaves no user behind', async () => {
    const first = await registerUser(app);
    const second = newRegistration({ tenant_slug: first.tenant_slug });
    expectError(await register(second), 409, 'tenant slug already taken');
    expect(await countUsersWithEmail(second.email)).toBe(0);
  });

  it('checks the email before the slug when both are taken', async () => {
    const first = await registerUser(app);
    expectError(
      await register(newRegistration({ email: first.email, tenant_slug: first.tenant_slug })),
      409,
      'email already registered',
    );
  });

  it.each([
    ['slug', 'tenant_slug', 'tenant slug already taken', () => ({ tenant_slug: `race-${uniqueSuffix()}` })],
    ['email', 'email', 'email already registered', () => ({ email: `race-${uniqueSuffix()}@example.com` })],
  ] as const)(
    'lets exactly one of concurrent registrations for one %s win; the others leave nothing behind',
    async (_name, _field, message, shared) => {
      const common = shared();
      const attempts = Array.from({ length: 6 }, () => newRegistration(common));
      const responses = await Promise.all(attempts.map((attempt) => register(attempt)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) expectError(response, 409, message);
      const prisma = app.database.prisma;
      const users = await prisma.user.count({
        where: { emailKey: { in: attempts.map((a) => a.email.toLowerCase()) } },
      });
      const tenants = await prisma.tenant.count({ where: { slug: { in: attempts.map((a) => a.tenant_slug) } } });
      expect({ users, tenants }).toEqual({ users: 1, tenants: 1 });
    },
  );

  it('rolls everything back when the last step fails: no user, tenant, membership or session remains', async () => {
    // A trigger makes the session insert (the last write of registration) fail for one marked user.
    const marker = `fail-${uniqueSuffix()}`;
    const prisma = app.database.prisma;
    await prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION fail_session_${marker.replace('-', '_')}() RETURNS trigger AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND display_name = '${marker}') THEN
          RAISE EXCEPTION 'injected failure';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER fail_session_${marker.replace('-', '_')} BEFORE INSERT ON sessions
       FOR EACH ROW EXECUTE FUNCTION fail_session_${marker.replace('-', '_')}()`,
    );
    try {
      const registration = newRegistration({ display_name: marker });
      const response = await register(registration);
      expectError(response, 500, 'internal server error');
      expect(response.body.error).not.toContain('injected');
      expect(await countUsersWithEmail(registration.email)).toBe(0);
      expect(await prisma.tenant.count({ where: { slug: registration.tenant_slug } })).toBe(0);
      expect(app.logs.some((line) => line.includes('injected failure'))).toBe(true);
      // The same registration succeeds once the fault is gone: nothing half-written blocks it.
      await prisma.$executeRawUnsafe(`DROP TRIGGER fail_session_${marker.replace('-', '_')} ON sessions`);
      expect((await register(registration)).status).toBe(200);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS fail_session_${marker.replace('-', '_')} ON sessions`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS fail_session_${marker.replace('-', '_')}()`);
    }
  });

  it('takes passwords without truncation (bytes past 72 still count)', async () => {
    const longPassword = 'p'.repeat(100) + 'tail-a';
    const user = await registerUser(app, { password: longPassword });
    const wrongTail = await app.request('POST', '/v1/auth/login', {
      body: { email: user.email, password: 'p'.repeat(100) + 'tail-b' },
    });
    expectError(wrongTail, 401);
    const right = await app.request('POST', '/v1/auth/login', { body: { email: user.email, password: longPassword } });
    expect(right.status).toBe(200);
  });
});
