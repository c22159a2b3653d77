// Members and invitations over REST (and the key cases over GraphQL): inviting, accepting with or without an
// account, the plan's member limit (pending invitations hold seats, also under concurrency), role changes
// and removals that apply to the very next request, the last-owner rule, and the audit trail of it all.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  registerUser,
  tenantOnPlan,
  uniqueSuffix,
} from '../support/factories.js';
import { expectError, UUID } from '../support/contract.js';
import { expectBadPageRequestsRefused, expectEachOnce, walkGraphQLPages, walkRestPages } from '../support/paging.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const LIMIT_1 = 'tenant member limit reached (1)';
const LIMIT_5 = 'tenant member limit reached (5)';
const LAST_OWNER = 'the last owner of a tenant can be neither removed nor demoted';
const ADMIN_LACKS_BILLING = "role 'admin' lacks permission: billing:manage";
const WRONG_EMAIL = 'this invitation was sent to another email address';

const INVITE = `mutation ($input: InviteMemberInput!) {
  inviteMember(input: $input) { token invitation { id email role roleId } } }`;
const ACCEPT = `mutation ($input: AcceptInvitationInput!) { acceptInvitation(input: $input) { token userId tenantId role } }`;
const UPDATE_MEMBER_ROLE = `mutation ($userId: String!, $input: UpdateMemberRoleInput!) {
  updateMemberRole(userId: $userId, input: $input) { userId role roleId } }`;
const REMOVE_MEMBER = `mutation ($userId: String!) { removeMember(userId: $userId) { userId role } }`;

const newEmail = () => `invitee-${uniqueSuffix()}@example.com`;

const invite = (token: string, email: string, roleId: string) =>
  app.request('POST', '/v1/members/invitations', { token, body: { email, role_id: roleId } });

const accept = (body: Record<string, unknown>, token?: string) =>
  app.request('POST', '/v1/invitations/accept', { body, token });

const acceptAsNewUser = (invitationToken: string) =>
  accept({ token: invitationToken, password: `invitee password ${uniqueSuffix()}`, display_name: 'New Invitee' });

const members = async (token: string) => {
  const response = await app.request('GET', '/v1/members', { token });
  expect(response.status).toBe(200);
  return response.body.members as any[];
};

const pendingInvitations = async (token: string) => {
  const response = await app.request('GET', '/v1/members/invitations', { token });
  expect(response.status).toBe(200);
  return response.body.invitations as any[];
};

const setRole = (token: string, userId: string, roleId: string) =>
  app.request('PATCH', `/v1/members/${userId}`, { token, body: { role_id: roleId } });

const login = (body: Record<string, unknown>) => app.request('POST', '/v1/auth/login', { body });

