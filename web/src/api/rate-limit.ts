// The tenant's request budget as the service last reported it: every answer to an authenticated request
// carries RateLimit-Limit (the bucket's size, the plan's burst) and RateLimit-Remaining (draft-ietf-httpapi-
// ratelimit-headers; src/http/rate-limits.ts). The overview shows it beside the plan's rates.
//
// And while a request refused with 429 waits out its Retry-After (RFC 9110 §10.2.3) before it is sent again
// (client.ts), when that will be: the layout shows "Rate limited: retrying in N s" until then.

export type RateLimitReading = { limit: number; remaining: number; at: number };

export type RateLimitStore = {
  get(): RateLimitReading | null;
  /** When the earliest request waiting out a 429 is sent again (ms since the epoch); null when none waits. */
  retryAt(): number | null;
  subscribe(listener: () => void): () => void;
  record(headers: Headers): void;
  /** A request waits until `at`; call the function returned once it is sent again (or given up). */
  waiting(at: number): () => void;
};

export function createRateLimitStore(now: () => number = Date.now): RateLimitStore {
  let reading: RateLimitReading | null = null;
  const waits = new Map<symbol, number>();
  let earliest: number | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const recompute = () => {
    earliest = waits.size ? Math.min(...waits.values()) : null;
    changed();
  };
  return {
    get: () => reading,
    retryAt: () => earliest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record(headers) {
      const limit = Number(headers.get('ratelimit-limit'));
      const remaining = Number(headers.get('ratelimit-remaining'));
      if (!headers.has('ratelimit-limit') || !Number.isFinite(limit) || !Number.isFinite(remaining)) return;
      reading = { limit, remaining, at: now() };
      changed();
    },
    waiting(at) {
      const key = Symbol('wait');
      waits.set(key, at);
      recompute();
      return () => {
        if (waits.delete(key)) recompute();
      };
    },
  };
}

/**
 * Retry-After in seconds: delay-seconds, or an HTTP-date counted from `now` (RFC 9110 §10.2.3); null when
 * absent or unreadable.
 */
export function retryAfterSeconds(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
