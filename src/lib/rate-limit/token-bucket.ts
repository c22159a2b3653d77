// Per-key token buckets on rate-limiter-flexible: in this process's memory by default, or in Redis so that every
// instance of the service spends from one budget per key. The algorithm (GCRA) lives in gcra.ts.
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { GCRA_LUA, emissionIntervalUs, gcraPolicy, type BucketPolicy, type GcraPolicy } from './gcra.js';
import { TokenBucketMemory } from './token-bucket-memory.js';

export type { BucketPolicy } from './gcra.js';

export type BucketVerdict = {
  allowed: boolean;
  /** = burst */
  limit: number;
  /** Whole tokens left after this request (0 when rejected). */
  remaining: number;
  /** 0 when allowed; else whole seconds (ceil, >= 1) until this request would be allowed. */
  retryAfterSeconds: number;
  /** Whole seconds (ceil) until the bucket is full again. */
  resetSeconds: number;
};

export type TokenBucketLimiter = {
  /** Takes `cost` tokens (default 1) from key's bucket under policy. Never throws for store failures. */
  take(key: string, policy: BucketPolicy, cost?: number): Promise<BucketVerdict>;
  /** Looks without taking: `allowed` says whether a take of one token would be. */
  peek(key: string, policy: BucketPolicy): Promise<BucketVerdict>;
  /** Gives back `cost` tokens (e.g. a login that succeeded after all). */
  refund(key: string, policy: BucketPolicy, cost?: number): Promise<void>;
  readonly backend: 'memory' | 'redis';
};

type Bucket = { limiter: RateLimiterAbstract; policy: GcraPolicy };

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export function createTokenBucketLimiter(options: { prefix: string; redis?: Redis; log: Logger }): TokenBucketLimiter {
  const { prefix, redis, log } = options;
  const buckets = new Map<string, Bucket>();
  const store = redis ? gcraStoreClient(redis) : undefined;

  // One warning per outage: the insurance limiter answering starts one, Redis answering a call ends it. A call
  // that saw no fallback from start to finish was answered by Redis, even if others ran alongside.
  let degraded = false;
  let fallbacks = 0;
  const onFallback = () => {
    fallbacks++;
    if (degraded) return;
    degraded = true;
    log.warn('rate limiter: Redis unavailable, falling back to per-instance in-memory buckets');
  };
  const answered = (fallbacksBefore: number) => {
    if (!degraded || fallbacks !== fallbacksBefore) return;
    degraded = false;
    log.info('rate limiter: Redis answering again, buckets shared across instances');
  };

  function bucketFor(policy: BucketPolicy): Bucket {
    const keyPrefix = `${prefix}:${policy.burst}:${policy.perMinute}`;
    let bucket = buckets.get(keyPrefix);
    if (bucket) return bucket;
    const gcra = gcraPolicy(policy);
    const limits = { keyPrefix, points: gcra.points, duration: gcra.duration };
    const limiter = store
      ? new RateLimiterRedis({
          ...limits,
          storeClient: store,
          customIncrTtlLuaScript: GCRA_LUA,
          // Not ready (disconnected, reconnecting) → straight to the insurance, no waiting; a hung Redis is
          // bounded by the client's commandTimeout.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new TokenBucketMemory({ ...limits, onUse: onFallback }),
        })
      : new TokenBucketMemory(limits);
    bucket = { limiter, policy: gcra };
    buckets.set(keyPrefix, bucket);
    return bucket;
  }

  // rate-limiter-flexible resolves when allowed, rejects with a RateLimiterRes when over the limit, and rejects
  // with an Error when the store (and the insurance) failed.
  async function consume(bucket: Bucket, key: string, cost: number) {
    const before = fallbacks;
    try {
      const res = await bucket.limiter.consume(key, cost);
      answered(before);
      return { res, allowed: true };
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) throw outcome;
      answered(before);
      return { res: outcome, allowed: false };
    }
  }

  // Fails open: reached only if the in-memory insurance itself failed, which would be a bug, not an outage.
  const failOpen = (err: unknown, policy: BucketPolicy, cost: number): BucketVerdict => {
    log.error({ err }, 'rate limiter failed; request allowed');
    const remaining = Math.max(0, policy.burst - cost);
    return { allowed: true, limit: policy.burst, remaining, retryAfterSeconds: 0, resetSeconds: 0 };
  };

  return {
    backend: redis ? 'redis' : 'memory',
    async take(key, policy, cost = 1) {
      assertCost(cost, 0);
      const bucket = bucketFor(policy); // outside the try: a bad policy is a bug to surface, not to fail open
      try {
        const { res, allowed } = await consume(bucket, key, cost);
        return takeVerdict(res, allowed, bucket.policy, cost);
      } catch (err) {
        return failOpen(err, policy, cost);
      }
    },
    async peek(key, policy) {
      const bucket = bucketFor(policy);
      try {
        const { res } = await consume(bucket, key, 0);
        return peekVerdict(res, bucket.policy);
      } catch (err) {
        return failOpen(err, policy, 0);
      }
    },
    async refund(key, policy, cost = 1) {
      assertCost(cost, 1);
      const { limiter } = bucketFor(policy);
      // reward() consumes -cost, which the script and gcraStep treat as moving TAT back (never below now).
      await limiter.reward(key, cost).catch((err: unknown) => log.error({ err }, 'rate limiter refund failed'));
    },
  };
}

