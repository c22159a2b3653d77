// Roles visible to a tenant: the built-in ones (no tenant) and its own custom roles.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/pagination.js';

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

export function listAssignableRoles(db: Db, tenantId: string): Promise<RoleView[]> {
  return db.role.findMany({
    where: { OR: [{ tenantId: null }, { tenantId }] },
    orderBy: [{ builtIn: 'desc' }, { id: 'asc' }],
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
