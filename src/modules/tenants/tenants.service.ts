// The tenant itself: its plan, the limits that follow from it, and plan changes (spec §4 POST
// /v1/admin/billing/upgrade, §8). Payment is not processed here: a change takes effect at once and is
// recorded in the audit log.
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { planChangeObstacles, PLANS, type Plan, type PlanDefinition, planName } from '../plans/plans.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { currentUsage } from '../usage/usage.repository.js';
import * as repository from './tenants.repository.js';

export type PlanChange = { plan: Plan; previousPlan: Plan; changed: boolean; changedAt: Date; limits: PlanDefinition };

export const changePlanInput = z.object({ plan: planName });

/**
 * Locks the tenant's row for the rest of the transaction and returns its plan's limits, to check a write
 * against them. A tenant that no longer exists leaves its caller's credential meaningless: 401.
 */
export async function lockTenantPlan(tx: Prisma.TransactionClient, tenantId: string): Promise<PlanDefinition> {
  const tenant = await repository.lockTenant(tx, tenantId);
  if (!tenant) throw unauthorized();
  return PLANS[tenant.plan];
}

export function createTenantsService({ prisma, access }: { prisma: PrismaClient; access: AccessEvents }) {
  /** Moves the tenant to another plan at once; refused when current usage would not fit under it. */
  async function changePlan(principal: Principal, rawInput: unknown, requestId: string | null): Promise<PlanChange> {
    const input = parseInput(changePlanInput, rawInput);
    const target = PLANS[input.plan as Plan];
    const { tenantId } = principal;
    return afterCommit(
      access,
      tenantId,
      prisma.$transaction(async (tx) => {
        const current = await lockTenantPlan(tx, tenantId);
        const now = new Date();
        if (current.name === target.name) {
          const tenant = await repository.findTenantPlan(tx, tenantId);
          return {
            plan: target.name,
            previousPlan: current.name,
            changed: false,
            changedAt: tenant!.planChangedAt,
            limits: target,
          };
        }
        const obstacles = planChangeObstacles(target, await currentUsage(tx, tenantId, now));
        if (obstacles.length) throw badRequest(`cannot move to the ${target.name} plan: ${obstacles.join('; ')}`);
        if (!(await repository.setTenantPlan(tx, tenantId, target.name, now))) throw unauthorized();
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'plan.changed',
          targetType: 'tenant',
          targetId: tenantId,
          details: { from: current.name, to: target.name },
        });
        await recordEvent(tx, tenantId, 'plan.changed', { plan: target.name, previous_plan: current.name });
        return { plan: target.name, previousPlan: current.name, changed: true, changedAt: now, limits: target };
      }),
    );
  }

  return { changePlan };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
