// When a failed delivery is tried again: after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight
// attempts over about 27 h), each delay ±10 % so that the retries of a burst do not arrive together. A
// receiver that answered 429 or 503 with Retry-After gets at least that long.
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint whose every attempt has failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;
const JITTER = 0.1;

/** The time of the next attempt after `attempts` failed ones, or null when none is left. */
export function nextAttemptAt(
  attempts: number,
  now: Date,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)]!;
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  const seconds = Math.max(jittered, retryAfterSeconds ?? 0);
  return new Date(now.getTime() + seconds * 1000);
}
