import { describe, expect, it } from 'vitest';
import { describeError, retryDelayMs } from '../../src/modules/jobs/jobs.policy.js';

const policy = { baseMs: 1000, maxMs: 60_000 };

describe('retryDelayMs', () => {
  it('doubles with every failure, from the base to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => retryDelayMs(failures, policy, 0))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });

  it('adds up to half again at random, so jobs that failed together come back spread out', () => {
    expect(retryDelayMs(3, policy, 0.5)).toBe(5000);
    expect(retryDelayMs(3, policy, 0.999_999)).toBeLessThan(6000);
    expect(retryDelayMs(7, policy, 0.999_999)).toBeLessThan(90_000);
  });
});

describe('describeError', () => {
  it('keeps the name and message, bounded', () => {
    expect(describeError(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(new Error('x'.repeat(5000)))).toHaveLength(2001);
  });
});
