// When a failed job runs again: pure arithmetic, unit-testable without a database.

export type RetryPolicy = {
  /** The delay after the first failure; it doubles with every further one. */
  baseMs: number;
  /** The doubling stops here, so a job that keeps failing is still retried now and then. */
  maxMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxMs: 60 * 60 * 1000 };

/**
 * The delay before attempt `failedAttempts + 1`: exponential, plus up to half again at random so that jobs
 * which failed together (an outage) do not all come back in the same instant ("Exponential Backoff And
 * Jitter", AWS Architecture Blog, 2015). `random` is in [0, 1).
 */
export function retryDelayMs(failedAttempts: number, policy: RetryPolicy, random: number): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.floor(exponential + (random * exponential) / 2);
}

/** Error text kept on the row: enough to diagnose, bounded so a huge message cannot bloat the table. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
