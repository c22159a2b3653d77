// API keys (spec §2, §5): shown once, stored only as SHA-256 plus a visible prefix, scoped keys narrowed to
// their creator's current role, revocation and expiry at the next request, every change in the audit log.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  registerUser,
  tenantOnPlan,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError, expectSecurityHeaders, UUID } from '../support/contract.js';
import { expectBadPageRequestsRefused, expectEachOnce, walkGraphQLPages, walkRestPages } from '../support/paging.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const KEY_PATTERN = /^bsk_live_[0-9a-f]{48}$/;
const KEY_FIELDS = [
  'created_at',
  'created_by_user_id',
  'expires_at',
  'id',
  'last_used_at',
  'name',
  'prefix',
  'revoked_at',
  'scopes',
];

const CREATE = `mutation ($input: CreateApiKeyInput!) {
  createApiKey(input: $input) { key apiKey { id name prefix scopes createdByUserId expiresAt lastUsedAt revokedAt } } }`;
const LIST = `{ apiKeys { apiKeys { id name prefix scopes createdByUserId expiresAt lastUsedAt revokedAt } nextCursor } }`;
const REVOKE = `mutation ($id: String!) { revokeApiKey(id: $id) { id revokedAt } }`;

const listKeys = (token: string) => app.request('GET', '/v1/admin/api-keys', { token });
const revokeKey = (token: string, id: string) => app.request('DELETE', `/v1/admin/api-keys/${id}`, { token });
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function expectGraphQLError(result: { status: number; body: any }, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

/** Every [path, key, value] in a JSON value, so a secret cannot hide in a nested field. */
function entries(value: unknown, path = '$'): [string, string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => entries(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    [path, key, inner] as [string, string, unknown],
    ...entries(inner, `${path}.${key}`),
  ]);
}

/** A Startup tenant (room for members) with its owner and a member of the given built-in role. */
async function tenantWithMember(role: keyof typeof BUILTIN_ROLE_IDS) {
  const owner = await tenantOnPlan(app, 'startup');
  const member = await addMember(app, owner.token, BUILTIN_ROLE_IDS[role]);
  return { owner, member };
}

