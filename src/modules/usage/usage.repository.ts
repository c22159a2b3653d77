// Exact counts of what a tenant uses, each within that tenant. Writes checked against them first lock the
// tenant's row (src/modules/tenants), so concurrent requests cannot all see the same last free slot.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { usageMonth, type CurrentUsage } from '../plans/plans.js';

type Db = PrismaClient | Prisma.TransactionClient;

export function pendingInvitationsWhere(tenantId: string, now: Date): Prisma.InvitationWhereInput {
  return { tenantId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
}

export async function currentUsage(db: Db, tenantId: string, now = new Date()): Promise<CurrentUsage> {
  const [members, pendingInvitations, activeDids, customRoles, counter, verifiedDomains] = await Promise.all([
    db.membership.count({ where: { tenantId } }),
    db.invitation.count({ where: pendingInvitationsWhere(tenantId, now) }),
    db.did.count({ where: { tenantId, deactivatedAt: null } }),
    db.role.count({ where: { tenantId } }),
    credentialsIssuedIn(db, tenantId, usageMonth(now)),
    db.customDomain.count({ where: { tenantId, status: 'verified' } }),
  ]);
  return {
    members,
    pendingInvitations,
    activeDids,
    customRoles,
    credentialsThisMonth: counter,
    verifiedDomains,
  };
}

/** The month's exact total over all counter shards. */
export async function credentialsIssuedIn(db: Db, tenantId: string, month: string): Promise<number> {
  const { _sum } = await db.usageCounter.aggregate({ where: { tenantId, month }, _sum: { credentialsIssued: true } });
  return _sum.credentialsIssued ?? 0;
}
