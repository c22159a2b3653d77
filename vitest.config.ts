import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.js';

// The service's tests, and the dashboard's rules beside their code (web/src, type-checked by web/tsconfig.json).
const TESTS = ['test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'];

// graphql 16 ships CJS (main) and ESM (module) builds; Node loads the CJS one for every dependency (Pothos,
// Yoga), so the tests must too, or two graphql instances meet ("another module or realm").
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// Files that replace modules (vi.mock and the like) need modules of their own; every other file shares its
// worker's modules with the files run before it (see `isolate` below).
const MOCKS_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubGlobal|stubEnv|hoisted)\(/;
const testDir = fileURLToPath(new URL('test/', import.meta.url));
const ownModules = readdirSync(testDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && MOCKS_MODULES.test(readFileSync(testDir + file, 'utf8')))
  .map((file) => `test/${file.replaceAll('\\', '/')}`);
// And files that check class identity across a package's CommonJS cache and its ESM import
// (rate-limiter-flexible's instanceof checks): in a shared worker another file may have loaded another copy.
ownModules.push('test/unit/token-bucket-memory.test.ts');

const common = {
  // The apps a worker starts share its in-memory PGlite, as all share PostgreSQL when DATABASE_URL is set;
  // every test makes its own tenants (test/support/harness.ts).
  pool: 'forks',
  // Vitest's default is one worker fewer than the cores: one on this 2-core machine. Most files wait on
  // their database, child processes or timers as much as they compute, so two run side by side in about
  // 0.6 of the time (measured: PGlite 415 s → 268 s, PostgreSQL 220 s → 150 s), and a third fills what the
  // two leave idle (2026-11-28, a slow host: PGlite 166-171 s → 151-157 s with the same CPU, PostgreSQL
  // 178 → 172 s; a fourth only added CPU: 167 s).
  maxWorkers: 3,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  resolve,
  test: {
    // One migrated PGlite, dumped; every in-memory test database starts as a copy of it. Run once, for the
    // root; both projects below inherit what it provides.
    globalSetup: ['test/support/global-setup.ts'],
    // The default, and a line at the end when the browser tests had no Chromium to run in.
    reporters: ['default', './test/support/skipped-browser-reporter.ts'],
    // Longest files first, also in a fresh clone, where vitest has no durations of an earlier run.
    sequence: { sequencer: LongestFirst },
    ...common,
    projects: [
      {
        resolve,
        test: {
          name: 'shared',
          include: TESTS,
          exclude: ownModules,
          // A worker runs file after file in one process and keeps the modules it has loaded (Prisma, PGlite,
          // GraphQL, the service): with isolation, every file paid 2-3 s of CPU to start a process and load
          // them again, about a third of the suite's CPU. Each file still starts its own app.
          isolate: false,
          ...common,
        },
      },
      ...(ownModules.length ? [{ resolve, test: { name: 'isolated', include: ownModules, ...common } }] : []),
    ],
  },
});
