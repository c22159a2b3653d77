// The audit log's hash chain: every event carries its tenant's seq, the previous event's hash and
// its own; GET /v1/admin/audit-log/verify (GraphQL auditLogVerification) walks the chain and names the first
// event that breaks it. Tampering is done as an attacker with database access would: in SQL.
import { createHash } from 'node:crypto';

import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditChainHead } from '../../src/modules/audit/audit.repository.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  registerUser,
  tenantOnPlan,
  type RegisteredUser,
} from '../support/factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const GENESIS = '0'.repeat(64);
const VERIFY_QUERY = `{ auditLogVerification { valid eventsChecked head { seq eventId hash createdAt }
  firstBreak { seq eventId reason expected found } } }`;

const verify = async (token: string) => {
  const response = await app.request('GET', '/v1/admin/audit-log/verify', { token });
  expect(response.status, response.text).toBe(200);
  expectSecurityHeaders(response.headers);
  return response.body;
};

const storedEvents = (tenantId: string) =>
  app.database.prisma.auditEvent.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } });

/** The hash as docs/access.md documents it, computed here from the stored row with the JCS library directly. */
function documentedHash(event: Awaited<ReturnType<typeof storedEvents>>[number]): string {
  const jcs = canonicalize as unknown as (value: unknown) => string;
  const record = {
    seq: event.seq,
    prev_hash: event.prevHash,
    tenant_id: event.tenantId,
    id: event.id,
    action: event.action,
    actor_user_id: event.actorUserId,
    actor_api_key_id: event.actorApiKeyId,
    target_type: event.targetType,
    target_id: event.targetId,
    details: event.details,
    request_id: event.requestId,
    created_at: event.createdAt.toISOString(),
  };
  return createHash('sha256').update(jcs(record), 'utf8').digest('hex');
}

/** A Business tenant (custom roles, room for members) with a few audited changes of different kinds. */
async function auditedTenant(): Promise<RegisteredUser> {
  const owner = await tenantOnPlan(app, 'business'); // auth.registered, plan.changed
  const role = await app.request('POST', '/v1/roles', {
    token: owner.token,
    body: { name: 'auditor', description: 'reads the log', permissions: ['audit:read'] },
  });
  expect(role.status, role.text).toBe(200); // role.created
  await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer); // member.invited, invitation.accepted
  const key = await createApiKey(app, owner.token, { name: 'ci', scopes: ['credentials:issue'] }); // api_key.created
  const revoked = await app.request('DELETE', `/v1/admin/api-keys/${key.id}`, { token: owner.token });
  expect(revoked.status, revoked.text).toBe(200); // api_key.revoked
  return owner;
}

