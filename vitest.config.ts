import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds; Node loads the CJS one for every dependency
    // (Pothos, Yoga), so the tests must too, or two graphql instances meet ("another module or realm").
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // One migrated PGlite, dumped; every in-memory test database starts as a copy of it.
    globalSetup: ['test/support/global-setup.ts'],
    // Each file opens its own in-memory PGlite (or shares PostgreSQL with fresh tenants per test).
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine. Most files wait on
    // their database, child processes or timers as much as they compute, so two run side by side in about
    // 0.6 of the time (measured: PGlite 415 s → 268 s, PostgreSQL 220 s → 150 s).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
