// Usage, plan changes and the audit log (spec §4 GET /v1/admin/usage, POST /v1/admin/billing/upgrade; §8
// plans): exact counters, limits that apply at once (quotas and the per-tenant rate limit), downgrades
// refused when usage does not fit, and a paginated audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  changePlan,
  registerUser,
  tenantOnPlan,
  uniqueSuffix,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type PlanName = 'developer' | 'startup' | 'business' | 'enterprise';

// Spec §8, written out independently of src/.
const LIMITS = {
  developer: { rpm: 10, burst: 20, credentials: 100, dids: 1, members: 1, custom: false },
  startup: { rpm: 100, burst: 200, credentials: 1_000, dids: 5, members: 5, custom: false },
  business: { rpm: 1_000, burst: 2_000, credentials: 10_000, dids: 25, members: 25, custom: true },
  enterprise: { rpm: 10_000, burst: 20_000, credentials: null, dids: null, members: null, custom: true },
} as const;

function planLimits(plan: PlanName) {
  const l = LIMITS[plan];
  return {
    name: plan,
    requests_per_minute: l.rpm,
    burst: l.burst,
    credentials_per_month: l.credentials,
    dids: l.dids,
    members: l.members,
    custom_roles: l.custom,
    custom_domains: l.custom,
  };
}

const USAGE_GQL = `{ usage { plan month periodStart periodEnd credentialsIssuedThisMonth credentials { limit remaining }
  activeDids dids { limit remaining } members pendingInvitations seats { limit remaining } requestsPerMinute burst
  customRolesAllowed customRoles } }`;
const CHANGE_PLAN = `mutation ($input: ChangePlanInput!) {
  changePlan(input: $input) { plan previousPlan changed limits { name requestsPerMinute burst } } }`;
const AUDIT_GQL = `query ($limit: Int, $cursor: String) { auditLog(limit: $limit, cursor: $cursor) { events { id } nextCursor } }`;

const getUsage = (token: string) => app.request('GET', '/v1/admin/usage', { token });
const upgrade = (token: string, body: unknown) => app.request('POST', '/v1/admin/billing/upgrade', { token, body });
const auditLog = (token: string, query = '') => app.request('GET', `/v1/admin/audit-log${query}`, { token });