async function auditEvents(owner: RegisteredUser) {
  const response = await app.request('GET', '/v1/admin/audit-log?limit=100', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body.events as any[];
}

describe('creating an API key', () => {
  it('returns the key once and stores only its SHA-256 and a short prefix', async () => {
    const owner = await registerUser(app);
    const created = await app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: {} });
    expect(created.status).toBe(200);
    expectSecurityHeaders(created.headers);
    const { key, ...view } = created.body;
    expect(key).toMatch(KEY_PATTERN);
    expect(Object.keys(view).sort()).toEqual(KEY_FIELDS);
    expect(view).toMatchObject({
      created_by_user_id: owner.user_id,
      scopes: null,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    expect(view.id).toMatch(UUID);
    expect(key.startsWith(view.prefix)).toBe(true);
    expect(view.prefix).toMatch(/^bsk_live_[0-9a-f]{0,12}$/);

    const row = await app.database.prisma.apiKey.findUniqueOrThrow({ where: { id: view.id } });
    expect(Buffer.from(row.keyHash).equals(sha256(key))).toBe(true);
    expect(row.prefix).toBe(view.prefix);
    expect(row.tenantId).toBe(owner.tenant_id);
    const stored = JSON.stringify(row, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));
    expect(stored).not.toContain(key.slice('bsk_live_'.length));

    const list = await listKeys(owner.token);
    expect(list.status).toBe(200);
    expect(list.body.api_keys).toEqual([view]);
    const hash = sha256(key);
    for (const [path, name, value] of entries(list.body)) {
      expect(['key', 'key_hash', 'keyHash'], `${path}.${name}`).not.toContain(name);
      if (typeof value === 'string') expect(value, `${path}.${name}`).not.toContain(key.slice(-40));
    }
    for (const secret of [key, hash.toString('hex'), hash.toString('base64'), hash.toString('base64url')]) {
      expect(list.text).not.toContain(secret);
    }
  });

  it('round-trips name, scopes (in catalogue order) and expires_at', async () => {
    const owner = await registerUser(app);
    const expiresAt = inFuture(30);
    const created = await app.request('POST', '/v1/admin/api-keys', {
      token: owner.token,
      body: {
        name: 'ci deploy',
        scopes: ['usage:read', 'credentials:issue', 'api_keys:manage'],
        expires_at: expiresAt,
      },
    });
    expect(created.status).toBe(200);
    const { key, ...view } = created.body;
    expect(view).toMatchObject({
      name: 'ci deploy',
      scopes: ['credentials:issue', 'api_keys:manage', 'usage:read'],
      expires_at: expiresAt,
    });
    expect((await listKeys(owner.token)).body.api_keys).toEqual([view]);
    const row = await app.database.prisma.apiKey.findUniqueOrThrow({ where: { id: view.id } });
    expect(row).toMatchObject({ name: 'ci deploy', expiresAt: new Date(expiresAt), scoped: true });
    expect(row.scopes).toEqual(['credentials:issue', 'api_keys:manage', 'usage:read']);
  });

  it('works over GraphQL: the key is returned once and the list never carries it', async () => {
    const owner = await registerUser(app);
    const created = await app.graphql(CREATE, { input: { name: 'gql', scopes: ['dids:list'] } }, owner.token);
    const { key, apiKey } = created.body.data.createApiKey;
    expect(key).toMatch(KEY_PATTERN);
    expect(apiKey).toMatchObject({ name: 'gql', scopes: ['dids:list'], createdByUserId: owner.user_id });
    const listed = await app.graphql(LIST, {}, owner.token);
    expect(listed.body.data.apiKeys).toEqual({ apiKeys: [apiKey], nextCursor: null });
    expect(listed.text).not.toContain(key);
    // The type has no field that could carry the secret.
    const probe = await app.graphql('{ apiKeys { apiKeys { id key } } }', {}, owner.token);
    expect(probe.body.errors?.[0]?.message).toMatch(/Cannot query field "key"/);
  });
});

describe('listing API keys', () => {
  it('pages newest first, revoked keys included, each key once', async () => {
    const owner = await registerUser(app);
    const created: string[] = [];
    for (const name of ['one', 'two', 'three']) created.unshift((await createApiKey(app, owner.token, { name })).id);
    expect((await revokeKey(owner.token, created[1]!)).status).toBe(200);
    const all = await listKeys(owner.token);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.api_keys.map((key: any) => key.id)).toEqual(created);

    const rest = await walkRestPages(app, '/v1/admin/api-keys', 'api_keys', owner.token, 2);
    expect(rest.pages).toBe(2);
    expect(rest.items).toEqual(all.body.api_keys);
    expectEachOnce(rest.items.map((key) => key.id));
    const graphql = await walkGraphQLPages(app, 'apiKeys', 'apiKeys', 'id', owner.token, 1);
    expect(graphql.items.map((key) => key.id)).toEqual(created);

    await expectBadPageRequestsRefused(app, '/v1/admin/api-keys', owner.token);
  });
});

