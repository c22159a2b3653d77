// Members (memberships joined to their users and roles) and invitations, always within one tenant.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { OWNER_ROLE } from '../../auth/builtin-roles.js';
import { isUuid } from '../../lib/pagination.js';
import { pendingInvitationsWhere } from '../usage/usage.repository.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const memberView = {
  userId: true,
  createdAt: true,
  user: { select: { email: true, displayName: true } },
  role: { select: { id: true, name: true, permissions: true } },
} satisfies Prisma.MembershipSelect;

export type MemberRow = Prisma.MembershipGetPayload<{ select: typeof memberView }>;

export function listMembers(db: Db, tenantId: string): Promise<MemberRow[]> {
  return db.membership.findMany({
    relationLoadStrategy: 'join',
    where: { tenantId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: memberView,
  });
}

/** The member, or null for unknown users, users of other tenants and malformed ids alike. */
export function findMember(db: Db, tenantId: string, userId: string): Promise<MemberRow | null> {
  if (!isUuid(userId)) return Promise.resolve(null);
  return db.membership.findUnique({
    relationLoadStrategy: 'join',
    where: { tenantId_userId: { tenantId, userId } },
    select: memberView,
  });
}

export function countOwners(db: Db, tenantId: string) {
  return db.membership.count({ where: { tenantId, roleId: OWNER_ROLE.id } });
}

export function isMemberByEmail(db: Db, tenantId: string, emailKey: string) {
  return db.membership.findFirst({ where: { tenantId, user: { emailKey } }, select: { id: true } }).then(Boolean);
}

export const invitationView = {
  id: true,
  email: true,
  expiresAt: true,
  createdAt: true,
  invitedByUserId: true,
  role: { select: { id: true, name: true, permissions: true } },
} satisfies Prisma.InvitationSelect;

export type InvitationRow = Prisma.InvitationGetPayload<{ select: typeof invitationView }>;

export function listPendingInvitations(db: Db, tenantId: string, now: Date): Promise<InvitationRow[]> {
  return db.invitation.findMany({
    relationLoadStrategy: 'join',
    where: pendingInvitationsWhere(tenantId, now),
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: invitationView,
  });
}

export function findPendingInvitation(db: Db, tenantId: string, id: string, now: Date) {
  if (!isUuid(id)) return Promise.resolve(null);
  return db.invitation.findFirst({
    relationLoadStrategy: 'join',
    where: { id, ...pendingInvitationsWhere(tenantId, now) },
    select: invitationView,
  });
}

export function hasPendingInvitation(db: Db, tenantId: string, emailKey: string, now: Date) {
  return db.invitation
    .findFirst({ where: { emailKey, ...pendingInvitationsWhere(tenantId, now) }, select: { id: true } })
    .then(Boolean);
}

/** Any tenant's invitation by its token (the token is the only way in); pending or not. */
export function findInvitationByToken(db: Db, tokenHash: Uint8Array<ArrayBuffer>) {
  return db.invitation.findUnique({
    relationLoadStrategy: 'join',
    where: { tokenHash },
    select: {
      id: true,
      tenantId: true,
      email: true,
      emailKey: true,
      tokenHash: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      role: { select: { id: true, name: true } },
    },
  });
}
