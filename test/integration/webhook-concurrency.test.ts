// How many connections the service holds open to a receiver at once: an endpoint's test sends and replays
// count against the same per-endpoint slots as its scheduled deliveries, and one tenant's endpoints on one
// host share a per-host cap (WEBHOOK_MAX_CONNECTIONS_PER_HOST), so an event fanned out to many endpoints of
// one host does not open a connection per endpoint at once. Real receivers on loopback that hold every
// request and count how many are open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, type TestApp } from '../support/harness.js';
import { privatePostgresDatabase } from '../support/test-database.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const PER_ENDPOINT = 2;
const PER_HOST = 3;
/** Endpoints on one host, each subscribed to the event: three times the host's cap, so its slots turn over. */
const ENDPOINTS = 9;
/** How long a held attempt lasts: the fan-out takes ENDPOINTS / PER_HOST of them. */
const ATTEMPT_TIMEOUT_MS = 1_500;
const SLOTS_FULL = 'too many deliveries to this endpoint or its host are in progress; try again shortly';

const receivers: Receiver[] = [];
async function holdingReceiver() {
  const receiver = await startReceiver(() => 'hang');
  receivers.push(receiver);
  return receiver;
}

let app: TestApp;
let owner: RegisteredUser;
// On PostgreSQL, a database of its own: another file's dispatcher (with its own caps) would claim these deliveries.
let database: Awaited<ReturnType<typeof privatePostgresDatabase>> | undefined;
beforeAll(async () => {
  database = usingPostgres ? await privatePostgresDatabase() : undefined;
  app = await startTestApp({
    databaseUrl: database?.url,
    env: {
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_MAX_CONNECTIONS_PER_ENDPOINT: String(PER_ENDPOINT),
      WEBHOOK_MAX_CONNECTIONS_PER_HOST: String(PER_HOST),
    },
    background: { webhookAttemptTimeoutMs: ATTEMPT_TIMEOUT_MS },
  });
  owner = await tenantOnPlan(app, 'enterprise');
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await app?.close();
  await database?.drop();
});

const call = (method: string, path: string, body?: unknown) => app.request(method, path, { token: owner.token, body });
async function subscribe(url: string) {
  const created = await call('POST', '/v1/webhooks', { url, events: ['did.created'] });
  expect(created.status, created.text).toBe(200);
  return created.body as { id: string };
}

describe('test sends and replays', () => {
  it('take the endpoint’s slots: of 20 at once, no more than the cap are open together and the rest get 429, writing nothing', async () => {
    const hooks = await holdingReceiver();
    const endpoint = await subscribe(hooks.url);
    const eventsBefore = await app.database.prisma.outboxEvent.count({ where: { tenantId: owner.tenant_id } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/v1/webhooks/${endpoint.id}/test`)),
    );
    expect(hooks.maxOpen).toBe(PER_ENDPOINT);
    const attempted = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    // Held attempts end at their timeout, freeing their slots: a slow burst may see a few more attempted.
    expect(attempted.length).toBeGreaterThanOrEqual(PER_ENDPOINT);
    expect(refused.length).toBeGreaterThan(0);
    for (const result of attempted) expect(result.body.attempt).toMatchObject({ ok: false });
    for (const result of refused) {
      expectError(result, 429, SLOTS_FULL);
      expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // A refused test leaves neither an event nor a delivery behind.
    const deliveries = await app.database.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } });
    expect(deliveries).toBe(attempted.length);
    const eventsAfter = await app.database.prisma.outboxEvent.count({ where: { tenantId: owner.tenant_id } });
    expect(eventsAfter - eventsBefore).toBe(attempted.length);
    // Once the held attempts end (their timeout), the endpoint takes tests again.
    const again = await call('POST', `/v1/webhooks/${endpoint.id}/test`);
    expect(again.status, again.text).toBe(200);
  });
});

describe('fan-out to many endpoints on one host', () => {
  it('opens at most the per-host cap of connections to the host, and does not hold up another host', async () => {
    const hooks = await holdingReceiver();
    for (let index = 0; index < ENDPOINTS; index += 1) await subscribe(`${hooks.url}/${index}`);
    // Another host name (the same loopback address): its own cap, delivered meanwhile.
    const other = await startReceiver();
    receivers.push(other);
    await subscribe(`http://localhost:${other.port}/hooks`);

    const created = await call('POST', '/v1/dids', {});
    expect(created.status, created.text).toBe(200);
    const dispatcher = app.services.webhookDispatcher;
    const run = dispatcher.runDue();
    await other.waitFor(1, 5_000);
    expect(hooks.open).toBeGreaterThan(0);
    await run;
    expect(hooks.maxOpen).toBe(PER_HOST);
    // Every endpoint had its attempt, a few at a time.
    expect(new Set(hooks.received.map((delivery) => delivery.path)).size).toBe(ENDPOINTS);
  }, 60_000);
});