function expectGraphQLError(result: { status: number; body: any }, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

describe('inviting a person without an account', () => {
  it('creates their account on accept, lists them with the role and spends the invitation', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const email = newEmail();
    const invited = await invite(owner.token, email, BUILTIN_ROLE_IDS.issuer);
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({
      email,
      role: 'issuer',
      role_id: BUILTIN_ROLE_IDS.issuer,
      invited_by_user_id: owner.user_id,
    });
    expect(invited.body.id).toMatch(UUID);
    expect(invited.body.token).toMatch(/^bsi_/);
    expect(new Date(invited.body.expires_at).getTime()).toBeGreaterThan(Date.now());

    const pending = await pendingInvitations(owner.token);
    expect(pending).toEqual([
      expect.objectContaining({ id: invited.body.id, email, role: 'issuer', role_id: BUILTIN_ROLE_IDS.issuer }),
    ]);
    expect(pending[0]).not.toHaveProperty('token');

    // Without a session the account must be created: both fields are needed, and a refusal spends nothing.
    expectError(await accept({ token: invited.body.token }), 400);
    expectError(await accept({ token: invited.body.token, password: 'long enough password' }), 400);
    expectError(await accept({ token: invited.body.token, display_name: 'No Password' }), 400);
    expect((await pendingInvitations(owner.token)).map((i) => i.id)).toEqual([invited.body.id]);

    const password = `invitee password ${uniqueSuffix()}`;
    const accepted = await accept({ token: invited.body.token, password, display_name: 'Ines Invitee' });
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body).sort()).toEqual(['role', 'tenant_id', 'token', 'user_id']);
    expect(accepted.body).toMatchObject({ tenant_id: owner.tenant_id, role: 'issuer' });
    expect(accepted.body.user_id).toMatch(UUID);

    const listed = await members(owner.token);
    expect(listed).toHaveLength(2);
    expect(listed).toContainEqual(
      expect.objectContaining({
        user_id: accepted.body.user_id,
        email,
        display_name: 'Ines Invitee',
        role: 'issuer',
        role_id: BUILTIN_ROLE_IDS.issuer,
      }),
    );
    expect(await pendingInvitations(owner.token)).toEqual([]);

    // The session returned works, and the new account can log in with its password.
    const me = await app.request('GET', '/v1/auth/me', { token: accepted.body.token });
    expect(me.body).toMatchObject({ user_id: accepted.body.user_id, tenant_id: owner.tenant_id, role: 'issuer' });
    expect((await login({ email, password })).body).toMatchObject({ tenant_id: owner.tenant_id, role: 'issuer' });

    // Single use: a second accept (whatever it carries) finds nothing, and no second account appears.
    expectError(await acceptAsNewUser(invited.body.token), 404, 'invitation not found');
    expectError(await accept({ token: invited.body.token }, accepted.body.token), 404, 'invitation not found');
    expect(await app.database.prisma.user.count({ where: { email } })).toBe(1);
    expect(await members(owner.token)).toHaveLength(2);
  });

  it('answers an unknown token with 404', async () => {
    expectError(await acceptAsNewUser(`bsi_${uniqueSuffix()}`), 404, 'invitation not found');
  });

  it('works the same over GraphQL, including the single-use error', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const email = newEmail();
    const invited = await app.graphql(INVITE, { input: { email, roleId: BUILTIN_ROLE_IDS.viewer } }, owner.token);
    expect(invited.body.data.inviteMember.invitation).toMatchObject({ email, role: 'viewer' });
    const input = { token: invited.body.data.inviteMember.token, password: 'graphql password', displayName: 'G' };
    const accepted = await app.graphql(ACCEPT, { input });
    expect(accepted.body.data.acceptInvitation).toMatchObject({ tenantId: owner.tenant_id, role: 'viewer' });
    expectGraphQLError(await app.graphql(ACCEPT, { input }), 404, 'invitation not found');
  });
});

describe('inviting a user who already has an account', () => {
  it('joins them while logged in, keeps their own tenant and lets them log into either', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const existing = await registerUser(app);
    const stranger = await registerUser(app);
    const invited = await invite(owner.token, existing.email, BUILTIN_ROLE_IDS.viewer);
    expect(invited.status).toBe(200);
    const token = invited.body.token;

    // Someone else's session, or no session for an email that has an account: refused, invitation kept.
    expectError(await accept({ token }, stranger.token), 403, WRONG_EMAIL);
    expectError(
      await accept({ token, password: 'another password', display_name: 'Dup' }),
      409,
      'email already registered',
    );
    expect((await pendingInvitations(owner.token)).map((i) => i.id)).toEqual([invited.body.id]);

    const accepted = await accept({ token }, existing.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ user_id: existing.user_id, tenant_id: owner.tenant_id, role: 'viewer' });
    expect(accepted.body.token).not.toBe(existing.token);
    expect(await members(owner.token)).toContainEqual(
      expect.objectContaining({ user_id: existing.user_id, email: existing.email, role: 'viewer' }),
    );
    expect(await pendingInvitations(owner.token)).toEqual([]);

    // The new session is in the inviting tenant; the old one stays in the user's own tenant.
    const meThere = await app.request('GET', '/v1/auth/me', { token: accepted.body.token });
    expect(meThere.body).toMatchObject({ tenant_id: owner.tenant_id, role: 'viewer' });
    const meHome = await app.request('GET', '/v1/auth/me', { token: existing.token });
    expect(meHome.body).toMatchObject({ tenant_id: existing.tenant_id, role: 'owner' });
    for (const me of [meThere, meHome]) {
      expect(me.body.tenants).toHaveLength(2);
      expect(me.body.tenants).toEqual(
        expect.arrayContaining([
          { id: existing.tenant_id, name: existing.tenant_name, slug: existing.tenant_slug, role: 'owner' },
          { id: owner.tenant_id, name: owner.tenant_name, slug: owner.tenant_slug, role: 'viewer' },
        ]),
      );
    }

    const credentials = { email: existing.email, password: existing.password };
    expect((await login({ ...credentials, tenant_slug: owner.tenant_slug })).body).toMatchObject({
      tenant_id: owner.tenant_id,
      role: 'viewer',
    });
    expect((await login({ ...credentials, tenant_slug: existing.tenant_slug })).body).toMatchObject({
      tenant_id: existing.tenant_id,
      role: 'owner',
    });
    expect((await login(credentials)).body).toMatchObject({ tenant_id: existing.tenant_id, role: 'owner' });
  });

  it('gives the wrong-account and existing-email errors over GraphQL too', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const existing = await registerUser(app);
    const stranger = await registerUser(app);
    const invited = await invite(owner.token, existing.email, BUILTIN_ROLE_IDS.viewer);
    const token = invited.body.token;
    expectGraphQLError(await app.graphql(ACCEPT, { input: { token } }, stranger.token), 403, WRONG_EMAIL);
    expectGraphQLError(
      await app.graphql(ACCEPT, { input: { token, password: 'another password', displayName: 'Dup' } }),
      409,
      'email already registered',
    );
  });
});