function expectGraphQLError(result: { status: number; body: any }, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

function currentMonth() {
  const now = new Date();
  return {
    month: now.toISOString().slice(0, 7),
    period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
}

async function storedPlan(owner: RegisteredUser) {
  return (await app.database.prisma.tenant.findUniqueOrThrow({ where: { id: owner.tenant_id } })).plan;
}

async function planChangedEvents(owner: RegisteredUser) {
  const response = await auditLog(owner.token, '?limit=100');
  expect(response.status).toBe(200);
  return (response.body.events as any[]).filter((event) => event.action === 'plan.changed');
}

async function invite(token: string, roleId: string = BUILTIN_ROLE_IDS.viewer) {
  const response = await app.request('POST', '/v1/members/invitations', {
    token,
    body: { email: `invitee-${uniqueSuffix()}@example.com`, role_id: roleId },
  });
  expect(response.status).toBe(200);
  return response.body;
}

describe('GET /v1/admin/usage', () => {
  it("reports a fresh tenant's usage exactly", async () => {
    const owner = await registerUser(app);
    const period = currentMonth();
    const response = await getUsage(owner.token);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(response.body).toEqual({
      plan: 'developer',
      ...period,
      credentials_issued_this_month: 0,
      credentials: { limit: 100, remaining: 100 },
      active_dids: 0,
      dids: { limit: 1, remaining: 1 },
      members: 1,
      pending_invitations: 0,
      seats: { limit: 1, remaining: 0 },
      requests_per_minute: 10,
      burst: 20,
      custom_roles_allowed: false,
      custom_roles: 0,
    });

    const graphql = await app.graphql(USAGE_GQL, {}, owner.token);
    expect(graphql.body.data.usage).toEqual({
      plan: 'developer',
      month: period.month,
      periodStart: period.period_start,
      periodEnd: period.period_end,
      credentialsIssuedThisMonth: 0,
      credentials: { limit: 100, remaining: 100 },
      activeDids: 0,
      dids: { limit: 1, remaining: 1 },
      members: 1,
      pendingInvitations: 0,
      seats: { limit: 1, remaining: 0 },
      requestsPerMinute: 10,
      burst: 20,
      customRolesAllowed: false,
      customRoles: 0,
    });
  });

  it('counts members and pending invitations exactly, and frees a seat when an invitation is revoked', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    const pending = await invite(owner.token);
    expect((await getUsage(owner.token)).body).toMatchObject({
      plan: 'startup',
      members: 3,
      pending_invitations: 1,
      seats: { limit: 5, remaining: 1 },
      dids: { limit: 5, remaining: 5 },
      credentials: { limit: 1000, remaining: 1000 },
    });

    const revoked = await app.request('DELETE', `/v1/members/invitations/${pending.id}`, { token: owner.token });
    expect(revoked.status).toBe(200);
    expect((await getUsage(owner.token)).body).toMatchObject({
      members: 3,
      pending_invitations: 0,
      seats: { limit: 5, remaining: 2 },
    });
  });

  it('shows null limits and null remaining on Enterprise', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    await addMember(app, owner.token, BUILTIN_ROLE_IDS.issuer);
    expect((await getUsage(owner.token)).body).toMatchObject({
      plan: 'enterprise',
      credentials: { limit: null, remaining: null },
      dids: { limit: null, remaining: null },
      members: 2,
      seats: { limit: null, remaining: null },
      requests_per_minute: 10_000,
      burst: 20_000,
      custom_roles_allowed: true,
    });
  });
});