describe('using an API key', () => {
  it('an unscoped key acts as its creator, and last_used_at is recorded after first use', async () => {
    const owner = await tenantOnPlan(app, 'enterprise'); // polling below spends many requests
    const { id, key } = await createApiKey(app, owner.token, { name: 'unscoped' });
    expect((await listKeys(owner.token)).body.api_keys[0].last_used_at).toBeNull();

    const before = Date.now();
    const me = await app.request('GET', '/v1/auth/me', { token: key });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user_id: owner.user_id, tenant_id: owner.tenant_id, role: 'owner' });
    expect(me.body.permissions).toEqual(expect.arrayContaining(['api_keys:manage', 'billing:manage']));

    let lastUsedAt: string | null = null;
    for (let attempt = 0; attempt < 10 && !lastUsedAt; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 200));
      lastUsedAt = (await listKeys(owner.token)).body.api_keys.find((k: any) => k.id === id).last_used_at;
    }
    expect(lastUsedAt).not.toBeNull();
    expect(Date.parse(lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(lastUsedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a scoped key is refused outside its scopes with the scope named, and allowed inside', async () => {
    const owner = await registerUser(app);
    const { key } = await createApiKey(app, owner.token, { scopes: ['usage:read'] });
    expect((await app.request('GET', '/v1/admin/usage', { token: key })).status).toBe(200);
    expectError(await listKeys(key), 403, 'API key missing scope: api_keys:manage');
    expectError(
      await app.request('POST', '/v1/admin/billing/upgrade', { token: key, body: { plan: 'enterprise' } }),
      403,
      'API key missing scope: billing:manage',
    );
    expect((await app.graphql('{ usage { plan } }', {}, key)).body.data.usage.plan).toBe('developer');
    expectGraphQLError(await app.graphql(LIST, {}, key), 403, 'API key missing scope: api_keys:manage');
    // The refused upgrade changed nothing.
    expect((await app.database.prisma.tenant.findUniqueOrThrow({ where: { id: owner.tenant_id } })).plan).toBe(
      'developer',
    );
  });

  it("keys follow their creator's demotion at the next request", async () => {
    const { owner, member: admin } = await tenantWithMember('admin');
    const scoped = await createApiKey(app, admin.token, { scopes: ['members:list', 'api_keys:manage'] });
    const unscoped = await createApiKey(app, admin.token, {});
    expect((await listKeys(scoped.key)).status).toBe(200);
    expect((await listKeys(unscoped.key)).status).toBe(200);
    expect((await app.request('GET', '/v1/auth/me', { token: unscoped.key })).body).toMatchObject({
      user_id: admin.user_id,
      role: 'admin',
    });

    const demoted = await app.request('PATCH', `/v1/members/${admin.user_id}`, {
      token: owner.token,
      body: { role_id: BUILTIN_ROLE_IDS.viewer },
    });
    expect(demoted.status).toBe(200);

    expectError(await listKeys(scoped.key), 403, "role 'viewer' lacks permission: api_keys:manage");
    expectGraphQLError(await app.graphql(LIST, {}, scoped.key), 403, "role 'viewer' lacks permission: api_keys:manage");
    expect((await app.request('GET', '/v1/members', { token: scoped.key })).status).toBe(200);
    expectError(await listKeys(unscoped.key), 403, "role 'viewer' lacks permission: api_keys:manage");
    expect((await app.request('GET', '/v1/auth/me', { token: unscoped.key })).body).toMatchObject({
      user_id: admin.user_id,
      role: 'viewer',
    });
  });
});

