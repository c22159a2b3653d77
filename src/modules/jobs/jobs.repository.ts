// The jobs table (prisma/schema.prisma Job). Every time comes from the runner's clock as a parameter, never
// the database's now(), so that the decisions of one runner are all made on one clock (and tests can move
// it). Every change to a claimed row is guarded by its claim (locked_by and attempts): a runner whose lease
// ran out and whose row another runner took over changes nothing.
//
// Tenant scope: the jobs table is global by nature. Claiming, finishing and purging rows work across all
// tenants (a runner serves every tenant), and tenant_id is null for the service's own jobs.
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type NewJob = {
  kind: string;
  payload: unknown;
  tenantId: string | null;
  runAt: Date;
  maxAttempts: number;
  dedupeKey: string | null;
};

export type ClaimedJob = {
  id: string;
  kind: string;
  tenantId: string | null;
  payload: unknown;
  runAt: Date;
  /** Including this claim. */
  attempts: number;
  maxAttempts: number;
  dedupeKey: string | null;
};

/** The claim a runner holds on a row: its instance, and the attempt it claimed. */
export type Claim = { id: string; lockedBy: string; attempts: number };

/** Inserts a job; null when an unfinished job already holds its dedupe key. */
export async function insertJob(db: Db, job: NewJob, now: Date): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO jobs (id, kind, tenant_id, payload, run_at, max_attempts, dedupe_key, created_at)
    VALUES (gen_random_uuid(), ${job.kind}, ${job.tenantId}::uuid, ${JSON.stringify(job.payload ?? {})}::jsonb,
            ${job.runAt}::timestamptz, ${job.maxAttempts}::int, ${job.dedupeKey}, ${now}::timestamptz)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id::text AS id`;
  return rows[0]?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of the given kinds in one statement. SKIP LOCKED makes concurrent claimers
 * (other instances) pass over the rows one of them is taking instead of waiting for it, or taking it too.
 * A row whose lease ran out (its runner died) is due again.
 */
export function claimDue(
  db: Db,
  claim: { lockedBy: string; kinds: string[]; now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedJob[]> {
  return db.$queryRaw<ClaimedJob[]>`
    UPDATE jobs SET locked_by = ${claim.lockedBy}, locked_until = ${claim.leaseUntil}::timestamptz,
                    attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE completed_at IS NULL AND failed_at IS NULL AND run_at <= ${claim.now}::timestamptz
        AND (locked_until IS NULL OR locked_until < ${claim.now}::timestamptz)
        AND kind = ANY(${claim.kinds}::text[])
      ORDER BY run_at
      LIMIT ${claim.limit}::int
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, kind, tenant_id::text AS "tenantId", payload, run_at AS "runAt", attempts,
              max_attempts AS "maxAttempts", dedupe_key AS "dedupeKey"`;
}

/** Marks the claimed row completed and frees its dedupe key; false if the claim was lost. */
export async function markCompleted(db: Db, claim: Claim, now: Date): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE jobs SET completed_at = ${now}::timestamptz, locked_until = NULL, dedupe_key = NULL
    WHERE ${claimed(claim)}`;
  return count === 1;
}

/** Puts the claimed row back in line for `runAt`, with the error of this attempt; false if the claim was lost. */
export async function scheduleRetry(db: Db, claim: Claim, runAt: Date, error: string): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE jobs SET run_at = ${runAt}::timestamptz, locked_until = NULL, last_error = ${error}
    WHERE ${claimed(claim)}`;
  return count === 1;
}

/** Gives the claimed row up for good, with its last error, and frees its dedupe key; false if the claim was lost. */
export async function markFailed(db: Db, claim: Claim, now: Date, error: string): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE jobs SET failed_at = ${now}::timestamptz, locked_until = NULL, last_error = ${error}, dedupe_key = NULL
    WHERE ${claimed(claim)}`;
  return count === 1;
}

/** Deletes rows that finished (completed or failed) before `cutoff`; returns how many. */
export function deleteFinishedBefore(db: Db, cutoff: Date): Promise<number> {
  return db.$executeRaw`
    DELETE FROM jobs WHERE completed_at < ${cutoff}::timestamptz OR failed_at < ${cutoff}::timestamptz`;
}

/**
 * The row is still this claim's: the same runner and the same attempt (a runner that re-claims its own
 * expired row has a new attempt number), and not finished.
 */
function claimed(claim: Claim): Prisma.Sql {
  return Prisma.sql`id = ${claim.id}::uuid AND locked_by = ${claim.lockedBy} AND attempts = ${claim.attempts}::int
    AND completed_at IS NULL AND failed_at IS NULL`;
}
