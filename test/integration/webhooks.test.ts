// Webhooks end to end, with real receivers on loopback: the API (REST and GraphQL), signed deliveries checked
// with an independent verifier, retries (500, a hang, Retry-After) on a clock the test moves, replay, secret
// rotation, disabling after five days of failures, tenant isolation, the SSRF refusals, and a claim whose
// instance died taken over after its lease.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, usingPostgres, type TestApp } from '../support/harness.js';
import { privatePostgresDatabase } from '../support/test-database.js';
import { changePlan, registerUser, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { manualClock } from '../support/manual-clock.js';
import { signatureValid, startReceiver, type Answer, type Receiver } from '../support/webhook-receiver.js';
import { claimDelivery, fanOutEvents } from '../../src/modules/webhooks/delivery/dispatch.repository.js';

const PRIVATE_OK = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
const receivers: Receiver[] = [];
async function receiver(answer?: (received: any, index: number) => Answer) {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}
afterAll(() => Promise.all(receivers.map((r) => r.close())));

async function ok(response: Promise<{ status: number; text: string; body: any }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

describe('the webhooks API, with the dispatcher running', () => {
  let app: TestApp;
  let owner: RegisteredUser;
  beforeAll(async () => {
    app = await startTestApp({ env: PRIVATE_OK, webhookDispatcher: true });
    owner = await registerUser(app);
  });
  afterAll(() => app?.close());
  const call = (method: string, path: string, body?: unknown, token = owner.token) =>
    app.request(method, path, { token, body });

  it('creates an endpoint with its secret shown once, lists, reads, changes and deletes it', async () => {
    const created = await ok(
      call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['did.created'], description: 'sync' }),
    );
    expect(created).toMatchObject({
      id: expect.any(String),
      url: 'http://127.0.0.1:9/hooks',
      events: ['did.created'],
      description: 'sync',
      enabled: true,
      created_at: expect.any(String),
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);

    const listed = await ok(call('GET', '/v1/webhooks'));
    expect(listed.webhooks.map((w: any) => w.id)).toContain(created.id);
    const read = await ok(call('GET', `/v1/webhooks/${created.id}`));
    expect(JSON.stringify([listed, read])).not.toContain(created.secret);
    expect(read).not.toHaveProperty('secret');

    const changed = await ok(call('PATCH', `/v1/webhooks/${created.id}`, { events: ['*'], enabled: false }));
    expect(changed).toMatchObject({ events: ['*'], enabled: false, disabled_reason: 'disabled by a user' });
    await ok(call('DELETE', `/v1/webhooks/${created.id}`));
    expectError(await call('GET', `/v1/webhooks/${created.id}`), 404, 'webhook not found');
  });

  it('refuses an unknown event type and a URL that is not one', async () => {
    expectError(
      await call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/', events: ['credential.exploded'] }),
      400,
      'unknown event type: credential.exploded',
    );
    const notUrl = await call('POST', '/v1/webhooks', { url: 'not a url', events: ['*'] });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.error).toMatch(/^webhook url not allowed: /);
  });

  it('delivers an event signed per Standard Webhooks, and logs the delivery', async () => {
    const hooks = await receiver();
    const endpoint = await ok(call('POST', '/v1/webhooks', { url: hooks.url, events: ['did.created'] }));
    const did = await ok(call('POST', '/v1/dids', {}));
    await hooks.waitFor(1);
    const [delivery] = hooks.received;
    expect(signatureValid(delivery!, endpoint.secret)).toBe(true);
    expect(signatureValid({ ...delivery!, body: delivery!.body.replace('did', 'DID') }, endpoint.secret)).toBe(false);
    const envelope = JSON.parse(delivery!.body);
    expect(envelope).toMatchObject({
      id: delivery!.headers['webhook-id'],
      type: 'did.created',
      tenant_id: owner.tenant_id,
      created_at: expect.any(String),
      data: expect.objectContaining({ did: did.did }),
    });
    expect(Math.abs(Number(delivery!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery!.headers['content-type']).toBe('application/json');

    const log = await ok(call('GET', `/v1/webhooks/${endpoint.id}/deliveries`));
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      event_id: envelope.id,
      event_type: 'did.created',
      state: 'succeeded',
      attempts: 1,
      last_status: 204,
      webhook_id: endpoint.id,
    });
    expect(log.next_cursor).toBeNull();
    expect((await ok(call('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=failed`))).deliveries).toEqual([]);
    const metrics = await app.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^webhook_attempts_total\{result="succeeded"\} [1-9]/m);
    expectError(await call('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=lost`), 400);
  });

  it('sends a test event to one endpoint now and answers the attempt; the same over GraphQL', async () => {
    const hooks = await receiver(() => ({ status: 200, body: 'thanks' }));
    const other = await receiver();
    const endpoint = await ok(call('POST', '/v1/webhooks', { url: hooks.url, events: ['*'] }));
    await ok(call('POST', '/v1/webhooks', { url: other.url, events: ['*'] }));
    const tested = await ok(call('POST', `/v1/webhooks/${endpoint.id}/test`));
    expect(tested.attempt).toMatchObject({ ok: true, status: 200, response_excerpt: 'thanks', error: null });
    expect(tested.delivery).toMatchObject({ event_type: 'webhook.test', state: 'succeeded', attempts: 1 });
    expect(hooks.received).toHaveLength(1);
    expect(JSON.parse(hooks.received[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: endpoint.id },
    });
    // Only the endpoint tested receives it, not the other "*" subscriber.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.received).toHaveLength(0);

    const graphql = await app.graphql(
      'mutation ($id: String!) { testWebhook(id: $id) { attempt { ok status } delivery { state eventType } } }',
      { id: endpoint.id },
      owner.token,
    );
    expect(graphql.body.data.testWebhook).toEqual({
      attempt: { ok: true, status: 200 },
      delivery: { state: 'succeeded', eventType: 'webhook.test' },
    });
  });

  it('does not let a receiver that hangs hold up the deliveries to another endpoint', async () => {
    const dead = await receiver(() => 'hang'); // holds every attempt for the full 10 s timeout
    const alive = await receiver();
    const tenant = await registerUser(app);
    for (const hooks of [dead, alive]) {
      await ok(app.request('POST', '/v1/webhooks', { token: tenant.token, body: { url: hooks.url, events: ['*'] } }));
    }
    // A burst of 30 events for both endpoints.
    await app.database.prisma.outboxEvent.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        tenantId: tenant.tenant_id,
        type: 'did.created',
        payload: { did: `did:example:burst-${index}` },
      })),
    });
    app.services.webhookDispatcher.wake();
    await alive.waitFor(30, 5_000); // while the dead one holds its share of the slots, and no more
    expect(dead.received.length).toBeGreaterThan(0);
    expect(dead.received.length).toBeLessThanOrEqual(8);
    await dead.close(); // its hanging attempts fail now rather than at their timeout
  });

  it('keeps every endpoint, delivery and event of a tenant from every other tenant', async () => {
    const hooks = await receiver();
    const endpoint = await ok(call('POST', '/v1/webhooks', { url: hooks.url, events: ['webhook.test'] }));
    const { delivery } = await ok(call('POST', `/v1/webhooks/${endpoint.id}/test`));
    const stranger = await registerUser(app);
    const as = (method: string, path: string, body?: unknown) => call(method, path, body, stranger.token);
    for (const id of [endpoint.id, randomUUID()]) {
      expectError(await as('GET', `/v1/webhooks/${id}`), 404, 'webhook not found');
      expectError(await as('PATCH', `/v1/webhooks/${id}`, { enabled: false }), 404, 'webhook not found');
      expectError(await as('POST', `/v1/webhooks/${id}/rotate-secret`), 404, 'webhook not found');
      expectError(await as('POST', `/v1/webhooks/${id}/test`), 404, 'webhook not found');
      expectError(await as('GET', `/v1/webhooks/${id}/deliveries`), 404, 'webhook not found');
      expectError(await as('DELETE', `/v1/webhooks/${id}`), 404, 'webhook not found');
    }
    for (const id of [delivery.id, randomUUID()]) {
      expectError(await as('POST', `/v1/webhooks/deliveries/${id}/replay`), 404, 'webhook delivery not found');
    }
    expect((await ok(as('GET', '/v1/webhooks'))).webhooks).toEqual([]);
    expect((await ok(call('GET', `/v1/webhooks/${endpoint.id}`))).enabled).toBe(true);
    expect(hooks.received).toHaveLength(1);
  });
});