describe('validation of a new key', () => {
  it('refuses bad scopes and expiry with 400 and stores nothing', async () => {
    const owner = await registerUser(app);
    const create = (body: unknown) => app.request('POST', '/v1/admin/api-keys', { token: owner.token, body });
    expectError(await create({ scopes: ['nope:x'] }), 400, 'unknown permission: nope:x');
    expectError(await create({ scopes: ['usage:read', 'nope:x'] }), 400, 'unknown permission: nope:x');
    expectError(
      await create({ expires_at: new Date(Date.now() - 60_000).toISOString() }),
      400,
      'expires_at must be in the future',
    );
    const empty = await create({ scopes: [] });
    expectError(empty, 400);
    expect(empty.body.error).toMatch(/scopes/);
    const notDate = await create({ expires_at: 'next tuesday' });
    expectError(notDate, 400);
    expect(notDate.body.error).toMatch(/expires_at/);
    const notStrings = await create({ scopes: 5 });
    expectError(notStrings, 400);
    expect(notStrings.body.error).toMatch(/scopes/);

    expectGraphQLError(
      await app.graphql(CREATE, { input: { scopes: ['nope:x'] } }, owner.token),
      400,
      'unknown permission: nope:x',
    );
    expectGraphQLError(
      await app.graphql(CREATE, { input: { expiresAt: '2001-01-01T00:00:00Z' } }, owner.token),
      400,
      'expires_at must be in the future',
    );
    expect(await app.database.prisma.apiKey.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
  });

  it('refuses a scope its creator does not hold', async () => {
    const { member: admin } = await tenantWithMember('admin');
    expectError(
      await app.request('POST', '/v1/admin/api-keys', {
        token: admin.token,
        body: { scopes: ['usage:read', 'billing:manage'] },
      }),
      400,
      'scope not permitted, you do not hold it: billing:manage',
    );
    expectGraphQLError(
      await app.graphql(CREATE, { input: { scopes: ['billing:manage'] } }, admin.token),
      400,
      'scope not permitted, you do not hold it: billing:manage',
    );
    expect(await app.database.prisma.apiKey.count({ where: { tenantId: admin.tenant_id } })).toBe(0);
  });
});

describe('revoking an API key', () => {
  it('stops the key at the next request; a second revoke is 404', async () => {
    const owner = await registerUser(app);
    const { id, key } = await createApiKey(app, owner.token, {});
    expect((await app.request('GET', '/v1/auth/me', { token: key })).status).toBe(200);

    const revoked = await revokeKey(owner.token, id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, created_by_user_id: owner.user_id });
    expect(Object.keys(revoked.body).sort()).toEqual(KEY_FIELDS);
    expect(Date.parse(revoked.body.revoked_at)).not.toBeNaN();

    expectError(await app.request('GET', '/v1/auth/me', { token: key }), 401, 'unauthorized');
    expectGraphQLError(await app.graphql('{ me { userId } }', {}, key), 401, 'unauthorized');
    expectError(await revokeKey(owner.token, id), 404, 'API key not found');
    expectGraphQLError(await app.graphql(REVOKE, { id }, owner.token), 404, 'API key not found');
    const listed = (await listKeys(owner.token)).body.api_keys;
    expect(listed).toEqual([expect.objectContaining({ id, revoked_at: revoked.body.revoked_at })]);
  });

  it('revokes over GraphQL too', async () => {
    const owner = await registerUser(app);
    const { id, key } = await createApiKey(app, owner.token, {});
    const revoked = await app.graphql(REVOKE, { id }, owner.token);
    expect(revoked.body.data.revokeApiKey.id).toBe(id);
    expect(revoked.body.data.revokeApiKey.revokedAt).toEqual(expect.any(String));
    expectError(await listKeys(key), 401, 'unauthorized');
  });

  it("answers unknown, malformed and other tenants' key ids with 404, leaving the other key working", async () => {
    const owner = await registerUser(app);
    const stranger = await registerUser(app);
    const theirs = await createApiKey(app, stranger.token, {});
    for (const id of [randomUUID(), 'not-a-uuid', theirs.id]) {
      expectError(await revokeKey(owner.token, id), 404, 'API key not found');
    }
    expectGraphQLError(await app.graphql(REVOKE, { id: theirs.id }, owner.token), 404, 'API key not found');
    const row = await app.database.prisma.apiKey.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(row.revokedAt).toBeNull();
    expect((await app.request('GET', '/v1/auth/me', { token: theirs.key })).body.user_id).toBe(stranger.user_id);
    expect((await listKeys(owner.token)).body.api_keys).toEqual([]);
  });
});

