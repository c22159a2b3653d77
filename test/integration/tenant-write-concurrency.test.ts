// One tenant's writes at once: ten clients creating DIDs, custom domains, API keys, invitations and trust
// attestations together. Each of these transactions locks the tenant's row, the audit chain's head, or both;
// taken in one order (src/db/transactions.ts) they queue instead of deadlocking, and a transaction PostgreSQL
// still aborts (40P01, 40001) is run again. The client sees no 5xx, everything answered 2xx is stored, and the
// audit chain still verifies. On PGlite (one connection) the same mix runs one transaction at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, type HttpResult, type TestApp } from '../support/harness.js';
import { BUILTIN_ROLE_IDS, tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';

const CLIENTS = 10;
/** Rounds per client; a round is one write of each kind: 10 × 8 × 5 = 400 writes. */
const ROUNDS = 8;

let app: TestApp;
let owner: RegisteredUser;
let attester: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'enterprise');
  const did = await app.request('POST', '/v1/dids', { token: owner.token, body: {} });
  expect(did.status, did.text).toBe(200);
  attester = did.body.did;
});
afterAll(() => app?.close());

type Write = { kind: 'did' | 'domain' | 'api_key' | 'invitation' | 'attestation'; response: HttpResult };

async function client(index: number): Promise<Write[]> {
  const writes: Write[] = [];
  const post = async (kind: Write['kind'], path: string, body: unknown) => {
    writes.push({ kind, response: await app.request('POST', path, { token: owner.token, body }) });
  };
  for (let round = 0; round < ROUNDS; round++) {
    const tag = `${index}-${round}-${uniqueSuffix()}`;
    await Promise.all([
      post('did', '/v1/dids', {}),
      post('domain', '/v1/domains', { domain: `c-${tag}.example.com` }),
      post('api_key', '/v1/admin/api-keys', { name: `key ${tag}` }),
      post('invitation', '/v1/members/invitations', {
        email: `i-${tag}@example.com`,
        role_id: BUILTIN_ROLE_IDS.viewer,
      }),
      post('attestation', '/v1/trust/attestations', {
        attester_did: attester,
        subject_did: `did:example:${tag}`,
        score: 70,
        weight: 0.5,
        assurance_level: 'substantial',
      }),
    ]);
  }
  return writes;
}

describe('concurrent writes of one tenant', () => {
  it('answer no 5xx, store every write answered 2xx, and leave the audit chain verifiable', async () => {
    const writes = (await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))).flat();
    expect(writes).toHaveLength(CLIENTS * ROUNDS * 5);
    const failures = writes
      .filter((write) => write.response.status >= 500)
      .map((write) => `${write.kind}: ${write.response.status} ${write.response.text}`);
    expect(failures).toEqual([]);
    // On this plan nothing is refused: every write is a 200.
    expect(writes.filter((write) => write.response.status !== 200).map((write) => write.response.text)).toEqual([]);

    const ok = (kind: Write['kind']) =>
      writes.filter((write) => write.kind === kind).map((write) => write.response.body);
    const { prisma } = app.database;
    const tenantId = owner.tenant_id;
    const stored = {
      did: await prisma.did.count({ where: { tenantId, did: { in: ok('did').map((body) => body.did) } } }),
      domain: await prisma.customDomain.count({ where: { tenantId, id: { in: ok('domain').map((body) => body.id) } } }),
      api_key: await prisma.apiKey.count({ where: { tenantId, id: { in: ok('api_key').map((body) => body.id) } } }),
      invitation: await prisma.invitation.count({
        where: { tenantId, id: { in: ok('invitation').map((body) => body.id) } },
      }),
      attestation: await prisma.trustAttestation.count({
        where: { tenantId, id: { in: ok('attestation').map((body) => body.id) } },
      }),
    };
    const each = CLIENTS * ROUNDS;
    expect(stored).toEqual({ did: each, domain: each, api_key: each, invitation: each, attestation: each });

    // Every audited write has its entry, once.
    const audited = await prisma.auditEvent.groupBy({
      by: ['action'],
      where: {
        tenantId,
        action: { in: ['domain.added', 'api_key.created', 'member.invited', 'trust.attestation.created'] },
      },
      _count: { _all: true },
    });
    expect(Object.fromEntries(audited.map((row) => [row.action, row._count._all]))).toEqual({
      'domain.added': each,
      'api_key.created': each,
      'member.invited': each,
      'trust.attestation.created': each,
    });

    const verification = await app.request('GET', '/v1/admin/audit-log/verify', { token: owner.token });
    expect(verification.status, verification.text).toBe(200);
    expect(verification.body.valid, verification.text).toBe(true);
  }, 180_000);
});

describe.runIf(usingPostgres)('a transaction PostgreSQL aborts for a deadlock', () => {
  it('is run again and commits, as does the one it deadlocked with', async () => {
    const [a, b] = await Promise.all([tenantOnPlan(app, 'developer'), tenantOnPlan(app, 'developer')]);
    const { prisma } = app.database;
    let attempts = 0;
    // Two transactions lock the same two rows in opposite orders, each waiting for the other to hold its first.
    const held: Array<() => void> = [];
    const bothHold = Promise.all([0, 1].map((index) => new Promise<void>((resolve) => (held[index] = resolve))));
    const crossing = (index: number, first: string, second: string) =>
      prisma.$transaction(async (tx) => {
        attempts++;
        await tx.$queryRaw`SELECT id FROM tenants WHERE id = ${first}::uuid FOR NO KEY UPDATE`;
        held[index]!();
        await bothHold;
        await tx.$queryRaw`SELECT id FROM tenants WHERE id = ${second}::uuid FOR NO KEY UPDATE`;
        return index;
      });
    const results = await Promise.all([crossing(0, a.tenant_id, b.tenant_id), crossing(1, b.tenant_id, a.tenant_id)]);
    expect(results).toEqual([0, 1]);
    // PostgreSQL broke the deadlock by aborting one of them, which ran a second time.
    expect(attempts).toBe(3);
  }, 30_000);
});
