// The tenant's own row: name, slug and plan. The tenants table is keyed by the tenant id itself, so every
// statement here addresses the row by it, except the two that come before a tenant exists (they say so).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Plan } from '../../generated/prisma/enums.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** Global: slugs are unique across all tenants, and registration checks one before the tenant exists. */
export function tenantSlugTaken(db: Db, slug: string): Promise<boolean> {
  return db.tenant.findUnique({ where: { slug }, select: { id: true } }).then(Boolean);
}

/** Makes a new tenant (registration); it starts on the default plan. */
export function createTenant(db: Db, tenant: { name: string; slug: string }) {
  return db.tenant.create({ data: tenant, select: { id: true } });
}

/**
 * Locks the tenant's row until the transaction ends and returns its plan. Every write guarded by a plan limit
 * takes this lock first, so concurrent requests cannot all see the same last free slot (conventions §7).
 *
 * First in the one lock order of src/db/transactions.ts: the tenant's row, named advisory locks, the rows of
 * the change, the audit chain head last. FOR NO KEY UPDATE, not FOR UPDATE: it queues the tenant's lockers as
 * surely, and leaves alone the FOR KEY SHARE lock that every insert of a row referencing the tenant takes on it
 * (PostgreSQL docs, "Row-Level Locks"), which FOR UPDATE would make wait for this transaction.
 */
export async function lockTenant(tx: Prisma.TransactionClient, tenantId: string): Promise<{ plan: Plan } | null> {
  const rows = await tx.$queryRaw<{ plan: Plan }[]>`
    SELECT plan::text AS plan FROM tenants WHERE id = ${tenantId}::uuid FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

/** The tenant's slug, which names it in its public addresses (its credential issuer identifier among them). */
export async function findTenantSlug(db: Db, tenantId: string): Promise<string | null> {
  return (await db.tenant.findUnique({ where: { id: tenantId }, select: { slug: true } }))?.slug ?? null;
}

export function findTenantPlan(db: Db, tenantId: string) {
  return db.tenant.findUnique({ where: { id: tenantId }, select: { plan: true, planChangedAt: true } });
}

/** Moves the tenant to `plan`; false when the tenant no longer exists. */
export async function setTenantPlan(db: Db, tenantId: string, plan: Plan, changedAt: Date): Promise<boolean> {
  const { count } = await db.tenant.updateMany({ where: { id: tenantId }, data: { plan, planChangedAt: changedAt } });
  return count === 1;
}

/** Global: the tenant a public address names by its slug (its signed trust list, /v1/trust/lists/{slug}). */
export function findTenantBySlug(db: Db, slug: string) {
  return db.tenant.findFirst({ where: { slug }, select: { id: true, slug: true } });
}