describe('API key expiry', () => {
  it('a key whose expires_at has passed is refused with 401, even one used a moment before', async () => {
    // Real time passing: a principal cached from the last use must still end exactly at the key's expiry.
    const owner = await registerUser(app);
    const expiresAt = new Date(Date.now() + 1500);
    const { key } = await createApiKey(app, owner.token, { expires_at: expiresAt.toISOString() });
    expect((await app.request('GET', '/v1/auth/me', { token: key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expectError(await app.request('GET', '/v1/auth/me', { token: key }), 401, 'unauthorized');
    expectGraphQLError(await app.graphql('{ me { userId } }', {}, key), 401, 'unauthorized');
  });
});

describe('who may manage API keys', () => {
  it('a viewer may neither list, create nor revoke', async () => {
    const { owner, member: viewer } = await tenantWithMember('viewer');
    const ownersKey = await createApiKey(app, owner.token, {});
    const denied = "role 'viewer' lacks permission: api_keys:manage";
    expectError(await listKeys(viewer.token), 403, denied);
    expectError(await app.request('POST', '/v1/admin/api-keys', { token: viewer.token, body: {} }), 403, denied);
    expectError(await revokeKey(viewer.token, ownersKey.id), 403, denied);
    expectGraphQLError(await app.graphql(LIST, {}, viewer.token), 403, denied);
    expectGraphQLError(await app.graphql(CREATE, { input: {} }, viewer.token), 403, denied);
    expectGraphQLError(await app.graphql(REVOKE, { id: ownersKey.id }, viewer.token), 403, denied);
    expect(await app.database.prisma.apiKey.count({ where: { tenantId: owner.tenant_id } })).toBe(1);
    expect((await app.request('GET', '/v1/auth/me', { token: ownersKey.key })).status).toBe(200);
  });

  it('no credential is 401', async () => {
    expectError(await app.request('GET', '/v1/admin/api-keys'), 401, 'unauthorized');
    expectError(await app.request('POST', '/v1/admin/api-keys', { body: {} }), 401, 'unauthorized');
    expectError(await revokeKey('bsk_live_' + '0'.repeat(48), randomUUID()), 401, 'unauthorized');
  });
});

describe('API keys in the audit log', () => {
  it('records creation and revocation with actor, prefix and request id', async () => {
    const owner = await registerUser(app);
    const created = await app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: { name: 'audited' } });
    const revoked = await revokeKey(owner.token, created.body.id);
    expect(revoked.status).toBe(200);
    const createdRequestId = created.headers.get('x-request-id');
    const revokedRequestId = revoked.headers.get('x-request-id');
    expect(createdRequestId).toBeTruthy();
    expect(revokedRequestId).not.toBe(createdRequestId);

    const events = await auditEvents(owner);
    const about = events.filter((event) => event.target_id === created.body.id);
    expect(about.map((event) => event.action)).toEqual(['api_key.revoked', 'api_key.created']);
    const [revokedEvent, createdEvent] = about;
    expect(createdEvent).toMatchObject({
      actor_user_id: owner.user_id,
      actor_api_key_id: null,
      target_type: 'api_key',
      request_id: createdRequestId,
      details: expect.objectContaining({ prefix: created.body.prefix }),
    });
    expect(revokedEvent).toMatchObject({
      actor_user_id: owner.user_id,
      actor_api_key_id: null,
      request_id: revokedRequestId,
      details: expect.objectContaining({ prefix: created.body.prefix }),
    });
    expect(JSON.stringify(events)).not.toContain(created.body.key);
  });

  it('records the API key an action was performed with', async () => {
    const owner = await registerUser(app);
    const actingKey = await createApiKey(app, owner.token, {});
    const created = await app.request('POST', '/v1/admin/api-keys', { token: actingKey.key, body: { name: 'child' } });
    expect(created.status).toBe(200);
    expect(created.body.created_by_user_id).toBe(owner.user_id);

    const event = (await auditEvents(owner)).find((e) => e.target_id === created.body.id);
    expect(event).toMatchObject({
      action: 'api_key.created',
      actor_user_id: owner.user_id,
      actor_api_key_id: actingKey.id,
      request_id: created.headers.get('x-request-id'),
    });
  });
});