describe('POST /v1/admin/billing/upgrade', () => {
  it('moves developer → startup → business → enterprise, each effective at the next request', async () => {
    const owner = await registerUser(app);
    let previous: PlanName = 'developer';
    for (const plan of ['startup', 'business', 'enterprise'] as const) {
      const before = Date.now();
      const response = await upgrade(owner.token, { plan });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        plan,
        previous_plan: previous,
        changed: true,
        changed_at: expect.any(String),
        limits: planLimits(plan),
      });
      expect(Date.parse(response.body.changed_at)).toBeGreaterThanOrEqual(before - 1000);

      const usage = (await getUsage(owner.token)).body;
      const limits = LIMITS[plan];
      expect(usage).toMatchObject({
        plan,
        requests_per_minute: limits.rpm,
        burst: limits.burst,
        credentials: { limit: limits.credentials },
        dids: { limit: limits.dids },
        seats: { limit: limits.members },
        custom_roles_allowed: limits.custom,
      });
      expect(await storedPlan(owner)).toBe(plan);
      previous = plan;
    }
    expect((await planChangedEvents(owner)).map((event) => event.details)).toEqual([
      { from: 'business', to: 'enterprise' },
      { from: 'startup', to: 'business' },
      { from: 'developer', to: 'startup' },
    ]);
  });

  it('answers the current plan with changed false and records nothing', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const eventsBefore = (await auditLog(owner.token, '?limit=100')).body.events;
    const again = await upgrade(owner.token, { plan: 'startup' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      plan: 'startup',
      previous_plan: 'startup',
      changed: false,
      limits: planLimits('startup'),
    });
    expect((await auditLog(owner.token, '?limit=100')).body.events).toEqual(eventsBefore);
    const graphql = await app.graphql(CHANGE_PLAN, { input: { plan: 'startup' } }, owner.token);
    expect(graphql.body.data.changePlan).toMatchObject({ plan: 'startup', previousPlan: 'startup', changed: false });
  });

  it('allows a downgrade that fits the usage', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const response = await upgrade(owner.token, { plan: 'developer' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ plan: 'developer', previous_plan: 'enterprise', changed: true });
    expect(response.body.limits).toEqual(planLimits('developer'));
    expect((await getUsage(owner.token)).body).toMatchObject({ plan: 'developer', seats: { limit: 1, remaining: 0 } });
    expect(await storedPlan(owner)).toBe('developer');
  });

  it('refuses a downgrade the members do not fit, and changes nothing', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    const refused = await upgrade(owner.token, { plan: 'developer' });
    expectError(refused, 400);
    expect(refused.body.error.startsWith('cannot move to the developer plan:')).toBe(true);
    expect(refused.body.error).toMatch(/member limit/);

    const graphql = await app.graphql(CHANGE_PLAN, { input: { plan: 'developer' } }, owner.token);
    expectGraphQLError(graphql, 400, refused.body.error);

    expect((await getUsage(owner.token)).body).toMatchObject({ plan: 'startup', members: 3 });
    expect(await storedPlan(owner)).toBe('startup');
    expect(await planChangedEvents(owner)).toHaveLength(1);
  });

  it('validates the plan', async () => {
    const owner = await registerUser(app);
    const allowed = 'plan must be one of: developer, startup, business, enterprise';
    expectError(await upgrade(owner.token, {}), 400, 'plan is required');
    expectError(await upgrade(owner.token, { plan: 'platinum' }), 400, allowed);
    const notString = await upgrade(owner.token, { plan: 5 });
    expectError(notString, 400);
    expect(notString.body.error).toMatch(/plan/);
    expectError(await upgrade(owner.token, { plan: ['enterprise'] }), 400);
    // GraphQL knows the plans as an enum and the field as required: refused before anything runs (an unknown
    // plan with REST's text; a missing field with GraphQL's, which names it).
    for (const [input, text] of [
      [{}, /^Variable "\$input" got invalid value .*"Plan!"/],
      [{ plan: 'platinum' }, /^plan must be one of: developer, startup, business, enterprise/],
    ] as const) {
      const response = await app.graphql(CHANGE_PLAN, { input }, owner.token);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].message).toMatch(text);
    }
    expect(await storedPlan(owner)).toBe('developer');
  });
});

describe('who may read usage, change the plan and read the audit log', () => {
  it('an admin cannot change the plan; a viewer reads usage but not the audit log', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const admin = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);

    expectError(
      await upgrade(admin.token, { plan: 'enterprise' }),
      403,
      "role 'admin' lacks permission: billing:manage",
    );
    expectGraphQLError(
      await app.graphql(CHANGE_PLAN, { input: { plan: 'enterprise' } }, admin.token),
      403,
      "role 'admin' lacks permission: billing:manage",
    );
    expect(await storedPlan(owner)).toBe('startup');

    const usage = await getUsage(viewer.token);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ plan: 'startup', members: 3 });
    expectError(await auditLog(viewer.token), 403, "role 'viewer' lacks permission: audit:read");
    expectGraphQLError(
      await app.graphql(AUDIT_GQL, {}, viewer.token),
      403,
      "role 'viewer' lacks permission: audit:read",
    );
    expectError(
      await upgrade(viewer.token, { plan: 'business' }),
      403,
      "role 'viewer' lacks permission: billing:manage",
    );

    expectError(await app.request('GET', '/v1/admin/usage'), 401, 'unauthorized');
    expectError(
      await app.request('POST', '/v1/admin/billing/upgrade', { body: { plan: 'enterprise' } }),
      401,
      'unauthorized',
    );
  });
});

