// The sweep of presentation requests nobody finished, as a recurring job of the job runner (one run per period
// across all instances): a request still pending past its expiry is recorded expired (its encryption key
// dropped), and one whose verification began and never ended (its instance died) is recorded failed, each with
// its event. A late answer finds the first kind expired on its own; the sweep is what announces the rest.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { JobHandlers } from '../jobs/jobs.runner.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import * as repository from './oid4vp.repository.js';
import { RECEIVED_TIMEOUT_SECONDS } from './verification-session.policy.js';

const MINUTE_MS = 60 * 1000;
const BATCH = 500;

export async function sweepOverdueRequests(db: PrismaClient, now: Date): Promise<number> {
  const receivedBefore = new Date(now.getTime() - RECEIVED_TIMEOUT_SECONDS * 1000);
  const overdue = await repository.overdueRequests(db, now, receivedBefore, BATCH);
  let swept = 0;
  for (const row of overdue) {
    await db.$transaction(async (tx) => {
      const at = now.toISOString();
      if (row.status === 'pending') {
        const moved = await repository.transition(
          tx,
          row.tenantId,
          row.id,
          { status: 'pending' },
          {
            status: 'expired',
            completedAt: now,
            encryptionKeyCiphertext: null,
          },
        );
        if (moved)
          await recordEvent(tx, row.tenantId, 'oid4vp.presentation.expired', { request_id: row.id, expired_at: at });
        swept += Number(moved);
        return;
      }
      const description = 'the verification of the answer did not complete';
      const moved = await repository.transition(
        tx,
        row.tenantId,
        row.id,
        { status: 'received' },
        {
          status: 'failed',
          completedAt: now,
          encryptionKeyCiphertext: null,
          error: 'server_error',
          errorDescription: description,
        },
      );
      if (moved) {
        await recordEvent(tx, row.tenantId, 'oid4vp.presentation.failed', {
          request_id: row.id,
          error: 'server_error',
          error_description: description,
          failed_at: at,
        });
      }
      swept += Number(moved);
    });
  }
  return swept;
}

export function oid4vpJobs(deps: { db: PrismaClient }) {
  return {
    'oid4vp.sweep': {
      schedule: { everyMs: MINUTE_MS },
      async run(_payload, { clock, log }) {
        const swept = await sweepOverdueRequests(deps.db, clock.now());
        if (swept > 0) log.info({ swept }, 'overdue presentation requests closed');
      },
    },
  } satisfies JobHandlers;
}
