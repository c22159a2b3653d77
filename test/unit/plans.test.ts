import { describe, expect, it } from 'vitest';
import {
  hasRoom,
  monthBounds,
  PLAN_NAMES,
  planChangeObstacles,
  PLANS,
  remaining,
  usageMonth,
} from '../../src/modules/plans/plans.js';

const idle = {
  members: 1,
  pendingInvitations: 0,
  activeDids: 0,
  customRoles: 0,
  credentialsThisMonth: 0,
  verifiedDomains: 0,
};

describe('the plan table (spec §8)', () => {
  it('holds the four plans with the contract’s limits, unlimited as null', () => {
    expect(PLAN_NAMES).toEqual(['developer', 'startup', 'business', 'enterprise']);
    expect(PLAN_NAMES.map((name) => [PLANS[name].rateLimit.perMinute, PLANS[name].rateLimit.burst])).toEqual([
      [10, 20],
      [100, 200],
      [1000, 2000],
      [10000, 20000],
    ]);
    expect(PLAN_NAMES.map((name) => PLANS[name].quotas)).toEqual([
      { credentialsPerMonth: 100, dids: 1, members: 1 },
      { credentialsPerMonth: 1000, dids: 5, members: 5 },
      { credentialsPerMonth: 10000, dids: 25, members: 25 },
      { credentialsPerMonth: null, dids: null, members: null },
    ]);
    expect(PLAN_NAMES.filter((name) => PLANS[name].customRoles)).toEqual(['business', 'enterprise']);
  });
});

describe('limit arithmetic', () => {
  it('has room up to the limit and always when unlimited', () => {
    expect(hasRoom(1, 0)).toBe(true);
    expect(hasRoom(1, 1)).toBe(false);
    expect(hasRoom(5, 3, 2)).toBe(true);
    expect(hasRoom(5, 4, 2)).toBe(false);
    expect(hasRoom(null, 1_000_000)).toBe(true);
    expect(remaining(5, 7)).toBe(0);
    expect(remaining(5, 2)).toBe(3);
    expect(remaining(null, 2)).toBeNull();
  });

  it('counts quota months in UTC', () => {
    expect(usageMonth(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(usageMonth(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    expect(monthBounds('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
  });
});

describe('planChangeObstacles', () => {
  it('allows any move the current usage fits under', () => {
    expect(planChangeObstacles(PLANS.developer, idle)).toEqual([]);
    expect(planChangeObstacles(PLANS.enterprise, { ...idle, members: 500, credentialsThisMonth: 1e6 })).toEqual([]);
  });

  it('names every resource that would not fit', () => {
    const obstacles = planChangeObstacles(PLANS.developer, {
      members: 2,
      pendingInvitations: 1,
      activeDids: 2,
      customRoles: 1,
      credentialsThisMonth: 101,
      verifiedDomains: 0,
    });
    expect(obstacles).toHaveLength(4);
    expect(obstacles[0]).toBe('3 members and pending invitations exceed its member limit of 1');
    expect(obstacles.join('; ')).toMatch(/2 active DIDs .* 101 credentials .* custom roles/);
  });

  it('refuses a plan without custom domains while the tenant has a verified one', () => {
    expect(planChangeObstacles(PLANS.startup, { ...idle, verifiedDomains: 1 })).toEqual([
      'it has no custom domains and the tenant has 1 verified (DELETE /v1/domains/{id} first)',
    ]);
    expect(planChangeObstacles(PLANS.business, { ...idle, verifiedDomains: 3 })).toEqual([]);
  });

  it('counts pending invitations as seats', () => {
    expect(planChangeObstacles(PLANS.startup, { ...idle, members: 4, pendingInvitations: 2 })).toHaveLength(1);
    expect(planChangeObstacles(PLANS.startup, { ...idle, members: 4, pendingInvitations: 1 })).toEqual([]);
  });
});