describe('a tenant’s audit chain', () => {
  it('starts with the sign-up that made the tenant', async () => {
    const owner = await registerUser(app);
    const [first] = await storedEvents(owner.tenant_id);
    expect(first).toMatchObject({ seq: 1, prevHash: GENESIS, action: 'auth.registered' });
    expect(await verify(owner.token)).toEqual({
      valid: true,
      events_checked: 1,
      head: { seq: 1, event_id: first!.id, hash: first!.hash, created_at: first!.createdAt.toISOString() },
      first_break: null,
    });
    expect(await auditChainHead(app.database.prisma, owner.tenant_id)).toMatchObject({ seq: 1, eventId: first!.id });
  });

  it('links every audited change: seq 1…n, each prev_hash the hash before, each hash as documented', async () => {
    const owner = await auditedTenant();
    const events = await storedEvents(owner.tenant_id);
    expect(events.map((e) => e.action)).toEqual([
      'auth.registered',
      'plan.changed',
      'role.created',
      'member.invited',
      'invitation.accepted',
      'api_key.created',
      'api_key.revoked',
    ]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    events.forEach((event, i) => {
      expect(event.prevHash).toBe(i === 0 ? GENESIS : events[i - 1]!.hash);
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(event.hash).toBe(documentedHash(event));
    });

    const last = events.at(-1)!;
    expect(await verify(owner.token)).toEqual({
      valid: true,
      events_checked: 7,
      head: { seq: 7, event_id: last.id, hash: last.hash, created_at: last.createdAt.toISOString() },
      first_break: null,
    });
    expect(await auditChainHead(app.database.prisma, owner.tenant_id)).toEqual({
      seq: 7,
      eventId: last.id,
      hash: last.hash,
      createdAt: last.createdAt,
    });
  });

  it('shows seq, prev_hash and hash in the audit log, over REST and GraphQL', async () => {
    const owner = await auditedTenant();
    const stored = await storedEvents(owner.tenant_id);
    const rest = await app.request('GET', '/v1/admin/audit-log?limit=100', { token: owner.token });
    expect(rest.status, rest.text).toBe(200);
    const chainOf = (events: any[], prev: string) =>
      events.map((e) => ({ id: e.id, seq: e.seq, prev: e[prev], hash: e.hash })).sort((x, y) => x.seq - y.seq);
    const expected = stored.map((e) => ({ id: e.id, seq: e.seq, prev: e.prevHash, hash: e.hash }));
    expect(chainOf(rest.body.events, 'prev_hash')).toEqual(expected);

    const graphql = await app.graphql('{ auditLog(limit: 100) { events { id seq prevHash hash } } }', {}, owner.token);
    expect(graphql.body.errors, graphql.text).toBeUndefined();
    expect(chainOf(graphql.body.data.auditLog.events, 'prevHash')).toEqual(expected);
  });

  it('does not fork under concurrent writes: 10 API keys created at once take seq 3…12', async () => {
    const owner = await tenantOnPlan(app, 'enterprise'); // auth.registered and plan.changed are seq 1 and 2
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createApiKey(app, owner.token, { name: `parallel ${i}` })),
    );
    const events = await storedEvents(owner.tenant_id);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(
      events
        .slice(2)
        .map((e) => e.targetId)
        .sort(),
    ).toEqual(created.map((k) => k.id).sort());
    const result = await verify(owner.token);
    expect(result).toMatchObject({ valid: true, events_checked: 12, head: { seq: 12 }, first_break: null });
  });

  it('is one chain per tenant: two tenants each start at seq 1 from the genesis value', async () => {
    const [a, b] = await Promise.all([auditedTenant(), tenantOnPlan(app, 'startup')]);
    await createApiKey(app, b.token, { name: 'b' });
    const [eventsA, eventsB] = await Promise.all([storedEvents(a.tenant_id), storedEvents(b.tenant_id)]);
    expect(eventsB.map((e) => [e.seq, e.action])).toEqual([
      [1, 'auth.registered'],
      [2, 'plan.changed'],
      [3, 'api_key.created'],
    ]);
    expect(eventsA[0]!.prevHash).toBe(GENESIS);
    expect(eventsB[0]!.prevHash).toBe(GENESIS);
    expect(await verify(b.token)).toMatchObject({ valid: true, events_checked: 3 });

    // Breaking A's chain leaves B's intact.
    await app.database.prisma.$executeRaw`
      UPDATE audit_events SET action = 'api_key.created' WHERE tenant_id = ${a.tenant_id}::uuid AND seq = 1`;
    expect(await verify(a.token)).toMatchObject({ valid: false, first_break: { seq: 1, reason: 'hash_mismatch' } });
    expect(await verify(b.token)).toMatchObject({ valid: true, events_checked: 3 });
  });
});

