// The rules of the usage and plan page: what each plan offers, and whether the tenant's usage fits a plan it
// could move to. The service decides (tenants.service.ts changePlan refuses with its reasons); this only says
// beforehand what it will most likely answer. The table mirrors src/modules/plans/plans.ts, which the
// dashboard cannot import (it brings zod along); usage.rules.test.ts fails when the two differ.
import type { Plan } from '../generated/graphql';
import { formatNumber, PLAN_LABELS } from '../vocabulary';

export type PlanOffer = {
  name: Plan;
  label: string;
  requestsPerMinute: number;
  burst: number;
  /** null: unlimited. */
  credentialsPerMonth: number | null;
  dids: number | null;
  members: number | null;
  customRoles: boolean;
  customDomains: boolean;
};

// prettier-ignore
export const PLAN_OFFERS: readonly PlanOffer[] = [
  { name: 'developer', label: PLAN_LABELS.developer, requestsPerMinute: 10, burst: 20, credentialsPerMonth: 100, dids: 1, members: 1, customRoles: false, customDomains: false },
  { name: 'startup', label: PLAN_LABELS.startup, requestsPerMinute: 100, burst: 200, credentialsPerMonth: 1_000, dids: 5, members: 5, customRoles: false, customDomains: false },
  { name: 'business', label: PLAN_LABELS.business, requestsPerMinute: 1_000, burst: 2_000, credentialsPerMonth: 10_000, dids: 25, members: 25, customRoles: true, customDomains: true },
  { name: 'enterprise', label: PLAN_LABELS.enterprise, requestsPerMinute: 10_000, burst: 20_000, credentialsPerMonth: null, dids: null, members: null, customRoles: true, customDomains: true },
];

/** What the page knows of the tenant's usage (the Usage type). Verified domains it cannot see. */
export type UsageFigures = {
  plan: Plan;
  members: number;
  pendingInvitations: number;
  activeDids: number;
  credentialsIssuedThisMonth: number;
  customRoles: number;
};

export type PlanMove = { kind: 'current' } | { kind: 'upgrade' | 'downgrade'; obstacles: string[] };

const rank = (plan: Plan) => PLAN_OFFERS.findIndex((offer) => offer.name === plan);

const fits = (limit: number | null, used: number) => limit === null || used <= limit;

/**
 * Moving from the tenant's plan to `offer`: up or down, and what of its usage would not fit (empty: it fits,
 * as far as the page can tell). The service refuses a move only when current usage would not fit.
 */
export function planMove(usage: UsageFigures, offer: PlanOffer): PlanMove {
  if (offer.name === usage.plan) return { kind: 'current' };
  const obstacles: string[] = [];
  const seats = usage.members + usage.pendingInvitations;
  if (!fits(offer.members, seats)) {
    obstacles.push(`${seats} members and pending invitations (it allows ${offer.members})`);
  }
  if (!fits(offer.dids, usage.activeDids)) obstacles.push(`${usage.activeDids} active DIDs (it allows ${offer.dids})`);
  if (!fits(offer.credentialsPerMonth, usage.credentialsIssuedThisMonth)) {
    obstacles.push(
      `${usage.credentialsIssuedThisMonth} credentials issued this month (it allows ${offer.credentialsPerMonth})`,
    );
  }
  if (!offer.customRoles && usage.customRoles > 0) {
    obstacles.push(`${usage.customRoles} custom role${usage.customRoles === 1 ? '' : 's'} (it has none)`);
  }
  return { kind: rank(offer.name) > rank(usage.plan) ? 'upgrade' : 'downgrade', obstacles };
}

/** A limit in a sentence or a table cell. */
export function limitText(limit: number | null, unit = ''): string {
  if (limit === null) return 'unlimited';
  return `${formatNumber(limit)}${unit ? ` ${unit}` : ''}`;
}
