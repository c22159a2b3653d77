// Usage report and plan changes (spec §4 GET /v1/admin/usage, POST /v1/admin/billing/upgrade; §8).
// Payment is not processed here: a change takes effect at once and is recorded in the audit log.
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import { z } from 'zod';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import {
  isPlan,
  monthBounds,
  PLAN_NAMES,
  planChangeObstacles,
  PLANS,
  remaining,
  usageMonth,
  type Plan,
  type PlanDefinition,
} from '../plans/plans.js';
import { currentUsage, findTenantPlan, lockTenant } from './usage.repository.js';

export type UsageReport = {
  plan: Plan;
  month: string;
  periodStart: Date;
  periodEnd: Date;
  credentials: { issuedThisMonth: number; limit: number | null; remaining: number | null };
  dids: { active: number; limit: number | null; remaining: number | null };
  members: { count: number; pendingInvitations: number; limit: number | null; remaining: number | null };
  rateLimit: { requestsPerMinute: number; burst: number };
  customRoles: { allowed: boolean; count: number };
};

export type PlanChange = { plan: Plan; previousPlan: Plan; changed: boolean; changedAt: Date; limits: PlanDefinition };

const changePlanInput = z.object({
  plan: z
    .string({ error: (issue) => (issue.input == null ? 'plan is required' : 'plan must be a string') })
    .refine(isPlan, { error: `plan must be one of: ${PLAN_NAMES.join(', ')}` }),
});

export function createUsageService({ prisma, access }: { prisma: PrismaClient; access: AccessEvents }) {
  async function usage(principal: Principal): Promise<UsageReport> {
    const now = new Date();
    const [tenant, used] = await Promise.all([
      findTenantPlan(prisma, principal.tenantId),
      currentUsage(prisma, principal.tenantId, now),
    ]);
    if (!tenant) throw unauthorized();
    const plan = PLANS[tenant.plan];
    const month = usageMonth(now);
    const bounds = monthBounds(month);
    const seats = used.members + used.pendingInvitations;
    return {
      plan: plan.name,
      month,
      periodStart: bounds.start,
      periodEnd: bounds.end,
      credentials: {
        issuedThisMonth: used.credentialsThisMonth,
        limit: plan.quotas.credentialsPerMonth,
        remaining: remaining(plan.quotas.credentialsPerMonth, used.credentialsThisMonth),
      },
      dids: {
        active: used.activeDids,
        limit: plan.quotas.dids,
        remaining: remaining(plan.quotas.dids, used.activeDids),
      },
      members: {
        count: used.members,
        pendingInvitations: used.pendingInvitations,
        limit: plan.quotas.members,
        remaining: remaining(plan.quotas.members, seats),
      },
      rateLimit: { requestsPerMinute: plan.rateLimit.perMinute, burst: plan.rateLimit.burst },
      customRoles: { allowed: plan.customRoles, count: used.customRoles },
    };
  }

  /** Moves the tenant to another plan at once; refused when current usage would not fit under it. */
  async function changePlan(principal: Principal, rawInput: unknown, requestId: string | null): Promise<PlanChange> {
    const input = parseInput(changePlanInput, rawInput);
    const target = PLANS[input.plan as Plan];
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const tenant = await lockTenant(tx, principal.tenantId);
        if (!tenant) throw unauthorized();
        const now = new Date();
        if (tenant.plan === target.name) {
          const current = await findTenantPlan(tx, principal.tenantId);
          return {
            plan: target.name,
            previousPlan: tenant.plan,
            changed: false,
            changedAt: current!.planChangedAt,
            limits: target,
          };
        }
        const obstacles = planChangeObstacles(target, await currentUsage(tx, principal.tenantId, now));
        if (obstacles.length) throw badRequest(`cannot move to the ${target.name} plan: ${obstacles.join('; ')}`);
        await tx.tenant.update({ where: { id: principal.tenantId }, data: { plan: target.name, planChangedAt: now } });
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'plan.changed',
          targetType: 'tenant',
          targetId: principal.tenantId,
          details: { from: tenant.plan, to: target.name },
        });
        return { plan: target.name, previousPlan: tenant.plan, changed: true, changedAt: now, limits: target };
      }),
    );
  }

  return { usage, changePlan };
}
