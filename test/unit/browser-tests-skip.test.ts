// When the dashboard's browser tests run, skip or fail (test/support/chromium.ts): skipped without a Chromium so
// a fresh machine's `npm test` passes, never skipped in CI, and a run that skips them ends by saying how to
// enable them.
import { describe, expect, it } from 'vitest';
import { browserTestsSkipped, skippedBrowserTestsLine } from '../support/chromium.js';

describe('the browser tests without a Chromium', () => {
  it('are skipped outside CI', () => {
    expect(browserTestsSkipped(false, undefined)).toBe(true);
    expect(browserTestsSkipped(false, '')).toBe(true);
    expect(browserTestsSkipped(false, 'false')).toBe(true);
    expect(browserTestsSkipped(false, '0')).toBe(true);
  });

  it('are not skipped in CI, where launching the missing browser fails them', () => {
    expect(browserTestsSkipped(false, 'true')).toBe(false);
    expect(browserTestsSkipped(false, '1')).toBe(false);
  });

  it('run wherever there is a Chromium', () => {
    expect(browserTestsSkipped(true, undefined)).toBe(false);
    expect(browserTestsSkipped(true, 'true')).toBe(false);
  });

  it('end the run with one line naming what was skipped and the command that enables them', () => {
    const line = skippedBrowserTestsLine(4, 27, '/nonexistent');
    expect(line).toBe(
      "Skipped the dashboard's browser tests (4 files, 27 tests): no Chromium at /nonexistent. " +
        'Enable them with: apt-get install -y --no-install-recommends chromium-headless-shell (or CHROMIUM_PATH=<a Chromium>)',
    );
    expect(line).not.toContain('\n');
  });
});