function assertCost(cost: number, min: number): void {
  if (!Number.isSafeInteger(cost) || cost < min) throw new RangeError(`cost must be an integer >= ${min}: ${cost}`);
}

function takeVerdict(res: RateLimiterRes, allowed: boolean, policy: GcraPolicy, cost: number): BucketVerdict {
  const limit = policy.points;
  if (allowed) {
    return {
      allowed,
      limit,
      remaining: res.remainingPoints,
      retryAfterSeconds: 0,
      resetSeconds: seconds(res.msBeforeNext),
    };
  }
  // Rejected: msBeforeNext is the wait for this request; the bucket is full (points - cost) intervals after it.
  const fullMs = res.msBeforeNext + ((limit - cost) * emissionIntervalUs(policy)) / 1000;
  return {
    allowed,
    limit,
    remaining: 0,
    retryAfterSeconds: Math.max(1, seconds(res.msBeforeNext)),
    resetSeconds: seconds(fullMs),
  };
}

function peekVerdict(res: RateLimiterRes, policy: GcraPolicy): BucketVerdict {
  const limit = policy.points;
  const remaining = res.remainingPoints;
  const resetSeconds = seconds(res.msBeforeNext);
  if (remaining >= 1) return { allowed: true, limit, remaining, retryAfterSeconds: 0, resetSeconds };
  // Empty: one token is back once the bucket is (points - 1) intervals short of full.
  const oneTokenMs = res.msBeforeNext - ((limit - 1) * emissionIntervalUs(policy)) / 1000;
  return { allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, seconds(oneTokenMs)), resetSeconds };
}

const SCRIPT_COMMAND = 'tokenBucketGcra';

// RateLimiterRedis registers its script on the client under one fixed name, `rlflxIncr`, so any other
// RateLimiterRedis on the same ioredis client (the library's fixed-window default, say) would replace our
// script, or ours theirs, silently. This view of the client defines and runs it under a name of our own.
function gcraStoreClient(redis: Redis) {
  const commands = redis as unknown as Record<string, (args: string[]) => Promise<unknown>>;
  return {
    get status() {
      return redis.status;
    },
    defineCommand: (_name: string, definition: { numberOfKeys: number; lua: string }) =>
      redis.defineCommand(SCRIPT_COMMAND, definition),
    rlflxIncr: (args: string[]) => commands[SCRIPT_COMMAND]!.call(redis, args),
    del: (key: string) => redis.del(key),
  };
}

/** An ioredis client that never holds a request up: while Redis is away, commands fail at once or within 500 ms. */
export function createRedisClient(url: string, log: Logger): Redis {
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false, // fail while disconnected instead of queueing until reconnected
    connectTimeout: 2_000,
    commandTimeout: 500, // a hung Redis costs a request this much, then the caller's fallback answers
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000), // reconnect forever, backing off to 5 s
    // Commands issued in one event-loop turn (under load, one per request answered in that turn) go out in one
    // write and come back in one read, instead of a system call each way per request.
    enableAutoPipelining: true,
  });
  // Without a listener ioredis reports every failed reconnect on stderr; log the first and then one per 30 s.
  let lastLoggedAt = -Infinity;
  let suppressed = 0;
  client.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastLoggedAt < 30_000) return void suppressed++;
    log.warn({ err, suppressed }, 'redis client error');
    lastLoggedAt = now;
    suppressed = 0;
  });
  client.on('ready', () => log.info('redis connection ready'));
  return client;
}