describe('refusing receivers the service must not call (SSRF)', () => {
  let app: TestApp;
  let owner: RegisteredUser;
  beforeAll(async () => {
    app = await startTestApp(); // WEBHOOK_ALLOW_PRIVATE_URLS unset
    owner = await registerUser(app);
  });
  afterAll(() => app?.close());

  it.each([
    ['loopback', 'http://127.0.0.1:8080/'],
    ['loopback by name', 'http://localhost/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['private', 'http://10.0.0.7/'],
    ['private', 'http://192.168.1.1/'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'http://100.64.0.1/'],
    ['unique-local IPv6', 'http://[fd00::1]/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
  ])('refuses a %s address at creation: %s', async (_class, url) => {
    const response = await app.request('POST', '/v1/webhooks', { token: owner.token, body: { url, events: ['*'] } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^webhook url not allowed: /);
  });

  it('checks the address again at delivery: a receiver that became private is not called', async () => {
    const hooks = await receiver();
    // Allowed at creation only because the app of this test was told to (the same database, another app).
    const lenient = await startTestApp({ env: PRIVATE_OK });
    const endpoint = await ok(
      lenient.request('POST', '/v1/webhooks', {
        token: owner.token,
        body: { url: hooks.url, events: ['webhook.test'] },
      }),
    );
    await lenient.close();
    const tested = await ok(app.request('POST', `/v1/webhooks/${endpoint.id}/test`, { token: owner.token }));
    expect(tested.attempt.ok).toBe(false);
    expect(tested.attempt.error).toMatch(/^webhook url not allowed: 127\.0\.0\.1/);
    expect(hooks.received).toHaveLength(0);
  });
});

describe('retries, replay, rotation and disabling, on a clock the test moves', () => {
  const clock = manualClock(new Date());
  let app: TestApp;
  let owner: RegisteredUser;
  // On PostgreSQL, a database of its own: no other file's test may touch these deliveries between two steps.
  let database: Awaited<ReturnType<typeof privatePostgresDatabase>> | undefined;
  beforeAll(async () => {
    database = usingPostgres ? await privatePostgresDatabase() : undefined;
    app = await startTestApp({
      env: PRIVATE_OK,
      databaseUrl: database?.url,
      background: { clock, poll: false, webhookAttemptTimeoutMs: 300 },
    });
    owner = await registerUser(app);
    await changePlan(app, owner.token, 'enterprise');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  const call = (method: string, path: string, body?: unknown) =>
    app.request(method, path, { token: owner.token, body });
  const runDue = () => app.services.webhookDispatcher.runDue();
  const deliveriesOf = async (endpointId: string) =>
    (await ok(call('GET', `/v1/webhooks/${endpointId}/deliveries`))).deliveries;
  const subscribe = async (hooks: Receiver) =>
    ok(call('POST', '/v1/webhooks', { url: hooks.url, events: ['did.created'] }));

  it('retries after a 500 and after a hang (timeout), on the schedule, then succeeds', async () => {
    const hooks = await receiver((_received, index) =>
      index === 0 ? { status: 500, body: 'oops' } : index === 1 ? 'hang' : { status: 200 },
    );
    const endpoint = await subscribe(hooks);
    await ok(call('POST', '/v1/dids', {}));
    await runDue();
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_status: 500, last_response_excerpt: 'oops' });
    const retryIn = Date.parse(delivery.next_attempt_at) - clock.now().getTime();
    expect(retryIn).toBeGreaterThanOrEqual(4_500); // about 5 s, ±10 %
    expect(retryIn).toBeLessThanOrEqual(5_500);

    await runDue(); // not due yet
    expect(hooks.received).toHaveLength(1);
    clock.advance(6_000);
    await runDue();
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 2, last_status: null });
    expect(delivery.last_error).toMatch(/timeout/);
    const secondRetryIn = Date.parse(delivery.next_attempt_at) - clock.now().getTime();
    expect(secondRetryIn).toBeGreaterThanOrEqual(270_000); // about 5 min
    clock.advance(6 * 60_000);
    await runDue();
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3, last_status: 200 });
    expect(new Set(hooks.received.map((r) => r.headers['webhook-id'])).size).toBe(1); // the same webhook-id
  });

  it('waits as long as Retry-After says on a 429', async () => {
    const hooks = await receiver(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const endpoint = await subscribe(hooks);
    await ok(call('POST', '/v1/dids', {}));
    await runDue();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_status: 429 });
    expect(Date.parse(delivery.next_attempt_at) - clock.now().getTime()).toBeGreaterThanOrEqual(3_600_000);
    await ok(call('DELETE', `/v1/webhooks/${endpoint.id}`));
  });

  it('gives a new endpoint the events that happen after it is added, not those still waiting from before', async () => {
    const hooks = await receiver();
    await ok(call('POST', '/v1/dids', {})); // its event waits: nothing fans out until runDue
    const endpoint = await subscribe(hooks);
    const after = await ok(call('POST', '/v1/dids', {}));
    await runDue();
    expect(hooks.received.map((delivery) => JSON.parse(delivery.body).data.did)).toEqual([after.did]);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  // Several instances share one PostgreSQL only in the scale-out; the embedded database runs in the process,
  // on its clock (a faked Date moves PGlite's now too).
  it.skipIf(!usingPostgres)(
    "times both by the database's clock: an instance whose clock runs a minute ahead adds an endpoint that still gets what follows",
    async () => {
      const hooks = await receiver();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 }); // this process is the instance
      let endpoint: { id: string };
      try {
        endpoint = await subscribe(hooks);
      } finally {
        vi.useRealTimers();
      }
      const did = await ok(call('POST', '/v1/dids', {}));
      await runDue();
      expect(hooks.received.map((delivery) => JSON.parse(delivery.body).data.did)).toEqual([did.did]);
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    },
  );

  // An issued credential's event is written already published when no enabled endpoint of its tenant subscribes
  // (migration 20261128120000): the fan-out would only have marked it. published_at is then the insert's own
  // statement time, its created_at to the millisecond; the dispatcher marks with its clock, and here only runDue.
  const callAs = (user: RegisteredUser) => (method: string, path: string, body?: unknown) =>
    app.request(method, path, { token: user.token, body });
  const issuing = async (user: RegisteredUser) => {
    const as = callAs(user);
    const { did } = await ok(as('POST', '/v1/dids', {}));
    return async () => {
      const issued = await ok(
        as('POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: did, claims: { name: 'Ada' } }),
      );
      return issued.id as string;
    };
  };
  const eventOf = (user: RegisteredUser, credentialId: string) =>
    app.database.prisma.outboxEvent.findFirstOrThrow({
      where: {
        tenantId: user.tenant_id,
        type: 'credential.issued',
        payload: { path: ['credential_id'], equals: credentialId },
      },
    });
  const publishedByItsInsert = (event: { createdAt: Date; publishedAt: Date | null }) =>
    event.publishedAt?.getTime() === event.createdAt.getTime();

  it("writes an issued credential's event already published when no enabled endpoint of its tenant subscribes", async () => {
    const issuer = await registerUser(app);
    const other = await registerUser(app);
    const as = callAs(issuer);
    const issue = await issuing(issuer);
    const hooks = await receiver();
    const otherHooks = await receiver();
    const published: string[] = [];

    published.push(await issue()); // no endpoint at all
    // Another tenant's subscription is not this tenant's.
    await ok(callAs(other)('POST', '/v1/webhooks', { url: otherHooks.url, events: ['*'] }));
    published.push(await issue());
    await ok(as('POST', '/v1/webhooks', { url: hooks.url, events: ['did.created'] })); // another type
    published.push(await issue());
    const endpoint = await ok(as('POST', '/v1/webhooks', { url: hooks.url, events: ['credential.issued'] }));
    await ok(as('PATCH', `/v1/webhooks/${endpoint.id}`, { enabled: false }));
    published.push(await issue()); // subscribed, but disabled
    for (const id of published) expect(publishedByItsInsert(await eventOf(issuer, id)), id).toBe(true);

    await ok(as('PATCH', `/v1/webhooks/${endpoint.id}`, { enabled: true }));
    const subscribed = await issue();
    await ok(as('PATCH', `/v1/webhooks/${endpoint.id}`, { events: ['*'] }));
    const everything = await issue();
    for (const id of [subscribed, everything]) expect((await eventOf(issuer, id)).publishedAt, id).toBeNull();

    await runDue();
    // The two attempts run side by side: they arrive in either order.
    expect(hooks.received.map((delivery) => JSON.parse(delivery.body).data.credential_id).sort()).toEqual(
      [subscribed, everything].sort(),
    );
    expect(otherHooks.received).toEqual([]);
    for (const id of [subscribed, everything]) {
      const event = await eventOf(issuer, id);
      expect(event.publishedAt).not.toBeNull();
      expect(publishedByItsInsert(event)).toBe(false);
    }
    // The event log keeps them all, published at insert or not.
    const log = await ok(as('GET', '/v1/events?type=credential.issued'));
    expect(log.events.map((event: any) => event.data.credential_id).reverse()).toEqual([
      ...published,
      subscribed,
      everything,
    ]);
  });

  // The two sides of the subscription lock, each held by this test's own connection as the other side would hold
  // it: an issue in flight holds it shared until it commits, an endpoint's creation or change exclusively.
  it.skipIf(!usingPostgres)(
    'serialises issues with changes to endpoints: an endpoint waits for an issue in flight, an issue for a change',
    async () => {
      const pg = (await import('pg')).default;
      const issuer = await registerUser(app);
      const issue = await issuing(issuer);
      const hooks = await receiver();
      const lock = new pg.Client({ connectionString: database!.url });
      await lock.connect();
      const key = `webhook-subscriptions:${issuer.tenant_id}`;
      const answeredWithin = async <T>(ms: number, pending: Promise<T>) =>
        Promise.race([pending.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, ms, false))]);
      try {
        await lock.query('BEGIN');
        await lock.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [key]);
        const creating = app.request('POST', '/v1/webhooks', {
          token: issuer.token,
          body: { url: hooks.url, events: ['credential.issued'] },
        });
        expect(await answeredWithin(300, creating)).toBe(false);
        await lock.query('COMMIT');
        const endpoint = await ok(creating);

        // Disabled by a change not yet committed: an issue waits for it, then sees it.
        await lock.query('BEGIN');
        await lock.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
        await lock.query('UPDATE webhook_endpoints SET enabled = false WHERE id = $1', [endpoint.id]);
        const issued = issue();
        expect(await answeredWithin(300, issued)).toBe(false);
        await lock.query('COMMIT');
        expect(publishedByItsInsert(await eventOf(issuer, await issued))).toBe(true);
      } finally {
        await lock.query('ROLLBACK').catch(() => undefined);
        await lock.end();
      }
    },
  );

  it('replays a delivery now with the same webhook-id', async () => {
    const hooks = await receiver();
    const endpoint = await subscribe(hooks);
    await ok(call('POST', '/v1/dids', {}));
    await runDue();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.state).toBe('succeeded');
    const replayed = await ok(call('POST', `/v1/webhooks/deliveries/${delivery.id}/replay`));
    expect(replayed.attempt.ok).toBe(true);
    expect(replayed.delivery).toMatchObject({ id: delivery.id, state: 'succeeded', attempts: 2 });
    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[1]!.headers['webhook-id']).toBe(hooks.received[0]!.headers['webhook-id']);
    expect(hooks.received[1]!.body).toBe(hooks.received[0]!.body);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const hooks = await receiver();
    const endpoint = await subscribe(hooks);
    const rotated = await ok(call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`));
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await ok(call('POST', `/v1/webhooks/${endpoint.id}/test`));
    const during = hooks.received.at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(signatureValid(during, rotated.secret)).toBe(true);
    expect(signatureValid(during, endpoint.secret)).toBe(true);

    clock.advance(25 * 3600_000);
    await ok(call('POST', `/v1/webhooks/${endpoint.id}/test`));
    const after = hooks.received.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(signatureValid(after, rotated.secret)).toBe(true);
    expect(signatureValid(after, endpoint.secret)).toBe(false);
  });

  it('disables an endpoint whose deliveries have all failed for five days, in the audit log', async () => {
    const hooks = await receiver(() => ({ status: 503 }));
    const endpoint = await subscribe(hooks);
    await ok(call('POST', '/v1/dids', {}));
    const firstFailure = clock.now().getTime();
    await runDue();
    for (let retry = 0; retry < 7; retry++) {
      clock.advance(11 * 3600_000); // past each of the 7 retries (the longest waits 10 h)
      await runDue();
    }
    let state = await ok(call('GET', `/v1/webhooks/${endpoint.id}`));
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 8 });
    expect(state.enabled).toBe(true); // failing for 77 h: not yet five days

    clock.set(new Date(firstFailure + 5 * 24 * 3600_000 + 60_000));
    await ok(call('POST', '/v1/dids', {}));
    await runDue();
    state = await ok(call('GET', `/v1/webhooks/${endpoint.id}`));
    expect(state.enabled).toBe(false);
    expect(state.disabled_reason).toMatch(/^every delivery failed since /);
    const audit = await ok(call('GET', '/v1/admin/audit-log?limit=5'));
    expect(audit.events).toContainEqual(
      expect.objectContaining({ action: 'webhook.disabled', target_type: 'webhook', target_id: endpoint.id }),
    );
    // Disabled: nothing more is attempted, until it is enabled again.
    const attemptsSoFar = hooks.received.length;
    await ok(call('POST', '/v1/dids', {}));
    clock.advance(3600_000);
    await runDue();
    expect(hooks.received).toHaveLength(attemptsSoFar);
  });

  it('takes over a delivery whose instance died, once its lease has run out', async () => {
    const hooks = await receiver();
    const endpoint = await subscribe(hooks);
    await ok(call('POST', '/v1/dids', {}));
    // An instance claims the delivery and dies before attempting it (as with kill -9).
    await fanOutEvents(app.database.lockingSql, clock.now(), 100);
    const [pending] = await deliveriesOf(endpoint.id);
    const claimed = await claimDelivery(app.database.prisma, {
      tenantId: owner.tenant_id,
      id: pending.id,
      lockedBy: 'instance-that-died',
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 60_000),
    });
    expect(claimed?.attempts).toBe(1);
    await runDue();
    expect(hooks.received).toHaveLength(0); // held by the dead instance's lease
    clock.advance(61_000);
    await runDue();
    expect(hooks.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
  });
});

describe.skipIf(!usingPostgres)('two instances on one PostgreSQL', () => {
  it('deliver 500 events between them, each exactly once, none lost', async () => {
    const database = await privatePostgresDatabase(); // exact counts: no other file's dispatcher
    const instance = () => startTestApp({ env: PRIVATE_OK, databaseUrl: database.url, webhookDispatcher: true });
    const first = await instance(); // migrates the new database
    const second = await instance();
    try {
      const owner = await registerUser(first);
      const hooks = await receiver();
      await ok(
        first.request('POST', '/v1/webhooks', {
          token: owner.token,
          body: { url: hooks.url, events: ['did.created'] },
        }),
      );
      // 500 events in the outbox at once, as a burst of writes leaves them.
      await first.database.prisma.outboxEvent.createMany({
        data: Array.from({ length: 500 }, (_, index) => ({
          tenantId: owner.tenant_id,
          type: 'did.created',
          payload: { did: `did:example:${index}` },
        })),
      });
      first.services.webhookDispatcher.wake();
      second.services.webhookDispatcher.wake();
      await hooks.waitFor(500, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 500)); // time for a duplicate to show
      const ids = hooks.received.map((delivery) => delivery.headers['webhook-id']);
      expect(ids).toHaveLength(500);
      expect(new Set(ids).size).toBe(500);
      const rows = await first.database.prisma.webhookDelivery.groupBy({
        by: ['state', 'attempts', 'lockedBy'],
        where: { tenantId: owner.tenant_id },
        _count: true,
      });
      expect(rows).toEqual([{ state: 'succeeded', attempts: 1, lockedBy: null, _count: 500 }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  }, 60_000);
});
