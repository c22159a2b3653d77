// Exact counts of what a tenant uses, and the tenant row lock that serialises changes checked against
// them: every write guarded by a plan limit first locks its tenant's row (FOR UPDATE) inside its
// transaction, so concurrent requests cannot all see the same last free slot (conventions §7).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { usageMonth, type CurrentUsage } from '../plans/plans.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** Locks the tenant's row until the transaction ends and returns its plan. */
export async function lockTenant(tx: Prisma.TransactionClient, tenantId: string): Promise<{ plan: Plan } | null> {
  const rows = await tx.$queryRaw<{ plan: Plan }[]>`
    SELECT plan::text AS plan FROM tenants WHERE id = ${tenantId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}

export function pendingInvitationsWhere(tenantId: string, now: Date): Prisma.InvitationWhereInput {
  return { tenantId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
}

export async function currentUsage(db: Db, tenantId: string, now = new Date()): Promise<CurrentUsage> {
  const [members, pendingInvitations, activeDids, customRoles, counter] = await Promise.all([
    db.membership.count({ where: { tenantId } }),
    db.invitation.count({ where: pendingInvitationsWhere(tenantId, now) }),
    db.did.count({ where: { tenantId, deactivatedAt: null } }),
    db.role.count({ where: { tenantId } }),
    credentialsIssuedIn(db, tenantId, usageMonth(now)),
  ]);
  return {
    members,
    pendingInvitations,
    activeDids,
    customRoles,
    credentialsThisMonth: counter,
  };
}

/** The month's exact total over all counter shards. */
export async function credentialsIssuedIn(db: Db, tenantId: string, month: string): Promise<number> {
  const { _sum } = await db.usageCounter.aggregate({ where: { tenantId, month }, _sum: { credentialsIssued: true } });
  return _sum.credentialsIssued ?? 0;
}

export function findTenantPlan(db: Db, tenantId: string) {
  return db.tenant.findUnique({ where: { id: tenantId }, select: { plan: true, planChangedAt: true } });
}
