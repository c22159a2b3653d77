// Password hashing with argon2id at OWASP's recommended parameters (19 MiB, t=2, p=1), through a bounded
// queue: each hash holds a CPU core for tens of milliseconds on libuv's threadpool, so a flood of
// logins left unbounded would pin every core and starve authenticated traffic. At most `concurrency` hashes
// run at once, `queueLimit` more wait, and the rest are answered 503 with Retry-After (a second late).
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { AppError } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { createBoundedQueue, type QueueDepth } from './password.queue.js';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** Waiting line when ARGON2_QUEUE_LIMIT is unset: with two cores, about 1.5 s of hashing to get through. */
export const DEFAULT_PASSWORD_QUEUE_LIMIT = 64;
/** A full line drains within a second or two; clients retrying sooner would only be refused again. */
export const PASSWORD_BUSY_RETRY_AFTER_SECONDS = 2;
/** How long a refusal is held before it is answered (src/modules/auth/password.queue.ts says why). */
export const PASSWORD_BUSY_REFUSAL_DELAY_MS = 1000;

/**
 * Hashes running at once when ARGON2_CONCURRENCY is unset: one per core the process may use but one, which is
 * left to the event loop (and the database beside it), so a flood of logins cannot take every core from the
 * requests that need no hash. On 2 cores, one: in two pairs (`BENCH_ONLY=flood`), `me`'s p99 under a flood that
 * ignores Retry-After went 52 → 16 and 39 → 32 ms on PostgreSQL, 38 → 28 and 50 → 29 ms on PGlite, while the
 * flood's hashes answered fell by 15–33%.
 */
export const defaultPasswordConcurrency = () => Math.max(1, availableParallelism() - 1);

export const passwordHashingBusy = () =>
  new AppError('UNAVAILABLE', MESSAGES.passwordHashingBusy, {
    'Retry-After': String(PASSWORD_BUSY_RETRY_AFTER_SECONDS),
  });

export type PasswordHashingOptions = {
  concurrency?: number;
  queueLimit?: number;
  refusalDelayMs?: number;
  /** argon2id memory (KiB) and passes; unset, OWASP's above. Only test runs set them (src/config.ts). */
  memoryKib?: number;
  timeCost?: number;
};

/**
 * One per process (src/services.ts), shared by every caller that hashes, so that the bound holds for the
 * whole process. Every argon2 call goes through the queue and may reject with the 503 above.
 */
export function createPasswordHasher(options: PasswordHashingOptions = {}) {
  const queue = createBoundedQueue({
    concurrency: options.concurrency ?? defaultPasswordConcurrency(),
    limit: options.queueLimit ?? DEFAULT_PASSWORD_QUEUE_LIMIT,
    refuse: passwordHashingBusy,
    refusalDelayMs: options.refusalDelayMs ?? PASSWORD_BUSY_REFUSAL_DELAY_MS,
  });

  const hashOptions = {
    ...OPTIONS,
    memoryCost: options.memoryKib ?? OPTIONS.memoryCost,
    timeCost: options.timeCost ?? OPTIONS.timeCost,
  };

  function hashPassword(password: string): Promise<string> {
    return queue.run(() => argon2.hash(password, hashOptions));
  }

  function verifyPassword(hash: string, password: string): Promise<boolean> {
    return queue.run(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false; // a malformed stored hash is a failed login, not a server error
      }
    });
  }

  let dummyHash: Promise<string> | undefined;

  /**
   * A hash of a random password, verified when the email is unknown so that an unknown email and a wrong
   * password take the same time and cannot be told apart.
   */
  function dummyPasswordHash(): Promise<string> {
    if (!dummyHash) {
      dummyHash = hashPassword(crypto.randomUUID());
      // Refused while the queue was full: forget the failure so that a later login makes it again.
      dummyHash.catch(() => (dummyHash = undefined));
    }
    return dummyHash;
  }

  return {
    /**
     * Rejects with the 503 if a hash would be refused now: lets a caller refuse before it spends a database
     * round-trip (or a failed-login token) on a request that cannot be served.
     */
    ensureRoom: (): Promise<void> => queue.ensureRoom(),
    hashPassword,
    verifyPassword,
    dummyPasswordHash,
    /** Cheap (it parses the stored hash's parameters), so it does not queue. */
    needsRehash: (hash: string): boolean => argon2.needsRehash(hash, hashOptions),
    /** Hashes running and waiting now, for metrics. */
    depth: (): QueueDepth => queue.depth(),
    /** What new hashes are made with: compliance evidence. */
    parameters: {
      algorithm: 'argon2id' as const,
      memoryKib: hashOptions.memoryCost,
      iterations: hashOptions.timeCost,
      parallelism: hashOptions.parallelism,
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
