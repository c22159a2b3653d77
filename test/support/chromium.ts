// Debian's Chromium as the browser tests, the screenshot script and the bench launch it (no vitest here, so
// scripts outside the test runner can import it).
import { existsSync } from 'node:fs';

/** Debian's `chromium`, the desktop browser run headless: the screenshots and the dashboard bench, what users see. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` where it is installed (.ci/run installs it),
 * else `chromium`; CHROMIUM_PATH chooses either. The same Blink and V8, built from the same Debian source
 * package at the same version, without the desktop browser around them, as Playwright runs headless tests by
 * default. Measured on the five dashboard files: Chromium's CPU 106 s → 50 s, the files 88 s → 60 s.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** The package that gives the browser tests their Chromium, and the one command that installs it. */
export const CHROMIUM_INSTALL_COMMAND = 'apt-get install -y --no-install-recommends chromium-headless-shell';

/**
 * Whether the browser tests are skipped in this run: on a machine without Chromium they are, as the PostgreSQL
 * and Redis tests are without DATABASE_URL / REDIS_URL, so the README's `npm test` passes on a fresh machine
 * (test/support/skipped-browser-reporter.ts says so at the end of the run). In CI (CI=true) they never are: a
 * missing browser fails them (launchChromium), so CI cannot pass without running them.
 */
export function browserTestsSkipped(haveChromium: boolean, ci: string | undefined): boolean {
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return !haveChromium && !inCi;
}

export const SKIP_BROWSER_TESTS = browserTestsSkipped(existsSync(TEST_CHROMIUM_PATH), process.env.CI);

/** The line that ends a run whose browser tests were skipped. */
export function skippedBrowserTestsLine(files: number, tests: number, chromiumPath = TEST_CHROMIUM_PATH): string {
  return (
    `Skipped the dashboard's browser tests (${files} ${files === 1 ? 'file' : 'files'}, ${tests} tests): no Chromium at ${chromiumPath}. ` +
    `Enable them with: ${CHROMIUM_INSTALL_COMMAND} (or CHROMIUM_PATH=<a Chromium>)`
  );
}
/**
 * Headless, and quiet: without the background-networking flags Chromium tries to reach Google's services and
 * hangs on a closed network. No sandbox: CI runs as root in a container.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