describe('GET /v1/admin/audit-log', () => {
  it('records plan.changed with from/to, actor and request id', async () => {
    const owner = await registerUser(app);
    const response = await upgrade(owner.token, { plan: 'business' });
    const [event] = await planChangedEvents(owner);
    expect(event).toMatchObject({
      action: 'plan.changed',
      actor_user_id: owner.user_id,
      actor_api_key_id: null,
      target_type: 'tenant',
      target_id: owner.tenant_id,
      details: { from: 'developer', to: 'business' },
      request_id: response.headers.get('x-request-id'),
    });
    expect(event.request_id).toBeTruthy();
    expect(Date.parse(event.created_at)).not.toBeNaN();
  });

  it('pages newest first through every event, without duplicates or gaps', async () => {
    const owner = await registerUser(app);
    const moves: PlanName[] = ['startup', 'business', 'enterprise', 'business', 'startup', 'business', 'enterprise'];
    for (const plan of moves) {
      await changePlan(app, owner.token, plan);
      // Distinct timestamps (millisecond precision), so "newest first" has exactly one right answer.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }

    const all = (await auditLog(owner.token, '?limit=100')).body;
    expect(all.next_cursor).toBeNull();
    // The oldest event is the sign-up that made the tenant.
    expect(all.events.map((event: any) => event.details.to ?? event.action)).toEqual([
      ...[...moves].reverse(),
      'auth.registered',
    ]);
    const times = all.events.map((event: any) => Date.parse(event.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const walked: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: any = await auditLog(owner.token, query);
      expect(page.status).toBe(200);
      pageSizes.push(page.body.events.length);
      walked.push(...page.body.events.map((event: any) => event.id));
      cursor = page.body.next_cursor;
    } while (cursor && pageSizes.length < 10);
    expect(pageSizes).toEqual([3, 3, 2]);
    expect(walked).toEqual(all.events.map((event: any) => event.id));

    // A page that ends exactly at the last event has no next page.
    expect((await auditLog(owner.token, `?limit=${moves.length + 1}`)).body.next_cursor).toBeNull();

    const first = await app.graphql(AUDIT_GQL, { limit: 4 }, owner.token);
    const second = await app.graphql(AUDIT_GQL, { limit: 4, cursor: first.body.data.auditLog.nextCursor }, owner.token);
    const ids = [...first.body.data.auditLog.events, ...second.body.data.auditLog.events].map((event) => event.id);
    expect(ids).toEqual(walked);
    expect(second.body.data.auditLog.nextCursor).toBeNull();
  });

  it('refuses a bad cursor and out-of-range limits with 400', async () => {
    const owner = await registerUser(app);
    expectError(await auditLog(owner.token, '?cursor=garbage'), 400, 'invalid cursor');
    for (const limit of ['0', '101', 'abc', '-1', '1.5']) {
      const response = await auditLog(owner.token, `?limit=${limit}`);
      expectError(response, 400);
      expect(response.body.error, limit).toMatch(/limit/);
    }
    expectGraphQLError(await app.graphql(AUDIT_GQL, { cursor: 'garbage' }, owner.token), 400, 'invalid cursor');
    const zero = await app.graphql(AUDIT_GQL, { limit: 0 }, owner.token);
    expect(zero.body.errors?.[0]?.extensions).toMatchObject({ status: 400 });
    expect((await auditLog(owner.token, '?limit=100')).status).toBe(200);
    expect((await auditLog(owner.token, '?limit=1')).status).toBe(200);
  });
});

describe('the per-tenant rate limit follows the plan', () => {
  it("applies the new plan's bucket at the next request", async () => {
    const owner = await registerUser(app);
    const developer = await getUsage(owner.token);
    expect(developer.headers.get('ratelimit-limit')).toBe('20');
    expect(developer.headers.get('ratelimit-policy')).toBe('10;w=60;burst=20');
    expect(Number(developer.headers.get('ratelimit-remaining'))).toBeLessThan(20);

    expect((await upgrade(owner.token, { plan: 'business' })).status).toBe(200);
    const business = await getUsage(owner.token);
    expect(business.headers.get('ratelimit-limit')).toBe('2000');
    expect(business.headers.get('ratelimit-policy')).toBe('1000;w=60;burst=2000');
  });
});