describe('listing members and invitations', () => {
  it('pages members newest first, each once', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const joined = [await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer)];
    joined.push(await addMember(app, owner.token, BUILTIN_ROLE_IDS.issuer));
    const all = await app.request('GET', '/v1/members', { token: owner.token });
    expect(all.body.next_cursor).toBeNull();
    const newestFirst = [joined[1]!.user_id, joined[0]!.user_id, owner.user_id];
    expect(all.body.members.map((member: any) => member.user_id)).toEqual(newestFirst);

    const rest = await walkRestPages(app, '/v1/members', 'members', owner.token, 1);
    expect(rest.pages).toBe(3);
    expect(rest.items).toEqual(all.body.members);
    expectEachOnce(rest.items.map((member) => member.user_id));
    const graphql = await walkGraphQLPages(app, 'members', 'members', 'userId', owner.token, 2);
    expect(graphql.items.map((member) => member.userId)).toEqual(newestFirst);

    await expectBadPageRequestsRefused(app, '/v1/members', owner.token);
  });

  it('pages pending invitations newest first, each once', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const invited: string[] = [];
    for (let i = 0; i < 3; i++)
      invited.unshift((await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer)).body.id);
    const all = await app.request('GET', '/v1/members/invitations', { token: owner.token });
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.invitations.map((invitation: any) => invitation.id)).toEqual(invited);

    const rest = await walkRestPages(app, '/v1/members/invitations', 'invitations', owner.token, 2);
    expect(rest.pages).toBe(2);
    expect(rest.items).toEqual(all.body.invitations);
    expectEachOnce(rest.items.map((invitation) => invitation.id));
    const graphql = await walkGraphQLPages(app, 'invitations', 'invitations', 'id', owner.token, 1);
    expect(graphql.items.map((invitation) => invitation.id)).toEqual(invited);

    await expectBadPageRequestsRefused(app, '/v1/members/invitations', owner.token);
  });
});

