// Storage for users, their memberships and sessions. Queries that touch tenant data name the tenant.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

const membershipWithTenantAndRole = {
  id: true,
  tenantId: true,
  createdAt: true,
  tenant: { select: { id: true, name: true, slug: true } },
  role: { select: { id: true, name: true, permissions: true } },
} satisfies Prisma.MembershipSelect;

export type MembershipView = Prisma.MembershipGetPayload<{ select: typeof membershipWithTenantAndRole }>;

export function findUserByEmailKey(db: Db, emailKey: string) {
  return db.user.findUnique({ where: { emailKey } });
}

export function findUserById(db: Db, userId: string) {
  return db.user.findUnique({ where: { id: userId } });
}

export function tenantSlugExists(db: Db, slug: string) {
  return db.tenant.findUnique({ where: { slug }, select: { id: true } }).then(Boolean);
}

/** The user's membership in the tenant with this slug, or their first membership when no slug is given. */
export function findMembershipForLogin(db: Db, userId: string, tenantSlug: string | null | undefined) {
  return db.membership.findFirst({
    relationLoadStrategy: 'join',
    where: tenantSlug ? { userId, tenant: { slug: tenantSlug } } : { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: membershipWithTenantAndRole,
  });
}

export function listMemberships(db: Db, userId: string): Promise<MembershipView[]> {
  return db.membership.findMany({
    relationLoadStrategy: 'join',
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: membershipWithTenantAndRole,
  });
}

export function createSession(
  db: Db,
  session: { tokenHash: Uint8Array<ArrayBuffer>; tenantId: string; userId: string; expiresAt: Date },
) {
  return db.session.create({ data: session, select: { id: true } });
}

/** Deletes one session of this user in this tenant; returns whether it existed. */
export async function deleteSession(db: Db, scope: { sessionId: string; tenantId: string; userId: string }) {
  const { count } = await db.session.deleteMany({
    where: { id: scope.sessionId, tenantId: scope.tenantId, userId: scope.userId },
  });
  return count > 0;
}

export function deleteExpiredSessions(db: Db, now: Date) {
  return db.session.deleteMany({ where: { expiresAt: { lte: now } } });
}

export function updatePasswordHash(db: Db, userId: string, passwordHash: string) {
  return db.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
}
