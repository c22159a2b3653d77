import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createTokenBucketLimiter, type BucketPolicy } from '../../src/lib/rate-limit/token-bucket.js';
import { TokenBucketMemory } from '../../src/lib/rate-limit/token-bucket-memory.js';

const isRateLimiterCompatible = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/helper/isRateLimiterCompatible.js',
) as (limiter: unknown) => boolean;

const developer: BucketPolicy = { burst: 20, perMinute: 10 };
const limiter = () => createTokenBucketLimiter({ prefix: 'test', log: createLogger('silent') });

describe('token bucket limiter in memory', () => {
  it('allows exactly the burst out of 100 concurrent takes', async () => {
    const buckets = limiter();
    expect(buckets.backend).toBe('memory');
    const verdicts = await Promise.all(Array.from({ length: 100 }, () => buckets.take('k', developer)));
    const allowed = verdicts.filter((v) => v.allowed);
    expect(allowed).toHaveLength(20);
    expect(allowed.map((v) => v.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const rejected = new Set(verdicts.filter((v) => !v.allowed).map((v) => JSON.stringify(v)));
    expect([...rejected].map((v) => JSON.parse(v))).toEqual([
      { allowed: false, limit: 20, remaining: 0, retryAfterSeconds: 6, resetSeconds: 120 },
    ]);
  });

  it('reports limit, remaining and reset on an allowed take', async () => {
    const verdict = await limiter().take('k', developer);
    expect(verdict).toEqual({ allowed: true, limit: 20, remaining: 19, retryAfterSeconds: 0, resetSeconds: 6 });
  });

  it('keeps keys apart, and policies apart on one key', async () => {
    const buckets = limiter();
    for (let i = 0; i < 20; i++) await buckets.take('a', developer);
    expect((await buckets.take('a', developer)).allowed).toBe(false);
    expect(await buckets.take('b', developer)).toMatchObject({ allowed: true, remaining: 19 });
    expect(await buckets.take('a', { burst: 5, perMinute: 5 })).toMatchObject({
      allowed: true,
      limit: 5,
      remaining: 4,
    });
  });

  it('peeks without taking, and refunds', async () => {
    const buckets = limiter();
    expect(await buckets.peek('k', developer)).toMatchObject({ allowed: true, remaining: 20, resetSeconds: 0 });
    for (let i = 0; i < 20; i++) await buckets.take('k', developer);
    const empty = await buckets.peek('k', developer);
    expect(empty).toEqual({ allowed: false, limit: 20, remaining: 0, retryAfterSeconds: 6, resetSeconds: 120 });
    await buckets.refund('k', developer);
    expect(await buckets.peek('k', developer)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await buckets.take('k', developer)).toMatchObject({ allowed: true, remaining: 0 });
    await buckets.refund('k', developer, 100);
    expect(await buckets.peek('k', developer)).toMatchObject({ remaining: 20, resetSeconds: 0 });
  });

  it('rejects a take of several tokens with the wait for all of them', async () => {
    const buckets = limiter();
    for (let i = 0; i < 19; i++) await buckets.take('k', developer);
    expect(await buckets.take('k', developer, 3)).toEqual({
      allowed: false,
      limit: 20,
      remaining: 0,
      retryAfterSeconds: 12,
      resetSeconds: 114,
    });
  });

  it('throws for a malformed cost or policy (bugs, not store failures)', async () => {
    const buckets = limiter();
    await expect(buckets.take('k', developer, 1.5)).rejects.toThrow(RangeError);
    await expect(buckets.refund('k', developer, 0)).rejects.toThrow(RangeError);
    await expect(buckets.take('k', { burst: 0, perMinute: 1 })).rejects.toThrow(RangeError);
  });
});

describe('TokenBucketMemory', () => {
  it('is a rate-limiter-flexible limiter, so it can be an insurance limiter', () => {
    expect(isRateLimiterCompatible(new TokenBucketMemory({ points: 20, duration: 120 }))).toBe(true);
  });

  it('drops entries once their bucket is full again', async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = new TokenBucketMemory({ points: 20, duration: 120, now: () => now });
    await store.consume('a');
    await store.consume('b', 20);
    expect(store.size).toBe(2);
    now += 61_000; // past the sweep interval; 'a' was full again after 6 s, 'b' is not before 120 s
    await store.consume('c');
    expect(store.size).toBe(2);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toMatchObject({ consumedPoints: 10, remainingPoints: 10, msBeforeNext: 59_000 });
  });
});
