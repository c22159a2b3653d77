// Roles over REST (and the key cases over GraphQL): the five built-ins, custom roles on the plans that
// offer them, their validation, updates that apply to holders' next request, deletion rules, tenancy of
// role ids, and the rule that nobody creates a role with more than they hold.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, registerUser, tenantOnPlan, uniqueSuffix } from '../support/factories.js';
import { expectError, NAMED_PERMISSIONS, UUID } from '../support/contract.js';
import { expectBadPageRequestsRefused, expectEachOnce, walkGraphQLPages, walkRestPages } from '../support/paging.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const NOT_IN_PLAN = 'custom roles require the business or enterprise plan';
const BUILT_IN_FIXED = 'built-in roles cannot be changed or deleted';
const NAME_TAKEN = 'role name already taken';

const READ_ONLY = [
  'credentials:list',
  'dids:list',
  'members:list',
  'roles:list',
  'usage:read',
  'trust:read',
  'compliance:read',
  'didcomm:read',
];
const WRITES = [
  'didcomm:send',
  'credentials:issue',
  'credentials:verify',
  'credentials:revoke',
  'dids:create',
  'dids:deactivate',
  'members:invite',
  'members:remove',
  'members:update_role',
  'roles:manage',
  'api_keys:manage',
  'billing:manage',
];

const CREATE_ROLE = `mutation ($input: CreateRoleInput!) { createRole(input: $input) { id name permissions builtIn } }`;
const UPDATE_ROLE = `mutation ($id: String!, $input: UpdateRoleInput!) { updateRole(id: $id, input: $input) { id name } }`;
const DELETE_ROLE = `mutation ($id: String!) { deleteRole(id: $id) { id name } }`;

const listRoles = async (token: string) => {
  const response = await app.request('GET', '/v1/roles', { token });
  expect(response.status).toBe(200);
  return response.body.roles as any[];
};

const createRole = (token: string, body: Record<string, unknown>) => app.request('POST', '/v1/roles', { token, body });
const updateRole = (token: string, id: string, body: Record<string, unknown>) =>
  app.request('PATCH', `/v1/roles/${id}`, { token, body });
const deleteRole = (token: string, id: string) => app.request('DELETE', `/v1/roles/${id}`, { token });

const me = async (token: string) => (await app.request('GET', '/v1/auth/me', { token })).body;

function expectGraphQLError(result: { status: number; body: any }, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

/** A Business tenant with one custom role. */
async function businessWithRole(permissions: string[], name = `role-${uniqueSuffix()}`) {
  const owner = await tenantOnPlan(app, 'business');
  const created = await createRole(owner.token, { name, permissions });
  expect(created.status).toBe(200);
  return { owner, role: created.body };
}

describe('GET /v1/roles', () => {
  it('lists the five built-in roles with their fixed ids and permissions', async () => {
    const owner = await registerUser(app);
    const roles = await listRoles(owner.token);
    expect(roles).toHaveLength(5);
    for (const role of roles) {
      expect(Object.keys(role).sort()).toEqual(
        ['built_in', 'created_at', 'description', 'id', 'name', 'permissions', 'role_id', 'updated_at'].sort(),
      );
      expect(role.role_id).toBe(role.id); // spec §2: "A role has a UUID (`role_id`)"
      expect(role.built_in).toBe(true);
    }
    const byName = Object.fromEntries(roles.map((role) => [role.name, role]));
    expect(Object.fromEntries(roles.map((role) => [role.name, role.id]))).toEqual(BUILTIN_ROLE_IDS);

    expect(byName.owner.permissions).toEqual(expect.arrayContaining([...NAMED_PERMISSIONS, 'billing:manage']));
    // The event log: the roles that manage webhooks read it; the others' lists show them what they may read.
    for (const name of ['owner', 'admin']) expect(byName[name].permissions, name).toContain('events:read');
    expect([...byName.admin.permissions].sort()).toEqual(
      byName.owner.permissions.filter((p: string) => p !== 'billing:manage').sort(),
    );
    expect([...byName.viewer.permissions].sort()).toEqual([...READ_ONLY].sort());
    for (const write of WRITES) expect(byName.viewer.permissions).not.toContain(write);
    expect([...byName.verifier.permissions].sort()).toEqual([...READ_ONLY, 'credentials:verify'].sort());
    expect([...byName.issuer.permissions].sort()).toEqual(
      [
        ...READ_ONLY,
        'credentials:issue',
        'credentials:verify',
        'credentials:revoke',
        'dids:create',
        'dids:deactivate',
        'didcomm:send',
      ].sort(),
    );

    // Every tenant sees the same built-ins, over both transports.
    const other = await registerUser(app);
    expect(await listRoles(other.token)).toEqual(roles);
    const viaGraphQL = await app.graphql('{ roles { roles { id name permissions builtIn } } }', {}, owner.token);
    expect(viaGraphQL.body.data.roles.roles).toEqual(
      roles.map((role) => ({ id: role.id, name: role.name, permissions: role.permissions, builtIn: true })),
    );
  });

  it('pages oldest first, the built-in roles before the custom ones, each role once', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const custom: any[] = [];
    for (const name of ['first', 'second', 'third']) {
      custom.push(
        (await createRole(owner.token, { name: `${name}-${uniqueSuffix()}`, permissions: ['usage:read'] })).body,
      );
    }
    const all = await app.request('GET', '/v1/roles', { token: owner.token });
    expect(all.body.next_cursor).toBeNull();
    const expected = [...Object.values(BUILTIN_ROLE_IDS), ...custom.map((role) => role.id)];
    expect(all.body.roles.map((role: any) => role.id)).toEqual(expected);

    const rest = await walkRestPages(app, '/v1/roles', 'roles', owner.token, 2);
    expect(rest.pages).toBe(4);
    expect(rest.items).toEqual(all.body.roles);
    expectEachOnce(rest.items.map((role) => role.id));
    // A page ending exactly on the last role has no next page.
    expect((await app.request('GET', '/v1/roles?limit=8', { token: owner.token })).body.next_cursor).toBeNull();
    const graphql = await walkGraphQLPages(app, 'roles', 'roles', 'id', owner.token, 3);
    expect(graphql.items.map((role) => role.id)).toEqual(expected);

    await expectBadPageRequestsRefused(app, '/v1/roles', owner.token);
  });

  it('is readable by a viewer, who cannot manage roles', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    expect(await listRoles(viewer.token)).toHaveLength(5);
    expectError(
      await createRole(viewer.token, { name: 'nope', permissions: ['members:list'] }),
      403,
      "role 'viewer' lacks permission: roles:manage",
    );
    expect(await app.database.prisma.role.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
  });
});

