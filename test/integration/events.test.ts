// The event catalogue in action: each change worth reacting to writes its event to the outbox in
// the same transaction, with the envelope and data the catalogue documents and nothing secret or personal
// beyond it; a refused change writes none. GET /v1/events (and GraphQL `events`) lists the tenant's events,
// newest first, paged and filtered like every list, and never another tenant's.
import {
  allEventsNeeds,
  initialSelection,
  selectionToEvents,
  unsubscribable,
} from '../../web/src/pages/webhooks.rules.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  isEventType,
  toEventEnvelope,
} from '../../src/modules/events/event-catalogue.js';
import { isPermission } from '../../src/auth/permissions.js';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  changePlan,
  createApiKey,
  registerUser,
  tenantOnPlan,
  uniqueSuffix,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { expectBadPageRequestsRefused, expectEachOnce, walkGraphQLPages, walkRestPages } from '../support/paging.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function ok(result: Promise<HttpResult>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const post = (token: string, path: string, body?: unknown) => ok(app.request('POST', path, { token, body }));

/** The tenant's stored events, oldest first; of one type when given. */
async function stored(tenantId: string, type?: string) {
  return app.database.prisma.outboxEvent.findMany({
    where: { tenantId, ...(type && { type }) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** The data of the tenant's only event of `type`, checked against the catalogue's (strict) schema. */
async function onlyEvent(tenantId: string, type: string) {
  const rows = await stored(tenantId, type);
  expect(rows, type).toHaveLength(1);
  return checkedData(rows[0]!);
}

function checkedData(row: { type: string; payload: unknown }) {
  expect(isEventType(row.type), row.type).toBe(true);
  const parsed = EVENT_CATALOGUE[row.type as keyof typeof EVENT_CATALOGUE].data.safeParse(row.payload);
  expect(parsed.error, `${row.type} ${JSON.stringify(row.payload)}`).toBeUndefined();
  return row.payload as Record<string, any>;
}

describe('the catalogue', () => {
  it('lists every event type, each with a description and an example its schema accepts', () => {
    expect([...EVENT_TYPES].sort()).toEqual(
      [
        'api_key.created',
        'api_key.revoked',
        'compliance.framework.adopted',
        'compliance.framework.unadopted',
        'compliance.report.issued',
        'compliance.subject.erased',
        'credential.issued',
        'credential.revoked',
        'did.created',
        'did.deactivated',
        'did.certificate_chain.set',
        'did.certificate_chain.removed',
        'domain.removed',
        'domain.unverified',
        'domain.verified',
        'didcomm.message.received',
        'didcomm.message.sent',
        'member.invited',
        'member.joined',
        'member.removed',
        'member.role_changed',
        'oid4vci.authorization.approved',
        'oid4vci.authorization.denied',
        'oid4vci.offer.cancelled',
        'oid4vci.offer.created',
        'oid4vci.offer.credential_issued',
        'oid4vci.offer.credential_pending',
        'oid4vci.offer.expired',
        'oid4vci.offer.failed',
        'oid4vci.offer.notified',
        'oid4vci.offer.token_issued',
        'oid4vp.presentation.cancelled',
        'oid4vp.presentation.expired',
        'oid4vp.presentation.failed',
        'oid4vp.presentation.received',
        'oid4vp.presentation.requested',
        'oid4vp.presentation.verified',
        'plan.changed',
        'trust.attestation.created',
        'trust.attestation.revoked',
        'webhook.test',
      ].sort(),
    );
    for (const type of EVENT_TYPES) {
      const entry = EVENT_CATALOGUE[type];
      expect(entry.description.length, type).toBeGreaterThan(10);
      expect(entry.data.safeParse(entry.example).error, type).toBeUndefined();
      // REST-facing JSON: snake_case keys only.
      for (const key of Object.keys(entry.data.shape)) expect(key, type).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
    expect(isEventType('credential.issued')).toBe(true);
    expect(isEventType('toString')).toBe(false);
  });

  it('makes the envelope every webhook and the event log use', () => {
    const createdAt = new Date('2026-11-24T18:50:02.117Z');
    expect(
      toEventEnvelope({ id: 'e', tenantId: 't', type: 'plan.changed', payload: { plan: 'business' }, createdAt }),
    ).toEqual({
      id: 'e',
      type: 'plan.changed',
      tenant_id: 't',
      created_at: '2026-11-24T18:50:02.117Z',
      data: { plan: 'business' },
    });
  });
});

describe('plan.changed', () => {
  it('is written when the plan changes, not when it stays or the change is refused', async () => {
    const owner = await registerUser(app);
    await changePlan(app, owner.token, 'startup');
    expect(await onlyEvent(owner.tenant_id, 'plan.changed')).toEqual({ plan: 'startup', previous_plan: 'developer' });
    await changePlan(app, owner.token, 'startup');
    await post(owner.token, '/v1/dids', {});
    await post(owner.token, '/v1/dids', {});
    // Two DIDs do not fit the Developer plan's one.
    const refused = await app.request('POST', '/v1/admin/billing/upgrade', {
      token: owner.token,
      body: { plan: 'developer' },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(await stored(owner.tenant_id, 'plan.changed')).toHaveLength(1);
  });
});

describe('did.created and did.deactivated', () => {
  it('name the DID and its key type', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const did = await post(owner.token, '/v1/dids', { key_type: 'P-256' });
    expect(await onlyEvent(owner.tenant_id, 'did.created')).toEqual({
      did: did.did,
      key_type: 'P-256',
      verification_method: did.verification_method,
    });
    const deactivated = await post(owner.token, `/v1/dids/${encodeURIComponent(did.did)}/deactivate`);
    expect(await onlyEvent(owner.tenant_id, 'did.deactivated')).toEqual({
      did: did.did,
      key_type: 'P-256',
      deactivated_at: deactivated.deactivated_at,
    });
    // Deactivating again changes nothing, and says nothing.
    await post(owner.token, `/v1/dids/${encodeURIComponent(did.did)}/deactivate`);
    expect(await stored(owner.tenant_id, 'did.deactivated')).toHaveLength(1);
  });

  it('a DID refused by the plan limit writes no event', async () => {
    const owner = await registerUser(app);
    await post(owner.token, '/v1/dids', {});
    expect((await app.request('POST', '/v1/dids', { token: owner.token, body: {} })).status).toBe(403);
    expect(await stored(owner.tenant_id, 'did.created')).toHaveLength(1);
  });
});

describe('credential.issued and credential.revoked', () => {
  let owner: RegisteredUser;
  let did: string;
  beforeAll(async () => {
    owner = await tenantOnPlan(app, 'startup');
    did = (await post(owner.token, '/v1/dids', {})).did;
  });

  it.each([
    { format: 'jwt_vc_json', extra: { type: 'UniversityDegreeCredential' } },
    { format: 'vc+sd-jwt', extra: { vct: 'https://credentials.example.com/degree', disclosable: ['secret'] } },
  ])('$format: name the credential, never a claim value', async ({ format, extra }) => {
    const secret = `claim-value-${uniqueSuffix()}`;
    const issued = await post(owner.token, '/v1/credentials/issue', {
      format,
      issuer: did,
      subject_id: 'did:example:alice',
      claims: { secret, name: `Name ${secret}` },
      ...extra,
    });
    const [row] = (await stored(owner.tenant_id, 'credential.issued')).filter(
      (event) => (event.payload as any).credential_id === issued.id,
    );
    expect(checkedData(row!)).toEqual({
      credential_id: issued.id,
      format,
      credential_type: issued.credential_type,
      issuer: did,
      subject_id: 'did:example:alice',
      status: issued.status,
      issued_at: issued.issued_at,
      expires_at: null,
      channel: 'api',
      offer_id: null,
    });
    const text = JSON.stringify(row!.payload);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(issued.credential.split('.')[1]);

    const revoked = await post(owner.token, `/v1/credentials/${issued.id}/revoke`);
    const [revocation] = (await stored(owner.tenant_id, 'credential.revoked')).filter(
      (event) => (event.payload as any).credential_id === issued.id,
    );
    expect(checkedData(revocation!)).toEqual({
      credential_id: issued.id,
      format,
      credential_type: issued.credential_type,
      issuer: did,
      subject_id: 'did:example:alice',
      status: issued.status,
      revoked_at: revoked.revoked_at,
    });
    expect(JSON.stringify(revocation!.payload)).not.toContain(secret);

    // Revoking again is a 404, and no second event.
    expectError(
      await app.request('POST', `/v1/credentials/${issued.id}/revoke`, { token: owner.token }),
      404,
      'credential not found or already revoked',
    );
    const again = (await stored(owner.tenant_id, 'credential.revoked')).filter(
      (event) => (event.payload as any).credential_id === issued.id,
    );
    expect(again).toHaveLength(1);
  });

  it('an issue that fails writes no event', async () => {
    const before = await stored(owner.tenant_id, 'credential.issued');
    const other = await tenantOnPlan(app, 'startup');
    const foreign = (await post(other.token, '/v1/dids', {})).did;
    const refused = await app.request('POST', '/v1/credentials/issue', {
      token: owner.token,
      body: { format: 'jwt_vc_json', issuer: foreign, claims: { name: 'Mallory' } },
    });
    expect(refused.status, refused.text).toBe(404);
    expect(await stored(owner.tenant_id, 'credential.issued')).toHaveLength(before.length);
    expect(await stored(other.tenant_id, 'credential.issued')).toHaveLength(0);
  });
});

describe('member.invited and member.joined', () => {
  it('an invitation refused by the member limit writes no event', async () => {
    const owner = await registerUser(app); // Developer: one member, the owner
    const refused = await app.request('POST', '/v1/members/invitations', {
      token: owner.token,
      body: { email: `refused-${uniqueSuffix()}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer },
    });
    expectError(refused, 403, 'tenant member limit reached (1)');
    expect(await stored(owner.tenant_id, 'member.invited')).toEqual([]);
  });

  it('carry ids and roles, the invited email once, never the invitation token', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const email = `invitee-${uniqueSuffix()}@example.com`;
    const invitation = await post(owner.token, '/v1/members/invitations', { email, role_id: BUILTIN_ROLE_IDS.viewer });
    const invited = await onlyEvent(owner.tenant_id, 'member.invited');
    expect(invited).toEqual({
      invitation_id: invitation.id,
      email,
      role: 'viewer',
      role_id: BUILTIN_ROLE_IDS.viewer,
      invited_by_user_id: owner.user_id,
      expires_at: invitation.expires_at,
    });
    expect(JSON.stringify(invited)).not.toContain(invitation.token);

    const joined = await ok(
      app.request('POST', '/v1/invitations/accept', {
        body: { token: invitation.token, password: `member password ${uniqueSuffix()}`, display_name: 'Joined Member' },
      }),
    );
    const data = await onlyEvent(owner.tenant_id, 'member.joined');
    expect(data).toEqual({
      user_id: joined.user_id,
      role: 'viewer',
      role_id: BUILTIN_ROLE_IDS.viewer,
      invitation_id: invitation.id,
    });
    expect(JSON.stringify(data)).not.toContain(email);
    expect(JSON.stringify(data)).not.toContain('Joined Member');
  });
});

describe('member.role_changed, member.removed and api_key.*', () => {
  it('a role change names the roles; a removal the member, and each of their keys revoked with them', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const member = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    const key = await createApiKey(app, member.token, { name: 'leaves with its creator', scopes: ['usage:read'] });
    // The same role again changes nothing, and says nothing.
    await ok(
      app.request('PATCH', `/v1/members/${member.user_id}`, {
        token: owner.token,
        body: { role_id: BUILTIN_ROLE_IDS.admin },
      }),
    );
    expect(await stored(owner.tenant_id, 'member.role_changed')).toEqual([]);
    await ok(
      app.request('PATCH', `/v1/members/${member.user_id}`, {
        token: owner.token,
        body: { role_id: BUILTIN_ROLE_IDS.issuer },
      }),
    );
    expect(await onlyEvent(owner.tenant_id, 'member.role_changed')).toEqual({
      user_id: member.user_id,
      role: 'issuer',
      role_id: BUILTIN_ROLE_IDS.issuer,
      previous_role: 'admin',
      previous_role_id: BUILTIN_ROLE_IDS.admin,
    });
    const removed = await ok(app.request('DELETE', `/v1/members/${member.user_id}`, { token: owner.token }));
    const data = await onlyEvent(owner.tenant_id, 'member.removed');
    expect(data).toEqual({ user_id: member.user_id, role: 'issuer', role_id: BUILTIN_ROLE_IDS.issuer });
    expect(JSON.stringify(data)).not.toContain(removed.email);
    const revoked = await onlyEvent(owner.tenant_id, 'api_key.revoked');
    expect(revoked).toEqual({
      api_key_id: key.id,
      name: 'leaves with its creator',
      prefix: key.prefix,
      scopes: ['usage:read'],
      revoked_at: expect.any(String),
      reason: 'member_removed',
    });
    // Removing them again is a 404 and no second event.
    expect((await app.request('DELETE', `/v1/members/${member.user_id}`, { token: owner.token })).status).toBe(404);
    expect(await stored(owner.tenant_id, 'member.removed')).toHaveLength(1);
  });

  it('api_key.created and api_key.revoked: name, prefix and scopes, never the key or its hash', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const refused = await app.request('POST', '/v1/admin/api-keys', {
      token: owner.token,
      body: { name: 'bad', scopes: ['no:such'] },
    });
    expectError(refused, 400, 'unknown permission: no:such');
    expect(await stored(owner.tenant_id, 'api_key.created')).toEqual([]);

    const key = await createApiKey(app, owner.token, { name: 'ci', expires_at: '2030-01-01T00:00:00Z' });
    const created = await onlyEvent(owner.tenant_id, 'api_key.created');
    expect(created).toEqual({
      api_key_id: key.id,
      name: 'ci',
      prefix: key.prefix,
      scopes: null,
      created_by_user_id: owner.user_id,
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    const row = await app.database.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    for (const secret of [
      key.key,
      Buffer.from(row.keyHash).toString('hex'),
      Buffer.from(row.keyHash).toString('base64'),
    ]) {
      expect(JSON.stringify(created)).not.toContain(secret);
    }
    const revoked = await ok(app.request('DELETE', `/v1/admin/api-keys/${key.id}`, { token: owner.token }));
    expect(await onlyEvent(owner.tenant_id, 'api_key.revoked')).toEqual({
      api_key_id: key.id,
      name: 'ci',
      prefix: key.prefix,
      scopes: null,
      revoked_at: revoked.revoked_at,
      reason: 'revoked',
    });
    expect((await app.request('DELETE', `/v1/admin/api-keys/${key.id}`, { token: owner.token })).status).toBe(404);
    expect(await stored(owner.tenant_id, 'api_key.revoked')).toHaveLength(1);
  });
});

describe('GET /v1/events and GraphQL events', () => {
  let owner: RegisteredUser;
  let other: RegisteredUser;
  beforeAll(async () => {
    owner = await tenantOnPlan(app, 'startup'); // plan.changed
    const did = (await post(owner.token, '/v1/dids', {})).did;
    for (const name of ['a', 'b', 'c']) await createApiKey(app, owner.token, { name });
    await post(owner.token, '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: did, claims: { n: 1 } });
    other = await tenantOnPlan(app, 'startup');
    await createApiKey(app, other.token, { name: 'other tenant' });
  });

  it('lists the tenant’s events newest first, each as the envelope webhooks deliver, page by page', async () => {
    const rows = (await stored(owner.tenant_id)).reverse();
    expect(rows.length).toBe(6);
    const { items, pages } = await walkRestPages(app, '/v1/events', 'events', owner.token, 4);
    expect(pages).toBe(2);
    expect(items).toEqual(rows.map(toEventEnvelope));
    expectEachOnce(items.map((event) => event.id));

    const graphql = await walkGraphQLPages(app, 'events', 'events', 'id type tenantId createdAt data', owner.token, 5);
    expect(graphql.items.map((event) => event.id)).toEqual(rows.map((row) => row.id));
    expect(graphql.items[0]).toMatchObject({ type: 'credential_issued', tenantId: owner.tenant_id });
    await expectBadPageRequestsRefused(app, '/v1/events', owner.token);
  });

  it('filters by type', async () => {
    const page = await ok(app.request('GET', '/v1/events?type=api_key.created&limit=2', { token: owner.token }));
    expect(page.events.map((event: any) => event.data.name)).toEqual(['c', 'b']);
    const next = await ok(
      app.request('GET', `/v1/events?type=api_key.created&limit=2&cursor=${encodeURIComponent(page.next_cursor)}`, {
        token: owner.token,
      }),
    );
    expect(next).toEqual({ events: [expect.objectContaining({ type: 'api_key.created' })], next_cursor: null });
    expect(next.events[0].data.name).toBe('a');
    const graphql = await app.graphql('{ events(type: plan_changed) { events { type data } } }', {}, owner.token);
    expect(graphql.body).toEqual({
      data: { events: { events: [{ type: 'plan_changed', data: { plan: 'startup', previous_plan: 'developer' } }] } },
    });
  });

  it('refuses a type outside the catalogue: 400 unknown event type', async () => {
    expectError(
      await app.request('GET', '/v1/events?type=credential.exploded', { token: owner.token }),
      400,
      'unknown event type: credential.exploded',
    );
    const graphql = await app.graphql('{ events(type: credential_exploded) { nextCursor } }', {}, owner.token);
    expect(graphql.body.errors?.[0]?.message).toMatch(/credential_exploded/);
  });

  it('never lists another tenant’s events', async () => {
    const theirs = (await stored(other.tenant_id)).map((row) => row.id);
    expect(theirs.length).toBe(2);
    const rest = await app.request('GET', '/v1/events?limit=100', { token: owner.token });
    const graphql = await app.graphql('{ events(limit: 100) { events { id tenantId } } }', {}, owner.token);
    for (const text of [rest.text, graphql.text]) {
      for (const id of [...theirs, other.tenant_id]) expect(text).not.toContain(id);
    }
    // Nor with a cursor made from one of their events.
    const theirCursor = Buffer.from(`${new Date(Date.now() + 60_000).toISOString()}|${theirs[0]}`).toString(
      'base64url',
    );
    const page = await ok(app.request('GET', `/v1/events?cursor=${theirCursor}`, { token: owner.token }));
    expect(page.events.every((event: any) => event.tenant_id === owner.tenant_id)).toBe(true);
  });

  it('needs events:read', async () => {
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    expectError(
      await app.request('GET', '/v1/events', { token: viewer.token }),
      403,
      "role 'viewer' lacks permission: events:read",
    );
    expectError(await app.request('GET', '/v1/events'), 401, 'unauthorized');
  });
});

describe('who reads which events', () => {
  // A tenant whose log holds personal data: an invited email (member.invited) and a credential subject id
  // (credential.issued), beside plan, DID and API key events.
  let owner: RegisteredUser;
  const email = `reader-${uniqueSuffix()}@example.com`;
  const subject = `did:example:subject-${uniqueSuffix()}`;
  beforeAll(async () => {
    owner = await tenantOnPlan(app, 'business');
    const did = (await post(owner.token, '/v1/dids', {})).did;
    await post(owner.token, '/v1/members/invitations', { email, role_id: BUILTIN_ROLE_IDS.viewer });
    await post(owner.token, '/v1/credentials/issue', {
      format: 'jwt_vc_json',
      issuer: did,
      subject_id: subject,
      claims: { n: 1 },
    });
  });

  const listAll = (token: string) => ok(app.request('GET', '/v1/events?limit=100', { token }));
  const keyWith = async (scopes: string[]) => (await createApiKey(app, owner.token, { name: 'reader', scopes })).key;

  it('a key scoped to webhooks:manage alone reads no events, as it reads no members', async () => {
    const key = await keyWith(['webhooks:manage']);
    expectError(await app.request('GET', '/v1/members', { token: key }), 403, 'API key missing scope: members:list');
    const rest = await app.request('GET', '/v1/events', { token: key });
    expectError(rest, 403, 'API key missing scope: events:read');
    const graphql = await app.graphql('{ events { events { data } } }', {}, key);
    expect(graphql.body.errors?.[0]?.message).toBe('API key missing scope: events:read');
    for (const text of [rest.text, graphql.text]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain(subject);
    }
  });

  it('events:read shows only the types whose data the caller may read elsewhere', async () => {
    const withWebhooks = await listAll(await keyWith(['events:read', 'webhooks:manage']));
    expect(withWebhooks.events).toEqual([]);

    const members = await listAll(await keyWith(['events:read', 'members:list']));
    expect(members.events.map((event: any) => event.type)).toEqual(['member.invited']);
    expect(members.events[0].data.email).toBe(email);
    expect(JSON.stringify(members)).not.toContain(subject);

    const credentials = await listAll(await keyWith(['events:read', 'credentials:list']));
    expect(credentials.events.map((event: any) => event.type)).toEqual(['credential.issued']);
    expect(credentials.events[0].data.subject_id).toBe(subject);
    expect(JSON.stringify(credentials)).not.toContain(email);

    // The owner holds every permission: everything, api_key.created of the keys above included.
    const everything = await listAll(owner.token);
    expect(new Set(everything.events.map((event: any) => event.type))).toEqual(
      new Set(['plan.changed', 'did.created', 'member.invited', 'credential.issued', 'api_key.created']),
    );
  });

  it('GraphQL lists the same, and pages over the readable events only', async () => {
    const key = await keyWith(['events:read', 'dids:list', 'credentials:list']);
    const graphql = await app.graphql('{ events(limit: 1) { events { type } nextCursor } }', {}, key);
    expect(graphql.body.data.events.events).toEqual([{ type: 'credential_issued' }]);
    const next = await app.graphql(
      'query($cursor: String) { events(limit: 1, cursor: $cursor) { events { type } nextCursor } }',
      { cursor: graphql.body.data.events.nextCursor },
      key,
    );
    expect(next.body.data.events).toEqual({ events: [{ type: 'did_created' }], nextCursor: null });
  });

  it('asking for a type by name without its permission is a 403 naming that permission', async () => {
    const key = await keyWith(['events:read', 'credentials:list']);
    expectError(
      await app.request('GET', '/v1/events?type=member.invited', { token: key }),
      403,
      'API key missing scope: members:list',
    );
    const page = await listAll(key);
    expect(page.events).toHaveLength(1);
    const role = await ok(
      app.request('POST', '/v1/roles', {
        token: owner.token,
        body: { name: `event-reader-${uniqueSuffix()}`, permissions: ['events:read', 'dids:list'] },
      }),
    );
    const reader = await addMember(app, owner.token, role.id);
    expectError(
      await app.request('GET', '/v1/events?type=member.invited', { token: reader.token }),
      403,
      `role '${role.name}' lacks permission: members:list`,
    );
    const own = await ok(app.request('GET', '/v1/events?type=did.created', { token: reader.token }));
    expect(own.events.map((event: any) => event.type)).toEqual(['did.created']);
  });
});

describe('who subscribes a webhook to which events', () => {
  // A webhook is a reader of events too: subscribing one to a type takes the permission that reads its data,
  // or a key scoped to webhooks:manage alone could have member emails and subject ids delivered to a URL it owns.
  // Loopback URLs (nothing listens: no delivery is attempted), on an app that allows them.
  const receiver = 'http://127.0.0.1:9/events';
  let hooks: TestApp;
  beforeAll(async () => {
    hooks = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(() => hooks?.close());

  it('takes each subscribed type’s read permission, and every one of them for "*"', async () => {
    const owner = await tenantOnPlan(hooks, 'business');
    const key = (await createApiKey(hooks, owner.token, { name: 'hooks', scopes: ['webhooks:manage'] })).key;
    const subscribe = (events: string[]) =>
      hooks.request('POST', '/v1/webhooks', { token: key, body: { url: receiver, events } });
    const all = await subscribe(['*']);
    expectError(all, 403);
    expect(all.body.error).toMatch(/^API key missing scope: [a-z_]+:[a-z]+$/);
    expectError(await subscribe(['member.invited']), 403, 'API key missing scope: members:list');
    expectError(await subscribe(['webhook.test', 'credential.issued']), 403, 'API key missing scope: credentials:list');
    expect(await hooks.database.prisma.webhookEndpoint.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
    expect((await subscribe(['webhook.test'])).status).toBe(200);

    const graphql = await hooks.graphql(
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id } } }',
      { input: { url: receiver, events: ['member.invited'] } },
      key,
    );
    expect(graphql.body.errors?.[0]?.message).toBe('API key missing scope: members:list');
  });

  it('accepts the dashboard form’s first choice for a member who may not subscribe to every type', async () => {
    const owner = await tenantOnPlan(hooks, 'business');
    const scopes = ['webhooks:manage', 'credentials:list', 'dids:list'] as const;
    const key = (await createApiKey(hooks, owner.token, { name: 'hooks', scopes: [...scopes] })).key;
    const refused = unsubscribable(scopes);
    expect(allEventsNeeds(refused)).toContain('members:list');
    const events = selectionToEvents(initialSelection(refused));
    // Every type whose data the key may read, and no other.
    expect(events).toEqual(
      EVENT_TYPES.filter((type) => scopes.some((scope) => scope === EVENT_CATALOGUE[type].readPermission)),
    );
    expect(events).toEqual(expect.arrayContaining(['credential.issued', 'did.created', 'webhook.test']));
    expect(events).not.toContain('member.invited');
    const created = await hooks.request('POST', '/v1/webhooks', { token: key, body: { url: receiver, events } });
    expect(created.status, created.text).toBe(200);
  });

  it('takes them to point an endpoint that receives such types at another URL, or to widen what it receives', async () => {
    const owner = await tenantOnPlan(hooks, 'business');
    const everything = await ok(
      hooks.request('POST', '/v1/webhooks', { token: owner.token, body: { url: receiver, events: ['*'] } }),
    );
    const key = (await createApiKey(hooks, owner.token, { name: 'hooks', scopes: ['webhooks:manage'] })).key;
    const patch = (id: string, body: unknown) => hooks.request('PATCH', `/v1/webhooks/${id}`, { token: key, body });
    const moved = await patch(everything.id, { url: 'http://127.0.0.1:10/elsewhere' });
    expectError(moved, 403);
    expect(moved.body.error).toMatch(/^API key missing scope: /);
    expect((await patch(everything.id, { description: 'renamed' })).status).toBe(200);
    const narrow = await ok(
      hooks.request('POST', '/v1/webhooks', { token: owner.token, body: { url: receiver, events: ['webhook.test'] } }),
    );
    expectError(await patch(narrow.id, { events: ['member.invited'] }), 403, 'API key missing scope: members:list');
    expect((await patch(narrow.id, { url: 'http://127.0.0.1:11/other' })).status).toBe(200);
    const stored = await hooks.database.prisma.webhookEndpoint.findMany({ where: { tenantId: owner.tenant_id } });
    expect(stored.map((row) => [row.url, row.events]).sort()).toEqual([
      ['http://127.0.0.1:11/other', ['webhook.test']],
      [receiver, ['*']],
    ]);
  });
});

describe('the catalogue’s read permissions', () => {
  it('name a permission for every type, and the one of its area’s read endpoint for the personal ones', () => {
    for (const type of EVENT_TYPES) expect(isPermission(EVENT_CATALOGUE[type].readPermission), type).toBe(true);
    expect(EVENT_CATALOGUE['member.invited'].readPermission).toBe('members:list');
    expect(EVENT_CATALOGUE['credential.issued'].readPermission).toBe('credentials:list');
    expect(EVENT_CATALOGUE['compliance.subject.erased'].readPermission).toBe('compliance:manage');
  });
});
