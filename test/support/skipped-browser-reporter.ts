// The one line at the end of a run that skipped the dashboard's browser tests for want of a Chromium
// (SKIP_BROWSER_TESTS, test/support/chromium.ts): what was skipped and the command that enables them, after
// the summary, where a reader of `npm test` looks.
import { readFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_BROWSER_TESTS, skippedBrowserTestsLine } from './chromium.js';

/** A browser file declares its suite with describeInBrowser (test/support/dashboard-browser.ts). */
const BROWSER_SUITE = /\bdescribeInBrowser\(/;

export default class SkippedBrowserReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!SKIP_BROWSER_TESTS) return;
    const skipped = testModules.filter((module) => isBrowserFile(module.moduleId));
    if (skipped.length === 0) return;
    const tests = skipped.reduce((sum, module) => sum + [...module.children.allTests()].length, 0);
    process.stdout.write(`\n${skippedBrowserTestsLine(skipped.length, tests)}\n`);
  }
}

function isBrowserFile(moduleId: string): boolean {
  try {
    return BROWSER_SUITE.test(readFileSync(moduleId, 'utf8'));
  } catch {
    return false;
  }
}
