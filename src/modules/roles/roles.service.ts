// Roles (spec §2): the built-in ones for every tenant, and custom roles on plans that allow them. Nobody can
// hand out more than they hold: a custom role's permissions must be a subset of its author's.
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { permissionDenied, type Principal } from '../../auth/principal.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import { lockTenantPlan } from '../tenants/tenants.service.js';
import { createRoleInput, updateRoleInput } from './roles.inputs.js';
import * as repository from './roles.repository.js';
import type { RoleView } from './roles.repository.js';

export type { RoleView };

/** The first permission in `wanted` that the principal cannot grant, as the contract's 403. */
export function assertCanGrant(principal: Principal, wanted: readonly string[]): void {
  const missing = wanted.find((permission) => !principal.permissions.has(permission));
  if (missing !== undefined) throw permissionDenied(principal, missing);
}

export function createRolesService({ prisma, access }: { prisma: PrismaClient; access: AccessEvents }) {
  async function list(
    principal: Principal,
    page: PageRequest,
  ): Promise<{ roles: RoleView[]; nextCursor: string | null }> {
    const result = await fetchPage(page, (window) =>
      repository.listAssignableRoles(prisma, principal.tenantId, window),
    );
    return { roles: result.items, nextCursor: result.nextCursor };
  }

  /** Locks the tenant and checks its plan offers custom roles. */
  async function lockForCustomRoles(tx: Prisma.TransactionClient, tenantId: string) {
    const plan = await lockTenantPlan(tx, tenantId);
    if (!plan.customRoles) throw forbidden(MESSAGES.customRolesNotInPlan);
  }

  /** The tenant's own custom role, or the contract's 400 for unknown and foreign ids; built-ins are fixed. */
  async function findCustomRole(tx: Prisma.TransactionClient, tenantId: string, roleId: string) {
    const role = await repository.findAssignableRole(tx, tenantId, roleId);
    if (!role) throw badRequest(MESSAGES.invalidRoleId);
    if (role.builtIn) throw badRequest('built-in roles cannot be changed or deleted');
    return role;
  }

  async function create(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    idempotency: IdempotencySlot | null = null,
  ): Promise<RoleView> {
    const input = parseInput(createRoleInput, rawInput);
    assertCanGrant(principal, input.permissions);
    return uniqueName(() =>
      prisma.$transaction(async (tx) => {
        await lockForCustomRoles(tx, principal.tenantId);
        if (await repository.roleNameTaken(tx, principal.tenantId, input.name)) throw conflict(MESSAGES.roleNameTaken);
        const role = await repository.createCustomRole(tx, principal.tenantId, {
          name: input.name,
          description: input.description ?? '',
          permissions: input.permissions,
        });
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'role.created',
          targetType: 'role',
          targetId: role.id,
          details: { name: role.name, permissions: role.permissions },
        });
        await completeIdempotentRequest(tx, idempotency, role);
        return role;
      }),
    );
  }

  async function update(principal: Principal, roleId: string, rawInput: unknown, requestId: string | null) {
    const input = parseInput(updateRoleInput, rawInput);
    if (input.permissions) assertCanGrant(principal, input.permissions);
    return afterCommit(
      access,
      principal.tenantId,
      uniqueName(() =>
        prisma.$transaction(async (tx) => {
          await lockForCustomRoles(tx, principal.tenantId);
          const role = await findCustomRole(tx, principal.tenantId, roleId);
          // Editing a role changes what its holders may do: only someone who holds all of it may.
          assertCanGrant(principal, role.permissions);
          if (input.name && (await repository.roleNameTaken(tx, principal.tenantId, input.name, role.id))) {
            throw conflict(MESSAGES.roleNameTaken);
          }
          const updated = await repository.updateCustomRole(tx, principal.tenantId, role.id, {
            ...(input.name && { name: input.name }),
            ...(input.description != null && { description: input.description }),
            ...(input.permissions && { permissions: input.permissions }),
          });
          await recordAudit(tx, actorFrom(principal, requestId), {
            action: 'role.updated',
            targetType: 'role',
            targetId: role.id,
            details: {
              before: { name: role.name, description: role.description, permissions: role.permissions },
              after: { name: updated.name, description: updated.description, permissions: updated.permissions },
            },
          });
          return updated;
        }),
      ),
    );
  }

  async function remove(principal: Principal, roleId: string, requestId: string | null): Promise<RoleView> {
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        // Deleting is allowed on any plan: a tenant that moved down must still be able to clean up.
        await lockTenantPlan(tx, principal.tenantId);
        const role = await findCustomRole(tx, principal.tenantId, roleId);
        assertCanGrant(principal, role.permissions);
        const now = new Date();
        const holders = await repository.countRoleHolders(tx, principal.tenantId, role.id, now);
        if (holders.members + holders.invitations > 0) {
          throw conflict(
            `role is in use by ${holders.members} members and ${holders.invitations} pending invitations; reassign them first`,
          );
        }
        if (!(await repository.deleteCustomRole(tx, principal.tenantId, role.id))) {
          throw badRequest(MESSAGES.invalidRoleId);
        }
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'role.deleted',
          targetType: 'role',
          targetId: role.id,
          details: { name: role.name, permissions: role.permissions },
        });
        return role;
      }),
    );
  }

  return { list, create, update, remove };
}

/** Two concurrent creations of one name: the unique index decides; answer as the check would have. */
async function uniqueName<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw conflict(MESSAGES.roleNameTaken);
    }
    throw error;
  }
}
