// The authorization matrix (spec §5, §7; conventions §8): every endpoint that needs a permission, over REST
// and GraphQL, for sessions of built-in and custom roles, unscoped keys of two roles and a scoped key. The
// expectation of each cell is derived from two tables, endpoint → permission and principal → permissions,
// the latter read from GET /v1/roles, so a role whose permissions change moves the whole matrix with it.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  tenantOnPlan,
  uniqueSuffix,
  type Member,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError } from '../support/contract.js';

let app: TestApp;

/** The ids an endpoint acts on: random unknown ones for the matrix, real ones for the denied-write checks. */
type Targets = { roleId: string; userId: string; invitationId: string; apiKeyId: string; plan: string };
type Rest = { method: string; path: string; body?: unknown };
type GraphQL = { query: string; variables?: Record<string, unknown> };
type Endpoint = {
  name: string;
  permission: string;
  rest: (t: Targets) => Rest;
  graphql: (t: Targets) => GraphQL;
  /** What a permitted caller gets with the matrix's dummy targets: success, or this (non-auth) error. */
  allowed: { status: 200 } | { status: number; error: string };
};

const OK = { status: 200 } as const;
const newEmail = () => `invitee-${uniqueSuffix()}@example.com`;
const newRoleName = () => `matrix-${uniqueSuffix()}`;

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /v1/roles',
    permission: 'roles:list',
    rest: () => ({ method: 'GET', path: '/v1/roles' }),
    graphql: () => ({ query: '{ roles { id } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/roles',
    permission: 'roles:manage',
    rest: () => ({ method: 'POST', path: '/v1/roles', body: { name: newRoleName(), permissions: ['usage:read'] } }),
    graphql: () => ({
      query: 'mutation ($input: CreateRoleInput!) { createRole(input: $input) { id } }',
      variables: { input: { name: newRoleName(), permissions: ['usage:read'] } },
    }),
    allowed: OK,
  },
  {
    name: 'PATCH /v1/roles/:role_id',
    permission: 'roles:manage',
    rest: (t) => ({ method: 'PATCH', path: `/v1/roles/${t.roleId}`, body: { description: 'changed' } }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { updateRole(id: $id, input: { description: "changed" }) { id } }',
      variables: { id: t.roleId },
    }),
    allowed: { status: 400, error: 'invalid role_id' },
  },
  {
    name: 'DELETE /v1/roles/:role_id',
    permission: 'roles:manage',
    rest: (t) => ({ method: 'DELETE', path: `/v1/roles/${t.roleId}` }),
    graphql: (t) => ({ query: 'mutation ($id: String!) { deleteRole(id: $id) { id } }', variables: { id: t.roleId } }),
    allowed: { status: 400, error: 'invalid role_id' },
  },
  {
    name: 'GET /v1/members',
    permission: 'members:list',
    rest: () => ({ method: 'GET', path: '/v1/members' }),
    graphql: () => ({ query: '{ members { userId } }' }),
    allowed: OK,
  },
  {
    name: 'PATCH /v1/members/:user_id',
    permission: 'members:update_role',
    rest: (t) => ({ method: 'PATCH', path: `/v1/members/${t.userId}`, body: { role_id: BUILTIN_ROLE_IDS.admin } }),
    graphql: (t) => ({
      query:
        'mutation ($id: String!, $role: String) { updateMemberRole(userId: $id, input: { roleId: $role }) { userId } }',
      variables: { id: t.userId, role: BUILTIN_ROLE_IDS.admin },
    }),
    allowed: { status: 404, error: 'member not found' },
  },
  {
    name: 'DELETE /v1/members/:user_id',
    permission: 'members:remove',
    rest: (t) => ({ method: 'DELETE', path: `/v1/members/${t.userId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { removeMember(userId: $id) { userId } }',
      variables: { id: t.userId },
    }),
    allowed: { status: 404, error: 'member not found' },
  },
  {
    name: 'GET /v1/members/invitations',
    permission: 'members:list',
    rest: () => ({ method: 'GET', path: '/v1/members/invitations' }),
    graphql: () => ({ query: '{ invitations { id } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/members/invitations',
    permission: 'members:invite',
    rest: () => ({
      method: 'POST',
      path: '/v1/members/invitations',
      body: { email: newEmail(), role_id: BUILTIN_ROLE_IDS.viewer },
    }),
    graphql: () => ({
      query: 'mutation ($input: InviteMemberInput!) { inviteMember(input: $input) { token } }',
      variables: { input: { email: newEmail(), roleId: BUILTIN_ROLE_IDS.viewer } },
    }),
    allowed: OK,
  },
  {
    name: 'DELETE /v1/members/invitations/:invitation_id',
    permission: 'members:invite',
    rest: (t) => ({ method: 'DELETE', path: `/v1/members/invitations/${t.invitationId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { revokeInvitation(id: $id) { id } }',
      variables: { id: t.invitationId },
    }),
    allowed: { status: 404, error: 'invitation not found' },
  },
  {
    name: 'GET /v1/admin/api-keys',
    permission: 'api_keys:manage',
    rest: () => ({ method: 'GET', path: '/v1/admin/api-keys' }),
    graphql: () => ({ query: '{ apiKeys { id } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/admin/api-keys',
    permission: 'api_keys:manage',
    rest: () => ({ method: 'POST', path: '/v1/admin/api-keys', body: { name: 'matrix' } }),
    graphql: () => ({ query: 'mutation { createApiKey(input: { name: "matrix" }) { key } }' }),
    allowed: OK,
  },
  {
    name: 'DELETE /v1/admin/api-keys/:api_key_id',
    permission: 'api_keys:manage',
    rest: (t) => ({ method: 'DELETE', path: `/v1/admin/api-keys/${t.apiKeyId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { revokeApiKey(id: $id) { id } }',
      variables: { id: t.apiKeyId },
    }),
    allowed: { status: 404, error: 'API key not found' },
  },
  {
    name: 'GET /v1/admin/usage',
    permission: 'usage:read',
    rest: () => ({ method: 'GET', path: '/v1/admin/usage' }),
    graphql: () => ({ query: '{ usage { plan } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/admin/billing/upgrade',
    permission: 'billing:manage',
    rest: (t) => ({ method: 'POST', path: '/v1/admin/billing/upgrade', body: { plan: t.plan } }),
    graphql: (t) => ({
      query: 'mutation ($plan: String) { changePlan(input: { plan: $plan }) { plan } }',
      variables: { plan: t.plan },
    }),
    allowed: OK,
  },
  {
    name: 'GET /v1/admin/audit-log',
    permission: 'audit:read',
    rest: () => ({ method: 'GET', path: '/v1/admin/audit-log' }),
    graphql: () => ({ query: '{ auditLog { events { id } } }' }),
    allowed: OK,
  },
];

const endpoint = (name: string) => ENDPOINTS.find((e) => e.name === name)!;

/** Unknown ids; the plan is the tenant's own, so a permitted upgrade changes nothing. */
const dummyTargets = (): Targets => ({
  roleId: randomUUID(),
  userId: randomUUID(),
  invitationId: randomUUID(),
  apiKeyId: randomUUID(),
  plan: 'business',
});

const AUDITOR_PERMISSIONS = ['audit:read', 'members:list', 'usage:read'];
const KEY_SCOPES = ['members:list', 'usage:read'];

const PRINCIPALS = [
  'owner session',
  'viewer session',
  'auditor session (custom role)',
  "owner's unscoped API key",
  "admin's unscoped API key",
  'scoped API key [members:list, usage:read]',
] as const;
type PrincipalName = (typeof PRINCIPALS)[number];
/** A caller: its bearer token, the role it acts with and, for a scoped key, its scopes. */
type Principal = { token: string; role: string; scopes: string[] | null };

let owner: RegisteredUser;
let principals: Record<PrincipalName, Principal>;
let rolePermissions: Map<string, string[]>;
/** Real rows of the tenant that the denied-write checks aim at. */
let realTargets: Targets;
let loggedOutToken: string;

async function ok(result: Promise<HttpResult>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'business');
  const post = (path: string, body: unknown) => ok(app.request('POST', path, { token: owner.token, body }));
  const auditorRole = await post('/v1/roles', { name: 'auditor', permissions: AUDITOR_PERMISSIONS });
  const spareRole = await post('/v1/roles', { name: 'spare', permissions: ['usage:read'] });
  const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
  const auditor = await addMember(app, owner.token, auditorRole.id);
  const admin: Member = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
  const target = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
  const invitation = await post('/v1/members/invitations', { email: newEmail(), role_id: BUILTIN_ROLE_IDS.viewer });
  const ownerKey = await createApiKey(app, owner.token, { name: 'owner key' });
  const adminKey = await createApiKey(app, admin.token, { name: 'admin key' });
  const scopedKey = await createApiKey(app, owner.token, { name: 'scoped key', scopes: KEY_SCOPES });
  const spareKey = await createApiKey(app, owner.token, { name: 'spare key' });
  principals = {
    'owner session': { token: owner.token, role: 'owner', scopes: null },
    'viewer session': { token: viewer.token, role: 'viewer', scopes: null },
    'auditor session (custom role)': { token: auditor.token, role: 'auditor', scopes: null },
    "owner's unscoped API key": { token: ownerKey.key, role: 'owner', scopes: null },
    "admin's unscoped API key": { token: adminKey.key, role: 'admin', scopes: null },
    'scoped API key [members:list, usage:read]': { token: scopedKey.key, role: 'owner', scopes: KEY_SCOPES },
  };
  const roles = await ok(app.request('GET', '/v1/roles', { token: owner.token }));
  rolePermissions = new Map(roles.roles.map((role: any) => [role.name, role.permissions]));
  realTargets = {
    roleId: spareRole.id,
    userId: target.user_id,
    invitationId: invitation.id,
    apiKeyId: spareKey.id,
    plan: 'enterprise',
  };
  const session = await ok(
    app.request('POST', '/v1/auth/login', { body: { email: owner.email, password: owner.password } }),
  );
  await ok(app.request('POST', '/v1/auth/logout', { token: session.token }));
  loggedOutToken = session.token;
});
afterAll(() => app?.close());

/** The principal's effective permissions: its role's, narrowed to its scopes for a scoped key (spec §2). */
function permissionsOf(principal: Principal): Set<string> {
  const held = rolePermissions.get(principal.role);
  if (!held) throw new Error(`GET /v1/roles does not list the role ${principal.role}`);
  return new Set(principal.scopes ? principal.scopes.filter((scope) => held.includes(scope)) : held);
}

/** The contract's 403 text for a principal that lacks the permission (spec §5.3–5.4). */
function denial(principal: Principal, permission: string) {
  return principal.scopes && !principal.scopes.includes(permission)
    ? `API key missing scope: ${permission}`
    : `role '${principal.role}' lacks permission: ${permission}`;
}

const callRest = (e: Endpoint, targets: Targets, token?: string) => {
  const { method, path, body } = e.rest(targets);
  return app.request(method, path, { token, body });
};
const callGraphQL = (e: Endpoint, targets: Targets, token?: string) => {
  const { query, variables } = e.graphql(targets);
  return app.graphql(query, variables, token);
};

function expectGraphQLError(result: HttpResult, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

describe('the derived permission table agrees with the contract', () => {
  it('owner holds every permission of the matrix, admin all but billing:manage, viewer only reads', () => {
    const needed = new Set(ENDPOINTS.map((e) => e.permission));
    const ownerHeld = permissionsOf(principals['owner session']);
    const adminHeld = permissionsOf(principals["admin's unscoped API key"]);
    const viewerHeld = permissionsOf(principals['viewer session']);
    for (const permission of needed) {
      expect(ownerHeld.has(permission), permission).toBe(true);
      expect(adminHeld.has(permission), permission).toBe(permission !== 'billing:manage');
    }
    expect([...needed].filter((p) => viewerHeld.has(p)).sort()).toEqual(['members:list', 'roles:list', 'usage:read']);
    expect([...permissionsOf(principals['auditor session (custom role)'])].sort()).toEqual(AUDITOR_PERMISSIONS);
    expect([...permissionsOf(principals['scoped API key [members:list, usage:read]'])].sort()).toEqual(KEY_SCOPES);
  });
});

describe.each(PRINCIPALS)('%s', (principalName) => {
  it.each(ENDPOINTS)('REST $name', async (e) => {
    const principal = principals[principalName];
    const response = await callRest(e, dummyTargets(), principal.token);
    if (!permissionsOf(principal).has(e.permission)) {
      expectError(response, 403, denial(principal, e.permission));
    } else if ('error' in e.allowed) {
      expectError(response, e.allowed.status, e.allowed.error);
    } else {
      expect(response.status, response.text).toBe(200);
    }
  });

  it.each(ENDPOINTS)('GraphQL $name', async (e) => {
    const principal = principals[principalName];
    const response = await callGraphQL(e, dummyTargets(), principal.token);
    if (!permissionsOf(principal).has(e.permission)) {
      expectGraphQLError(response, 403, denial(principal, e.permission));
    } else if ('error' in e.allowed) {
      expectGraphQLError(response, e.allowed.status, e.allowed.error);
    } else {
      expect(response.status).toBe(200);
      expect(response.body.errors, response.text).toBeUndefined();
      expect(Object.values(response.body.data)[0]).toBeTruthy();
    }
  });
});

const BAD_CREDENTIALS: { name: string; token: () => string | undefined }[] = [
  { name: 'no Authorization', token: () => undefined },
  { name: 'Bearer garbage', token: () => 'garbage' },
  { name: 'a well-formed unknown API key', token: () => `bsk_live_${randomBytes(24).toString('hex')}` },
  { name: 'a logged-out session', token: () => loggedOutToken },
];

describe.each(BAD_CREDENTIALS)('with $name', ({ token }) => {
  it.each(ENDPOINTS)('REST $name → 401 unauthorized', async (e) => {
    expectError(await callRest(e, dummyTargets(), token()), 401, 'unauthorized');
  });

  it.each(ENDPOINTS)('GraphQL $name → 401 unauthorized', async (e) => {
    expectGraphQLError(await callGraphQL(e, dummyTargets(), token()), 401, 'unauthorized');
  });
});

/** Everything the tenant holds that a write could change (API key use times aside: reads record them). */
async function tenantState() {
  const prisma = app.database.prisma;
  const where = { tenantId: owner.tenant_id };
  const byId = { orderBy: { id: 'asc' as const } };
  const [tenant, roles, memberships, invitations, apiKeys, auditEvents] = await Promise.all([
    prisma.tenant.findUniqueOrThrow({ where: { id: owner.tenant_id } }),
    prisma.role.findMany({ where, ...byId }),
    prisma.membership.findMany({ where, ...byId }),
    prisma.invitation.findMany({ where, ...byId }),
    prisma.apiKey.findMany({ where, ...byId, omit: { lastUsedAt: true } }),
    prisma.auditEvent.findMany({ where, ...byId }),
  ]);
  return { tenant, roles, memberships, invitations, apiKeys, auditEvents };
}

/** The owner's view of the tenant through the API. */
async function ownerView() {
  const get = (path: string) => ok(app.request('GET', path, { token: owner.token }));
  const [usage, members, invitations, roles, apiKeys] = await Promise.all([
    get('/v1/admin/usage'),
    get('/v1/members'),
    get('/v1/members/invitations'),
    get('/v1/roles'),
    get('/v1/admin/api-keys'),
  ]);
  const keys = apiKeys.api_keys.map(({ last_used_at: _, ...key }: any) => key);
  return { plan: usage.plan, invitationCount: usage.pending_invitations, members, invitations, roles, keys };
}

const DENIED_WRITES: [PrincipalName, string][] = [
  ['viewer session', 'POST /v1/members/invitations'],
  ['viewer session', 'POST /v1/admin/billing/upgrade'],
  ['viewer session', 'PATCH /v1/members/:user_id'],
  ['viewer session', 'DELETE /v1/members/:user_id'],
  ['viewer session', 'DELETE /v1/members/invitations/:invitation_id'],
  ['auditor session (custom role)', 'POST /v1/roles'],
  ['auditor session (custom role)', 'PATCH /v1/roles/:role_id'],
  ['auditor session (custom role)', 'DELETE /v1/roles/:role_id'],
  ['scoped API key [members:list, usage:read]', 'POST /v1/admin/api-keys'],
  ['scoped API key [members:list, usage:read]', 'DELETE /v1/admin/api-keys/:api_key_id'],
  ["admin's unscoped API key", 'POST /v1/admin/billing/upgrade'],
];

describe.each(['REST', 'GraphQL'] as const)('a denied write changes nothing (%s)', (transport) => {
  it.each(DENIED_WRITES)('%s: %s on a real target', async (principalName, endpointName) => {
    const principal = principals[principalName];
    const e = endpoint(endpointName);
    expect(permissionsOf(principal).has(e.permission)).toBe(false);
    const [stateBefore, viewBefore] = [await tenantState(), await ownerView()];
    if (transport === 'REST') {
      expectError(await callRest(e, realTargets, principal.token), 403, denial(principal, e.permission));
    } else {
      expectGraphQLError(await callGraphQL(e, realTargets, principal.token), 403, denial(principal, e.permission));
    }
    expect(await ownerView()).toEqual(viewBefore);
    expect(await tenantState()).toEqual(stateBefore);
    expect(viewBefore.plan).toBe('business');
  });
});

// Access is decided before the body is read: a caller without access learns 401/403, never what the body
// should have looked like.
describe('access before body validation', () => {
  const BAD_BODIES: [string, string, unknown, string][] = [
    ['POST', '/v1/members/invitations', { email: 5 }, 'members:invite'],
    ['POST', '/v1/roles', { permissions: 'x' }, 'roles:manage'],
    ['POST', '/v1/admin/billing/upgrade', { plan: 7 }, 'billing:manage'],
    ['POST', '/v1/admin/api-keys', { scopes: 'all' }, 'api_keys:manage'],
  ];

  it.each(BAD_BODIES)(
    '%s %s with a mistyped body: 401 without credentials, 403 without access',
    async (method, path, body, permission) => {
      expectError(await app.request(method, path, { body }), 401, 'unauthorized');
      expectError(
        await app.request(method, path, { rawBody: '{not json', headers: { 'content-type': 'application/json' } }),
        401,
        'unauthorized',
      );
      const viewer = principals['viewer session'];
      expectError(
        await app.request(method, path, { body, token: viewer.token }),
        403,
        `role 'viewer' lacks permission: ${permission}`,
      );
    },
  );
});
