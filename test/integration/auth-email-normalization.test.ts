// One person, one account: an email is unique under Unicode compatibility normalization (NFKC) and case, so a
// full-width or otherwise compatibility-equivalent spelling of a registered address is that address; a local
// part or domain label that mixes scripts (a Cyrillic "а" among Latin letters) is refused, since it can only
// be told apart from the real address by its code points (UTS #39 §5.2, "Highly Restrictive").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { BUILTIN_ROLE_IDS, newRegistration, registerUser, tenantOnPlan, uniqueSuffix } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { emailKey } from '../../src/modules/auth/auth.inputs.js';

const MIXED_SCRIPTS = 'email must not mix scripts (such as Latin and Cyrillic) within its local part or a domain label';
const INVISIBLE = 'email must not contain control or invisible characters';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const register = (body: unknown) => app.request('POST', '/v1/auth/register', { body });
const login = (body: unknown) => app.request('POST', '/v1/auth/login', { body });
const usersNamed = (suffix: string) => app.database.prisma.user.count({ where: { displayName: { contains: suffix } } });

/** The full-width (U+FF01–U+FF5E) spelling of an ASCII string: NFKC maps it back. */
const fullWidth = (ascii: string) =>
  [...ascii].map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

describe('email normalization at registration', () => {
  it('409s a full-width spelling of a registered email, in either case', async () => {
    const first = await registerUser(app);
    for (const email of [fullWidth(first.email), fullWidth(first.email.toUpperCase())]) {
      const suffix = uniqueSuffix();
      const response = await register(newRegistration({ email, display_name: `Twin ${suffix}` }));
      expectError(response, 409, 'email already registered');
      expect(await usersNamed(suffix)).toBe(0);
    }
  });

  it('409s other compatibility forms: a ligature stands for its letters', async () => {
    const suffix = uniqueSuffix();
    const first = await registerUser(app, { email: `office-fix-${suffix}@example.com` });
    // U+FB03 LATIN SMALL LIGATURE FFI is "ffi" under NFKC.
    expectError(
      await register(newRegistration({ email: `o\uFB03ce-fix-${suffix}@example.com` })),
      409,
      'email already registered',
    );
    expect(first.user_id).toBeTruthy();
  });

  it('stores the address NFKC-normalized, in the case it was typed', async () => {
    const suffix = uniqueSuffix();
    const user = await registerUser(app, { email: fullWidth(`Wide.${suffix}@Example.com`) });
    const me = await app.request('GET', '/v1/auth/me', { token: user.token });
    expect(me.body.email).toBe(`Wide.${suffix}@Example.com`);
    const row = await app.database.prisma.user.findUniqueOrThrow({ where: { id: user.user_id } });
    expect(row.emailKey).toBe(`wide.${suffix}@example.com`);
  });

  it.each([
    ['a Cyrillic а among Latin letters', (s: string) => `\u0430lice-${s}@example.com`],
    ['a Greek ο among Latin letters', (s: string) => `b\u03BFb-${s}@example.com`],
    ['a Cyrillic е in a Latin domain label', (s: string) => `carol-${s}@\u0435xample.com`],
  ])('400s a local part or domain label mixing scripts: %s, creating nothing', async (_name, email) => {
    const suffix = uniqueSuffix();
    expectError(
      await register(newRegistration({ email: email(suffix), display_name: `Mixed ${suffix}` })),
      400,
      MIXED_SCRIPTS,
    );
    expect(await usersNamed(suffix)).toBe(0);
  });

  it.each([
    ['a zero-width space', '\u200B'],
    ['a soft hyphen', '\u00AD'],
    ['a right-to-left override', '\u202E'],
  ])('400s an address with %s in it', async (_name, invisible) => {
    const suffix = uniqueSuffix();
    const response = await register(newRegistration({ email: `dave${invisible}-${suffix}@example.com` }));
    expectError(response, 400, INVISIBLE);
  });

  it('accepts single-script addresses of other scripts, and the combinations UTS #39 allows (Latin with Japanese)', async () => {
    // Digits only: they go with any script (the usual hex suffix has Latin letters).
    const suffix = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    for (const email of [
      `\u0438\u0432\u0430\u043D-${suffix}@example.com`, // иван: all Cyrillic, digits and hyphen are Common
      `\u03B1\u03B8\u03B7\u03BD\u03B1-${suffix}@example.gr`, // αθηνα: all Greek
      `tanaka\u7530\u4E2D\u305F\u306A\u304B-${suffix}@example.jp`, // Latin + Han + Hiragana
    ]) {
      const response = await register(newRegistration({ email }));
      expect(response.status, `${email}: ${response.text}`).toBe(200);
    }
  });
});

describe('email normalization at login', () => {
  it('finds the account with any compatibility or case variant of its email', async () => {
    const user = await registerUser(app);
    for (const email of [fullWidth(user.email), fullWidth(user.email.toUpperCase()), ` ${user.email.toUpperCase()}`]) {
      const response = await login({ email, password: user.password });
      expect(response.status, `${email}: ${response.text}`).toBe(200);
      expect(response.body.user_id).toBe(user.user_id);
    }
  });

  it('finds an account registered in full-width by its plain spelling', async () => {
    const suffix = uniqueSuffix();
    const user = await registerUser(app, { email: fullWidth(`erin-${suffix}@example.com`) });
    const response = await login({ email: `ERIN-${suffix}@example.com`, password: user.password });
    expect(response.status, response.text).toBe(200);
    expect(response.body.user_id).toBe(user.user_id);
  });
});

describe('email normalization of invitations', () => {
  it('treats a full-width spelling of a member’s email as that member, and refuses mixed scripts', async () => {
    const owner = await registerUser(app);
    const invite = (email: string) =>
      app.request('POST', '/v1/members/invitations', {
        token: owner.token,
        body: { email, role_id: BUILTIN_ROLE_IDS.viewer },
      });
    expectError(await invite(fullWidth(owner.email)), 409, 'this email already belongs to a member of the tenant');
    expectError(await invite(`\u0430dmin-${uniqueSuffix()}@example.com`), 400, MIXED_SCRIPTS);
    const invitations = await app.database.prisma.invitation.count({ where: { tenantId: owner.tenant_id } });
    expect(invitations).toBe(0);
  });

  it('lets an existing account accept an invitation sent to a variant of its email', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const other = await registerUser(app);
    const invited = await app.request('POST', '/v1/members/invitations', {
      token: owner.token,
      body: { email: fullWidth(other.email.toUpperCase()), role_id: BUILTIN_ROLE_IDS.viewer },
    });
    expect(invited.status, invited.text).toBe(200);
    const accepted = await app.request('POST', '/v1/invitations/accept', {
      token: other.token,
      body: { token: invited.body.token },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.tenant_id).toBe(owner.tenant_id);
  });
});

describe('emailKey', () => {
  it('is NFKC, then lower case, trimmed', () => {
    expect(emailKey('  ＡＬＩＣＥ＠ＥＸＡＭＰＬＥ．ＣＯＭ ')).toBe('alice@example.com');
    expect(emailKey('O\uFB03ce@Example.com')).toBe('office@example.com');
    // Decomposed and precomposed é are one key.
    expect(emailKey('Rene\u0301@example.com')).toBe(emailKey('ren\u00E9@example.com'));
  });
});
