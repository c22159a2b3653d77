// The dispatcher's statements: global by nature (one dispatcher serves every tenant), each named for it.
// Times come from the dispatcher's clock as parameters, never the database's now(), so a test moves time by
// moving its clock. Claims follow the job runner's technique (src/modules/jobs/jobs.repository.ts): rows are
// taken FOR UPDATE SKIP LOCKED for a lease, and every later change is guarded by the claim, so an instance
// whose lease ran out (it died, or hung) changes nothing another has taken over. The two statements of every
// pass (fan-out and claim) are prepared statements (Database.lockingSql): through Prisma's $queryRaw, PGlite
// parsed and planned both anew each pass, about a tenth of the embedded database's event loop while issuing.
import type { PreparedSql } from '../../../db/database.js';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Fans one batch of unpublished outbox events out into deliveries, one per enabled endpoint of the event's
 * tenant that subscribes to its type (or to "*") and was added by the time of the event, and marks the events
 * published, in one statement, oldest first. SKIP LOCKED lets instances fan out different batches side by
 * side; the unique (endpoint, event) pair makes a repeat harmless. issue_credentials() applies the same
 * subscription rule (enabled, the type or "*") to write an issued credential's event already published when no
 * endpoint would get it (prisma/migrations/20261128120000_issue_events_published_without_subscribers): a change
 * to the rule belongs in both.
 */
export async function fanOutEvents(
  sql: PreparedSql,
  now: Date,
  batch: number,
): Promise<{ events: number; deliveries: number }> {
  const [row] = await sql<{ events: number; deliveries: number }>('webhook-fan-out', FAN_OUT_SQL, [batch, now]);
  return row ?? { events: 0, deliveries: 0 };
}

const FAN_OUT_SQL = `
    WITH events AS (
      SELECT id, tenant_id, type, created_at FROM outbox_events
      WHERE published_at IS NULL
      -- By the index's own columns: every row here has the same (null) published_at, so this is created_at
      -- order, but PostgreSQL walks (published_at, created_at) and stops after the batch; ORDER BY created_at
      -- alone made it read and sort the whole backlog each pass (270 ms for 130,000 waiting, against 7 ms).
      ORDER BY published_at, created_at
      LIMIT $1::int
      FOR UPDATE SKIP LOCKED
    ), deliveries AS (
      INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, state, next_attempt_at, created_at)
      SELECT e.tenant_id, w.id, e.id, e.type, 'pending', $2::timestamptz, $2::timestamptz
      FROM events e
      JOIN webhook_endpoints w ON w.tenant_id = e.tenant_id AND w.enabled AND (e.type = ANY(w.events) OR '*' = ANY(w.events))
        -- An endpoint gets what happens after it is added: an event still waiting when it was added is not its.
        AND w.created_at <= e.created_at
      ON CONFLICT (endpoint_id, event_id) DO NOTHING
      RETURNING 1
    ), published AS (
      UPDATE outbox_events o SET published_at = $2::timestamptz FROM events e WHERE o.id = e.id RETURNING 1
    )
    SELECT (SELECT count(*) FROM published)::int AS events, (SELECT count(*) FROM deliveries)::int AS deliveries`;

export type ClaimedDelivery = {
  id: string;
  tenantId: string;
  endpointId: string;
  eventId: string;
  /** Including this claim's attempt. */
  attempts: number;
  state: string;
  /** The endpoint as it is now, read in the claim's statement: no look-up per attempt. */
  url: string;
  secretCiphertext: Uint8Array;
  previousSecretCiphertext: Uint8Array | null;
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
  /** The event (null if it is gone: the attempt then fails). */
  eventType: string | null;
  eventPayload: unknown;
  eventCreatedAt: Date | null;
};

/** The claim an instance holds on a delivery: its instance and the attempt it claimed. */
export type DeliveryClaim = { id: string; lockedBy: string; attempts: number };

/** What a claim returns: the claimed rows (the CTE `claimed`) with their endpoint and event. */
const WITH_CONTEXT = `
  SELECT c.id::text AS id, c.tenant_id::text AS "tenantId", c.endpoint_id::text AS "endpointId",
         c.event_id::text AS "eventId", c.attempts, c.state,
         w.url, w.secret_ciphertext AS "secretCiphertext", w.previous_secret_ciphertext AS "previousSecretCiphertext",
         w.previous_secret_expires_at AS "previousSecretExpiresAt", w.failing_since AS "failingSince",
         e.type AS "eventType", e.payload AS "eventPayload", e.created_at AS "eventCreatedAt"
  FROM claimed c
  JOIN webhook_endpoints w ON w.id = c.endpoint_id
  LEFT JOIN outbox_events e ON e.id = c.event_id`;

