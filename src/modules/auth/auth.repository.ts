// Storage for users and sessions, and the memberships a user logs in with. Users are global (one account,
// any number of tenants); session statements name the tenant. The few global lookups say why they are.
import type { PreparedSql } from '../../db/database.js';
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

/** Global: an email is one account whatever the tenant (login, registration, accepting an invitation). */
export function findUserByEmailKey(db: Db, emailKey: string) {
  return db.user.findUnique({ where: { emailKey } });
}

export function findUserById(db: Db, userId: string) {
  return db.user.findUnique({ where: { id: userId } });
}

export function createUser(
  db: Db,
  user: { email: string; emailKey: string; displayName: string; passwordHash: string },
) {
  return db.user.create({ data: user, select: { id: true } });
}

export function updatePasswordHash(db: Db, userId: string, passwordHash: string) {
  return db.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
}

/**
 * Global: login finds the tenant from the user, not the other way round. The user's membership in the
 * tenant with this slug, or their first membership when no slug is given; `hostTenantId` (a tenant's verified
 * custom domain, where only that tenant is served) confines it to that tenant.
 */
export function findMembershipForLogin(
  db: Db,
  userId: string,
  tenantSlug: string | null | undefined,
  hostTenantId: string | null = null,
) {
  return db.membership.findFirst({
    relationLoadStrategy: 'join',
    where: {
      userId,
      ...(tenantSlug && { tenant: { slug: tenantSlug } }),
      ...(hostTenantId !== null && { tenantId: hostTenantId }),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: membershipWithTenantAndRole,
  });
}

/** Who a user is and every tenant they belong to, with their role in each: `me`. */
export type UserWithTenants = {
  id: string;
  email: string;
  displayName: string;
  tenants: { id: string; name: string; slug: string; role: string }[];
};

// One statement for `me`, which every page of the dashboard and many integrations ask first: the user and their
// memberships (oldest first, as login picks), prepared rather than two Prisma queries.
const USER_WITH_TENANTS_SQL = `
  SELECT u.id::text, u.email, u.display_name AS "displayName",
         coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug, 'role', r.name)
                                   ORDER BY m.created_at, m.id)
                   FROM memberships m
                   JOIN tenants t ON t.id = m.tenant_id
                   JOIN roles r ON r.id = m.role_id
                   WHERE m.user_id = u.id), '[]'::json) AS tenants
  FROM users u WHERE u.id = $1::uuid`;

/** Global by nature: a user's own row and only their own memberships. */
export async function findUserWithTenants(sql: PreparedSql, userId: string): Promise<UserWithTenants | null> {
  const rows = await sql<UserWithTenants>('user-with-tenants', USER_WITH_TENANTS_SQL, [userId]);
  return rows[0] ?? null;
}

export function createSession(
  db: Db,
  tenantId: string,
  session: { userId: string; tokenHash: Uint8Array<ArrayBuffer>; expiresAt: Date },
) {
  return db.session.create({ data: { tenantId, ...session }, select: { id: true } });
}

/** Deletes one session of this user in this tenant; returns whether it existed. */
export async function deleteSession(db: Db, tenantId: string, session: { sessionId: string; userId: string }) {
  const { count } = await db.session.deleteMany({
    where: { tenantId, id: session.sessionId, userId: session.userId },
  });
  return count > 0;
}

/** Global: a maintenance sweep by time over every tenant's sessions, not a request's data. */
export function deleteExpiredSessionsOfAllTenants(db: Db, now: Date) {
  return db.session.deleteMany({ where: { expiresAt: { lte: now } } });
}
