// The pipelined reads of PostgreSQL (src/db/pipelined-sql.ts): statements asked together share a write and a
// couple of connections, yet each gets its own answer or its own error; an outage fails them as an outage,
// and a new connection serves once the database is back.
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPipelinedSql, type PipelinedSql } from '../../src/db/pipelined-sql.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { capturingLogger } from '../support/log-sink.js';
import { usingPostgres } from '../support/test-database.js';
import { tcpProxy } from '../support/tcp-proxy.js';

const APPLICATION_NAME = 'credential-service pipelined reads';

describe.skipIf(!usingPostgres)('pipelined reads on PostgreSQL', () => {
  const opened: PipelinedSql[] = [];
  const logs: string[] = [];
  const pipeline = (url = process.env.DATABASE_URL!) => {
    const made = createPipelinedSql({ url, connections: 2, connectTimeoutMs: 2_000, log: capturingLogger(logs) });
    opened.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((made) => made.close()));
  });

  it('answers each of a burst of statements with its own rows, over at most two connections', async () => {
    const { sql, connections } = pipeline();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        sql<{ n: number; pid: number }>('pipelined-echo', 'SELECT $1::int AS n, pg_backend_pid() AS pid', [n]),
      ),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(new Set(answers.map((rows) => rows[0]!.pid)).size).toBeLessThanOrEqual(2);
    expect(connections()).toBeLessThanOrEqual(2);
  });

  it('fails only the statement at fault when statements go out together', async () => {
    const { sql } = pipeline();
    const outcomes = await Promise.allSettled(
      [1, 2, 0, 4].map((divisor) => sql<{ q: number }>('pipelined-divide', 'SELECT 12 / $1::int AS q', [divisor])),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    expect((outcomes[3] as PromiseFulfilledResult<{ q: number }[]>).value).toEqual([{ q: 3 }]);
    // The connection goes on serving after the error.
    expect(await sql('pipelined-divide', 'SELECT 12 / $1::int AS q', [6])).toEqual([{ q: 2 }]);
  });

  it('lets a statement in flight finish before close() ends its connections', async () => {
    const { sql, close } = pipeline();
    const pids = await Promise.all(
      Array.from({ length: 20 }, () => sql<{ pid: number }>('pipelined-pid', 'SELECT pg_backend_pid() AS pid', [])),
    );
    const sleeping = sql<{ done: boolean }>('pipelined-sleep', 'SELECT pg_sleep(0.2) IS NOT NULL AS done', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await close();
    expect(await sleeping).toEqual([{ done: true }]);
    await expect(sql('pipelined-echo', 'SELECT 1 AS n', [])).rejects.toThrow(/closed/);

    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const backends = [...new Set(pids.map((rows) => rows[0]!.pid))];
      await expect
        .poll(async () => {
          const { rows } = await client.query(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE pid = ANY($1::int[]) AND application_name = $2',
            [backends, APPLICATION_NAME],
          );
          return rows[0].open;
        })
        .toBe(0);
    } finally {
      await client.end();
    }
  });

  it('fails statements as a database outage while it is away, and serves again once it is back', async () => {
    const proxy = await tcpProxy(new URL(process.env.DATABASE_URL!));
    try {
      const { sql } = pipeline(proxy.url);
      expect(await sql('pipelined-echo', 'SELECT $1::int AS n', [1])).toEqual([{ n: 1 }]);

      const inFlight = sql('pipelined-sleep', 'SELECT pg_sleep(1) IS NOT NULL AS done', []);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await proxy.cut();
      const lost = await inFlight.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(lost)).toBe(true);
      const refused = await sql('pipelined-echo', 'SELECT $1::int AS n', [2]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(refused)).toBe(true);

      await proxy.restore();
      expect(await sql('pipelined-echo', 'SELECT $1::int AS n', [3])).toEqual([{ n: 3 }]);
      expect(logs.some((line) => line.includes('pipelined PostgreSQL connection failed'))).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
