// The tables that grow with traffic (credentials, outbox events, webhook deliveries, audit events) are keyed by
// UUID version 7, time first (migration 20261128090000_time_ordered_ids): new rows go to the right-hand edge of
// the primary key, not to a random leaf of it, which after each checkpoint cost a full page image per insert
// in the WAL. These ids are what API users see as a credential's or an event's id; they stay UUIDs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createApiKey, registerUser } from '../support/factories.js';

// RFC 9562 §5.7: 48 bits of Unix milliseconds, version 7, 12 random bits, variant 10, 62 random bits.
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondsOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('time-ordered ids', () => {
  it("names credentials, their events and the audit trail in time order, as the service's and the database's clock read", async () => {
    const owner = await registerUser(app);
    const created = await app.request('POST', '/v1/dids', { token: owner.token, body: { key_type: 'Ed25519' } });
    expect(created.status, created.text).toBe(200);
    const began = Date.now();
    const ids: string[] = [];
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      const issued = await app.request('POST', '/v1/credentials/issue', {
        token: owner.token,
        body: { format: 'jwt_vc_json', issuer: created.body.did, claims: { name } },
      });
      expect(issued.status, issued.text).toBe(200);
      ids.push(issued.body.id);
      // A millisecond apart at least, so that the three are ordered by their time, not by their random bits.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const revoked = await app.request('POST', `/v1/credentials/${ids[0]}/revoke`, { token: owner.token });
    expect(revoked.status, revoked.text).toBe(200);
    await createApiKey(app, owner.token, { name: 'audited' });
    const ended = Date.now();

    for (const id of ids) {
      expect(id).toMatch(UUID_V7);
      expect(millisecondsOf(id)).toBeGreaterThanOrEqual(began);
      expect(millisecondsOf(id)).toBeLessThanOrEqual(ended);
    }
    expect([...ids].sort()).toEqual(ids);

    // Named by the database (the column default): the same layout, from the same clock on this machine.
    const events = await app.database.prisma.outboxEvent.findMany({
      where: { tenantId: owner.tenant_id, type: { in: ['credential.issued', 'credential.revoked'] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(events.map((event) => event.type)).toEqual([
      'credential.issued',
      'credential.issued',
      'credential.issued',
      'credential.revoked',
    ]);
    for (const event of events) {
      expect(event.id).toMatch(UUID_V7);
      expect(Math.abs(millisecondsOf(event.id) - event.createdAt.getTime())).toBeLessThan(1_000);
    }
    const audit = await app.database.prisma.auditEvent.findMany({ where: { tenantId: owner.tenant_id } });
    expect(audit.length).toBeGreaterThan(0);
    for (const event of audit) expect(event.id).toMatch(UUID_V7);
  });

  it('has uuid_v7() give distinct version 7 ids that sort by the time they were made', async () => {
    const rows = await app.database.prisma.$queryRaw<{ id: string; at: Date }[]>`
      SELECT uuid_v7()::text AS id, clock_timestamp() AS at FROM generate_series(1, 500)`;
    expect(new Set(rows.map((row) => row.id)).size).toBe(500);
    for (const row of rows) {
      expect(row.id).toMatch(UUID_V7);
      // Its own call of clock_timestamp() comes a little before the row's.
      const lag = row.at.getTime() - millisecondsOf(row.id);
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(50);
    }
    const [later] = await app.database.prisma.$queryRaw<{ id: string }[]>`
      SELECT uuid_v7()::text AS id FROM pg_sleep(0.002)`;
    for (const row of rows) expect(row.id < later!.id).toBe(true);
  });
});
