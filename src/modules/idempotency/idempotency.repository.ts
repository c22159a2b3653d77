// Idempotency-Key rows (prisma/schema.prisma IdempotencyKey). Every change is one statement guarded by the
// row's lease token, so concurrent requests with the same key — in this process or in another instance —
// settle on the database: one holds the lease, the others see it. Times are the database's clock, the one
// every instance shares. Every statement names the tenant, but the retention purge, which sweeps them all.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type IdempotencyRow = {
  id: string;
  requestHash: Uint8Array;
  leaseToken: string;
  completed: boolean;
  response: Uint8Array | null;
  /** Its lease has not run out: the request holding it is presumably still running. */
  leaseActive: boolean;
  /** Created longer ago than the retention window: as if it did not exist. */
  expired: boolean;
};

export type NewLease = {
  tenantId: string;
  key: string;
  requestHash: Uint8Array;
  operation: string;
  leaseToken: string;
  leaseSeconds: number;
};

/** Inserts an in-flight row for the key unless the tenant already has one; returns its id, or null. */
export async function insertIfAbsent(db: Db, lease: NewLease): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO idempotency_keys (id, tenant_id, key, request_hash, operation, lease_token, locked_until)
    VALUES (gen_random_uuid(), ${lease.tenantId}::uuid, ${lease.key}, ${lease.requestHash}, ${lease.operation},
            ${lease.leaseToken}::uuid, now() + make_interval(secs => ${lease.leaseSeconds}::int))
    ON CONFLICT (tenant_id, key) DO NOTHING
    RETURNING id::text AS id`;
  return rows[0]?.id ?? null;
}

export async function findByKey(
  db: Db,
  tenantId: string,
  key: string,
  retentionSeconds: number,
): Promise<IdempotencyRow | null> {
  const rows = await db.$queryRaw<IdempotencyRow[]>`
    SELECT id::text AS id, request_hash AS "requestHash", lease_token::text AS "leaseToken",
           completed_at IS NOT NULL AS completed, response, locked_until > now() AS "leaseActive",
           created_at <= now() - make_interval(secs => ${retentionSeconds}::int) AS expired
    FROM idempotency_keys WHERE tenant_id = ${tenantId}::uuid AND key = ${key}`;
  return rows[0] ?? null;
}

/** Starts the row over for a new request (it outlived the retention window); false if someone else did first. */
export async function replace(db: Db, id: string, previousLeaseToken: string, lease: NewLease): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE idempotency_keys
    SET request_hash = ${lease.requestHash}, operation = ${lease.operation}, lease_token = ${lease.leaseToken}::uuid,
        locked_until = now() + make_interval(secs => ${lease.leaseSeconds}::int), response = NULL,
        completed_at = NULL, created_at = now()
    WHERE tenant_id = ${lease.tenantId}::uuid AND id = ${id}::uuid AND lease_token = ${previousLeaseToken}::uuid`;
  return count === 1;
}

/** Takes over an uncompleted row whose lease ran out; false if it completed or someone else took it first. */
export async function takeOver(
  db: Db,
  tenantId: string,
  id: string,
  previousLeaseToken: string,
  leaseToken: string,
  leaseSeconds: number,
): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE idempotency_keys
    SET lease_token = ${leaseToken}::uuid, locked_until = now() + make_interval(secs => ${leaseSeconds}::int)
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND lease_token = ${previousLeaseToken}::uuid
      AND completed_at IS NULL`;
  return count === 1;
}

/**
 * Records the response; run inside the transaction of the request's effect, so both commit or neither does.
 * False when the lease is no longer this request's (it ran out and a retry took the key over).
 */
export async function complete(
  db: Db,
  tenantId: string,
  id: string,
  leaseToken: string,
  response: Uint8Array,
): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE idempotency_keys SET response = ${response}, completed_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND lease_token = ${leaseToken}::uuid
      AND completed_at IS NULL`;
  return count === 1;
}

/** Forgets an uncompleted row this request holds, so that a retry runs again. */
export async function release(db: Db, tenantId: string, id: string, leaseToken: string): Promise<void> {
  await db.$executeRaw`
    DELETE FROM idempotency_keys
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND lease_token = ${leaseToken}::uuid
      AND completed_at IS NULL`;
}

/** The tenant's completed rows of `operation` whose request created one of `resourceIds` (issueCredential). */
export function completedFor(
  db: Db,
  tenantId: string,
  operation: string,
  resourceIds: string[],
): Promise<{ id: string; key: string; response: Uint8Array }[]> {
  return db.$queryRaw`
    SELECT id::text AS id, key, response FROM idempotency_keys
    WHERE tenant_id = ${tenantId}::uuid AND resource_id = ANY(${resourceIds}::uuid[]) AND operation = ${operation}
      AND completed_at IS NOT NULL AND response IS NOT NULL`;
}

/** Replaces a completed row's stored response (redacted after the resource it names was erased). */
export async function replaceResponse(db: Db, tenantId: string, id: string, response: Uint8Array): Promise<void> {
  await db.$executeRaw`
    UPDATE idempotency_keys SET response = ${response}
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND completed_at IS NOT NULL`;
}

/** Global: a maintenance sweep by age over every tenant's keys, not a request's data. */
export async function purgeAllTenantsOlderThan(db: Db, seconds: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(secs => ${seconds}::int)`;
}
