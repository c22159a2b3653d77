// Issues that arrive together share one call of issue_credentials() (credentials.repository.ts): each still gets
// the outcome it would get alone — the quota counted credential by credential, a deactivated issuer refused, an
// idempotency lease honoured or found lost — and one credential's error costs the others nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSql } from '../../src/db/database.js';
import {
  createCredentialWriter,
  type IssueOutcome,
  type NewCredential,
} from '../../src/modules/credentials/credentials.repository.js';
import { usageMonth } from '../../src/modules/plans/plans.js';
import { groupedAuditEntry } from '../../src/modules/audit/audit.repository.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { usingPostgres } from '../support/test-database.js';
import { auditEntries } from '../support/rows.js';
import { auditJobs, chainPendingAudit } from '../../src/modules/audit/audit-pending.js';
import { systemClock } from '../../src/modules/jobs/clock.js';
import type { JobContext } from '../../src/modules/jobs/jobs.runner.js';
import { capturingLogger } from '../support/log-sink.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** The real statement, counting the credentials each call carried. */
function countingBatches() {
  const sizes: number[] = [];
  const sql: PreparedSql = (name, text, values) => {
    sizes.push((JSON.parse(values[0] as string) as unknown[]).length);
    return app.database.lockingSql(name, text, values);
  };
  return { sql, sizes };
}

async function issuer(owner: RegisteredUser) {
  const created = await app.request('POST', '/v1/dids', { token: owner.token, body: { key_type: 'Ed25519' } });
  expect(created.status, created.text).toBe(200);
  const row = await app.database.prisma.did.findFirstOrThrow({ where: { did: created.body.did } });
  return { didId: row.id, tenantId: owner.tenant_id };
}

/** A credential of `did` with a status slot of its own, as the service would hand it to the writer. */
async function credentialOf(
  did: { didId: string; tenantId: string },
  monthlyLimit: number | null,
  extra: Partial<NewCredential> = {},
): Promise<NewCredential> {
  const slot = await app.services.statusLists.allocate(did.tenantId, did.didId, 'bitstring');
  const id = randomUUID();
  const issuedAt = new Date();
  return {
    id,
    tenantId: did.tenantId,
    issuerDidId: did.didId,
    format: 'jwt_vc_json',
    credentialType: 'BatchTest',
    subjectId: null,
    statusListId: slot.listId,
    statusIndex: slot.index,
    credential: `credential ${id}`,
    claimNames: ['n'],
    exposedClaims: ['n'],
    issuedAt,
    expiresAt: null,
    month: usageMonth(),
    monthlyLimit,
    event: { credential_id: id } as NewCredential['event'],
    idempotency: null,
    audit: groupedAuditEntry(
      { tenantId: did.tenantId, actorUserId: null, actorApiKeyId: null, requestId: null },
      { action: 'credential.issued', targetType: 'credential', targetId: id },
      issuedAt,
    ),
    ...extra,
  };
}

const counted = async (tenantId: string) =>
  (
    await app.database.prisma.usageCounter.aggregate({
      where: { tenantId, month: usageMonth() },
      _sum: { credentialsIssued: true },
    })
  )._sum.credentialsIssued ?? 0;

/** The entries the issue statement left waiting for the chain (src/modules/audit/audit-pending.ts). */
const waitingAudit = async (tenantId: string) =>
  (await app.database.prisma.auditPendingEntry.findMany({ where: { tenantId } })).map(
    (row) => (row.entry as { target_id: string }).target_id,
  );

/** The tenant's chained credential.issued entries, once what waits has joined the chain. */
const issuedAudit = async (tenantId: string) => {
  await chainPendingAudit(app.database.prisma, tenantId);
  return auditEntries(
    await app.database.prisma.auditEvent.findMany({
      where: { tenantId, action: 'credential.issued' },
      orderBy: { seq: 'asc' },
    }),
  );
};

const stored = (tenantId: string) => app.database.prisma.credential.findMany({ where: { tenantId } });

