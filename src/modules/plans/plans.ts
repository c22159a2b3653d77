// The plans of spec §8 in one table. `null` means unlimited: said explicitly, never a magic number.
import { z } from 'zod';
import type { Plan } from '../../generated/prisma/enums.js';

export type { Plan };

export type PlanDefinition = {
  name: Plan;
  displayName: string;
  rateLimit: { perMinute: number; burst: number };
  quotas: { credentialsPerMonth: number | null; dids: number | null; members: number | null };
  customRoles: boolean;
  customDomains: boolean;
};

export const PLANS: Record<Plan, PlanDefinition> = {
  developer: {
    name: 'developer',
    displayName: 'Developer',
    rateLimit: { perMinute: 10, burst: 20 },
    quotas: { credentialsPerMonth: 100, dids: 1, members: 1 },
    customRoles: false,
    customDomains: false,
  },
  startup: {
    name: 'startup',
    displayName: 'Startup',
    rateLimit: { perMinute: 100, burst: 200 },
    quotas: { credentialsPerMonth: 1_000, dids: 5, members: 5 },
    customRoles: false,
    customDomains: false,
  },
  business: {
    name: 'business',
    displayName: 'Business',
    rateLimit: { perMinute: 1_000, burst: 2_000 },
    quotas: { credentialsPerMonth: 10_000, dids: 25, members: 25 },
    customRoles: true,
    customDomains: true,
  },
  enterprise: {
    name: 'enterprise',
    displayName: 'Enterprise',
    rateLimit: { perMinute: 10_000, burst: 20_000 },
    quotas: { credentialsPerMonth: null, dids: null, members: null },
    customRoles: true,
    customDomains: true,
  },
};

export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

/** A plan's name as clients give it (a closed set: the GraphQL enum Plan). */
export const planName = z
  .enum(PLAN_NAMES as [Plan, ...Plan[]], {
    error: (issue) =>
      issue.input == null
        ? 'plan is required'
        : typeof issue.input === 'string'
          ? `plan must be one of: ${PLAN_NAMES.join(', ')}`
          : 'plan must be a string',
  })
  .meta({ id: 'Plan', description: 'developer, startup, business or enterprise.', examples: ['business'] });

export function isPlan(value: string): value is Plan {
  return Object.hasOwn(PLANS, value);
}

/** Whether `used` more of a resource fit under `limit` (null: unlimited). Pure, for unit tests. */
export function hasRoom(limit: number | null, used: number, adding = 1): boolean {
  return limit === null || used + adding <= limit;
}

/** What is left under a limit, never negative; null when unlimited. */
export function remaining(limit: number | null, used: number): number | null {
  return limit === null ? null : Math.max(limit - used, 0);
}

/** The UTC calendar month a moment falls in, as `YYYY-MM` (the quota period). */
export function usageMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}

/** First instant of the month after `month` (UTC): when its quota resets. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, monthIndex - 1, 1)), end: new Date(Date.UTC(year, monthIndex, 1)) };
}

export type CurrentUsage = {
  members: number;
  pendingInvitations: number;
  activeDids: number;
  customRoles: number;
  credentialsThisMonth: number;
  verifiedDomains: number;
};

/**
 * Why a tenant with this usage cannot move to `plan` (empty when it can). A move may go down as well as up;
 * it is refused only when current usage would not fit under the new plan.
 */
export function planChangeObstacles(plan: PlanDefinition, usage: CurrentUsage): string[] {
  const obstacles: string[] = [];
  const seats = usage.members + usage.pendingInvitations;
  if (!hasRoom(plan.quotas.members, seats, 0)) {
    obstacles.push(`${seats} members and pending invitations exceed its member limit of ${plan.quotas.members}`);
  }
  if (!hasRoom(plan.quotas.dids, usage.activeDids, 0)) {
    obstacles.push(`${usage.activeDids} active DIDs exceed its DID limit of ${plan.quotas.dids}`);
  }
  if (!hasRoom(plan.quotas.credentialsPerMonth, usage.credentialsThisMonth, 0)) {
    obstacles.push(
      `${usage.credentialsThisMonth} credentials issued this month exceed its monthly limit of ${plan.quotas.credentialsPerMonth}`,
    );
  }
  if (!plan.customRoles && usage.customRoles > 0) {
    obstacles.push(`it has no custom roles and the tenant has ${usage.customRoles}`);
  }
  if (!plan.customDomains && usage.verifiedDomains > 0) {
    obstacles.push(
      `it has no custom domains and the tenant has ${usage.verifiedDomains} verified (DELETE /v1/domains/{id} first)`,
    );
  }
  return obstacles;
}
