// Members of a tenant: list, change role, remove (spec §2, §3). Changes lock the tenant row so that two
// concurrent demotions cannot leave a tenant without an owner. Nobody can act on a member who holds more
// than they do, nor hand out a role with more than they hold.
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { OWNER_ROLE } from '../../auth/builtin-roles.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { revokeApiKeysCreatedBy } from '../api-keys/api-keys.repository.js';
import { apiKeyRevokedEvent } from '../api-keys/api-keys.service.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { recordEvent, recordEvents } from '../outbox/outbox.repository.js';
import { findAssignableRole } from '../roles/roles.repository.js';
import { assertCanGrant } from '../roles/roles.service.js';
import { lockTenantPlan } from '../tenants/tenants.service.js';
import * as repository from './members.repository.js';
import type { MemberRow } from './members.repository.js';

export type MemberView = {
  userId: string;
  email: string;
  displayName: string;
  role: { id: string; name: string };
  joinedAt: Date;
};

export const toMemberView = (row: MemberRow): MemberView => ({
  userId: row.userId,
  email: row.user.email,
  displayName: row.user.displayName,
  role: { id: row.role.id, name: row.role.name },
  joinedAt: row.createdAt,
});

export const updateRoleInput = z.object({
  roleId: z.string({ error: (issue) => (issue.input == null ? 'role_id is required' : MESSAGES.invalidRoleId) }),
});

export function createMembersService({ prisma, access }: { prisma: PrismaClient; access: AccessEvents }) {
  async function list(
    principal: Principal,
    page: PageRequest,
  ): Promise<{ members: MemberView[]; nextCursor: string | null }> {
    const result = await fetchPage(page, (window) => repository.listMembers(prisma, principal.tenantId, window));
    return { members: result.items.map(toMemberView), nextCursor: result.nextCursor };
  }

  /** Locks the tenant, finds the member (404 for unknown and foreign ids) and checks the caller outranks them. */
  async function lockMember(tx: Prisma.TransactionClient, principal: Principal, userId: string) {
    await lockTenantPlan(tx, principal.tenantId);
    const member = await repository.findMember(tx, principal.tenantId, userId);
    if (!member) throw notFound(MESSAGES.memberNotFound);
    assertCanGrant(principal, member.role.permissions);
    return member;
  }

  async function assertNotLastOwner(tx: Prisma.TransactionClient, tenantId: string, member: MemberRow) {
    if (member.role.id === OWNER_ROLE.id && (await repository.countOwners(tx, tenantId)) <= 1) {
      throw badRequest(MESSAGES.lastOwner);
    }
  }

  async function updateRole(principal: Principal, userId: string, rawInput: unknown, requestId: string | null) {
    const input = parseInput(updateRoleInput, rawInput);
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const member = await lockMember(tx, principal, userId);
        const role = await findAssignableRole(tx, principal.tenantId, input.roleId);
        if (!role) throw badRequest(MESSAGES.invalidRoleId);
        assertCanGrant(principal, role.permissions);
        if (role.id === member.role.id) return toMemberView(member);
        await assertNotLastOwner(tx, principal.tenantId, member);
        const updated = await repository.updateMemberRole(tx, principal.tenantId, member.userId, role.id);
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'member.role_changed',
          targetType: 'member',
          targetId: member.userId,
          details: { email: member.user.email, from: member.role.name, to: role.name },
        });
        await recordEvent(tx, principal.tenantId, 'member.role_changed', {
          user_id: member.userId,
          role: role.name,
          role_id: role.id,
          previous_role: member.role.name,
          previous_role_id: member.role.id,
        });
        return toMemberView(updated);
      }),
    );
  }

  /** Removes the member: their sessions in this tenant end with the membership, their API keys are revoked. */
  async function remove(principal: Principal, userId: string, requestId: string | null): Promise<MemberView> {
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const member = await lockMember(tx, principal, userId);
        await assertNotLastOwner(tx, principal.tenantId, member);
        const revokedKeys = await revokeApiKeysCreatedBy(tx, principal.tenantId, member.userId, new Date());
        // Sessions reference the membership and go with it (ON DELETE CASCADE).
        if (!(await repository.deleteMembership(tx, principal.tenantId, member.userId))) {
          throw notFound(MESSAGES.memberNotFound);
        }
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'member.removed',
          targetType: 'member',
          targetId: member.userId,
          details: { email: member.user.email, role: member.role.name, revokedApiKeys: revokedKeys.length },
        });
        await recordEvent(tx, principal.tenantId, 'member.removed', {
          user_id: member.userId,
          role: member.role.name,
          role_id: member.role.id,
        });
        await recordEvents(
          tx,
          principal.tenantId,
          'api_key.revoked',
          revokedKeys.map((key) => apiKeyRevokedEvent(key, 'member_removed')),
        );
        return toMemberView(member);
      }),
    );
  }

  return { list, updateRole, remove };
}
