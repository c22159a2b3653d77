// Background work on the database, the same on one instance or many: every instance runs a runner over the
// one jobs table; a due job is claimed by exactly one of them for a lease, retried with backoff when it
// fails, and claimed again by anyone when its runner dies. Adding a kind of job is one entry in the handler
// table the runner is made with.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Logger } from '../../lib/logger.js';
import { systemClock, type Clock } from './clock.js';
import { DEFAULT_RETRY, describeError, retryDelayMs, type RetryPolicy } from './jobs.policy.js';
import { createPollLoop } from './jobs.poll-loop.js';
import * as repository from './jobs.repository.js';
import type { Claim, ClaimedJob } from './jobs.repository.js';

export type { ClaimedJob };

export type JobContext = {
  /** The row as claimed; `attempts` counts this run. */
  job: ClaimedJob;
  /** The runner's clock: handlers that compute times use it too, so tests move them all at once. */
  clock: Clock;
  log: Logger;
};

/** `runAgainAt`: run the same job (kind, payload, tenant, dedupe key) again then, e.g. a periodic re-check. */
export type JobResult = void | { runAgainAt?: Date };

export type JobHandler<Payload = any> = {
  /** Throwing fails this attempt: the job is retried with backoff, or fails for good after maxAttempts. */
  run(payload: Payload, context: JobContext): Promise<JobResult>;
  /**
   * A recurring job: `schedule()` makes its one pending row (empty payload, no tenant), and each run, finished
   * or failed for good, enqueues the next one `everyMs` later under the same dedupe key, so however many
   * instances schedule it there is one row waiting.
   */
  schedule?: { everyMs: number };
  maxAttempts?: number;
};

export type JobHandlers = Record<string, JobHandler>;

type PayloadOf<H> = H extends JobHandler<infer Payload> ? Payload : never;

export type EnqueueOptions = {
  /** Default: now (the runner's clock). */
  runAt?: Date;
  tenantId?: string | null;
  /** At most one unfinished job per key: enqueueing a key that is waiting or running returns null. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** A transaction to enqueue in, so the job exists if and only if the change that asks for it commits. */
  tx?: Prisma.TransactionClient;
};

export type JobOutcome = {
  id: string;
  kind: string;
  attempt: number;
  /**
   * `lease-lost`: another runner claimed the row meanwhile (this run's lease ran out), so this run's outcome
   * was discarded. `unsettled`: the outcome could not be written; the row runs again after its lease.
   */
  status: 'completed' | 'retrying' | 'failed' | 'lease-lost' | 'unsettled';
  /** The next run: a retry, or a recurring job's next occurrence. */
  nextRunAt?: Date;
  error?: string;
};

