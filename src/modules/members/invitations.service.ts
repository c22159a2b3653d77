// Invitations (spec §2 members:invite). The inviter gets a one-time token to pass on (this service sends no
// mail); the invitee accepts it either while logged in (an existing account with the invited email) or by
// creating their account with it (a password and a display name). Pending invitations hold a seat under
// the plan's member limit, checked with the tenant row locked so that concurrent invitations cannot
// overshoot it.
import { z } from 'zod';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { newSessionToken } from '../../auth/session-tokens.js';
import { badRequest, conflict, forbidden, notFound, quotaReached } from '../../lib/errors.js';
import { randomToken, sha256, constantTimeEqual } from '../../lib/crypto.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import {
  emailKey,
  MAX_NAME_LENGTH,
  registrationEmail,
  registrationPassword,
  requiredText,
} from '../auth/auth.inputs.js';
import { createSession, createUser, findUserByEmailKey, findUserById } from '../auth/auth.repository.js';
import type { AuthResult } from '../auth/auth.service.js';
import type { PasswordHasher } from '../auth/password.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { hasRoom } from '../plans/plans.js';
import { findAssignableRole } from '../roles/roles.repository.js';
import { assertCanGrant } from '../roles/roles.service.js';
import { lockTenant } from '../tenants/tenants.repository.js';
import { lockTenantPlan } from '../tenants/tenants.service.js';
import { currentUsage } from '../usage/usage.repository.js';
import * as repository from './members.repository.js';
import type { InvitationRow } from './members.repository.js';

export const INVITATION_TOKEN_PREFIX = 'bsi_';
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationView = {
  id: string;
  email: string;
  role: { id: string; name: string };
  invitedByUserId: string | null;
  expiresAt: Date;
  createdAt: Date;
};

export type CreatedInvitation = InvitationView & { token: string };

const toView = (row: InvitationRow): InvitationView => ({
  id: row.id,
  email: row.email,
  role: { id: row.role.id, name: row.role.name },
  invitedByUserId: row.invitedByUserId,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
});

export const inviteInput = z.object({
  email: z
    .string({ error: (issue) => (issue.input == null ? 'email is required' : 'email must be a string') })
    .pipe(registrationEmail),
  roleId: z.string({ error: (issue) => (issue.input == null ? 'role_id is required' : MESSAGES.invalidRoleId) }),
});

export const acceptInput = z.object({
  token: z
    .string({ error: (issue) => (issue.input == null ? 'token is required' : 'token must be a string') })
    .max(256),
  // Only for a person without an account, who creates it by accepting.
  password: registrationPassword.nullish(),
  displayName: requiredText('display_name', MAX_NAME_LENGTH).nullish(),
});

export type InvitationsServiceDeps = { prisma: PrismaClient; sessionTtlSeconds: number; passwords: PasswordHasher };