describe('tampering with the audit log in the database', () => {
  it('an edited details field: hash_mismatch at exactly that event', async () => {
    const owner = await auditedTenant();
    const events = await storedEvents(owner.tenant_id);
    const edited = events[3]!; // seq 4
    await app.database.prisma.$executeRaw`
      UPDATE audit_events SET details = jsonb_set(details, '{role}', '"owner"')
      WHERE tenant_id = ${owner.tenant_id}::uuid AND id = ${edited.id}::uuid`;
    const [after] = (await storedEvents(owner.tenant_id)).filter((e) => e.id === edited.id);
    const last = events.at(-1)!;
    expect(await verify(owner.token)).toEqual({
      valid: false,
      events_checked: 4,
      head: { seq: 7, event_id: last.id, hash: last.hash, created_at: last.createdAt.toISOString() },
      first_break: {
        seq: 4,
        event_id: edited.id,
        reason: 'hash_mismatch',
        expected: documentedHash(after!),
        found: edited.hash,
      },
    });
  });

  it('an edited action: hash_mismatch at that event', async () => {
    const owner = await auditedTenant();
    const edited = (await storedEvents(owner.tenant_id))[6]!;
    await app.database.prisma.$executeRaw`
      UPDATE audit_events SET action = 'api_key.created' WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 7`;
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      events_checked: 7,
      first_break: { seq: 7, event_id: edited.id, reason: 'hash_mismatch', found: edited.hash },
    });
  });

  it('an edited event whose hash was recomputed too: prev_hash_mismatch at the next event', async () => {
    const owner = await auditedTenant();
    const events = await storedEvents(owner.tenant_id);
    const edited = { ...events[1]!, details: { name: 'innocent', permissions: [] } };
    const forged = documentedHash(edited);
    await app.database.prisma.$executeRaw`
      UPDATE audit_events SET details = ${JSON.stringify(edited.details)}::jsonb, hash = ${forged}
      WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 2`;
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      events_checked: 3,
      first_break: {
        seq: 3,
        event_id: events[2]!.id,
        reason: 'prev_hash_mismatch',
        expected: forged,
        found: events[1]!.hash,
      },
    });
  });

  it('a deleted event: sequence_gap at the event after it', async () => {
    const owner = await auditedTenant();
    const events = await storedEvents(owner.tenant_id);
    await app.database.prisma.$executeRaw`
      DELETE FROM audit_events WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 3`;
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      events_checked: 3,
      first_break: { seq: 4, event_id: events[3]!.id, reason: 'sequence_gap', expected: '3', found: '4' },
    });
  });

  it('the first event deleted: sequence_gap at seq 2', async () => {
    const owner = await auditedTenant();
    const events = await storedEvents(owner.tenant_id);
    await app.database.prisma.$executeRaw`
      DELETE FROM audit_events WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 1`;
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      events_checked: 1,
      first_break: { seq: 2, event_id: events[1]!.id, reason: 'sequence_gap', expected: '1', found: '2' },
    });
  });

  it('the newest event deleted: head_mismatch naming the missing event', async () => {
    const owner = await auditedTenant();
    const events = await storedEvents(owner.tenant_id);
    const [deleted, before] = [events[6]!, events[5]!];
    await app.database.prisma.$executeRaw`
      DELETE FROM audit_events WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 7`;
    expect(await verify(owner.token)).toEqual({
      valid: false,
      events_checked: 6,
      head: { seq: 6, event_id: before.id, hash: before.hash, created_at: before.createdAt.toISOString() },
      first_break: {
        seq: 7,
        event_id: deleted.id,
        reason: 'head_mismatch',
        expected: deleted.hash,
        found: before.hash,
      },
    });
  });

  it('GraphQL auditLogVerification answers as REST does', async () => {
    const owner = await auditedTenant();
    await app.database.prisma.$executeRaw`
      UPDATE audit_events SET target_id = 'someone else' WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 5`;
    const rest = await verify(owner.token);
    const graphql = await app.graphql(VERIFY_QUERY, {}, owner.token);
    expect(graphql.body.errors, graphql.text).toBeUndefined();
    const answer = graphql.body.data.auditLogVerification;
    expect(answer).toEqual({
      valid: false,
      eventsChecked: 5,
      head: { seq: 7, eventId: rest.head.event_id, hash: rest.head.hash, createdAt: rest.head.created_at },
      firstBreak: {
        seq: 5,
        eventId: rest.first_break.event_id,
        reason: 'hash_mismatch',
        expected: rest.first_break.expected,
        found: rest.first_break.found,
      },
    });
  });
});

describe('who may verify', () => {
  it('a viewer is refused with 403 over REST and GraphQL; an unauthenticated caller with 401', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    const message = "role 'viewer' lacks permission: audit:read";
    expectError(await app.request('GET', '/v1/admin/audit-log/verify', { token: viewer.token }), 403, message);
    const graphql = await app.graphql(VERIFY_QUERY, {}, viewer.token);
    expect(graphql.body.data).toBeNull();
    expect(graphql.body.errors[0]).toMatchObject({ message, extensions: { status: 403 } });
    expectError(await app.request('GET', '/v1/admin/audit-log/verify'), 401);
  });
});
