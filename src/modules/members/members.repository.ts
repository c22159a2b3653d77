// Members (memberships joined to their users and roles) and invitations, always within one tenant.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { OWNER_ROLE } from '../../auth/builtin-roles.js';
import { afterCursor, isUuid, type Keyset } from '../../lib/pagination.js';
import { pendingInvitationsWhere } from '../usage/usage.repository.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const memberView = {
  id: true, // the membership's: the keyset of member pages
  userId: true,
  createdAt: true,
  user: { select: { email: true, displayName: true } },
  role: { select: { id: true, name: true, permissions: true } },
} satisfies Prisma.MembershipSelect;

export type MemberRow = Prisma.MembershipGetPayload<{ select: typeof memberView }>;

type Page = { before: Keyset | undefined; take: number };

/** Newest first, `take` rows after the cursor. */
export function listMembers(db: Db, tenantId: string, page: Page): Promise<MemberRow[]> {
  return db.membership.findMany({
    relationLoadStrategy: 'join',
    where: { tenantId, ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
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

/** Whether the user is a member of the tenant (any role). */
export function isMember(db: Db, tenantId: string, userId: string): Promise<boolean> {
  return db.membership
    .findUnique({ where: { tenantId_userId: { tenantId, userId } }, select: { id: true } })
    .then(Boolean);
}

export function createMembership(db: Db, tenantId: string, membership: { userId: string; roleId: string }) {
  return db.membership.create({ data: { tenantId, ...membership }, select: { id: true } });
}

/** Gives the member another role; the member must exist (callers find it first, under the tenant lock). */
export function updateMemberRole(db: Db, tenantId: string, userId: string, roleId: string): Promise<MemberRow> {
  return db.membership.update({
    where: { tenantId_userId: { tenantId, userId } },
    data: { roleId },
    select: memberView,
  });
}

/** Ends the membership (its sessions go with it: ON DELETE CASCADE); returns whether it existed. */
export async function deleteMembership(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const { count } = await db.membership.deleteMany({ where: { tenantId, userId } });
  return count > 0;
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

/** Newest first, `take` rows after the cursor. */
export function listPendingInvitations(db: Db, tenantId: string, now: Date, page: Page): Promise<InvitationRow[]> {
  return db.invitation.findMany({
    relationLoadStrategy: 'join',
    where: { ...pendingInvitationsWhere(tenantId, now), ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
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

export function createInvitation(
  db: Db,
  tenantId: string,
  invitation: {
    email: string;
    emailKey: string;
    roleId: string;
    tokenHash: Uint8Array<ArrayBuffer>;
    invitedByUserId: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  return db.invitation.create({ data: { tenantId, ...invitation }, select: invitationView });
}

/** Marks the invitation revoked; returns whether the tenant has it. */
export async function revokeInvitation(db: Db, tenantId: string, id: string, at: Date): Promise<boolean> {
  const { count } = await db.invitation.updateMany({ where: { tenantId, id }, data: { revokedAt: at } });
  return count > 0;
}

/** Marks the invitation accepted; returns whether the tenant has it. */
export async function markInvitationAccepted(db: Db, tenantId: string, id: string, at: Date): Promise<boolean> {
  const { count } = await db.invitation.updateMany({ where: { tenantId, id }, data: { acceptedAt: at } });
  return count > 0;
}

/** The invitation as it is now, whatever its state (accepting re-reads it under the tenant lock). */
export function findInvitation(db: Db, tenantId: string, id: string) {
  return db.invitation.findFirst({ where: { tenantId, id } });
}

/**
 * Global: any tenant's invitation by the SHA-256 of its token, pending or not. The token is all the invitee
 * brings, and its row is what names the tenant they are joining.
 */
export function findInvitationByTokenHash(db: Db, tokenHash: Uint8Array<ArrayBuffer>) {
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