export function createInvitationsService({ prisma, sessionTtlSeconds, passwords }: InvitationsServiceDeps) {
  const sessionExpiry = () => new Date(Date.now() + sessionTtlSeconds * 1000);

  async function invite(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    idempotency: IdempotencySlot | null = null,
  ): Promise<CreatedInvitation> {
    const input = parseInput(inviteInput, rawInput);
    const key = emailKey(input.email);
    const token = randomToken(INVITATION_TOKEN_PREFIX, 32);
    return prisma.$transaction(async (tx) => {
      const plan = await lockTenantPlan(tx, principal.tenantId);
      const role = await findAssignableRole(tx, principal.tenantId, input.roleId);
      if (!role) throw badRequest(MESSAGES.invalidRoleId);
      assertCanGrant(principal, role.permissions);
      const now = new Date();
      if (await repository.isMemberByEmail(tx, principal.tenantId, key)) {
        throw conflict('this email already belongs to a member of the tenant');
      }
      if (await repository.hasPendingInvitation(tx, principal.tenantId, key, now)) {
        throw conflict('an invitation for this email is already pending');
      }
      const limit = plan.quotas.members;
      const usage = await currentUsage(tx, principal.tenantId, now);
      if (!hasRoom(limit, usage.members + usage.pendingInvitations)) {
        throw quotaReached('members', MESSAGES.tenantMemberLimitReached(limit!));
      }
      const invitation = await repository.createInvitation(tx, principal.tenantId, {
        email: input.email,
        emailKey: key,
        roleId: role.id,
        tokenHash: sha256(token),
        invitedByUserId: principal.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'member.invited',
        targetType: 'invitation',
        targetId: invitation.id,
        details: { email: invitation.email, role: role.name },
      });
      // The email, not the token: the token is the invitee's alone (event catalogue, member.invited).
      await recordEvent(tx, principal.tenantId, 'member.invited', {
        invitation_id: invitation.id,
        email: invitation.email,
        role: role.name,
        role_id: role.id,
        invited_by_user_id: principal.userId,
        expires_at: invitation.expiresAt.toISOString(),
      });
      const created = { ...toView(invitation), token };
      await completeIdempotentRequest(tx, idempotency, created);
      return created;
    });
  }

  async function listPending(
    principal: Principal,
    page: PageRequest,
  ): Promise<{ invitations: InvitationView[]; nextCursor: string | null }> {
    const result = await fetchPage(page, (window) =>
      repository.listPendingInvitations(prisma, principal.tenantId, new Date(), window),
    );
    return { invitations: result.items.map(toView), nextCursor: result.nextCursor };
  }

  async function revoke(principal: Principal, invitationId: string, requestId: string | null): Promise<InvitationView> {
    return prisma.$transaction(async (tx) => {
      await lockTenantPlan(tx, principal.tenantId);
      const invitation = await repository.findPendingInvitation(tx, principal.tenantId, invitationId, new Date());
      if (!invitation) throw notFound(MESSAGES.invitationNotFound);
      // Withdrawing a grant acts on it as making it does: only someone who could have made it may.
      assertCanGrant(principal, invitation.role.permissions);
      if (!(await repository.revokeInvitation(tx, principal.tenantId, invitation.id, new Date()))) {
        throw notFound(MESSAGES.invitationNotFound);
      }
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'invitation.revoked',
        targetType: 'invitation',
        targetId: invitation.id,
        details: { email: invitation.email, role: invitation.role.name },
      });
      return toView(invitation);
    });
  }

  /**
   * Accepts an invitation and opens a session in the inviting tenant. Logged in: the account's email must
   * be the invited one. Not logged in: creates the account, unless the email already has one (then log in
   * first). An API key cannot accept invitations: they are for people.
   */
  async function accept(principal: Principal | null, rawInput: unknown, requestId: string | null): Promise<AuthResult> {
    if (principal?.kind === 'api_key') throw badRequest('invitations are accepted by a person, not an API key');
    const input = parseInput(acceptInput, rawInput);
    const tokenHash = sha256(input.token);
    const found = await repository.findInvitationByTokenHash(prisma, tokenHash);
    if (!found || !constantTimeEqual(found.tokenHash, tokenHash)) throw notFound(MESSAGES.invitationNotFound);
    if (!principal && (!input.password || !input.displayName)) {
      throw badRequest('password and display_name are required to create an account; or log in and accept');
    }
    const passwordHash = principal ? null : await passwords.hashPassword(input.password!);
    const { token, tokenHash: sessionHash } = newSessionToken();
    try {
      return await prisma.$transaction(async (tx) => {
        // From here on the invitation's tenant is known: every statement names it.
        const tenantId = found.tenantId;
        await lockTenant(tx, tenantId);
        // Re-read under the lock: a concurrent accept or revoke must see the invitation spent.
        const invitation = await repository.findInvitation(tx, tenantId, found.id);
        const now = new Date();
        if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) {
          throw notFound(MESSAGES.invitationNotFound);
        }
        let userId: string;
        if (principal) {
          const user = await findUserById(tx, principal.userId);
          if (user?.emailKey !== invitation.emailKey) {
            throw forbidden('this invitation was sent to another email address');
          }
          userId = principal.userId;
          if (await repository.isMember(tx, tenantId, userId)) {
            throw conflict('you are already a member of this tenant');
          }
        } else {
          if (await findUserByEmailKey(tx, invitation.emailKey)) throw conflict(MESSAGES.emailAlreadyRegistered);
          const user = await createUser(tx, {
            email: invitation.email,
            emailKey: invitation.emailKey,
            displayName: input.displayName!,
            passwordHash: passwordHash!,
          });
          userId = user.id;
        }
        await repository.createMembership(tx, tenantId, { userId, roleId: invitation.roleId });
        if (!(await repository.markInvitationAccepted(tx, tenantId, invitation.id, now))) {
          throw notFound(MESSAGES.invitationNotFound);
        }
        await createSession(tx, tenantId, { userId, tokenHash: sessionHash, expiresAt: sessionExpiry() });
        await recordAudit(
          tx,
          { tenantId, actorUserId: userId, actorApiKeyId: null, requestId },
          {
            action: 'invitation.accepted',
            targetType: 'member',
            targetId: userId,
            details: { invitationId: invitation.id, email: invitation.email, role: found.role.name },
          },
        );
        await recordEvent(tx, tenantId, 'member.joined', {
          user_id: userId,
          role: found.role.name,
          role_id: invitation.roleId,
          invitation_id: invitation.id,
        });
        return { token, userId, tenantId, role: found.role.name };
      });
    } catch (error) {
      // An account created concurrently with the same email: the unique index decides.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw conflict(MESSAGES.emailAlreadyRegistered);
      }
      throw error;
    }
  }

  return { invite, listPending, revoke, accept };
}
