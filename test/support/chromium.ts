// Debian's Chromium as the browser tests, the screenshot script and the bench launch it (no vitest here, so
// scripts outside the test runner can import it).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
