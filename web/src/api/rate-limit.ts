// The tenant's request budget as the service last reported it: every answer to an authenticated request
// carries RateLimit-Limit (the bucket's size, the plan's burst) and RateLimit-Remaining (draft-ietf-httpapi-
// ratelimit-headers; src/http/rate-limits.ts). The overview shows it beside the plan's rates.

export type RateLimitReading = { limit: number; remaining: number; at: number };

export type RateLimitStore = {
  get(): RateLimitReading | null;
  subscribe(listener: () => void): () => void;
  record(headers: Headers): void;
};

export function createRateLimitStore(now: () => number = Date.now): RateLimitStore {
  let reading: RateLimitReading | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => reading,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record(headers) {
      const limit = Number(headers.get('ratelimit-limit'));
      const remaining = Number(headers.get('ratelimit-remaining'));
      if (!headers.has('ratelimit-limit') || !Number.isFinite(limit) || !Number.isFinite(remaining)) return;
      reading = { limit, remaining, at: now() };
      for (const listener of listeners) listener();
    },
  };
}
