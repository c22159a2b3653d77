// Usage report (spec §4 GET /v1/admin/usage, §8): what the tenant uses against its plan's limits.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { unauthorized } from '../../lib/errors.js';
import { monthBounds, PLANS, remaining, usageMonth, type Plan } from '../plans/plans.js';
import { findTenantPlan } from '../tenants/tenants.repository.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import { currentUsage } from './usage.repository.js';

// The billing resolver imports the plan change's type from here, beside the usage report's.
export type { PlanChange } from '../tenants/tenants.service.js';

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

export type UsageServiceDeps = { prisma: PrismaClient; tenants: Pick<TenantsService, 'changePlan'> };

export function createUsageService({ prisma, tenants }: UsageServiceDeps) {
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

  // POST /v1/admin/billing/upgrade resolves beside the usage report (src/graphql/usage.types.ts) and reaches
  // the plan change here; the rule is the tenant's own (src/modules/tenants).
  return { usage, changePlan: tenants.changePlan };
}