export type JobRunnerOptions<H extends JobHandlers> = {
  db: PrismaClient;
  handlers: H;
  log: Logger;
  clock?: Clock;
  /** Written into locked_by; unique per process. */
  instanceId?: string;
  /** How long a claim holds a row; a handler must finish well within it, or another runner runs it too. */
  leaseMs?: number;
  /** Between polls of the loop started by start(). */
  pollMs?: number;
  /** Jobs of this runner running at once. */
  concurrency?: number;
  retry?: RetryPolicy;
  /** [0, 1), for the backoff's jitter. */
  random?: () => number;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

export type JobRunner<H extends JobHandlers = JobHandlers> = ReturnType<typeof createJobRunner<H>>;

export function createJobRunner<H extends JobHandlers>(options: JobRunnerOptions<H>) {
  const { db, handlers, log } = options;
  const clock = options.clock ?? systemClock;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 5_000;
  const concurrency = options.concurrency ?? 4;
  const retry = options.retry ?? DEFAULT_RETRY;
  const random = options.random ?? Math.random;
  // Only kinds this runner can run: during a rolling deploy, an older instance leaves a newer kind alone.
  const kinds = Object.keys(handlers);

  async function enqueue<K extends keyof H & string>(
    kind: K,
    payload: PayloadOf<H[K]>,
    enqueueOptions: EnqueueOptions = {},
  ): Promise<string | null> {
    const handler = handlers[kind];
    if (!handler) throw new TypeError(`no handler for job kind ${kind}`);
    const now = clock.now();
    return repository.insertJob(
      enqueueOptions.tx ?? db,
      {
        kind,
        payload,
        tenantId: enqueueOptions.tenantId ?? null,
        runAt: enqueueOptions.runAt ?? now,
        maxAttempts: enqueueOptions.maxAttempts ?? handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        dedupeKey: enqueueOptions.dedupeKey ?? null,
      },
      now,
    );
  }

  /** Makes sure every recurring kind has its pending row; idempotent, and safe from many instances at once. */
  async function schedule(): Promise<void> {
    for (const [kind, handler] of Object.entries(handlers)) {
      if (!handler.schedule) continue;
      const now = clock.now();
      const first = new Date(now.getTime() + handler.schedule.everyMs);
      await repository.insertJob(db, recurringRun(kind, handler, first), now);
    }
  }

  // Slots taken by running jobs, and by a claim in flight for as many as it asked for.
  let reserved = 0;
  const running = new Set<Promise<JobOutcome>>();
  let stopped = false;

  /** Claims due jobs for the free slots and starts them; `settled` resolves with their outcomes. */
  async function claimAndStart(): Promise<{ settled: Promise<JobOutcome[]> }> {
    const free = concurrency - reserved;
    if (stopped || free <= 0) return { settled: Promise.resolve([]) };
    reserved += free;
    let jobs: ClaimedJob[] = [];
    try {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + leaseMs);
      jobs = await repository.claimDue(db, { lockedBy: instanceId, kinds, now, leaseUntil, limit: free });
    } finally {
      reserved -= free - jobs.length;
    }
    return { settled: Promise.all(jobs.map(track)) };
  }

  function track(job: ClaimedJob): Promise<JobOutcome> {
    const run: Promise<JobOutcome> = runClaimed(job).finally(() => {
      reserved -= 1;
      running.delete(run);
    });
    running.add(run);
    return run;
  }

  /** Runs one claimed job and records its outcome; never throws. */
  async function runClaimed(job: ClaimedJob): Promise<JobOutcome> {
    const handler = handlers[job.kind]!;
    const claim: Claim = { id: job.id, lockedBy: instanceId, attempts: job.attempts };
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    try {
      if (job.attempts > job.maxAttempts) {
        // Claimed again after its last attempt's lease ran out: that runner died, and there is no try left.
        return await settleFailure(
          job,
          handler,
          claim,
          'the lease of the last attempt ran out before it finished',
          jobLog,
        );
      }
      let result: JobResult;
      try {
        result = await handler.run(job.payload, { job, clock, log: jobLog });
      } catch (error) {
        return await settleFailure(job, handler, claim, describeError(error), jobLog);
      }
      return await settleSuccess(job, handler, claim, result);
    } catch (error) {
      jobLog.error({ err: error }, 'could not record the outcome of a job; it runs again when its lease runs out');
      return { id: job.id, kind: job.kind, attempt: job.attempts, status: 'unsettled' };
    }
  }

  async function settleSuccess(job: ClaimedJob, handler: JobHandler, claim: Claim, result: JobResult) {
    const now = clock.now();
    const nextRunAt =
      (result && result.runAgainAt) ?? (handler.schedule && new Date(now.getTime() + handler.schedule.everyMs));
    // With a next run, one transaction: it exists if and only if this run is recorded as completed.
    const completed = nextRunAt
      ? await db.$transaction(async (tx) => {
          if (!(await repository.markCompleted(tx, claim, now))) return false;
          await repository.insertJob(tx, nextRun(job, handler, nextRunAt), now);
          return true;
        })
      : await repository.markCompleted(db, claim, now);
    const outcome = { id: job.id, kind: job.kind, attempt: job.attempts };
    if (!completed) return leaseLost(outcome);
    return { ...outcome, status: 'completed' as const, ...(nextRunAt && { nextRunAt }) };
  }

  async function settleFailure(job: ClaimedJob, handler: JobHandler, claim: Claim, error: string, jobLog: Logger) {
    const now = clock.now();
    const outcome = { id: job.id, kind: job.kind, attempt: job.attempts, error };
    if (job.attempts < job.maxAttempts) {
      const nextRunAt = new Date(now.getTime() + retryDelayMs(job.attempts, retry, random()));
      if (!(await repository.scheduleRetry(db, claim, nextRunAt, error))) return leaseLost(outcome);
      jobLog.warn({ error, retryAt: nextRunAt.toISOString() }, 'job failed; retrying later');
      return { ...outcome, status: 'retrying' as const, nextRunAt };
    }
    // A recurring job keeps its rhythm: this run failed for good, the next one is still due.
    const nextRunAt = handler.schedule && new Date(now.getTime() + handler.schedule.everyMs);
    const failed = await db.$transaction(async (tx) => {
      if (!(await repository.markFailed(tx, claim, now, error))) return false;
      if (nextRunAt) await repository.insertJob(tx, nextRun(job, handler, nextRunAt), now);
      return true;
    });
    if (!failed) return leaseLost(outcome);
    jobLog.error({ error, maxAttempts: job.maxAttempts }, 'job failed after its last attempt');
    return { ...outcome, status: 'failed' as const, ...(nextRunAt && { nextRunAt }) };
  }

  function leaseLost(outcome: Omit<JobOutcome, 'status'>): JobOutcome {
    log.warn({ jobId: outcome.id, kind: outcome.kind }, 'job outlived its lease and another runner claimed it');
    return { ...outcome, status: 'lease-lost' };
  }

  /** Claims the jobs due now (as many as there are free slots) and runs them; resolves when they settle. */
  async function runDue(): Promise<JobOutcome[]> {
    const { settled } = await claimAndStart();
    return settled;
  }

  const loop = createPollLoop({ poll: claimAndStart, intervalMs: pollMs, log });

  /** Schedules the recurring jobs and starts polling. */
  async function start(): Promise<void> {
    await schedule();
    if (!stopped) loop.start();
  }

  /** Stops claiming, then waits for the jobs that are running (call before closing the database). */
  async function stop(): Promise<void> {
    stopped = true;
    await loop.stop();
    await Promise.allSettled([...running]);
  }

  return { instanceId, clock, enqueue, schedule, runDue, start, stop };
}

/** The dedupe key of a recurring kind's pending row. */
export function recurringKey(kind: string): string {
  return `recurring:${kind}`;
}

function recurringRun(kind: string, handler: JobHandler, runAt: Date): repository.NewJob {
  const maxAttempts = handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return { kind, payload: {}, tenantId: null, runAt, maxAttempts, dedupeKey: recurringKey(kind) };
}

function nextRun(job: ClaimedJob, handler: JobHandler, runAt: Date): repository.NewJob {
  return {
    kind: job.kind,
    payload: job.payload,
    tenantId: job.tenantId,
    runAt,
    maxAttempts: job.maxAttempts,
    // A recurring kind enqueued by hand (a one-off run) still joins the one recurring row, never adds one.
    dedupeKey: job.dedupeKey ?? (handler.schedule ? recurringKey(job.kind) : null),
  };
}
