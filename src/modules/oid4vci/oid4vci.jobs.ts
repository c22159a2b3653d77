// The issuer's recurring work on the job runner (one run per period across all instances): sessions past their
// expiry become expired, each with its oid4vci.offer.expired event in the same transaction, and nonces and DPoP
// proof ids past theirs are deleted. Expiry is also read at request time (offer-session.policy.ts stateAt), so a
// late sweep never lets an expired code or token through; it only makes the state and the event catch up.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { JobHandlers } from '../jobs/jobs.runner.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { deleteExpiredNonces } from './nonce-store.js';
import { expireDueOffers } from './oid4vci.repository.js';

const MINUTE_MS = 60 * 1000;
/** Sessions expired per transaction; a run goes on until none is due. */
const BATCH = 500;

export function oid4vciJobs(deps: { db: PrismaClient }) {
  return {
    'oid4vci.expire': {
      schedule: { everyMs: MINUTE_MS },
      async run(_payload, { clock, log }) {
        const now = clock.now();
        let expired = 0;
        for (;;) {
          const batch = await deps.db.$transaction(async (tx) => {
            const rows = await expireDueOffers(tx, now, BATCH);
            for (const row of rows) {
              await recordEvent(tx, row.tenantId, 'oid4vci.offer.expired', {
                offer_id: row.id,
                subject_id: row.subjectId,
                configuration_ids: row.configurationIds,
                expired_at: row.expiresAt.toISOString(),
              });
            }
            return rows.length;
          });
          expired += batch;
          if (batch < BATCH) break;
        }
        const nonces = await deleteExpiredNonces(deps.db, now);
        if (expired + nonces > 0) log.info({ expired, nonces }, 'OpenID4VCI sessions expired and nonces purged');
      },
    },
  } satisfies JobHandlers;
}