describe('custom roles by plan', () => {
  it('are refused on Developer and Startup', async () => {
    const developer = await registerUser(app);
    const startup = await tenantOnPlan(app, 'startup');
    for (const owner of [developer, startup]) {
      expectError(await createRole(owner.token, { name: 'auditor', permissions: ['members:list'] }), 403, NOT_IN_PLAN);
      expect(await app.database.prisma.role.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
    }
    expectGraphQLError(
      await app.graphql(CREATE_ROLE, { input: { name: 'auditor', permissions: ['members:list'] } }, startup.token),
      403,
      NOT_IN_PLAN,
    );
    expect(await listRoles(startup.token)).toHaveLength(5);
  });

  it('on Business: stored in catalogue order, listed, assignable, and enforced with their own name', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const created = await createRole(owner.token, {
      name: 'auditor',
      description: 'Reads members and the audit log.',
      permissions: ['audit:read', 'members:list', 'credentials:list', 'members:list'],
    });
    expect(created.status).toBe(200);
    const permissions = ['credentials:list', 'members:list', 'audit:read'];
    expect(created.body).toMatchObject({
      name: 'auditor',
      description: 'Reads members and the audit log.',
      permissions,
      built_in: false,
    });
    expect(created.body.id).toMatch(UUID);
    expect(Object.values(BUILTIN_ROLE_IDS)).not.toContain(created.body.id);

    const roles = await listRoles(owner.token);
    expect(roles).toHaveLength(6);
    expect(roles.find((role) => role.id === created.body.id)).toEqual(created.body);
    // Another tenant does not see it.
    const stranger = await registerUser(app);
    expect((await listRoles(stranger.token)).map((role) => role.id)).not.toContain(created.body.id);

    const invited = await app.request('POST', '/v1/members/invitations', {
      token: owner.token,
      body: { email: `auditor-${uniqueSuffix()}@example.com`, role_id: created.body.id },
    });
    expect(invited.body).toMatchObject({ role: 'auditor', role_id: created.body.id });
    const accepted = await app.request('POST', '/v1/invitations/accept', {
      body: { token: invited.body.token, password: 'auditor password', display_name: 'Audrey' },
    });
    expect(accepted.body.role).toBe('auditor');

    const profile = await me(accepted.body.token);
    expect(profile.role).toBe('auditor');
    expect([...profile.permissions].sort()).toEqual([...permissions].sort());
    expect((await app.request('GET', '/v1/admin/audit-log', { token: accepted.body.token })).status).toBe(200);
    expect((await app.request('GET', '/v1/members', { token: accepted.body.token })).status).toBe(200);
    expectError(
      await app.request('GET', '/v1/roles', { token: accepted.body.token }),
      403,
      "role 'auditor' lacks permission: roles:list",
    );
    expectError(
      await app.request('POST', '/v1/members/invitations', {
        token: accepted.body.token,
        body: { email: `x-${uniqueSuffix()}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer },
      }),
      403,
      "role 'auditor' lacks permission: members:invite",
    );
  });
});

describe('custom role validation', () => {
  it('refuses taken names, unknown permissions, bad names and missing permissions, storing nothing', async () => {
    const { owner } = await businessWithRole(['members:list'], 'support');
    expectError(await createRole(owner.token, { name: 'owner', permissions: ['members:list'] }), 409, NAME_TAKEN);
    expectError(await createRole(owner.token, { name: 'support', permissions: ['dids:list'] }), 409, NAME_TAKEN);
    expectError(
      await createRole(owner.token, { name: 'auditor', permissions: ['members:list', 'x:y'] }),
      400,
      'unknown permission: x:y',
    );
    for (const name of ['Bad Name', 'UPPER', '-leading', 'double--dash', '', 'a'.repeat(51), 7]) {
      const response = await createRole(owner.token, { name, permissions: ['members:list'] });
      expectError(response, 400);
      expect(response.body.error).toMatch(/name/);
    }
    expectError(await createRole(owner.token, { permissions: ['members:list'] }), 400);
    for (const body of [{ name: 'auditor' }, { name: 'auditor', permissions: [] }]) {
      const response = await createRole(owner.token, body);
      expectError(response, 400);
      expect(response.body.error).toMatch(/permissions/);
    }
    expect(await app.database.prisma.role.count({ where: { tenantId: owner.tenant_id } })).toBe(1);

    expectGraphQLError(
      await app.graphql(CREATE_ROLE, { input: { name: 'auditor', permissions: ['x:y'] } }, owner.token),
      400,
      'unknown permission: x:y',
    );
    expectGraphQLError(
      await app.graphql(CREATE_ROLE, { input: { name: 'owner', permissions: ['members:list'] } }, owner.token),
      409,
      NAME_TAKEN,
    );
  });

  it('allows the same custom name in two tenants', async () => {
    const name = `shared-${uniqueSuffix()}`;
    await businessWithRole(['members:list'], name);
    await businessWithRole(['members:list'], name);
  });
});

describe('updating and deleting custom roles', () => {
  it('renames and changes permissions, effective on the holder’s next request', async () => {
    const { owner, role } = await businessWithRole(['members:list'], 'support');
    const holder = await addMember(app, owner.token, role.id);
    expectError(
      await app.request('GET', '/v1/roles', { token: holder.token }),
      403,
      "role 'support' lacks permission: roles:list",
    );

    const updated = await updateRole(owner.token, role.id, {
      name: 'helpdesk',
      permissions: ['roles:list', 'members:list'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: role.id,
      name: 'helpdesk',
      permissions: ['members:list', 'roles:list'],
      built_in: false,
      created_at: role.created_at,
    });
    expect(new Date(updated.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(role.updated_at).getTime());

    expect(await listRoles(holder.token)).toContainEqual(updated.body);
    expect(await me(holder.token)).toMatchObject({ role: 'helpdesk', permissions: ['members:list', 'roles:list'] });
    expectError(
      await app.request('POST', '/v1/members/invitations', {
        token: holder.token,
        body: { email: `x-${uniqueSuffix()}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer },
      }),
      403,
      "role 'helpdesk' lacks permission: members:invite",
    );

    // Renaming onto a built-in or another custom name is refused; a description alone is fine.
    await createRole(owner.token, { name: 'other', permissions: ['dids:list'] });
    expectError(await updateRole(owner.token, role.id, { name: 'viewer' }), 409, NAME_TAKEN);
    expectError(await updateRole(owner.token, role.id, { name: 'other' }), 409, NAME_TAKEN);
    expectError(
      await updateRole(owner.token, role.id, { permissions: ['nope:nope'] }),
      400,
      'unknown permission: nope:nope',
    );
    const described = await updateRole(owner.token, role.id, { description: 'Answers tickets.' });
    expect(described.body).toMatchObject({ name: 'helpdesk', description: 'Answers tickets.' });
  });

  it('refuses to delete a role in use, then deletes it once nobody holds it', async () => {
    const { owner, role } = await businessWithRole(['members:list']);
    const holder = await addMember(app, owner.token, role.id);
    const inUse = await deleteRole(owner.token, role.id);
    expectError(inUse, 409);
    expect(inUse.body.error).toMatch(/^role is in use by /);
    expect((await listRoles(owner.token)).map((r) => r.id)).toContain(role.id);

    const reassigned = await app.request('PATCH', `/v1/members/${holder.user_id}`, {
      token: owner.token,
      body: { role_id: BUILTIN_ROLE_IDS.viewer },
    });
    expect(reassigned.status).toBe(200);
    const deleted = await deleteRole(owner.token, role.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: role.id, name: role.name });
    expect((await listRoles(owner.token)).map((r) => r.id)).not.toContain(role.id);
    expect(await app.database.prisma.role.count({ where: { id: role.id } })).toBe(0);
    expectError(await deleteRole(owner.token, role.id), 400, 'invalid role_id');
  });

  it('counts a pending invitation as holding the role', async () => {
    const { owner, role } = await businessWithRole(['members:list']);
    const invited = await app.request('POST', '/v1/members/invitations', {
      token: owner.token,
      body: { email: `pending-${uniqueSuffix()}@example.com`, role_id: role.id },
    });
    expect(invited.status).toBe(200);
    const inUse = await deleteRole(owner.token, role.id);
    expectError(inUse, 409);
    expect(inUse.body.error).toMatch(/^role is in use by /);
    expect(
      (await app.request('DELETE', `/v1/members/invitations/${invited.body.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await deleteRole(owner.token, role.id)).status).toBe(200);
  });

  it('never changes a built-in role', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const before = await listRoles(owner.token);
    for (const id of [BUILTIN_ROLE_IDS.viewer, BUILTIN_ROLE_IDS.owner]) {
      expectError(await updateRole(owner.token, id, { permissions: ['members:list'] }), 400, BUILT_IN_FIXED);
      expectError(await deleteRole(owner.token, id), 400, BUILT_IN_FIXED);
    }
    expectGraphQLError(
      await app.graphql(UPDATE_ROLE, { id: BUILTIN_ROLE_IDS.viewer, input: { name: 'renamed' } }, owner.token),
      400,
      BUILT_IN_FIXED,
    );
    expect(await listRoles(owner.token)).toEqual(before);
  });

  it('treats unknown, malformed and other tenants’ role ids alike, leaving the other role unchanged', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const { owner: otherOwner, role: foreign } = await businessWithRole(['members:list']);
    for (const id of [randomUUID(), 'not-a-uuid', foreign.id]) {
      expectError(
        await updateRole(owner.token, id, { name: 'taken-over', permissions: ['dids:list'] }),
        400,
        'invalid role_id',
      );
      expectError(await deleteRole(owner.token, id), 400, 'invalid role_id');
    }
    expectGraphQLError(await app.graphql(DELETE_ROLE, { id: foreign.id }, owner.token), 400, 'invalid role_id');
    expect((await listRoles(otherOwner.token)).find((r) => r.id === foreign.id)).toEqual(foreign);
    expect(await app.database.prisma.role.findUnique({ where: { id: foreign.id } })).toMatchObject({
      tenantId: otherOwner.tenant_id,
      name: foreign.name,
      permissions: ['members:list'],
    });
  });
});

describe('granting no more than one holds', () => {
  it('an admin cannot create a role with billing:manage', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const admin = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    expectError(
      await createRole(admin.token, { name: 'treasurer', permissions: ['members:list', 'billing:manage'] }),
      403,
      "role 'admin' lacks permission: billing:manage",
    );
    expectGraphQLError(
      await app.graphql(CREATE_ROLE, { input: { name: 'treasurer', permissions: ['billing:manage'] } }, admin.token),
      403,
      "role 'admin' lacks permission: billing:manage",
    );
    expect(await app.database.prisma.role.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
    // Within what the admin holds, creating is allowed.
    expect((await createRole(admin.token, { name: 'treasurer', permissions: ['usage:read'] })).status).toBe(200);
  });
});

describe('plan changes and custom roles', () => {
  it('refuses a downgrade below Business while custom roles exist', async () => {
    const { owner, role } = await businessWithRole(['members:list']);
    const refused = await app.request('POST', '/v1/admin/billing/upgrade', {
      token: owner.token,
      body: { plan: 'startup' },
    });
    expectError(refused, 400);
    expect(refused.body.error.startsWith('cannot move to the startup plan:')).toBe(true);
    expect((await app.request('GET', '/v1/admin/usage', { token: owner.token })).body).toMatchObject({
      plan: 'business',
      custom_roles: 1,
    });

    expect((await deleteRole(owner.token, role.id)).status).toBe(200);
    const moved = await app.request('POST', '/v1/admin/billing/upgrade', {
      token: owner.token,
      body: { plan: 'startup' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ plan: 'startup', previous_plan: 'business', changed: true });
  });
});
