// Flatness rows: is the cost of issue, verify, revoke, list and status-list fetch flat in the data?
// Two databases of their own on the PostgreSQL server, each with a service started on it: one holding 1,000
// stored credentials (one tenant), the other 1,000,000 across 1,000 tenants. Both are seeded in SQL by copying
// a real tenant (its DID, status list and a credential issued through the API) with new ids, so the rows are
// what the service writes, whatever columns the schema has by then. Runs alternate between the two, as in
// baseline-compare.ts, so drift in the machine's speed falls on both alike; each row is a median.
import pg from 'pg';
import { inTurn, type LoadResult, type LoadTarget } from './load.js';
import { issueBody } from './issue.js';
import { start, tenantWithDid, type Started } from './service.js';
import { load } from './wrk.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// The protocol for the targets: medians of 3 × 10 s after a warm-up (3 s a row, as the baseline's).
const SECONDS = Number(process.env.BENCH_FLAT_SECONDS ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_FLAT_WARM_UP_SECONDS ?? 3);
/**
 * Tenants each row asks as in turn. A tenant's bucket holds 20,000 requests and refills 10,000 a minute
 * (Enterprise), about 21,700 in a 10 s row: five listers ran dry once the list passed 10,000 a second (108,000
 * requests, 78,070 of them 429s over six runs), so verification now asks as eight tenants and the list as ten:
 * room for some 17,000 and 21,000 a second; issuing at 4,000 a second is 10,000 a tenant over four, and the first
 * one then revokes its own (the revoke row).
 */
const ISSUERS = 4;
const VERIFIERS = 8;
const LISTERS = 10;
const TENANTS = Number(process.env.BENCH_FLAT_TENANTS ?? 1_000);
const PER_TENANT = Number(process.env.BENCH_FLAT_PER_TENANT ?? 1_000);

export type FlatRow = { name: string; small: LoadResult[]; large: LoadResult[]; ratio: number };
export type FlatBench = {
  rows: FlatRow[];
  seeded: { credentials: number; tenants: number; seconds: number };
  sizes: { small: number; large: number };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, any>>;
}

/** A tenant with a DID and one issued jwt_vc_json credential: what every run measures with, and the seed's model. */
async function issuingTenant(url: string) {
  const { auth, did } = await tenantWithDid(url);
  const headers = { ...auth, 'content-type': 'application/json' };
  const body = issueBody('jwt_vc_json', did);
  const issued = await json(await fetch(`${url}/v1/credentials/issue`, { method: 'POST', headers, body }));
  return { auth, body, issued };
}

/**
 * Copies the model tenant `tenants` times with `perTenant` credentials each: new ids, its DID's and list's
 * unique columns made unique, status indexes 0..perTenant-1 (the list's next slot past them). One transaction,
 * loaded as pg_restore loads: the credentials' secondary indexes are dropped and built again after the rows, and
 * (as a superuser) without per-row foreign-key triggers; the rows are consistent by construction.
 */
