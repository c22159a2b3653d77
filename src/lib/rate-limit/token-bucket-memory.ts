// The GCRA token bucket as a rate-limiter-flexible store kept in this process's memory. It extends the
// library's RateLimiterStoreAbstract (as RateLimiterRedis does) rather than RateLimiterMemory, whose storage is a
// fixed-window counter: that makes it `isRateLimiterCompatible`, so it can serve both as the limiter when no Redis
// is configured and as RateLimiterRedis's insuranceLimiter, with the same verdicts in both roles.
import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import { gcraStep, type GcraState } from './gcra.js';

// The package's index does not export RateLimiterStoreAbstract (its typings do); load the class itself from the
// same CommonJS module cache, so instanceof checks against the index's classes hold.
const RateLimiterStoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
) as typeof StoreAbstract;

type StoreOptions = ConstructorParameters<typeof StoreAbstract>[0];

export type TokenBucketMemoryOptions = Omit<StoreOptions, 'storeClient'> & {
  /** Called on every store operation; lets the Redis limiter notice that its insurance is answering. */
  onUse?: () => void;
  /** Clock in ms, for tests. */
  now?: () => number;
};

/** What `_upsert` resolves with, shaped like the Redis script's reply. */
type StoreResult = [consumed: number, msBeforeNext: number];

const SWEEP_EVERY_MS = 60_000;

export class TokenBucketMemory extends RateLimiterStoreAbstract {
  private readonly tats = new Map<string, GcraState>();
  private readonly onUse: (() => void) | undefined;
  private readonly now: () => number;
  private nextSweepAt = 0;

  constructor(options: TokenBucketMemoryOptions) {
    const { onUse, now, ...limiterOptions } = options;
    super({ ...limiterOptions, storeClient: 'memory' }); // the typings require a client; the abstract ignores it
    this.onUse = onUse;
    this.now = now ?? Date.now;
  }

  /** Keys currently holding state (a bucket that is not full); for tests and metrics. */
  get size(): number {
    return this.tats.size;
  }

  // Hooks called by RateLimiterStoreAbstract: consume(), reward() and penalty() go through _upsert.
  _upsert(rlKey: string, points: number, _msDuration: number, forceExpire = false): Promise<StoreResult> {
    this.onUse?.();
    // set() and block() write a raw consumed count with its own expiry, which has no meaning for a TAT.
    if (forceExpire) return Promise.reject(new Error('TokenBucketMemory does not support set() or block()'));
    // Same guard as RateLimiterRedis, so both stores refuse the same input.
    if (!Number.isInteger(points))
      return Promise.reject(new Error('Consuming decimal number of points is not supported'));
    const now = this.now();
    this.sweep(now);
    const step = gcraStep(this.tats.get(rlKey), now, points, { points: this.points, duration: this.duration });
    if (step.state) this.tats.set(rlKey, step.state);
    else this.tats.delete(rlKey);
    return Promise.resolve([step.consumed, step.msBeforeNext]);
  }

  _get(rlKey: string): Promise<StoreResult | null> {
    this.onUse?.();
    const now = this.now();
    const state = this.tats.get(rlKey);
    if (!state || state.tatUs <= now * 1000) return Promise.resolve(null);
    const step = gcraStep(state, now, 0, { points: this.points, duration: this.duration });
    return Promise.resolve([step.consumed, step.msBeforeNext]);
  }

  _delete(rlKey: string): Promise<boolean> {
    this.onUse?.();
    return Promise.resolve(this.tats.delete(rlKey));
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, [consumed, msBeforeNext]: StoreResult): RateLimiterRes {
    const remaining = Math.max(this.points - consumed, 0);
    return new RateLimiterRes(remaining, msBeforeNext, consumed, consumed === changedPoints);
  }

  // Lazy cleanup instead of a timer: nothing to unref or stop, and an idle limiter costs nothing. A key whose
  // TAT has passed is a full bucket, the same as no entry.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    for (const [key, state] of this.tats) if (state.tatUs <= now * 1000) this.tats.delete(key);
  }
}
