// The webhook dispatcher of one instance: fans new outbox events out into deliveries and makes the due
// attempts, a bounded number at a time. Instances share the work through the database (claims with leases,
// dispatch.repository.ts), so any number of them deliver every attempt once between them, and the embedded
// default runs the same code in its one process. It wakes when this instance has just written (wake(), called
// after every successful write request) and polls otherwise, for what other instances wrote and for retries.
import { randomUUID } from 'node:crypto';
import type { PreparedSql } from '../../../db/database.js';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client.js';
import type { KeyEncryption } from '../../../lib/key-encryption.js';
import type { Logger } from '../../../lib/logger.js';
import { systemClock, type Clock } from '../../jobs/clock.js';
import { attemptDelivery, type AttemptKind, type AttemptOutcome } from './attempt.js';
import { claimDeliveryInSlot, claimDueDeliveries, fanOutEvents, type ClaimedDelivery } from './dispatch.repository.js';

export type DispatcherOptions = {
  db: PrismaClient;
  /** The fan-out and claim of every pass, as prepared statements (Database.lockingSql: they take row locks). */
  sql: PreparedSql;
  keys: KeyEncryption;
  log: Logger;
  clock?: Clock;
  allowPrivate: boolean;
  production: boolean;
  /** Each attempt's bound, connection to response (the contract of the feature: 10 s). */
  attemptTimeoutMs?: number;
  /**
   * Attempts in flight in this instance; per endpoint across instances; per host of a tenant (its endpoints
   * whose URLs name that host) across instances. Test sends and replays count against the last two too.
   */
  concurrency?: number;
  perEndpoint?: number;
  perHost?: number;
  /** How often an idle dispatcher looks for work it was not woken for. */
  pollMs?: number;
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (outcome: AttemptOutcome) => void;
};

const FAN_OUT_BATCH = 200;
/**
 * Passes start at most this often, however many writes wake the dispatcher: under load one pass fans out
 * the events of many writes in one statement instead of one statement per write (on the embedded database,
 * whose one connection the requests need too, this is what keeps the issue rate).
 */
const MIN_PASS_INTERVAL_MS = 25;
/** How long shutdown waits for attempts in flight (src/main.ts gives the whole shutdown 10 s). */
const STOP_WAIT_MS = 5_000;
/** A claim lasts this many attempt timeouts (60 s for 10 s): longer than an attempt can take, DNS included. */
const LEASE_TIMEOUTS = 6;

export function createWebhookDispatcher(options: DispatcherOptions) {
  const clock = options.clock ?? systemClock;
  const instanceId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  // A dead receiver holds at most half of an instance's slots; the rest serve the other endpoints.
  const concurrency = options.concurrency ?? 16;
  const caps = { perEndpoint: options.perEndpoint ?? 8, perHost: options.perHost ?? 8 };
  const pollMs = options.pollMs ?? 1_000;
  const attemptOptions = {
    db: options.db,
    keys: options.keys,
    log: options.log,
    allowPrivate: options.allowPrivate,
    production: options.production,
    timeoutMs: options.attemptTimeoutMs ?? 10_000,
  };
  const inFlight = new Set<Promise<unknown>>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const now = () => clock.now();
  const lease = () => new Date(now().getTime() + LEASE_TIMEOUTS * attemptOptions.timeoutMs);

  async function fanOut(): Promise<number> {
    let total = 0;
    for (;;) {
      const { events } = await fanOutEvents(options.sql, now(), FAN_OUT_BATCH);
      total += events;
      if (events < FAN_OUT_BATCH) return total;
    }
  }

  /** Claims what fits in the free slots and starts the attempts; returns how many it started. */
  async function startDue(): Promise<number> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    const claimed = await claimDueDeliveries(options.sql, {
      lockedBy: instanceId,
      now: now(),
      leaseUntil: lease(),
      limit: free,
      ...caps,
    });
    for (const delivery of claimed) track(attempt(delivery));
    return claimed.length;
  }

  async function attempt(delivery: ClaimedDelivery, kind: AttemptKind = 'scheduled'): Promise<AttemptOutcome> {
    const outcome = await attemptDelivery(attemptOptions, { ...delivery, lockedBy: instanceId }, now, kind);
    options.onAttempt?.(outcome);
    return outcome;
  }

  function claimNow(tx: Prisma.TransactionClient, tenantId: string, deliveryId: string) {
    return claimDeliveryInSlot(tx, {
      tenantId,
      id: deliveryId,
      lockedBy: instanceId,
      now: now(),
      leaseUntil: lease(),
      ...caps,
    });
  }

  function track(promise: Promise<unknown>) {
    const settled = promise.then(
      () => undefined,
      (error) => options.log.error({ err: error }, 'webhook delivery attempt failed unexpectedly'),
    );
    inFlight.add(settled);
    void settled.finally(() => {
      inFlight.delete(settled);
      wake(); // a slot is free
    });
  }

  function wake() {
    woken = true;
    wakeUp?.();
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function pass() {
    woken = false;
    await fanOut();
    while (running && (await startDue()) > 0) {
      // keep claiming while there is due work and free slots
    }
  }

  async function run() {
    while (running) {
      const started = performance.now();
      try {
        await pass();
      } catch (error) {
        options.log.warn({ err: error }, 'webhook dispatch pass failed; retrying');
      }
      if (!running) return;
      if (!woken) await sleep(pollMs);
      const gap = MIN_PASS_INTERVAL_MS - (performance.now() - started);
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    }
  }

  return {
    instanceId,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    /**
     * Stops claiming and waits for the attempts in flight, for half the shutdown's bound at most: one still
     * running then is abandoned, and its lease hands it to another instance (at least once, as ever).
     */
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      const abandon = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
      await Promise.race([Promise.all(inFlight), abandon]);
      clearTimeout(timer);
    },
    /** Something was just written: look for new events now rather than at the next poll. */
    wake,
    /** Tests: fan out and make every due attempt, until none is due (on the dispatcher's clock). */
    async runDue(): Promise<void> {
      await fanOut();
      for (;;) {
        const started = await startDue();
        await Promise.all(inFlight);
        if (started === 0) return;
      }
    },
    /**
     * Makes an attempt of one of the tenant's deliveries now, whatever its schedule (a replay), and answers its
     * outcome; null when another attempt of it is in flight. DeliverySlotsFull when its endpoint's or host's
     * slots are all taken.
     */
    async attemptNow(tenantId: string, deliveryId: string, kind: 'test' | 'replay'): Promise<AttemptOutcome | null> {
      const claimed = await options.db.$transaction((tx) => claimNow(tx, tenantId, deliveryId));
      return claimed ? attempt(claimed, kind) : null;
    },
    /**
     * Claims a delivery within the caller's transaction (a test send claims the delivery it has just written,
     * so a refusal writes nothing): null when another attempt holds it, DeliverySlotsFull when the slots are
     * taken. attemptClaimed() makes the attempt once the transaction has committed.
     */
    claimNow: (tx: Prisma.TransactionClient, tenantId: string, deliveryId: string) =>
      claimNow(tx, tenantId, deliveryId),
    attemptClaimed: (claimed: ClaimedDelivery, kind: 'test' | 'replay') => attempt(claimed, kind),
    /** How long a refused caller should wait: a slot frees when an attempt ends, within its timeout. */
    slotWaitSeconds: Math.ceil(attemptOptions.timeoutMs / 1000),
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
