// The order in which the workers take the test files: longest first, so that they finish together. Vitest's
// own order is by the durations of the last run, kept under node_modules/.vite, which a fresh clone (CI) has
// not; it then goes by file size, and files that wait on child processes, a browser or a clock are small: in
// such a run they started in the last 40 s, and the run ended some 25 s after everything else had.
// Expected duration: the file's last run when vitest has one, otherwise the seconds below (measured on an idle
// 2-core machine, for the files whose time their size does not show), otherwise a guess from the size.
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each took on an idle 2-core machine, three workers, PGlite. Rough is enough: only the order counts. */
const MEASURED_SECONDS: Record<string, number> = {
  'test/integration/dashboard.test.ts': 45,
  'test/integration/process.test.ts': 25,
  'test/integration/idempotency.test.ts': 18,
  'test/integration/dashboard-features.test.ts': 18,
  'test/integration/shutdown.test.ts': 15,
  'test/integration/migrations-drift.test.ts': 14,
  'test/integration/webhooks-crash.test.ts': 14,
  'test/integration/dashboard-team.test.ts': 13,
  'test/integration/dashboard-credentials.test.ts': 12,
  // Estimated, not measured idle: 36 s beside dashboard-credentials' 59 s (12 s idle) on a machine loaded ~5x.
  'test/integration/dashboard-openid.test.ts': 8,
  'test/integration/authorization-matrix.test.ts': 10,
  'test/integration/isolation.test.ts': 10,
  'test/integration/container.test.ts': 9,
  'test/integration/migrations-runner.test.ts': 8,
  'test/integration/tenant-write-concurrency.test.ts': 8,
  'test/integration/webhook-concurrency.test.ts': 7,
  'test/integration/docs-commands.test.ts': 6,
  'test/integration/embedded-settings.test.ts': 6,
  'test/integration/login-flood.test.ts': 6,
};

/** A file of this many bytes is guessed to take a second (the median file of the suite runs at about this). */
const BYTES_PER_SECOND = 10_000;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const expected = new Map<TestSpecification, { failed: boolean; ms: number }>();
    for (const spec of files) {
      const file = path.relative(root, spec.moduleId).replaceAll('\\', '/');
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      const guess = MEASURED_SECONDS[file] ?? statSync(spec.moduleId).size / BYTES_PER_SECOND;
      expected.set(spec, { failed: Boolean(last?.failed), ms: last?.duration ?? guess * 1000 });
    }
    return [...files].sort((a, b) => {
      // As vitest does: a project's files together, isolated projects first, last run's failures first.
      if (a.project.name !== b.project.name) {
        if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
        return a.project.name < b.project.name ? -1 : 1;
      }
      const [x, y] = [expected.get(a)!, expected.get(b)!];
      if (x.failed !== y.failed) return x.failed ? -1 : 1;
      return y.ms - x.ms;
    });
  }
}
