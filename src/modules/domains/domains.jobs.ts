// The daily re-check of verified custom domains, as a recurring job of the job runner (one run per period
// across all instances). It runs hourly and looks up each verified domain last checked a day or more ago, so a
// domain is re-checked about daily whenever it was verified; a run checks at most BATCH and leaves the rest
// for the next hour.
import type { JobHandlers } from '../jobs/jobs.runner.js';
import type { DomainsService } from './domains.service.js';

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 500;

export function domainJobs(deps: { domains: Pick<DomainsService, 'recheckDue'> }) {
  return {
    'domains.recheck': {
      schedule: { everyMs: HOUR_MS },
      async run(_payload, { clock, log }) {
        const { checked, unverified } = await deps.domains.recheckDue(clock.now(), BATCH);
        if (checked > 0) log.info({ checked, unverified }, 'custom domains re-checked');
      },
    },
  } satisfies JobHandlers;
}