async function seed(client: pg.Client, credentialId: string, tenants: number, perTenant: number) {
  const began = performance.now();
  await client.query('BEGIN');
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  const superuser = (await client.query(`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`)).rows[0].rolsuper;
  if (superuser) await client.query(`SET LOCAL session_replication_role = replica`);
  await client.query(
    `CREATE TEMP TABLE seed_model ON COMMIT DROP AS
       SELECT c.id AS credential_id, c.tenant_id, c.issuer_did_id AS did_id, c.status_list_id AS list_id
       FROM credentials c WHERE c.id = $1`,
    [credentialId],
  );
  await client.query(
    `CREATE TEMP TABLE seed_map ON COMMIT DROP AS
       SELECT g, gen_random_uuid() AS tenant_id, gen_random_uuid() AS did_id, gen_random_uuid() AS list_id
       FROM generate_series(1, $1::int) g`,
    [tenants],
  );
  /** INSERT … SELECT of every column of `table` from `x`, the columns named in `changes` computed instead. */
  const copy = async (table: string, from: string, changes: Record<string, string>) => {
    const { rows } = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    const columns = rows.map(({ column_name }) => `"${column_name}"`);
    const values = rows.map(({ column_name }) => changes[column_name] ?? `x."${column_name}"`);
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${from}`);
  };
  await copy('tenants', 'tenants x, seed_model s, seed_map m WHERE x.id = s.tenant_id', {
    id: 'm.tenant_id',
    slug: `x.slug || '-seed-' || m.g`,
    name: `'Seed ' || m.g`,
  });
  await copy('dids', 'dids x, seed_model s, seed_map m WHERE x.id = s.did_id', {
    id: 'm.did_id',
    tenant_id: 'm.tenant_id',
    did: `x.did || '-seed-' || m.g`,
  });
  await copy('status_lists', 'status_lists x, seed_model s, seed_map m WHERE x.id = s.list_id', {
    id: 'm.list_id',
    tenant_id: 'm.tenant_id',
    did_id: 'm.did_id',
    next_index: String(perTenant),
  });
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'credentials'::regclass AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  await copy(
    'credentials',
    `credentials x, seed_model s, seed_map m, generate_series(0, ${perTenant - 1}) i WHERE x.id = s.credential_id`,
    {
      id: 'uuid_v7()', // as the service names them: time first (migration 20261128090000_time_ordered_ids)
      tenant_id: 'm.tenant_id',
      issuer_did_id: 'm.did_id',
      status_list_id: 'm.list_id',
      status_index: 'i',
      subject_id: `'did:example:seed-' || m.g || '-' || i`,
      issued_at: 'x.issued_at - make_interval(secs => i)',
    },
  );
  for (const { definition } of indexes) await client.query(definition);
  await client.query('COMMIT');
  await client.query('ANALYZE');
  return (performance.now() - began) / 1000;
}

/**
 * The rows of one run, as fresh tenants: issuers in turn first, and the first one's credentials revoked last;
 * verification and the list each ask as tenants of their own in turn. One tenant for every row ran its bucket
 * (20,000 at once) dry by the list row once verification passed 2,000/s, and the list measured 429s; one
 * verifying tenant ran dry too once verification passed 4,000/s (20,000 in a 5 s row).
 */
async function measure(
  service: Started,
  connections: number,
  pool: pg.Client,
  seconds: number,
): Promise<Map<string, LoadResult>> {
  const { url } = service;
  const tenants = await Promise.all(Array.from({ length: ISSUERS + VERIFIERS + LISTERS }, () => issuingTenant(url)));
  const issuers = tenants.slice(0, ISSUERS);
  const verifiers = tenants.slice(ISSUERS, ISSUERS + VERIFIERS);
  const listers = tenants.slice(ISSUERS + VERIFIERS);
  const { auth, issued } = issuers[0]!;
  const statusPath = new URL(issued.status.uri as string).pathname;
  const results = new Map<string, LoadResult>();
  const row = async (name: string, target: LoadTarget) =>
    results.set(name, await load(url, target, connections, seconds));
  const post = (path: string, headers: Record<string, string>, json: string): LoadTarget => ({
    method: 'POST',
    path,
    headers,
    body: () => json,
    expectStatus: 200,
  });
  const bodies = issuers.map(({ body }) => body);
  await row('issue jwt_vc_json', {
    ...post('/v1/credentials/issue', {}, bodies[0]!),
    ...inTurn(
      issuers.map(({ auth }) => auth),
      bodies,
    ),
  });
  const verifications = verifiers.map(({ issued }) => JSON.stringify({ credential: issued.credential }));
  await row('verify jwt_vc_json', {
    ...post('/v1/credentials/verify', {}, verifications[0]!),
    ...inTurn(
      verifiers.map(({ auth }) => auth),
      verifications,
    ),
  });
  await row('list ?limit=20', {
    method: 'GET',
    path: '/v1/credentials?limit=20',
    ...inTurn(listers.map(({ auth }) => auth)),
    expectStatus: 200,
  });
  await row('status list fetch', { method: 'GET', path: statusPath, expectStatus: 200 });
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM credentials WHERE tenant_id = (SELECT tenant_id FROM credentials WHERE id = $1) AND id <> $1`,
    [issued.id],
  );
  await row('revoke', {
    method: 'POST',
    path: '/v1/credentials/revoke',
    paths: rows.map(({ id }) => `/v1/credentials/${id}/revoke`),
    headers: auth,
    expectStatus: 200,
  });
  return results;
}

