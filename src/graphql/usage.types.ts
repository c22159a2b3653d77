// GraphQL surface of usage and plan changes. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { enumFromZod, inputFromZod } from './zod-types.js';
import { changePlanInput } from '../modules/tenants/tenants.service.js';
import { planName } from '../modules/plans/plans.js';
import type { PlanChange, UsageReport } from '../modules/usage/usage.service.js';
import type { PlanDefinition } from '../modules/plans/plans.js';

const Quota = builder.objectRef<{ limit: number | null; remaining: number | null }>('Quota').implement({
  description: 'A limit and what is left of it; both null when unlimited.',
  fields: (t) => ({
    limit: t.exposeInt('limit', { nullable: true }),
    remaining: t.exposeInt('remaining', { nullable: true }),
  }),
});

const Usage = builder.objectRef<UsageReport>('Usage').implement({
  description: 'Exact current usage of the tenant against its plan. The month is the UTC calendar month.',
  fields: (t) => ({
    plan: t.expose('plan', { type: Plan }),
    month: t.exposeString('month'),
    periodStart: t.expose('periodStart', { type: 'DateTime' }),
    periodEnd: t.expose('periodEnd', { type: 'DateTime' }),
    credentialsIssuedThisMonth: t.int({ resolve: (usage) => usage.credentials.issuedThisMonth }),
    credentials: t.field({ type: Quota, resolve: (usage) => usage.credentials }),
    activeDids: t.int({ resolve: (usage) => usage.dids.active }),
    dids: t.field({ type: Quota, resolve: (usage) => usage.dids }),
    members: t.int({ resolve: (usage) => usage.members.count }),
    pendingInvitations: t.int({ resolve: (usage) => usage.members.pendingInvitations }),
    seats: t.field({ type: Quota, resolve: (usage) => usage.members }),
    requestsPerMinute: t.int({ resolve: (usage) => usage.rateLimit.requestsPerMinute }),
    burst: t.int({ resolve: (usage) => usage.rateLimit.burst }),
    customRolesAllowed: t.boolean({ resolve: (usage) => usage.customRoles.allowed }),
    customRoles: t.int({ resolve: (usage) => usage.customRoles.count }),
  }),
});

const PlanLimits = builder.objectRef<PlanDefinition>('PlanLimits').implement({
  fields: (t) => ({
    name: t.expose('name', { type: Plan }),
    requestsPerMinute: t.int({ resolve: (plan) => plan.rateLimit.perMinute }),
    burst: t.int({ resolve: (plan) => plan.rateLimit.burst }),
    credentialsPerMonth: t.int({ nullable: true, resolve: (plan) => plan.quotas.credentialsPerMonth }),
    dids: t.int({ nullable: true, resolve: (plan) => plan.quotas.dids }),
    members: t.int({ nullable: true, resolve: (plan) => plan.quotas.members }),
    customRoles: t.exposeBoolean('customRoles'),
    customDomains: t.exposeBoolean('customDomains'),
  }),
});

const PlanChangeRef = builder.objectRef<PlanChange>('PlanChange').implement({
  fields: (t) => ({
    plan: t.expose('plan', { type: Plan }),
    previousPlan: t.expose('previousPlan', { type: Plan }),
    changed: t.exposeBoolean('changed', { description: 'false when the tenant was already on the plan.' }),
    changedAt: t.expose('changedAt', { type: 'DateTime' }),
    limits: t.field({ type: PlanLimits, resolve: (change) => change.limits }),
  }),
});

const ChangePlanInput = inputFromZod('ChangePlanInput', changePlanInput);
const Plan = enumFromZod(planName);

builder.queryFields((t) => ({
  usage: t.field({
    type: Usage,
    ...requires('usage:read'),
    resolve: (_root, _args, { services, principal }) => services.usage.usage(principal!),
  }),
}));

builder.mutationFields((t) => ({
  changePlan: t.field({
    nullable: true,
    type: PlanChangeRef,
    description: 'Moves the tenant to another plan at once (payment is handled elsewhere); recorded in the audit log.',
    ...requires('billing:manage'),
    args: { input: t.arg({ type: ChangePlanInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.usage.changePlan(principal!, input, requestId),
  }),
}));
