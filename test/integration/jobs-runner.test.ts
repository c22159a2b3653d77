// The job runner on a real database: due jobs run once, concurrent runners never share a job (FOR UPDATE SKIP
// LOCKED), failures back off and give up, a dead runner's lease runs out, recurring jobs keep one pending row.
// Time is a manual clock and every run is a direct runDue() call: nothing sleeps. On PostgreSQL the two
// "instances" are two connection pools; every test uses job kinds of its own, so other files' runners on the
// shared database never claim its rows.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import {
  createJobRunner,
  recurringKey,
  type JobHandlers,
  type JobRunnerOptions,
} from '../../src/modules/jobs/jobs.runner.js';
import { purgeFinishedJobs } from '../../src/modules/jobs/maintenance.jobs.js';
import { capturingLogger } from '../support/log-sink.js';
import { manualClock, type ManualClock } from '../support/manual-clock.js';
import { openTestDatabase, usingPostgres } from '../support/test-database.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

let instanceA: Database;
let instanceB: Database;
beforeAll(async () => {
  instanceA = await openTestDatabase();
  instanceB = usingPostgres ? await openTestDatabase() : instanceA;
});
afterAll(async () => {
  if (instanceB !== instanceA) await instanceB.close();
  await instanceA.close();
});

const kindsUsed: string[] = [];
afterEach(async () => {
  await instanceA.prisma.job.deleteMany({ where: { kind: { in: kindsUsed.splice(0) } } });
});

function uniqueKind(name: string) {
  const kind = `test.${name}.${randomUUID().slice(0, 8)}`;
  kindsUsed.push(kind);
  return kind;
}

const logs: string[] = [];

function runnerOn<H extends JobHandlers>(
  database: Database,
  clock: ManualClock,
  handlers: H,
  options: Partial<JobRunnerOptions<H>> = {},
) {
  return createJobRunner({
    db: database.prisma,
    clock,
    handlers,
    log: capturingLogger(logs),
    retry: { baseMs: SECOND, maxMs: MINUTE },
    random: () => 0, // no jitter: retry times are exact (the jitter has its unit test)
    ...options,
  });
}

const rowsOf = (kind: string) => instanceA.prisma.job.findMany({ where: { kind }, orderBy: { runAt: 'asc' } });

