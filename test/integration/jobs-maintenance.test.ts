// The service's purges run as recurring jobs of its job runner (src/modules/jobs/maintenance.jobs.ts): started
// with the server, they delete expired sessions and Idempotency-Keys when their time comes — driven here by a
// manual clock and direct runDue() calls instead of waiting an hour.
import { runAllDue as runAllDueJobs } from '../support/due-jobs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { recurringKey } from '../../src/modules/jobs/jobs.runner.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { TEST_KEY_ENCRYPTION_KEY } from '../support/harness.js';
import { newRegistration } from '../support/factories.js';
import { capturingLogger } from '../support/log-sink.js';
import { manualClock } from '../support/manual-clock.js';
import { privatePostgresDatabase, testDatabaseOptions, usingPostgres } from '../support/test-database.js';

const HOUR = 60 * 60 * 1000;
const clock = manualClock();
const startedAt = clock.now().getTime();

let running: RunningServer;
// On PostgreSQL, a database of this file's own: the purges are global jobs, and other files' servers would run
// them on the real clock between two steps here (seen in CI: an old event already gone, or a due job moved on).
let database: Awaited<ReturnType<typeof privatePostgresDatabase>> | undefined;
beforeAll(async () => {
  database = usingPostgres ? await privatePostgresDatabase() : undefined;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'test',
    KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
  });
  running = await startServer(config, capturingLogger([]), await testDatabaseOptions(database?.url), {
    clock,
    poll: false,
  });
});
afterAll(async () => {
  await running?.close();
  await database?.drop();
});

async function post(path: string, body: unknown) {
  const response = await fetch(running.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Every job due now, but for the kinds this file is not about. */
async function runAllDue() {
  return (await runAllDueJobs(running.jobs)).filter((outcome) => outcome.kind !== 'domains.recheck');
}

/** When the recurring job of `kind` runs next. */
async function nextRunOf(kind: string): Promise<Date> {
  const row = await running.database.prisma.job.findUnique({ where: { dedupeKey: recurringKey(kind) } });
  return row!.runAt;
}

describe('the purge jobs of the server', () => {
  it('are scheduled at start-up, one row each', async () => {
    const rows = await running.database.prisma.job.findMany({
      where: {
        dedupeKey: { in: ['sessions.purge', 'idempotency-keys.purge', 'jobs.purge', 'events.purge'].map(recurringKey) },
      },
    });
    expect(rows.map((row) => row.kind).sort()).toEqual([
      'events.purge',
      'idempotency-keys.purge',
      'jobs.purge',
      'sessions.purge',
    ]);
    expect(await nextRunOf('sessions.purge')).toEqual(new Date(startedAt + HOUR));
    expect(await nextRunOf('idempotency-keys.purge')).toEqual(new Date(startedAt + HOUR));
  });

  it('delete expired sessions and Idempotency-Keys when their time comes, and keep live ones', async () => {
    const { prisma } = running.database;
    const registration = newRegistration();
    const registered = await post('/v1/auth/register', registration);
    await post('/v1/auth/login', { email: registration.email, password: registration.password });
    const sessions = await prisma.session.findMany({
      where: { userId: registered.user_id },
      orderBy: { createdAt: 'asc' },
    });
    expect(sessions).toHaveLength(2);
    // The purges compare with the wall clock and the database's (src/modules/auth, src/modules/idempotency).
    await prisma.session.update({ where: { id: sessions[0]!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const idempotencyKey = (key: string, createdAt: Date) => ({
      tenantId: registered.tenant_id,
      key,
      requestHash: new Uint8Array(32),
      operation: 'createDid',
      leaseToken: crypto.randomUUID(),
      lockedUntil: createdAt,
      createdAt,
    });
    await prisma.idempotencyKey.createMany({
      data: [idempotencyKey('old', new Date(Date.now() - 25 * HOUR)), idempotencyKey('fresh', new Date())],
    });
    const left = async () => ({
      sessions: (await prisma.session.findMany({ where: { userId: registered.user_id } })).map((row) => row.id),
      keys: (await prisma.idempotencyKey.findMany({ where: { tenantId: registered.tenant_id } })).map((row) => row.key),
    });

    const sessionsDue = await nextRunOf('sessions.purge');
    const keysDue = await nextRunOf('idempotency-keys.purge');
    clock.set(new Date(Math.min(sessionsDue.getTime(), keysDue.getTime()) - 1));
    const early = await running.jobs.runDue();
    expect(early.map((outcome) => outcome.kind)).not.toContain('sessions.purge');
    expect(early.map((outcome) => outcome.kind)).not.toContain('idempotency-keys.purge');
    expect((await left()).sessions).toHaveLength(2);
    expect((await left()).keys.sort()).toEqual(['fresh', 'old']);

    clock.set(new Date(Math.max(sessionsDue.getTime(), keysDue.getTime())));
    const due = await runAllDue();
    expect(
      due
        .filter((outcome) => outcome.status === 'completed')
        .map((outcome) => outcome.kind)
        .sort(),
    ).toEqual(['idempotency-keys.purge', 'sessions.purge']);
    expect(await nextRunOf('sessions.purge')).toEqual(new Date(clock.now().getTime() + HOUR));
    expect(await left()).toEqual({ sessions: [sessions[1]!.id], keys: ['fresh'] });
  });

  it('delete events and finished webhook deliveries after 30 days, and keep younger ones and pending deliveries', async () => {
    const { prisma } = running.database;
    const registered = await post('/v1/auth/register', newRegistration());
    const tenantId = registered.tenant_id as string;
    const due = await nextRunOf('events.purge');
    const old = new Date(due.getTime() - 31 * 24 * HOUR);
    const young = new Date(due.getTime() - 29 * 24 * HOUR);
    const event = (publishedAt: Date) => ({
      tenantId,
      type: 'did.created',
      payload: {},
      createdAt: publishedAt,
      publishedAt,
    });
    const [oldEvent, youngEvent] = await Promise.all([
      prisma.outboxEvent.create({ data: event(old) }),
      prisma.outboxEvent.create({ data: event(young) }),
    ]);
    const endpoint = await prisma.webhookEndpoint.create({
      // Disabled: no dispatcher attempts its pending delivery.
      data: {
        tenantId,
        url: 'http://127.0.0.1:9/',
        host: '127.0.0.1',
        events: ['*'],
        enabled: false,
        secretCiphertext: new Uint8Array(1),
      },
    });
    const delivery = (state: string, completedAt: Date | null, eventId: string) => ({
      tenantId,
      endpointId: endpoint.id,
      eventId,
      eventType: 'did.created',
      state,
      completedAt,
      nextAttemptAt: state === 'pending' ? old : null,
    });
    await prisma.webhookDelivery.createMany({
      data: [
        delivery('succeeded', old, oldEvent.id),
        delivery('failed', young, youngEvent.id),
        delivery('pending', null, crypto.randomUUID()),
      ],
    });

    clock.set(due);
    await runAllDue();
    const events = await prisma.outboxEvent.findMany({ where: { tenantId, type: 'did.created' } });
    expect(events.map((row) => row.id)).toEqual([youngEvent.id]);
    const deliveries = await prisma.webhookDelivery.findMany({ where: { tenantId }, orderBy: { state: 'asc' } });
    expect(deliveries.map((row) => row.state)).toEqual(['failed', 'pending']);
  });
});