/** Connections open at once: to one endpoint, and to one host across a tenant's endpoints. */
export type DeliveryCaps = { perEndpoint: number; perHost: number };

/**
 * Claims up to `limit` due deliveries, oldest due first, taking from each enabled endpoint at most what its
 * `perEndpoint` slots leave once the claims others hold on it are counted, and from each host of a tenant at
 * most what its `perHost` slots leave: a slow or dead receiver holds only its own slots, and an event fanned
 * out to a hundred endpoints on one host opens `perHost` connections to it, not a hundred. Each endpoint's rows
 * are found through its own index range, so a backlog behind one endpoint does not make the claim slower for
 * the others. The candidates are locked and their conditions checked again in the UPDATE's own subquery: one
 * claim per attempt between instances. A claim counts while its lease runs (locked_until), whatever the
 * delivery's state: a replay of a finished delivery holds a connection too.
 */
export function claimDueDeliveries(
  sql: PreparedSql,
  claim: { lockedBy: string; now: Date; leaseUntil: Date; limit: number } & DeliveryCaps,
): Promise<ClaimedDelivery[]> {
  const { now, perEndpoint, perHost, lockedBy, leaseUntil, limit } = claim;
  return sql<ClaimedDelivery>('webhook-claim-due', CLAIM_DUE_SQL, [
    now,
    perEndpoint,
    lockedBy,
    leaseUntil,
    limit,
    perHost,
  ]);
}

const CLAIM_DUE_SQL = `
    WITH candidates AS (
      SELECT due.id, due.next_attempt_at, w.tenant_id, w.host
      FROM webhook_endpoints w
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM webhook_deliveries f
        WHERE f.endpoint_id = w.id AND f.locked_until >= $1::timestamptz
      ) busy
      CROSS JOIN LATERAL (
        SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
        WHERE d.endpoint_id = w.id AND d.state = 'pending' AND d.next_attempt_at <= $1::timestamptz
          AND (d.locked_until IS NULL OR d.locked_until < $1::timestamptz)
        ORDER BY d.next_attempt_at
        LIMIT greatest(least($2::int, $6::int) - busy.n, 0)
      ) due
      WHERE w.enabled
    ), host_busy AS (
      SELECT h.tenant_id, h.host, sum(busy.n)::int AS n
      FROM webhook_endpoints h
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM webhook_deliveries f
        WHERE f.endpoint_id = h.id AND f.locked_until >= $1::timestamptz
      ) busy
      WHERE (h.tenant_id, h.host) IN (SELECT DISTINCT tenant_id, host FROM candidates)
      GROUP BY h.tenant_id, h.host
    ), within_host AS (
      SELECT c.id, c.next_attempt_at,
             row_number() OVER (PARTITION BY c.tenant_id, c.host ORDER BY c.next_attempt_at, c.id) AS place,
             coalesce(b.n, 0) AS busy
      FROM candidates c LEFT JOIN host_busy b ON b.tenant_id = c.tenant_id AND b.host = c.host
    ), claimed AS (
      UPDATE webhook_deliveries SET locked_by = $3::text, locked_until = $4::timestamptz,
                                    attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE id IN (SELECT id FROM within_host WHERE place <= $6::int - busy ORDER BY next_attempt_at LIMIT $5::int)
          AND state = 'pending' AND (locked_until IS NULL OR locked_until < $1::timestamptz)
        FOR UPDATE SKIP LOCKED)
      RETURNING id, tenant_id, endpoint_id, event_id, attempts, state
    )
    ${WITH_CONTEXT}`;

/**
 * Claims one delivery of the tenant now, whatever its state or schedule (a test send, a replay), as one of its
 * endpoint's and host's slots like a scheduled attempt: null if another attempt holds it, DeliverySlotsFull when
 * the slots are all taken. Such claims for one host of a tenant wait for each other (an advisory lock held to
 * the end of the transaction), so requests arriving together cannot all count the same free slot.
 */