/** A promise the test settles by hand: a handler that is "still running" until the test says otherwise. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('due jobs', () => {
  it('run once when their time comes, not before, and are marked completed', async () => {
    const clock = manualClock();
    const kind = uniqueKind('once');
    const seen: unknown[] = [];
    const runner = runnerOn(instanceA, clock, {
      [kind]: { run: async (payload: { n: number }) => void seen.push(payload) },
    });
    const start = clock.now();
    const id = await runner.enqueue(kind, { n: 1 }, { runAt: new Date(start.getTime() + MINUTE) });

    clock.advance(MINUTE - 1);
    expect(await runner.runDue()).toEqual([]);

    clock.advance(1);
    expect(await runner.runDue()).toEqual([{ id, kind, attempt: 1, status: 'completed' }]);
    expect(await runner.runDue()).toEqual([]);
    clock.advance(DAY);
    expect(await runner.runDue()).toEqual([]);

    expect(seen).toEqual([{ n: 1 }]);
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ attempts: 1, completedAt: new Date(start.getTime() + MINUTE), failedAt: null });
    expect(row!.lockedBy).toBe(runner.instanceId);
  });

  it('two runners claiming at once never run one job twice', async () => {
    const clock = manualClock();
    const kind = uniqueKind('contended');
    const runs = new Map<string, string[]>();
    const handlerOn = (database: Database, name: string) => ({
      [kind]: {
        async run(payload: { job: number }) {
          // A round trip to the database while the job is held, so that the two runners' claims interleave.
          await database.prisma.$queryRaw`SELECT 1`;
          runs.set(String(payload.job), [...(runs.get(String(payload.job)) ?? []), name]);
        },
      },
    });
    const a = runnerOn(instanceA, clock, handlerOn(instanceA, 'a'), { concurrency: 5 });
    const b = runnerOn(instanceB, clock, handlerOn(instanceB, 'b'), { concurrency: 5 });
    const jobs = 30;
    for (let job = 0; job < jobs; job += 1) await a.enqueue(kind, { job });

    let claimedByA = 0;
    let claimedByB = 0;
    for (;;) {
      const [fromA, fromB] = await Promise.all([a.runDue(), b.runDue()]);
      claimedByA += fromA.length;
      claimedByB += fromB.length;
      if (fromA.length + fromB.length === 0) break;
    }

    expect(runs.size).toBe(jobs);
    for (const runners of runs.values()) expect(runners).toHaveLength(1);
    expect(claimedByA + claimedByB).toBe(jobs);
    expect(claimedByA).toBeGreaterThan(0);
    expect(claimedByB).toBeGreaterThan(0);
    const rows = await rowsOf(kind);
    expect(rows.every((row) => row.completedAt !== null && row.attempts === 1)).toBe(true);
  });

  it('claim only the kinds they have handlers for, at most `concurrency` at a time', async () => {
    const clock = manualClock();
    const mine = uniqueKind('mine');
    const other = uniqueKind('other');
    const runner = runnerOn(instanceA, clock, { [mine]: { run: async () => {} } }, { concurrency: 2 });
    const elsewhere = runnerOn(instanceA, clock, { [other]: { run: async () => {} } });
    for (let i = 0; i < 3; i += 1) await runner.enqueue(mine, {});
    await elsewhere.enqueue(other, {});

    expect((await runner.runDue()).map((outcome) => outcome.kind)).toEqual([mine, mine]);
    expect((await runner.runDue()).map((outcome) => outcome.kind)).toEqual([mine]);
    expect(await runner.runDue()).toEqual([]);
    expect((await rowsOf(other))[0]).toMatchObject({ attempts: 0, completedAt: null });
  });
});

describe('the poll loop', () => {
  it('runs due jobs by itself; stop() claims no more and waits for the running ones', async () => {
    const clock = manualClock();
    const kind = uniqueKind('loop');
    const started = deferred();
    const release = deferred();
    let runs = 0;
    let finished = false;
    const runner = runnerOn(
      instanceA,
      clock,
      {
        [kind]: {
          async run() {
            runs += 1;
            started.resolve();
            await release.promise;
            finished = true;
          },
        },
      },
      { pollMs: 10, concurrency: 1 },
    );
    await runner.enqueue(kind, {});
    await runner.enqueue(kind, {});
    await runner.start();
    await started.promise;

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await instanceA.prisma.$queryRaw`SELECT 1`; // time for stop() to return early, were it going to
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect(runs).toBe(1);
    expect(await runner.runDue()).toEqual([]); // a stopped runner claims nothing
    const rows = await rowsOf(kind);
    expect(rows.filter((row) => row.completedAt !== null && row.attempts === 1)).toHaveLength(1);
    expect(rows.filter((row) => row.completedAt === null && row.attempts === 0)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('are retried with exponential backoff at the right times, then fail for good with the last error', async () => {
    const clock = manualClock();
    const start = clock.now().getTime();
    const at = (ms: number) => new Date(start + ms);
    const kind = uniqueKind('failing');
    let attempt = 0;
    const runner = runnerOn(instanceA, clock, {
      [kind]: {
        maxAttempts: 4,
        run: async () => {
          attempt += 1;
          throw new Error(`upstream said no (${attempt})`);
        },
      },
    });
    const id = await runner.enqueue(kind, {});

    // Backoff 1 s, 2 s, 4 s (base 1 s, doubling), each counted from the failure.
    expect(await runner.runDue()).toMatchObject([{ id, attempt: 1, status: 'retrying', nextRunAt: at(1 * SECOND) }]);
    clock.set(at(1 * SECOND - 1));
    expect(await runner.runDue()).toEqual([]);
    clock.set(at(1 * SECOND));
    expect(await runner.runDue()).toMatchObject([{ attempt: 2, status: 'retrying', nextRunAt: at(3 * SECOND) }]);
    expect((await rowsOf(kind))[0]).toMatchObject({ runAt: at(3 * SECOND), lastError: 'Error: upstream said no (2)' });
    clock.set(at(3 * SECOND - 1));
    expect(await runner.runDue()).toEqual([]);
    clock.set(at(3 * SECOND));
    expect(await runner.runDue()).toMatchObject([{ attempt: 3, status: 'retrying', nextRunAt: at(7 * SECOND) }]);
    clock.set(at(7 * SECOND));
    expect(await runner.runDue()).toMatchObject([
      { attempt: 4, status: 'failed', error: 'Error: upstream said no (4)' },
    ]);

    clock.advance(DAY);
    expect(await runner.runDue()).toEqual([]);
    expect(attempt).toBe(4);
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({
      attempts: 4,
      maxAttempts: 4,
      failedAt: at(7 * SECOND),
      completedAt: null,
      lastError: 'Error: upstream said no (4)',
    });
    expect(logs.some((line) => line.includes('job failed after its last attempt') && line.includes(id!))).toBe(true);
  });
});

describe('leases', () => {
  it("a job whose runner died is claimed again by another runner once the lease runs out, and the dead one's late result is discarded", async () => {
    const clock = manualClock();
    const kind = uniqueKind('lease');
    const started = deferred();
    const hang = deferred();
    const ranBy: string[] = [];
    const a = runnerOn(
      instanceA,
      clock,
      {
        [kind]: {
          async run() {
            ranBy.push('a');
            started.resolve();
            await hang.promise; // "dies": never finishes while the test looks
          },
        },
      },
      { leaseMs: 30 * SECOND },
    );
    const b = runnerOn(
      instanceB,
      clock,
      { [kind]: { run: async () => void ranBy.push('b') } },
      { leaseMs: 30 * SECOND },
    );
    const id = await a.enqueue(kind, {});

    const aOutcome = a.runDue();
    await started.promise;
    clock.advance(30 * SECOND); // the lease ends at claim + 30 s; it is still held at that instant
    expect(await b.runDue()).toEqual([]);
    clock.advance(1);
    expect(await b.runDue()).toEqual([{ id, kind, attempt: 2, status: 'completed' }]);

    hang.resolve(); // the "dead" runner wakes up and finishes: its claim is gone, its outcome is not recorded
    expect(await aOutcome).toEqual([{ id, kind, attempt: 1, status: 'lease-lost' }]);
    expect(ranBy).toEqual(['a', 'b']);
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ attempts: 2, lockedBy: b.instanceId, failedAt: null });
    expect(row!.completedAt).toEqual(clock.now());
  });

  it('a job whose last attempt lost its lease fails instead of running again', async () => {
    const clock = manualClock();
    const kind = uniqueKind('last-lease');
    const started = deferred();
    const hang = deferred();
    let runs = 0;
    const handlers = {
      [kind]: {
        maxAttempts: 1,
        async run() {
          runs += 1;
          started.resolve();
          await hang.promise;
        },
      },
    };
    const a = runnerOn(instanceA, clock, handlers, { leaseMs: 30 * SECOND });
    const b = runnerOn(instanceB, clock, handlers, { leaseMs: 30 * SECOND });
    await a.enqueue(kind, {});

    const aOutcome = a.runDue();
    await started.promise;
    clock.advance(30 * SECOND + 1);
    expect(await b.runDue()).toMatchObject([{ attempt: 2, status: 'failed' }]);
    hang.resolve();
    expect(await aOutcome).toMatchObject([{ status: 'lease-lost' }]);
    expect(runs).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({
      failedAt: clock.now(),
      lastError: 'the lease of the last attempt ran out before it finished',
    });
  });
});

describe('recurring and deduplicated jobs', () => {
  it('scheduled by two instances at once make one pending row, and each run enqueues the next', async () => {
    const clock = manualClock();
    const start = clock.now().getTime();
    const kind = uniqueKind('recurring');
    let runs = 0;
    const handlers = { [kind]: { schedule: { everyMs: 15 * MINUTE }, run: async () => void (runs += 1) } };
    const a = runnerOn(instanceA, clock, handlers);
    const b = runnerOn(instanceB, clock, handlers);

    await Promise.all([a.schedule(), b.schedule(), a.schedule(), b.schedule()]);
    let rows = await rowsOf(kind);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ runAt: new Date(start + 15 * MINUTE), dedupeKey: recurringKey(kind) });

    clock.advance(15 * MINUTE);
    const [fromA, fromB] = await Promise.all([a.runDue(), b.runDue()]);
    expect([...fromA, ...fromB]).toMatchObject([{ status: 'completed', nextRunAt: new Date(start + 30 * MINUTE) }]);
    await Promise.all([a.schedule(), b.schedule()]); // an instance restarting meanwhile adds nothing
    rows = await rowsOf(kind);
    expect(rows.map((row) => [row.completedAt !== null, row.dedupeKey, row.runAt.getTime() - start])).toEqual([
      [true, null, 15 * MINUTE],
      [false, recurringKey(kind), 30 * MINUTE],
    ]);

    clock.advance(15 * MINUTE);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    expect((await rowsOf(kind)).filter((row) => row.completedAt === null)).toHaveLength(1);
  });

  it('a recurring job that fails for good still has its next run', async () => {
    const clock = manualClock();
    const start = clock.now().getTime();
    const kind = uniqueKind('recurring-failing');
    const runner = runnerOn(instanceA, clock, {
      [kind]: {
        schedule: { everyMs: 15 * MINUTE },
        maxAttempts: 1,
        run: async () => {
          throw new Error('down');
        },
      },
    });
    await runner.schedule();
    clock.advance(15 * MINUTE);
    expect(await runner.runDue()).toMatchObject([{ status: 'failed', nextRunAt: new Date(start + 30 * MINUTE) }]);
    const pending = (await rowsOf(kind)).filter((row) => row.failedAt === null);
    expect(pending).toMatchObject([{ runAt: new Date(start + 30 * MINUTE), dedupeKey: recurringKey(kind) }]);
  });

  it("a dedupe key admits one unfinished job; a handler's runAgainAt re-enqueues it under the same key", async () => {
    const clock = manualClock();
    const kind = uniqueKind('recheck');
    const tenant = await instanceA.prisma.tenant.create({
      data: { name: 'Jobs', slug: `jobs-${randomUUID().slice(0, 12)}` },
    });
    const runner = runnerOn(instanceA, clock, {
      [kind]: {
        run: async (_payload: { domain: string }, { clock: jobClock }) => ({
          runAgainAt: new Date(jobClock.now().getTime() + DAY),
        }),
      },
    });
    const options = { tenantId: tenant.id, dedupeKey: `${kind}:example.com` };
    const id = await runner.enqueue(kind, { domain: 'example.com' }, options);
    expect(id).not.toBeNull();
    expect(await runner.enqueue(kind, { domain: 'example.com' }, options)).toBeNull();

    expect(await runner.runDue()).toMatchObject([{ id, status: 'completed' }]);
    const rows = await rowsOf(kind);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      tenantId: tenant.id,
      payload: { domain: 'example.com' },
      dedupeKey: options.dedupeKey,
      runAt: new Date(clock.now().getTime() + DAY),
      completedAt: null,
    });
    // Tenant jobs go with their tenant.
    await instanceA.prisma.tenant.delete({ where: { id: tenant.id } });
    expect(await rowsOf(kind)).toEqual([]);
  });

  it('finished jobs are purged after the retention period by a recurring job of their own', async () => {
    // Long ago, so that on a shared PostgreSQL the purge's cutoff reaches only this test's rows.
    const clock = manualClock(new Date(Date.now() - 365 * DAY));
    const kind = uniqueKind('work');
    const purgeKind = uniqueKind('purge');
    const runner = runnerOn(instanceA, clock, {
      [kind]: { run: async () => {} },
      [purgeKind]: purgeFinishedJobs(instanceA.prisma, 7 * DAY),
    });
    await runner.enqueue(kind, {});
    await runner.enqueue(kind, {}, { runAt: new Date(clock.now().getTime() + 10 * DAY) }); // still waiting then
    await runner.runDue();
    await runner.schedule();
    expect((await rowsOf(purgeKind))[0]!.runAt).toEqual(new Date(clock.now().getTime() + 6 * 60 * MINUTE));

    clock.advance(6 * 60 * MINUTE); // the purge runs, but the completed row is only 6 hours old
    expect(await runner.runDue()).toMatchObject([{ kind: purgeKind, status: 'completed' }]);
    expect(await rowsOf(kind)).toHaveLength(2);

    clock.advance(7 * DAY + MINUTE);
    await runner.runDue(); // the purge's next run; its own first row is by now over a week old too
    const left = await rowsOf(kind);
    expect(left).toHaveLength(1);
    expect(left[0]!.completedAt).toBeNull();
    expect((await rowsOf(purgeKind)).map((row) => row.completedAt === null)).toEqual([false, true]);
  });
});
