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
