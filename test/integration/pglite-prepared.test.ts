// Named prepared statements on the embedded database (src/db/pglite-prepared.ts): the rows are query()'s, an
// error fails one statement and leaves the next working, and a statement never runs inside someone else's
// open transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createPGlitePreparedSql } from '../../src/db/pglite-prepared.js';
import { pgliteCopy } from '../support/pglite-template.js';

// A copy of the cluster the global setup dumped after initdb: PGlite.create() with nothing runs initdb again
// (3-5 s of CPU on a 2-core host, for each of this file's two databases).
const emptyDatabase = () => pgliteCopy('pgliteEmptyTemplate');

describe('prepared statements on PGlite', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await emptyDatabase();
    await pglite.exec('CREATE TABLE scratch (n int NOT NULL, at timestamptz, doc jsonb, flag boolean, note text)');
  }, 60_000);
  afterAll(() => pglite?.close());

  it('returns the rows query() returns, with parameters serialised by their types', async () => {
    const sql = createPGlitePreparedSql(pglite);
    const insert = 'INSERT INTO scratch (n, at, doc, flag, note) VALUES ($1, $2, $3, $4, $5) RETURNING *';
    const at = new Date('2026-11-25T12:00:00.123Z');
    const inserted = await sql('scratch-insert', insert, [7, at, { a: [1, 'two'] }, true, null]);
    expect(inserted).toEqual([{ n: 7, at, doc: { a: [1, 'two'] }, flag: true, note: null }]);
    await sql('scratch-insert', insert, [8, null, null, false, "it's"]);

    const select =
      'SELECT n, at, doc, flag, note, count(*) OVER ()::int AS total FROM scratch WHERE n >= $1 ORDER BY n';
    const viaPrepared = await sql('scratch-select', select, [7]);
    expect(viaPrepared).toEqual((await pglite.query(select, [7])).rows);
    expect(viaPrepared.map((row) => (row as { note: string | null }).note)).toEqual([null, "it's"]);
    // Run again: the parsed statement is reused, and still answers by its parameter.
    expect(await sql('scratch-select', select, [8])).toHaveLength(1);
  });

  it('fails the statement at fault alone', async () => {
    const sql = createPGlitePreparedSql(pglite);
    await expect(sql('divide', 'SELECT 12 / $1::int AS q', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await sql('divide', 'SELECT 12 / $1::int AS q', [4])).toEqual([{ q: 3 }]);
    await expect(sql('not-sql', 'SELEKT 1', [])).rejects.toMatchObject({ code: '42601' });
    expect(await sql('divide', 'SELECT 12 / $1::int AS q', [6])).toEqual([{ q: 2 }]);
  });

  it('answers a burst asked in one turn statement by statement, the one at fault failing alone', async () => {
    const sql = createPGlitePreparedSql(pglite);
    const divisors = Array.from({ length: 100 }, (_, i) => (i === 37 ? 0 : i + 1));
    const answers = await Promise.allSettled(
      divisors.map((divisor) => sql<{ q: number }>('burst-divide', 'SELECT 600 / $1::int AS q', [divisor])),
    );
    answers.forEach((answer, i) => {
      if (i === 37) expect(answer).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else expect(answer).toEqual({ status: 'fulfilled', value: [{ q: Math.trunc(600 / divisors[i]!) }] });
    });
  });

  it('fails the statements asked of a closed instance instead of leaving them waiting', async () => {
    const closing = await emptyDatabase();
    const sql = createPGlitePreparedSql(closing);
    expect(await sql('one', 'SELECT 1 AS n', [])).toEqual([{ n: 1 }]);
    await closing.close();
    await expect(Promise.all([sql('one', 'SELECT 1 AS n', []), sql('two', 'SELECT 2 AS n', [])])).rejects.toThrow();
  }, 60_000);

  it('waits for an open transaction instead of running inside it', async () => {
    const sql = createPGlitePreparedSql(pglite);
    const count = () => sql<{ n: number }>('scratch-count', 'SELECT count(*)::int AS n FROM scratch', []);
    const before = (await count())[0]!.n;
    let counted: Promise<{ n: number }[]> | undefined;
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('INSERT INTO scratch (n) VALUES (99)');
        counted = count();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Inside the transaction it would have counted the row that was rolled back.
    expect((await counted!)[0]!.n).toBe(before);
  });

  it('shares statements between the databases of one instance, and refuses a name reused for another text', async () => {
    const first = createPGlitePreparedSql(pglite);
    const second = createPGlitePreparedSql(pglite);
    expect(await first('shared-name', 'SELECT $1::int + 1 AS n', [1])).toEqual([{ n: 2 }]);
    expect(await second('shared-name', 'SELECT $1::int + 1 AS n', [2])).toEqual([{ n: 3 }]);
    await expect(second('shared-name', 'SELECT $1::int + 2 AS n', [2])).rejects.toThrow(/another text/);
  });
});