describe('issue batches', () => {
  it('gives each credential of a batch its own outcome: quota, deactivated issuer, idempotency lease', async () => {
    const limited = await issuer(await tenantOnPlan(app, 'developer')); // 100 a month
    const unlimited = await issuer(await tenantOnPlan(app, 'enterprise'));
    const deactivatedOwner = await tenantOnPlan(app, 'enterprise');
    const deactivated = await issuer(deactivatedOwner);
    await app.database.prisma.did.update({ where: { id: deactivated.didId }, data: { deactivatedAt: new Date() } });
    await app.database.prisma.usageCounter.create({
      data: { tenantId: limited.tenantId, month: usageMonth(), shard: 0, credentialsIssued: 97 },
    });
    const leases = await Promise.all(
      [0, 1].map(async () => {
        const begun = await app.services.idempotency.begin({
          tenantId: unlimited.tenantId,
          key: randomUUID(),
          operation: 'issueCredential',
          args: {},
          caller: 'test',
        });
        if (begun.kind !== 'execute') throw new Error('expected to hold the key');
        return begun.slot;
      }),
    );
    const [held, lost] = leases as [(typeof leases)[0], (typeof leases)[0]];

    const { sql, sizes } = countingBatches();
    const writer = createCredentialWriter(sql, { batchesInFlight: 1 });
    // The first goes alone; the rest arrive while it is in flight and go together once it is back.
    const first = await credentialOf(limited, 100);
    const together = [
      ...(await Promise.all([0, 1, 2].map(() => credentialOf(limited, 100)))),
      ...(await Promise.all([0, 1].map(() => credentialOf(unlimited, null)))),
      await credentialOf(deactivated, null),
      await credentialOf(unlimited, null, {
        idempotency: { id: held.id, leaseToken: held.leaseToken, response: new Uint8Array([1, 2, 3]) },
      }),
      await credentialOf(unlimited, null, {
        idempotency: { id: lost.id, leaseToken: randomUUID(), response: new Uint8Array([4]) },
      }),
    ];
    const outcomes = await Promise.all([first, ...together].map((credential) => writer.insertWithinQuota(credential)));
    expect(sizes).toEqual([1, together.length]);

    const inserted = (outcome: IssueOutcome) => outcome.inserted;
    // 97 + the first + two of the batch's three reach the limit of 100; the third is refused.
    expect(outcomes.slice(0, 4).map(inserted)).toEqual([true, true, true, false]);
    expect(await counted(limited.tenantId)).toBe(100);
    expect((await stored(limited.tenantId)).map((row) => row.id).sort()).toEqual(
      [first, ...together.slice(0, 2)].map((credential) => credential.id).sort(),
    );
    // Unlimited: both issued; the deactivated issuer's refused, its tenant charged nothing.
    expect(outcomes.slice(4, 6).map(inserted)).toEqual([true, true]);
    expect(outcomes[6]).toEqual({ inserted: false, leaseHeld: true });
    expect(await counted(deactivated.tenantId)).toBe(0);
    expect(await stored(deactivated.tenantId)).toEqual([]);
    // The held lease completes with its credential; the lost one writes nothing.
    expect(outcomes[7]).toEqual({ inserted: true, leaseHeld: true });
    expect(outcomes[8]).toEqual({ inserted: false, leaseHeld: false });
    const heldRow = await app.database.prisma.idempotencyKey.findUniqueOrThrow({ where: { id: held.id } });
    expect(heldRow.resourceId).toBe(together[6]!.id);
    expect(heldRow.completedAt).not.toBeNull();
    expect(Buffer.from(heldRow.response!)).toEqual(Buffer.from([1, 2, 3]));
    const lostRow = await app.database.prisma.idempotencyKey.findUniqueOrThrow({ where: { id: lost.id } });
    expect(lostRow.completedAt).toBeNull();
    expect(await counted(unlimited.tenantId)).toBe(3);
    expect((await stored(unlimited.tenantId)).map((row) => row.id).sort()).toEqual(
      [together[3]!, together[4]!, together[6]!].map((credential) => credential.id).sort(),
    );
    expect(
      await app.database.prisma.outboxEvent.count({
        where: { tenantId: { in: [limited.tenantId, unlimited.tenantId] }, type: 'credential.issued' },
      }),
    ).toBe(6);
    // The batch left each tenant's issued credentials' entries to be chained, nothing for those refused; chained,
    // they are the tenant's credential.issued entries.
    for (const [tenant, ids] of [
      [limited, [first, ...together.slice(0, 2)].map((credential) => credential.id)],
      [unlimited, [together[3]!, together[4]!, together[6]!].map((credential) => credential.id)],
      [deactivated, []],
    ] as const) {
      expect((await issuedAudit(tenant.tenantId)).map((event) => event.targetId).sort()).toEqual([...ids].sort());
      expect(await app.services.audit.verifyTenantChain(tenant.tenantId)).toMatchObject({ valid: true });
    }
  });

  it('rolls a failed batch back and runs its credentials alone: only the one at fault fails', async () => {
    const unlimited = await issuer(await tenantOnPlan(app, 'enterprise'));
    const { sql, sizes } = countingBatches();
    const writer = createCredentialWriter(sql, { batchesInFlight: 1 });
    const earlier = await credentialOf(unlimited, null);
    expect(await writer.insertWithinQuota(earlier)).toEqual({ inserted: true, leaseHeld: true });
    const blocker = await credentialOf(unlimited, null);
    // The same id as a stored credential: the insert's unique key refuses it, and with it the whole batch.
    const faulty = { ...(await credentialOf(unlimited, null)), id: earlier.id };
    const good = await Promise.all([0, 1, 2].map(() => credentialOf(unlimited, null)));
    const settled = await Promise.allSettled(
      [blocker, good[0]!, faulty, good[1]!, good[2]!].map((credential) => writer.insertWithinQuota(credential)),
    );
    // [earlier], [blocker], the batch of four (refused), then each of the four alone.
    expect(sizes).toEqual([1, 1, 4, 1, 1, 1, 1]);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({
      message: expect.stringMatching(/duplicate key/),
    });
    expect((await stored(unlimited.tenantId)).map((row) => row.id).sort()).toEqual(
      [earlier, blocker, ...good].map((credential) => credential.id).sort(),
    );
    expect(await counted(unlimited.tenantId)).toBe(5);
    expect(
      await app.database.prisma.outboxEvent.count({
        where: { tenantId: unlimited.tenantId, type: 'credential.issued' },
      }),
    ).toBe(5);
    // The refused batch's audit entries went with it; those run alone again were chained once each.
    expect((await issuedAudit(unlimited.tenantId)).map((event) => event.targetId).sort()).toEqual(
      [earlier, blocker, ...good].map((credential) => credential.id).sort(),
    );
    expect(await app.services.audit.verifyTenantChain(unlimited.tenantId)).toMatchObject({ valid: true });
  });

  it('leaves entries a writer did not chain to the recurring job: one group per tenant, in issue order', async () => {
    const [one, two] = await Promise.all([0, 1].map(async () => issuer(await tenantOnPlan(app, 'enterprise'))));
    // A writer of its own, as an instance that stopped before chaining would leave them.
    const writer = createCredentialWriter(app.database.lockingSql, { batchesInFlight: 1 });
    const credentials = [
      ...(await Promise.all([0, 1, 2].map(() => credentialOf(one!, null)))),
      ...(await Promise.all([0, 1].map(() => credentialOf(two!, null)))),
    ];
    for (const credential of credentials) await writer.insertWithinQuota(credential);
    // On PostgreSQL another file's instance may chain them first (every instance chains what waits): one group or
    // more then, the same entries.
    if (!usingPostgres) {
      expect([...(await waitingAudit(one!.tenantId)), ...(await waitingAudit(two!.tenantId))].sort()).toEqual(
        credentials.map((credential) => credential.id).sort(),
      );
    }
    const lines: string[] = [];
    await auditJobs({ db: app.database.prisma })['audit.chain'].run(
      {},
      // The runner hands the claimed row too; the handler does not read it.
      { clock: systemClock, log: capturingLogger(lines) } as JobContext,
    );
    expect(await waitingAudit(one!.tenantId)).toEqual([]);
    expect(await waitingAudit(two!.tenantId)).toEqual([]);
    if (!usingPostgres) expect(lines.join('\n')).toContain('waiting audit entries chained');
    for (const [tenant, ids] of [
      [one!, credentials.slice(0, 3).map((credential) => credential.id)],
      [two!, credentials.slice(3).map((credential) => credential.id)],
    ] as const) {
      const groups = await app.database.prisma.auditEvent.findMany({
        where: { tenantId: tenant.tenantId, action: 'credential.issued' },
      });
      if (!usingPostgres) expect(groups.map((group) => group.groupSize)).toEqual([ids.length]);
      type Entry = { id: string; target_id: string; created_at: string };
      const entries = groups.flatMap((group) => (group.details as { entries: Entry[] }).entries);
      expect(entries.map((entry) => entry.target_id).sort()).toEqual([...ids].sort());
      // Each group in the order its entries were issued (their ids are UUIDv7), its time that of its newest.
      for (const group of groups) {
        const own = (group.details as { entries: Entry[] }).entries;
        expect(own.map((entry) => entry.id)).toEqual(own.map((entry) => entry.id).sort());
        expect(group.createdAt.toISOString()).toBe(own.at(-1)!.created_at);
      }
      expect(await app.services.audit.verifyTenantChain(tenant.tenantId)).toMatchObject({ valid: true });
    }
  });
});