describe('the member limit', () => {
  it('leaves no seat to invite on Developer (the owner fills it)', async () => {
    const owner = await registerUser(app);
    expectError(await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer), 403, LIMIT_1);
    expectGraphQLError(
      await app.graphql(INVITE, { input: { email: newEmail(), roleId: BUILTIN_ROLE_IDS.viewer } }, owner.token),
      403,
      LIMIT_1,
    );
    expect(await app.database.prisma.invitation.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
  });

  it('counts pending invitations on Startup, and revoking one frees its seat', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const invitations = [];
    for (let i = 0; i < 4; i++) {
      const invited = await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer);
      expect(invited.status).toBe(200);
      invitations.push(invited.body);
    }
    expectError(await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer), 403, LIMIT_5);

    const revoked = await app.request('DELETE', `/v1/members/invitations/${invitations[0].id}`, { token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: invitations[0].id, email: invitations[0].email, role: 'viewer' });
    expectError(
      await app.request('DELETE', `/v1/members/invitations/${invitations[0].id}`, { token: owner.token }),
      404,
      'invitation not found',
    );
    expectError(await acceptAsNewUser(invitations[0].token), 404, 'invitation not found');
    expect(await pendingInvitations(owner.token)).toHaveLength(3);

    expect((await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer)).status).toBe(200);
    expectError(await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer), 403, LIMIT_5);

    // Accepting moves a seat from pending to member: still full.
    expect((await acceptAsNewUser(invitations[1].token)).status).toBe(200);
    expectError(await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer), 403, LIMIT_5);
  });

  it('lets exactly one of 20 concurrent invitations take the last seat', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    for (let i = 0; i < 2; i++) {
      expect((await invite(owner.token, newEmail(), BUILTIN_ROLE_IDS.viewer)).status).toBe(200);
    }
    const emails = Array.from({ length: 20 }, newEmail);
    const results = await Promise.all(emails.map((email) => invite(owner.token, email, BUILTIN_ROLE_IDS.viewer)));

    const succeeded = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const result of refused) expectError(result, 403, LIMIT_5);
    const prisma = app.database.prisma;
    expect(await prisma.invitation.count({ where: { tenantId: owner.tenant_id, email: { in: emails } } })).toBe(1);
    expect(await prisma.invitation.count({ where: { tenantId: owner.tenant_id } })).toBe(4);
    expect(await pendingInvitations(owner.token)).toHaveLength(3);
  });
});

describe('changing a member’s role', () => {
  it('applies to the member’s very next request', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const member = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    expectError(
      await invite(member.token, newEmail(), BUILTIN_ROLE_IDS.viewer),
      403,
      "role 'viewer' lacks permission: members:invite",
    );

    const changed = await setRole(owner.token, member.user_id, BUILTIN_ROLE_IDS.admin);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      user_id: member.user_id,
      email: member.email,
      role: 'admin',
      role_id: BUILTIN_ROLE_IDS.admin,
    });
    expect((await invite(member.token, newEmail(), BUILTIN_ROLE_IDS.viewer)).status).toBe(200);
    expect((await app.request('GET', '/v1/auth/me', { token: member.token })).body.role).toBe('admin');
    expect(await members(owner.token)).toContainEqual(
      expect.objectContaining({ user_id: member.user_id, role: 'admin', role_id: BUILTIN_ROLE_IDS.admin }),
    );
  });

  it('refuses unknown and foreign roles with 400 and unknown or foreign members with 404', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const member = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    const other = await tenantOnPlan(app, 'business');
    const foreignRole = await app.request('POST', '/v1/roles', {
      token: other.token,
      body: { name: 'foreign-role', permissions: ['members:list'] },
    });
    expect(foreignRole.status).toBe(200);

    for (const roleId of [randomUUID(), foreignRole.body.id, 'not-a-uuid']) {
      expectError(await setRole(owner.token, member.user_id, roleId), 400, 'invalid role_id');
    }
    expectError(await app.request('PATCH', `/v1/members/${member.user_id}`, { token: owner.token, body: {} }), 400);
    for (const userId of [randomUUID(), other.user_id, 'not-a-uuid']) {
      expectError(await setRole(owner.token, userId, BUILTIN_ROLE_IDS.admin), 404, 'member not found');
    }
    expect(await members(owner.token)).toContainEqual(
      expect.objectContaining({ user_id: member.user_id, role: 'viewer' }),
    );
    // The other tenant's owner was not touched either.
    expect((await app.request('GET', '/v1/auth/me', { token: other.token })).body.role).toBe('owner');

    expectGraphQLError(
      await app.graphql(
        UPDATE_MEMBER_ROLE,
        { userId: member.user_id, input: { roleId: foreignRole.body.id } },
        owner.token,
      ),
      400,
      'invalid role_id',
    );
    expectGraphQLError(
      await app.graphql(
        UPDATE_MEMBER_ROLE,
        { userId: other.user_id, input: { roleId: BUILTIN_ROLE_IDS.admin } },
        owner.token,
      ),
      404,
      'member not found',
    );
  });
});

