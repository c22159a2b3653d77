// A token bucket as GCRA (generic cell rate algorithm, ITU-T I.371): instead of a token count plus a last-refill
// time, store one number per key, the theoretical arrival time (TAT) at which the bucket is full again. A request
// of `cost` tokens pushes TAT by cost × emission interval, and is allowed while TAT − now stays within the
// burst. It admits exactly what a continuously refilled bucket of capacity `burst` admits, but the state is one
// value with a natural expiry, so Redis can check and update it in one short script.
//
// `gcraStep` (memory) and GCRA_LUA (Redis) are the same arithmetic, line for line; change both or neither.
// Times are whole microseconds, so every value is an integer below 2^53: JavaScript and Redis's Lua (both IEEE
// doubles) then compute bit-identical results, and a non-integral emission interval in ms (e.g. 60000/7 ms at
// 7 a minute) is rounded by under 1 µs per token instead of skewing the count.

/** Capacity and refill: at most `burst` tokens, `perMinute` tokens back each minute, continuously. */
export type BucketPolicy = { burst: number; perMinute: number };

/** The same bucket in rate-limiter-flexible's terms: `duration` is the seconds it takes to refill from empty. */
export type GcraPolicy = { points: number; duration: number };

export type GcraState = { tatUs: number };

export type GcraStep = {
  allowed: boolean;
  /** What the Lua script returns as `consumed`: whole tokens in use after this step; points + cost when rejected. */
  consumed: number;
  /** Allowed: ms until the bucket is full again. Rejected: ms until this request would be allowed. */
  msBeforeNext: number;
  /** What to store afterwards; undefined means nothing (the bucket is full). */
  state: GcraState | undefined;
};

/** Converts and validates a plan's policy; throws RangeError for a policy the limiter cannot honour. */
export function gcraPolicy(policy: BucketPolicy): GcraPolicy {
  const { burst, perMinute } = policy;
  if (!Number.isSafeInteger(burst) || burst < 1) throw new RangeError(`burst must be a positive integer: ${burst}`);
  if (!Number.isFinite(perMinute) || perMinute <= 0) throw new RangeError(`perMinute must be positive: ${perMinute}`);
  const duration = (burst * 60) / perMinute;
  // RateLimiterRedis runs the custom script only when floor(duration) >= 1; below that it falls back to a
  // plain INCRBY counter, which would silently not be this algorithm.
  if (duration < 1 || duration > 1e7) {
    throw new RangeError(`burst × 60 / perMinute must be between 1 and 1e7 seconds: ${burst}, ${perMinute}`);
  }
  return { points: burst, duration };
}

/** Microseconds per token, rounded to whole µs; Lua computes it from the same doubles in the same order. */
export function emissionIntervalUs(policy: GcraPolicy): number {
  return Math.floor((policy.duration * 1_000_000) / policy.points + 0.5);
}

/**
 * One request of `cost` tokens at `nowMs`: cost > 0 takes, 0 peeks (changes nothing), < 0 refunds (never
 * beyond a full bucket). Pure; the caller stores `state`.
 */
export function gcraStep(state: GcraState | undefined, nowMs: number, cost: number, policy: GcraPolicy): GcraStep {
  const interval = emissionIntervalUs(policy);
  const now = Math.floor(nowMs * 1000);
  let tat = state?.tatUs ?? now;
  if (tat < now) tat = now;
  let newTat = tat + cost * interval;
  if (newTat < now) newTat = now;
  const debt = newTat - now;
  const capacity = policy.points * interval;
  if (cost > 0 && debt > capacity) {
    return { allowed: false, consumed: policy.points + cost, msBeforeNext: Math.ceil((debt - capacity) / 1000), state };
  }
  let next = state;
  if (cost !== 0) next = debt > 0 ? { tatUs: newTat } : undefined;
  return {
    allowed: true,
    consumed: Math.min(policy.points, Math.ceil(debt / interval)),
    msBeforeNext: Math.ceil(debt / 1000),
    state: next,
  };
}

/**
 * The same step inside Redis, for RateLimiterRedis's `customIncrTtlLuaScript`. It is called with KEYS[1] = key,
 * ARGV[1] = cost, ARGV[2] = whole seconds of duration (unused), ARGV[3] = points, ARGV[4] = duration (exact, as
 * JavaScript's String(number)), and returns {consumed, msBeforeNext}; the library rejects when consumed > points.
 * Redis TIME, not the caller's clock, so instances with skewed clocks share one timeline. TAT is written with
 * string.format because Lua's tostring keeps only 14 digits.
 */
export const GCRA_LUA = `
if redis.replicate_commands then pcall(redis.replicate_commands) end
local cost = tonumber(ARGV[1])
local points = tonumber(ARGV[3])
local interval = math.floor(tonumber(ARGV[4]) * 1000000 / points + 0.5)
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local tat = tonumber(redis.call('GET', KEYS[1])) or now
if tat < now then tat = now end
local newTat = tat + cost * interval
if newTat < now then newTat = now end
local debt = newTat - now
local capacity = points * interval
if cost > 0 and debt > capacity then
  return {points + cost, math.ceil((debt - capacity) / 1000)}
end
if cost ~= 0 then
  if debt > 0 then
    redis.call('SET', KEYS[1], string.format('%.0f', newTat), 'PX', math.ceil(debt / 1000))
  else
    redis.call('DEL', KEYS[1])
  end
end
return {math.min(points, math.ceil(debt / interval)), math.ceil(debt / 1000)}
`;
