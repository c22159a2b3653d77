// Issued credentials join the audit chain apart from their issue. The issue statement writes each credential's
// entry, digest included, to audit_pending_entries (one row, no chain head to lock); chain_pending_audit()
// (prisma/migrations/20261201000000_audit_pending_entries) moves what is waiting into the chain as one group per
// tenant, verifiable entry by entry (audit.chain.ts). A chain append per issue cost a fifth of the issue rate on
// the embedded database; one per tenant for all that waits costs next to nothing per credential.
//
// Entries wait at most a moment: each process chains shortly after it issues (coalescing the issues of that
// moment), every read of a tenant's log chains that tenant's first, and a recurring job chains what an instance
// left behind (stopped before its run).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Logger } from '../../lib/logger.js';
import { retryOnConflict } from '../../db/transactions.js';
import type { JobHandlers } from '../jobs/jobs.runner.js';

/** How long a process lets entries gather after an issue before it chains them. */
export const CHAIN_DELAY_MS = 250;

/**
 * Chains the entries waiting (of one tenant, or of all with null), a transaction of its own run again on a
 * deadlock or serialization failure (src/db/transactions.ts); how many it chained.
 */
export function chainPendingAudit(prisma: PrismaClient, tenantId: string | null): Promise<number> {
  return retryOnConflict(async () => {
    const [row] = await prisma.$queryRaw<{ chained: number }[]>`
      SELECT chain_pending_audit(${tenantId}::uuid) AS chained`;
    return row?.chained ?? 0;
  });
}

export type AuditChainer = {
  /** An issue committed entries: chain them within CHAIN_DELAY_MS, together with whatever else arrives. */
  issued(): void;
  /** Chains what waits now (before the process stops). */
  flush(): Promise<void>;
};

export function createAuditChainer({ prisma, log }: { prisma: PrismaClient; log: Logger }): AuditChainer {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  function run(): Promise<void> {
    timer = null;
    running = running
      .then(() => chainPendingAudit(prisma, null))
      // Left waiting: the next run, a read of the log or the recurring job chains them.
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'chaining issued credentials into the audit log failed'),
      );
    return running;
  }

  return {
    issued() {
      if (timer) return;
      timer = setTimeout(run, CHAIN_DELAY_MS);
      timer.unref();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await run();
    },
  };
}

const MINUTE_MS = 60 * 1000;

/** The recurring job: entries an instance wrote and did not chain (it stopped first) join the chain. */
export function auditJobs(deps: { db: PrismaClient }) {
  return {
    'audit.chain': {
      schedule: { everyMs: MINUTE_MS },
      async run(_payload, { log }) {
        const chained = await chainPendingAudit(deps.db, null);
        if (chained > 0) log.info({ chained }, 'waiting audit entries chained');
      },
    },
  } satisfies JobHandlers;
}
