// Roles visible to a tenant: the built-in ones (tenant_id null, shared by every tenant: the only rows read
// without a tenant of their own) and its own custom roles. Writes touch custom roles, by tenant and id.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor, isUuid, type Keyset } from '../../lib/pagination.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const roleView = {
  id: true,
  name: true,
  description: true,
  permissions: true,
  builtIn: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.RoleSelect;

export type RoleView = Prisma.RoleGetPayload<{ select: typeof roleView }>;

/**
 * Oldest first, `take` rows after the cursor: the built-in roles, seeded before any tenant existed, come
 * first, and the keyset stays the plain (created_at, id) one.
 */
export function listAssignableRoles(
  db: Db,
  tenantId: string,
  page: { before: Keyset | undefined; take: number },
): Promise<RoleView[]> {
  return db.role.findMany({
    where: { AND: [{ OR: [{ tenantId: null }, { tenantId }] }, afterCursor('createdAt', page.before, 'asc')] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: page.take,
    select: roleView,
  });
}

/** A role the tenant may assign (built-in or its own), or null for unknown and foreign ids alike. */
export function findAssignableRole(db: Db, tenantId: string, roleId: string | null | undefined) {
  if (!isUuid(roleId)) return Promise.resolve(null);
  return db.role.findFirst({ where: { id: roleId, OR: [{ tenantId: null }, { tenantId }] }, select: roleView });
}

export function roleNameTaken(db: Db, tenantId: string, name: string, exceptId?: string) {
  return db.role
    .findFirst({
      where: { name, OR: [{ tenantId: null }, { tenantId }], ...(exceptId && { id: { not: exceptId } }) },
      select: { id: true },
    })
    .then(Boolean);
}

export async function countRoleHolders(db: Db, tenantId: string, roleId: string, now: Date) {
  const [members, invitations] = await Promise.all([
    db.membership.count({ where: { tenantId, roleId } }),
    db.invitation.count({ where: { tenantId, roleId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } }),
  ]);
  return { members, invitations };
}

export function createCustomRole(
  db: Db,
  tenantId: string,
  role: { name: string; description: string; permissions: string[] },
): Promise<RoleView> {
  return db.role.create({ data: { tenantId, ...role }, select: roleView });
}

/** Changes the tenant's custom role; it must exist (callers find it first, under the tenant lock). */
export function updateCustomRole(
  db: Db,
  tenantId: string,
  roleId: string,
  changes: { name?: string; description?: string; permissions?: string[] },
): Promise<RoleView> {
  return db.role.update({ where: { id: roleId, tenantId }, data: changes, select: roleView });
}

/**
 * Deletes the tenant's custom role with the spent invitations (accepted, revoked, expired) that only remember
 * it; returns whether the role existed. Callers check first that no member or pending invitation holds it.
 */
export async function deleteCustomRole(db: Db, tenantId: string, roleId: string): Promise<boolean> {
  await db.invitation.deleteMany({ where: { tenantId, roleId } });
  const { count } = await db.role.deleteMany({ where: { tenantId, id: roleId } });
  return count > 0;
}