describe('removing a member', () => {
  it('ends their session and API keys in the tenant but not their other tenant', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const person = await registerUser(app);
    const invited = await invite(owner.token, person.email, BUILTIN_ROLE_IDS.admin);
    const joined = await accept({ token: invited.body.token }, person.token);
    expect(joined.status).toBe(200);
    const key = await createApiKey(app, joined.body.token, { name: 'admin key' });
    expect((await app.request('GET', '/v1/members', { token: key.key })).status).toBe(200);

    const removed = await app.request('DELETE', `/v1/members/${person.user_id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ user_id: person.user_id, email: person.email, role: 'admin' });

    expectError(await app.request('GET', '/v1/auth/me', { token: joined.body.token }), 401, 'unauthorized');
    expectError(await app.request('GET', '/v1/members', { token: key.key }), 401, 'unauthorized');
    const keys = await app.request('GET', '/v1/admin/api-keys', { token: owner.token });
    const listedKey = keys.body.api_keys.find((k: any) => k.id === key.id);
    expect(listedKey.created_by_user_id).toBe(person.user_id);
    expect(listedKey.revoked_at).not.toBeNull();
    expect((await members(owner.token)).map((m) => m.user_id)).toEqual([owner.user_id]);
    expectError(
      await app.request('DELETE', `/v1/members/${person.user_id}`, { token: owner.token }),
      404,
      'member not found',
    );

    // Their own tenant is untouched: the old session works and login lands there; the old tenant is closed.
    expect((await app.request('GET', '/v1/auth/me', { token: person.token })).body).toMatchObject({
      tenant_id: person.tenant_id,
      role: 'owner',
      tenants: [{ id: person.tenant_id, name: person.tenant_name, slug: person.tenant_slug, role: 'owner' }],
    });
    const credentials = { email: person.email, password: person.password };
    expect((await login(credentials)).body).toMatchObject({ tenant_id: person.tenant_id, role: 'owner' });
    expectError(await login({ ...credentials, tenant_slug: owner.tenant_slug }), 401, 'unauthorized');
  });
});

describe('the last owner', () => {
  it('can neither demote nor remove themselves', async () => {
    const owner = await registerUser(app);
    expectError(await setRole(owner.token, owner.user_id, BUILTIN_ROLE_IDS.admin), 400, LAST_OWNER);
    expectError(await app.request('DELETE', `/v1/members/${owner.user_id}`, { token: owner.token }), 400, LAST_OWNER);
    expectGraphQLError(await app.graphql(REMOVE_MEMBER, { userId: owner.user_id }, owner.token), 400, LAST_OWNER);
    expectGraphQLError(
      await app.graphql(
        UPDATE_MEMBER_ROLE,
        { userId: owner.user_id, input: { roleId: BUILTIN_ROLE_IDS.viewer } },
        owner.token,
      ),
      400,
      LAST_OWNER,
    );
    expect(await members(owner.token)).toEqual([
      expect.objectContaining({ user_id: owner.user_id, role: 'owner', role_id: BUILTIN_ROLE_IDS.owner }),
    ]);
  });

  it('of two owners, one may be demoted; then the other is the last', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const second = await addMember(app, owner.token, BUILTIN_ROLE_IDS.owner);
    expect(second.role).toBe('owner');
    const demoted = await setRole(second.token, owner.user_id, BUILTIN_ROLE_IDS.admin);
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ user_id: owner.user_id, role: 'admin' });
    expectError(await setRole(second.token, second.user_id, BUILTIN_ROLE_IDS.admin), 400, LAST_OWNER);
  });

  it('survives two owners demoting each other at once: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const first = await tenantOnPlan(app, 'startup');
      const second = await addMember(app, first.token, BUILTIN_ROLE_IDS.owner);
      const [a, b] = await Promise.all([
        setRole(first.token, second.user_id, BUILTIN_ROLE_IDS.admin),
        setRole(second.token, first.user_id, BUILTIN_ROLE_IDS.admin),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses[0]).toBe(200);
      // The loser either saw the other owner already gone (last owner), or was itself already demoted when
      // authenticated (then an admin acting on an owner).
      expect([400, 403]).toContain(statuses[1]);
      const loser = a.status === 200 ? b : a;
      expectError(loser, loser.status, loser.status === 400 ? LAST_OWNER : ADMIN_LACKS_BILLING);
      const owners = await app.database.prisma.membership.count({
        where: { tenantId: first.tenant_id, roleId: BUILTIN_ROLE_IDS.owner },
      });
      expect(owners).toBe(1);
    }
  });
});

describe('an admin', () => {
  it('cannot invite an owner, nor change or remove an owner', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const admin = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    const otherAdmin = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    const email = newEmail();

    expectError(await invite(admin.token, email, BUILTIN_ROLE_IDS.owner), 403, ADMIN_LACKS_BILLING);
    expectGraphQLError(
      await app.graphql(INVITE, { input: { email, roleId: BUILTIN_ROLE_IDS.owner } }, admin.token),
      403,
      ADMIN_LACKS_BILLING,
    );
    expect(await app.database.prisma.invitation.count({ where: { tenantId: owner.tenant_id, email } })).toBe(0);

    expectError(await setRole(admin.token, owner.user_id, BUILTIN_ROLE_IDS.viewer), 403, ADMIN_LACKS_BILLING);
    expectError(await setRole(admin.token, otherAdmin.user_id, BUILTIN_ROLE_IDS.owner), 403, ADMIN_LACKS_BILLING);
    expectError(
      await app.request('DELETE', `/v1/members/${owner.user_id}`, { token: admin.token }),
      403,
      ADMIN_LACKS_BILLING,
    );
    expect(await members(owner.token)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: owner.user_id, role: 'owner' }),
        expect.objectContaining({ user_id: otherAdmin.user_id, role: 'admin' }),
      ]),
    );

    // What the admin holds, they may hand out.
    expect((await invite(admin.token, email, BUILTIN_ROLE_IDS.issuer)).status).toBe(200);
    expect((await setRole(admin.token, otherAdmin.user_id, BUILTIN_ROLE_IDS.viewer)).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records invite, accept, role change and removal with actor and request id', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const email = newEmail();
    const invited = await invite(owner.token, email, BUILTIN_ROLE_IDS.viewer);
    const accepted = await acceptAsNewUser(invited.body.token);
    const memberId = accepted.body.user_id;
    const changed = await setRole(owner.token, memberId, BUILTIN_ROLE_IDS.issuer);
    const removed = await app.request('DELETE', `/v1/members/${memberId}`, { token: owner.token });
    for (const response of [invited, accepted, changed, removed]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }

    const log = await app.request('GET', '/v1/admin/audit-log', { token: owner.token });
    expect(log.status).toBe(200);
    const events = log.body.events as any[];
    expect(events.slice(0, 4).map((e) => e.action)).toEqual([
      'member.removed',
      'member.role_changed',
      'invitation.accepted',
      'member.invited',
    ]);
    const [removedEvent, changedEvent, acceptedEvent, invitedEvent] = events;
    expect(invitedEvent).toMatchObject({
      actor_user_id: owner.user_id,
      actor_api_key_id: null,
      target_id: invited.body.id,
      request_id: invited.headers.get('x-request-id'),
    });
    expect(acceptedEvent).toMatchObject({
      actor_user_id: memberId,
      target_id: memberId,
      request_id: accepted.headers.get('x-request-id'),
    });
    expect(changedEvent).toMatchObject({
      actor_user_id: owner.user_id,
      target_id: memberId,
      request_id: changed.headers.get('x-request-id'),
    });
    expect(removedEvent).toMatchObject({
      actor_user_id: owner.user_id,
      target_id: memberId,
      request_id: removed.headers.get('x-request-id'),
    });
    const requestIds = [invitedEvent, acceptedEvent, changedEvent, removedEvent].map((e) => e.request_id);
    expect(new Set(requestIds).size).toBe(4);
  });

  it('keeps a request id the client supplied', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const requestId = `client-${uniqueSuffix()}`;
    const invited = await app.request('POST', '/v1/members/invitations', {
      token: owner.token,
      body: { email: newEmail(), role_id: BUILTIN_ROLE_IDS.viewer },
      headers: { 'x-request-id': requestId },
    });
    expect(invited.headers.get('x-request-id')).toBe(requestId);
    const log = await app.request('GET', '/v1/admin/audit-log', { token: owner.token });
    expect(log.body.events[0]).toMatchObject({ action: 'member.invited', request_id: requestId });
  });
});