async function privateDatabase(admin: pg.Client, databaseUrl: string, name: string) {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function benchFlatness(databaseUrl: string, options: { connections: number }): Promise<FlatBench> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const names = { small: `bench_flat_small_${process.pid}`, large: `bench_flat_large_${process.pid}` };
  const services: Started[] = [];
  const clients: pg.Client[] = [];
  try {
    const urls = {
      small: await privateDatabase(admin, databaseUrl, names.small),
      large: await privateDatabase(admin, databaseUrl, names.large),
    };
    const [small, large] = await Promise.all([
      start({ DATABASE_URL: urls.small }),
      start({ DATABASE_URL: urls.large }),
    ]);
    services.push(small!, large!);
    const connect = async (connectionString: string) => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      clients.push(client);
      return client;
    };
    const [smallDb, largeDb] = await Promise.all([connect(urls.small), connect(urls.large)]);
    // The same model on both: the small database is one tenant of PER_TENANT, the large TENANTS of them.
    await seed(smallDb, (await issuingTenant(small!.url)).issued.id as string, 1, PER_TENANT - 1);
    const seconds = await seed(largeDb, (await issuingTenant(large!.url)).issued.id as string, TENANTS, PER_TENANT);
    const sides = [
      ['small', small!, smallDb],
      ['large', large!, largeDb],
    ] as const;
    for (const [, service, db] of sides) await measure(service, options.connections, db, WARM_UP_SECONDS);
    const runs = { small: [] as Map<string, LoadResult>[], large: [] as Map<string, LoadResult>[] };
    for (let run = 0; run < RUNS; run++)
      for (const [side, service, db] of sides)
        runs[side].push(await measure(service, options.connections, db, SECONDS));
    const rows = [...runs.small[0]!.keys()].map((name): FlatRow => {
      const smallRuns = runs.small.map((results) => results.get(name)!);
      const largeRuns = runs.large.map((results) => results.get(name)!);
      const rate = (results: LoadResult[]) => median(results.map((result) => result.perSecond));
      return { name, small: smallRuns, large: largeRuns, ratio: rate(largeRuns) / rate(smallRuns) };
    });
    const size = async (name: string) =>
      Number((await admin.query('SELECT pg_database_size($1) AS bytes', [name])).rows[0].bytes);
    return {
      rows,
      seeded: { credentials: TENANTS * PER_TENANT, tenants: TENANTS, seconds },
      sizes: { small: await size(names.small), large: await size(names.large) },
    };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
    await Promise.all(services.map((service) => service.stop()));
    for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

export function printFlatness({ rows, seeded, sizes }: FlatBench) {
  const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
  console.log(
    `flatness: ${seeded.credentials.toLocaleString('en')} credentials across ${seeded.tenants} tenants ` +
      `(seeded in SQL in ${seeded.seconds.toFixed(1)} s; database ${mib(sizes.large)}) against ${PER_TENANT} ` +
      `(database ${mib(sizes.small)}); medians of ${RUNS} × ${SECONDS} s after ${WARM_UP_SECONDS} s a row of ` +
      `warm-up, alternating`,
  );
  console.log(
    `${'row'.padEnd(24)} ${'small/s'.padStart(8)} ${'large/s'.padStart(8)} ${'p99 ms'.padStart(8)}  ratio (target ≥ 0.90)`,
  );
  for (const { name, small, large, ratio } of rows) {
    const rate = (results: LoadResult[]) => median(results.map((result) => result.perSecond));
    const errors = [...small, ...large].reduce((sum, result) => sum + result.errors, 0);
    console.log(
      `${name.padEnd(24)} ${fmt(rate(small))} ${fmt(rate(large))} ${fmt(median(large.map((r) => r.p99)), 1)}  ` +
        `${ratio.toFixed(2)}${ratio >= 0.9 ? '' : ' (below)'}${errors ? `; ${errors} unexpected answers` : ''}`,
    );
  }
}
