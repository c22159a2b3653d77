import { describe, expect, it } from 'vitest';
import {
  emissionIntervalUs,
  gcraPolicy,
  gcraStep,
  type GcraPolicy,
  type GcraState,
} from '../../src/lib/rate-limit/gcra.js';

// Developer plan: 20 at once, then 10 a minute → one token every 6 s, full again 120 s after empty.
const developer = gcraPolicy({ burst: 20, perMinute: 10 });
const t0 = Date.UTC(2026, 0, 1);

/** Takes `n` single tokens at `now`, returning the state and every step. */
function takeMany(state: GcraState | undefined, now: number, n: number, policy: GcraPolicy = developer) {
  const steps = [];
  for (let i = 0; i < n; i++) {
    const step = gcraStep(state, now, 1, policy);
    steps.push(step);
    state = step.state;
  }
  return { state, steps };
}

describe('gcraPolicy', () => {
  it('maps burst and rate onto points and the seconds to refill from empty', () => {
    expect(developer).toEqual({ points: 20, duration: 120 });
    expect(emissionIntervalUs(developer)).toBe(6_000_000);
  });

  it('rounds a non-integral interval to whole microseconds', () => {
    const seven = gcraPolicy({ burst: 14, perMinute: 7 });
    expect(emissionIntervalUs(seven)).toBe(8_571_429); // 60000/7 ms
    expect(takeMany(undefined, t0, 15, seven).steps.map((s) => s.allowed)).toEqual([...Array(14).fill(true), false]);
  });

  it.each([
    [{ burst: 0, perMinute: 10 }],
    [{ burst: 2.5, perMinute: 10 }],
    [{ burst: 20, perMinute: 0 }],
    [{ burst: 20, perMinute: Number.NaN }],
    [{ burst: 1, perMinute: 120 }], // refills in 0.5 s: RateLimiterRedis would not run the script
  ])('rejects %j', (policy) => expect(() => gcraPolicy(policy)).toThrow(RangeError));
});

describe('gcraStep', () => {
  it('allows a burst of 20, then rejects without changing state', () => {
    const { state, steps } = takeMany(undefined, t0, 20);
    expect(steps.every((s) => s.allowed)).toBe(true);
    expect(steps.map((s) => s.consumed)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const rejected = gcraStep(state, t0, 1, developer);
    expect(rejected).toEqual({ allowed: false, consumed: 21, msBeforeNext: 6000, state });
  });

  it('gives back exactly one token per emission interval', () => {
    const { state } = takeMany(undefined, t0, 20);
    expect(gcraStep(state, t0 + 5999, 1, developer)).toMatchObject({ allowed: false, msBeforeNext: 1 });
    const { steps } = takeMany(state, t0 + 6000, 2);
    expect(steps.map((s) => s.allowed)).toEqual([true, false]);
    expect(steps[0]).toMatchObject({ consumed: 20, msBeforeNext: 120_000 });
    expect(steps[1]).toMatchObject({ consumed: 21, msBeforeNext: 6000 });
  });

  it('reports tokens in use and the time until full, counting partial tokens as in use', () => {
    const first = gcraStep(undefined, t0, 1, developer);
    expect(first).toEqual({ allowed: true, consumed: 1, msBeforeNext: 6000, state: { tatUs: t0 * 1000 + 6_000_000 } });
    const { state } = takeMany(undefined, t0, 5); // full at t0 + 30 s
    expect(gcraStep(state, t0 + 1000, 0, developer)).toMatchObject({ consumed: 5, msBeforeNext: 29_000 });
    expect(gcraStep(state, t0 + 6000, 0, developer)).toMatchObject({ consumed: 4, msBeforeNext: 24_000 });
  });

  it('takes several tokens at once, and never more than the burst', () => {
    const { state } = takeMany(undefined, t0, 18);
    expect(gcraStep(state, t0, 3, developer)).toMatchObject({ allowed: false, consumed: 23, msBeforeNext: 6000 });
    expect(gcraStep(state, t0, 2, developer)).toMatchObject({ allowed: true, consumed: 20 });
    expect(gcraStep(undefined, t0, 21, developer)).toMatchObject({ allowed: false, state: undefined });
  });

  it('peeks with cost 0 and changes nothing, even on an empty bucket', () => {
    expect(gcraStep(undefined, t0, 0, developer)).toEqual({
      allowed: true,
      consumed: 0,
      msBeforeNext: 0,
      state: undefined,
    });
    const { state } = takeMany(undefined, t0, 20);
    const peek = gcraStep(state, t0 + 1, 0, developer);
    expect(peek).toMatchObject({ allowed: true, consumed: 20, msBeforeNext: 119_999 });
    expect(peek.state).toBe(state);
  });

  it('refunds, never beyond a full bucket', () => {
    const { state } = takeMany(undefined, t0, 3);
    expect(gcraStep(state, t0, -1, developer)).toMatchObject({ consumed: 2, state: { tatUs: t0 * 1000 + 12_000_000 } });
    expect(gcraStep(state, t0, -5, developer)).toEqual({
      allowed: true,
      consumed: 0,
      msBeforeNext: 0,
      state: undefined,
    });
    // Refunding a full bucket leaves it full: still only a burst of 20.
    const refunded = gcraStep(undefined, t0, -5, developer);
    expect(takeMany(refunded.state, t0, 21).steps.filter((s) => s.allowed)).toHaveLength(20);
  });

  it('treats a long gap as a full bucket, not an overfull one', () => {
    const { state } = takeMany(undefined, t0, 20);
    const later = t0 + 365 * 86_400_000;
    const { steps } = takeMany(state, later, 21);
    expect(steps.filter((s) => s.allowed)).toHaveLength(20);
    expect(steps[0]).toMatchObject({ consumed: 1, msBeforeNext: 6000 });
  });
});
