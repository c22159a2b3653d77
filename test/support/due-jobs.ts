// Every job due now: one runDue() claims up to the runner's concurrency (4), and more recurring jobs than that
// (purges, the custom domains' re-check, the OpenID4VC sweeps) can fall due at once.
import type { JobOutcome } from '../../src/modules/jobs/jobs.runner.js';

export async function runAllDue(jobs: { runDue(): Promise<JobOutcome[]> }): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (let round = 0; round < 10; round++) {
    const settled = await jobs.runDue();
    if (settled.length === 0) break;
    outcomes.push(...settled);
  }
  return outcomes;
}