export async function claimDeliveryInSlot(
  tx: Prisma.TransactionClient,
  claim: { tenantId: string; id: string; lockedBy: string; now: Date; leaseUntil: Date } & DeliveryCaps,
): Promise<ClaimedDelivery | null> {
  const [target] = await tx.$queryRaw<{ endpointId: string; host: string }[]>`
    SELECT w.id::text AS "endpointId", w.host FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
    WHERE d.tenant_id = ${claim.tenantId}::uuid AND d.id = ${claim.id}::uuid`;
  if (!target) return null;
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`webhook-host:${claim.tenantId}:${target.host}`}))) AS l`;
  const [busy] = await tx.$queryRaw<{ endpoint: number; host: number }[]>`
    SELECT coalesce(sum(CASE WHEN f.endpoint_id = ${target.endpointId}::uuid THEN 1 ELSE 0 END), 0)::int AS endpoint,
           count(*)::int AS host
    FROM webhook_deliveries f JOIN webhook_endpoints w ON w.id = f.endpoint_id AND w.tenant_id = ${claim.tenantId}::uuid
    WHERE f.tenant_id = ${claim.tenantId}::uuid AND w.host = ${target.host} AND f.locked_until >= ${claim.now}::timestamptz`;
  if (busy && (busy.endpoint >= claim.perEndpoint || busy.host >= claim.perHost)) throw new DeliverySlotsFull();
  return claimDelivery(tx, claim);
}

/** Claims one delivery of the tenant now, whatever its state, schedule or slots; null if another attempt holds it. */
export async function claimDelivery(
  db: Db,
  claim: { tenantId: string; id: string; lockedBy: string; now: Date; leaseUntil: Date },
): Promise<ClaimedDelivery | null> {
  const rows = await db.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE webhook_deliveries SET locked_by = ${claim.lockedBy}, locked_until = ${claim.leaseUntil}::timestamptz,
                                    attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE tenant_id = ${claim.tenantId}::uuid AND id = ${claim.id}::uuid
          AND (locked_until IS NULL OR locked_until < ${claim.now}::timestamptz)
        FOR UPDATE SKIP LOCKED)
      RETURNING id, tenant_id, endpoint_id, event_id, attempts, state
    )
    ${Prisma.raw(WITH_CONTEXT)}`;
  return rows[0] ?? null;
}

/** The endpoint's or its host's slots are all taken: an attempt now would exceed the caps. */
export class DeliverySlotsFull extends Error {}

export type AttemptRecord = {
  state: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  at: Date;
  status: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
};

/** Records the claimed attempt's outcome and releases the claim; false if the claim was lost. */
export async function recordAttempt(db: Db, claim: DeliveryClaim, record: AttemptRecord): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE webhook_deliveries
    SET state = ${record.state}, next_attempt_at = ${record.nextAttemptAt}::timestamptz, locked_by = NULL,
        locked_until = NULL, last_attempt_at = ${record.at}::timestamptz, last_status = ${record.status}::int,
        last_duration_ms = ${Math.round(record.durationMs)}::int, last_response_excerpt = ${record.excerpt},
        last_error = ${record.error},
        completed_at = ${record.state === 'pending' ? null : record.at}::timestamptz
    WHERE id = ${claim.id}::uuid AND locked_by = ${claim.lockedBy} AND attempts = ${claim.attempts}::int`;
  return count === 1;
}

/** The endpoint answered: it is not failing any more. */
export function markEndpointHealthy(db: Db, tenantId: string, endpointId: string) {
  return db.webhookEndpoint.updateMany({
    where: { tenantId, id: endpointId, failingSince: { not: null } },
    data: { failingSince: null },
  });
}

/**
 * The endpoint failed at `at`: it has been failing since then unless it already was. Returns since when, so
 * the caller can disable an endpoint that has failed for too long.
 */
export async function markEndpointFailing(
  db: Db,
  tenantId: string,
  endpointId: string,
  at: Date,
): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ failingSince: Date }[]>`
    UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ${at}::timestamptz)
    WHERE tenant_id = ${tenantId}::uuid AND id = ${endpointId}::uuid
    RETURNING failing_since AS "failingSince"`;
  return row?.failingSince ?? null;
}

/** Disables an enabled endpoint; false when it was not (already disabled, or deleted). */
export async function disableEndpoint(db: Db, tenantId: string, endpointId: string, reason: string, at: Date) {
  const { count } = await db.webhookEndpoint.updateMany({
    where: { tenantId, id: endpointId, enabled: true },
    data: { enabled: false, disabledReason: reason, updatedAt: at },
  });
  return count === 1;
}

/** Retention: finished deliveries (succeeded or failed) of every tenant, finished before `cutoff`. */
export function deleteFinishedDeliveriesBefore(db: Db, cutoff: Date): Promise<number> {
  return db.$executeRaw`DELETE FROM webhook_deliveries WHERE state <> 'pending' AND completed_at < ${cutoff}::timestamptz`;
}
