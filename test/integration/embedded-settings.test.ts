// The embedded database runs with the same PostgreSQL settings wherever it is opened: on disk as the service
// opens DATA_DIR/pglite, and in memory as the tests open their copies of the migrated template. So the tests
// exercise the configuration users run.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { seededDataDir } from '../support/child-service.js';
import { startTestApp } from '../support/harness.js';
import { capturingLogger } from '../support/log-sink.js';
import { pgliteTemplate } from '../support/pglite-template.js';
import { usingPostgres } from '../support/test-database.js';

const SETTINGS = `SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('TimeZone') AS timezone,
  current_setting('log_timezone') AS log_timezone`;
// 16 MB of shared buffers (PGlite's default is 128 MB, all of it zeroed at every start), and the time zone
// initdb chose, which PGlite's postgresql.conf option drops along with the rest of initdb's file.
const EXPECTED = { shared_buffers: '16MB', timezone: 'UTC', log_timezone: 'UTC' };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function settingsThrough(database: Database) {
  cleanups.push(() => database.close());
  const [row] = await database.prisma.$queryRawUnsafe<(typeof EXPECTED)[]>(SETTINGS);
  return row;
}

describe('the embedded database’s settings', () => {
  it('on disk, as the service opens DATA_DIR, whatever its postgresql.conf held', async () => {
    const dataDir = await seededDataDir();
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // As an older version, or a hand, may have left it: the service's settings are restated at every start.
    await writeFile(path.join(dataDir, 'pglite', 'postgresql.conf'), "shared_buffers = 128MB\ntimezone = 'GMT'\n");
    expect(await settingsThrough(await openDatabase({ kind: 'pglite', dataDir }, capturingLogger([])))).toEqual(
      EXPECTED,
    );
  });

  it('in memory, from a template dump', async () => {
    const options = { kind: 'pglite-memory', template: await pgliteTemplate() } as const;
    expect(await settingsThrough(await openDatabase(options, capturingLogger([])))).toEqual(EXPECTED);
  });

  it.skipIf(usingPostgres)('in the database the test apps of a worker share', async () => {
    const app = await startTestApp();
    cleanups.push(() => app.close());
    const [row] = await app.database.prisma.$queryRawUnsafe<(typeof EXPECTED)[]>(SETTINGS);
    expect(row).toEqual(EXPECTED);
  });
});
