// The client pglite-prisma-adapter is handed (src/db/pglite-adapter-client.ts) runs the adapter's queries
// itself: its results must be PGlite query()'s, value for value, for every type the schema stores; a failed
// statement must fail as PGlite's does and leave the next one working; and inside a transaction its queries
// must see the transaction and roll back with it.
import { messages, PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterClient } from '../../src/db/pglite-adapter-client.js';
import { pgliteCopy } from '../support/pglite-template.js';

// Parsers of the adapter's kind: some types kept as text, as it keeps them for Prisma.
const ADAPTER_PARSERS = {
  1700: (text: string) => text, // numeric
  1114: (text: string) => `${text.replace(' ', 'T')}+00:00`, // timestamp
  3802: (text: string) => text, // jsonb, left to the engine
};
const asAdapter = { rowMode: 'array' as const, parsers: ADAPTER_PARSERS };

let pglite: PGlite;
let client: PGlite;
beforeAll(async () => {
  pglite = await pgliteCopy('pgliteEmptyTemplate');
  client = adapterClient(pglite);
  await pglite.exec(`CREATE TABLE scratch (
    id int PRIMARY KEY, n bigint, amount numeric(12, 2), at timestamp, at_tz timestamptz, doc jsonb,
    tags text[], flag boolean, uid uuid, data bytea, note text)`);
}, 60_000);
afterAll(() => pglite?.close());

const INSERT =
  'INSERT INTO scratch (id, n, amount, at, at_tz, doc, tags, flag, uid, data, note) ' +
  'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)';

describe('the adapter’s queries through the client', () => {
  it('give what PGlite query() gives: rows, fields and counts, for every stored type', async () => {
    const values = [
      [
        1,
        '9007199254740993',
        '12.50',
        '2026-11-27 12:00:00.123',
        new Date('2026-11-27T12:00:00Z'),
        '{"a":[1,"two"]}',
        ['x', 'y, z'],
        true,
        '0b8e5a0e-1111-4222-8333-444455556666',
        new Uint8Array([0, 255, 16]),
        "it's",
      ],
      [2, null, null, null, null, null, null, null, null, null, null],
    ];
    for (const row of values) {
      const ours = await client.query(INSERT, row, asAdapter);
      expect(ours).toMatchObject({ affectedRows: 1, rows: [], fields: [] });
    }
    const select = 'SELECT * FROM scratch WHERE id = ANY($1) ORDER BY id';
    const theirs = await pglite.query(select, [[1, 2]], asAdapter);
    const ours = await client.query(select, [[1, 2]], asAdapter);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(theirs.affectedRows);
    expect(ours.rows[1]).toEqual([2, null, null, null, null, null, null, null, null, null, null]);

    const update = 'UPDATE scratch SET note = $1 WHERE id <= $2';
    expect((await client.query(update, ['again', 2], asAdapter)).affectedRows).toBe(2);
    expect((await client.query('DELETE FROM scratch WHERE id = $1', [2], asAdapter)).affectedRows).toBe(1);
  });

  it('fail as PGlite does, and the next query works', async () => {
    const row = [1, null, null, null, null, null, null, null, null, null, null];
    const theirs = await pglite.query(INSERT, row, asAdapter).catch((error: unknown) => error);
    const ours = await client.query(INSERT, row, asAdapter).catch((error: unknown) => error);
    // The adapter turns database errors into Prisma's (P2002 and the rest) by this class.
    expect(ours).toBeInstanceOf(messages.DatabaseError);
    expect(ours).toMatchObject({ code: '23505', constraint: 'scratch_pkey', table: 'scratch', severity: 'ERROR' });
    const fields = ({ message, code, detail, constraint, table, schema, severity, routine }: any) => ({
      message,
      code,
      detail,
      constraint,
      table,
      schema,
      severity,
      routine,
    });
    expect(fields(ours)).toEqual(fields(theirs));
    await expect(client.query('SELEKT 1', [], asAdapter)).rejects.toMatchObject({ code: '42601', position: '1' });
    expect((await client.query('SELECT $1::int + 1 AS two', [1], asAdapter)).rows).toEqual([[2]]);
  });

  it('read results larger than one chunk of PGlite’s output, multi-byte text split anywhere', async () => {
    // About 6 MB of rows: the backend's output reaches the client in pieces, cut inside messages and characters.
    const select = "SELECT g AS n, repeat('é✓x', 20000 + g) AS text FROM generate_series(1, 100) AS g";
    const theirs = await pglite.query(select, [], asAdapter);
    const ours = await client.query(select, [], asAdapter);
    expect(ours.rows).toHaveLength(100);
    expect(ours.rows).toEqual(theirs.rows);
    expect((ours.rows[99] as [number, string])[1]).toBe('é✓x'.repeat(20_100));
  });

  it('run inside a transaction: seen by it, rolled back with it', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query(INSERT, [3, null, null, null, null, null, null, null, null, null, 'inside'], asAdapter);
        expect((await tx.query('SELECT note FROM scratch WHERE id = $1', [3], asAdapter)).rows).toEqual([['inside']]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query('SELECT count(*)::int FROM scratch WHERE id = $1', [3], asAdapter)).rows).toEqual([[0]]);
    await client.transaction(async (tx) => {
      await tx.query(INSERT, [4, null, null, null, null, null, null, null, null, null, 'kept'], asAdapter);
    });
    expect((await pglite.query('SELECT note FROM scratch WHERE id = 4')).rows).toEqual([{ note: 'kept' }]);
  });

  it('leave queries without parsers of their own to PGlite', async () => {
    const ours = await client.query<{ at: Date }>('SELECT $1::timestamptz AS at', ['2026-11-27T12:00:00Z']);
    expect(ours.rows[0]!.at).toEqual(new Date('2026-11-27T12:00:00Z'));
  });
});
