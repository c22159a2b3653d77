// `npm run bench:pglite`: one statement's round trip on the embedded database, its answer parsed by PGlite's
// own parser (execProtocolStream, as PGlite's query() does) and by pg-protocol's (src/db/pglite-wire.ts, what
// the service runs), in the same process, turn by turn: the extended-protocol steps the Prisma adapter's queries
// take (parse, describe, bind, describe, execute, sync), for one row and for a page of 20 rows of a
// credential-like table. Medians of 5 rounds of 2,000 round trips each, and their ratio.
import { cpus } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { exchange } from '../src/db/pglite-wire.js';

const ROUNDS = 5;
const PER_ROUND = Number(process.env.BENCH_PGLITE_ROUND_TRIPS ?? 2_000);

const db = await PGlite.create();
await db.exec(`CREATE TABLE credential (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), tenant_id uuid NOT NULL, format text NOT NULL, issuer text NOT NULL,
  subject text NOT NULL, status text NOT NULL, issued_at timestamptz NOT NULL DEFAULT now(), jwt text NOT NULL,
  status_index int NOT NULL, status_list_id uuid NOT NULL, type text NOT NULL, note text)`);
await db.exec(`INSERT INTO credential (tenant_id, format, issuer, subject, status, jwt, status_index, status_list_id, type)
  SELECT gen_random_uuid(), 'jwt_vc_json', 'did:key:z6Mk' || g, 'did:example:' || g, 'active',
    repeat('eyJhbGciOiJFZERTQSJ9', 40), g, gen_random_uuid(), 'UniversityDegreeCredential'
  FROM generate_series(1, 200) AS g`);

const steps = (sql: string) => [
  serialize.parse({ text: sql, types: [] }),
  serialize.describe({ type: 'S' }),
  serialize.bind({ values: [] }),
  serialize.describe({ type: 'P' }),
  serialize.execute({}),
  serialize.sync(),
];

const ways = {
  "PGlite's parser": async (messages: Uint8Array[]) => {
    for (const message of messages) await db.execProtocolStream(message, { syncToFs: false });
  },
  "pg-protocol's parser": async (messages: Uint8Array[]) => {
    for (const message of messages) await exchange(db, message, { syncToFs: false });
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(`# PGlite round trips, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}`);
console.log(`${'statement'.padEnd(34)}${Object.keys(ways).map((way) => way.padStart(22)).join('')}   ratio`);
for (const [name, sql] of [
  ['one row (12 columns)', 'SELECT * FROM credential LIMIT 1'],
  ['a page of 20 rows', 'SELECT * FROM credential ORDER BY status_index LIMIT 20'],
] as const) {
  const messages = steps(sql);
  const timings: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  // The ways take turns within each round, so that the machine's drift reaches both alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [way, run] of Object.entries(ways)) {
      for (let i = 0; i < PER_ROUND / 10; i++) await run(messages); // warm-up
      const started = performance.now();
      for (let i = 0; i < PER_ROUND; i++) await run(messages);
      timings[way]!.push(((performance.now() - started) * 1000) / PER_ROUND);
    }
  }
  const [theirs, ours] = Object.values(timings).map(median) as [number, number];
  console.log(
    `${name.padEnd(34)}${`${theirs.toFixed(0)} µs`.padStart(22)}${`${ours.toFixed(0)} µs`.padStart(22)}   ${(ours / theirs).toFixed(2)}`,
  );
}
await db.close();
