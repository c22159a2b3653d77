// The service's own recurring jobs: retention. They run on the job runner (one run per period across all
// instances, wherever it lands) rather than on a timer in every process.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { AuthService } from '../auth/auth.service.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import { deleteFinishedBefore } from './jobs.repository.js';
import { deleteEventsPublishedBefore } from '../outbox/outbox.repository.js';
import { deleteFinishedDeliveriesBefore } from '../webhooks/delivery/dispatch.repository.js';
import type { JobHandler, JobHandlers } from './jobs.runner.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Finished jobs are kept this long after they complete or fail, to look into what ran and why it failed. */
export const FINISHED_JOBS_RETENTION_MS = 7 * DAY_MS;
/**
 * The event log (GET /v1/events) and the webhook delivery log keep 30 days: long enough for a consumer that
 * was down to catch up, and for a delivery's outcome to be looked into.
 */
export const EVENTS_RETENTION_MS = 30 * DAY_MS;

export function maintenanceJobs(deps: {
  db: PrismaClient;
  auth: Pick<AuthService, 'purgeExpiredSessions'>;
  idempotency: Pick<IdempotencyService, 'purgeExpired'>;
}) {
  return {
    'sessions.purge': {
      schedule: { everyMs: HOUR_MS },
      run: async () => void (await deps.auth.purgeExpiredSessions()),
    },
    'idempotency-keys.purge': {
      schedule: { everyMs: HOUR_MS },
      run: async () => void (await deps.idempotency.purgeExpired()),
    },
    'jobs.purge': purgeFinishedJobs(deps.db, FINISHED_JOBS_RETENTION_MS),
    'events.purge': {
      schedule: { everyMs: 6 * HOUR_MS },
      async run(_payload, { clock, log }) {
        const cutoff = new Date(clock.now().getTime() - EVENTS_RETENTION_MS);
        const deliveries = await deleteFinishedDeliveriesBefore(deps.db, cutoff);
        const events = await deleteEventsPublishedBefore(deps.db, cutoff);
        if (deliveries + events > 0) log.info({ events, deliveries }, 'events and webhook deliveries purged');
      },
    },
  } satisfies JobHandlers;
}

/** The job table's own retention: a recurring job deleting rows that finished over `retentionMs` ago. */
export function purgeFinishedJobs(db: PrismaClient, retentionMs: number): JobHandler<Record<string, never>> {
  return {
    schedule: { everyMs: 6 * HOUR_MS },
    async run(_payload, { clock, log }) {
      const count = await deleteFinishedBefore(db, new Date(clock.now().getTime() - retentionMs));
      if (count > 0) log.info({ count }, 'finished jobs purged');
    },
  };
}
