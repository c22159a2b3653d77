// Rows beside their targets: verification, authenticated reads (REST and the same through GraphQL)
// and status list fetches, each as its rate against the rate asked for. Every row is the median of three wrk
// runs after a warm-up (load.ts's autocannon without wrk), each run as tenants of its own taken in turn, each
// holding one credential of each format (issued by a did:key, so verification resolves nothing over the
// network, and checks status).
import { inTurn, type LoadResult, type LoadTarget } from './load.js';
import { tenantWithDid } from './service.js';
import { issueBody } from './issue.js';
import { load } from './wrk.js';

export type TargetRow = { name: string; result: LoadResult; target: number };

/**
 * Tenants each authenticated row asks as, in turn. An Enterprise bucket holds 20,000 requests and refills
 * 10,000 a minute: three tenants capped a 5 s row at about 12,450/s, which `me` reached on PostgreSQL, and
 * the row measured the limit (its 429s counted as unexpected answers).
 */
const TENANTS_PER_ROW = 6;

/** The targets on PostgreSQL, and those of the embedded default. */
const TARGETS = {
  postgres: { verify: 3_000, read: 3_000, statusList: 8_000 },
  pglite: { verify: 1_500, read: 1_500, statusList: 1_500 },
} as const;

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, any>>;
}

export async function benchTargets(
  url: string,
  database: keyof typeof TARGETS,
  options: { connections: number; seconds: number },
): Promise<TargetRow[]> {
  const targets = TARGETS[database];
  // A tenant per row, each holding one DID and one credential of each format: one Enterprise bucket (20,000)
  // would run dry over several rows at these rates, and a row would measure 429s.
  const tenants = async () => {
    const { auth, did } = await tenantWithDid(url);
    const headers = { ...auth, 'content-type': 'application/json' };
    const issued: Record<string, Record<string, any>> = {};
    for (const format of ['jwt_vc_json', 'vc+sd-jwt'] as const) {
      const body = issueBody(format, did);
      issued[format] = await json(await fetch(`${url}/v1/credentials/issue`, { method: 'POST', headers, body }));
    }
    return { auth, issued };
  };
  type Tenant = Awaited<ReturnType<typeof tenants>>;
  const graphql =
    (query: string) =>
    ({ auth }: Tenant): LoadTarget => ({
      method: 'POST',
      path: '/graphql',
      headers: auth,
      body: () => JSON.stringify({ query }),
      expectStatus: 200,
    });
  const get =
    (path: string) =>
    ({ auth }: Tenant): LoadTarget => ({ method: 'GET', path, headers: auth, expectStatus: 200 });
  const statusPath = ({ issued }: Tenant) => new URL(issued.jwt_vc_json!.status.uri as string).pathname;
  const rows: [string, (tenant: Tenant) => LoadTarget | Promise<LoadTarget>, number][] = [
    ...(['jwt_vc_json', 'vc+sd-jwt'] as const).map((format): [string, (tenant: Tenant) => LoadTarget, number] => [
      `POST /v1/credentials/verify ${format}`,
      ({ auth, issued }) => ({
        method: 'POST',
        path: '/v1/credentials/verify',
        headers: auth,
        body: () => JSON.stringify({ credential: issued[format]!.credential }),
        expectStatus: 200,
      }),
      targets.verify,
    ]),
    ['GET /v1/auth/me', get('/v1/auth/me'), targets.read],
    ['GET /v1/dids', get('/v1/dids'), targets.read],
    ['GET /v1/credentials?limit=20', get('/v1/credentials?limit=20'), targets.read],
    ['POST /graphql { me }', graphql('{ me { userId email role permissions } }'), targets.read],
    ['POST /graphql { dids }', graphql('{ dids { dids { did keyType createdAt } nextCursor } }'), targets.read],
    [
      'POST /graphql { credentials(limit: 20) }',
      graphql('{ credentials(limit: 20) { credentials { id format issuer issuedAt } nextCursor } }'),
      targets.read,
    ],
    [
      'GET status list',
      (tenant) => ({ method: 'GET', path: statusPath(tenant), expectStatus: 200 }),
      targets.statusList,
    ],
    [
      'GET status list, If-None-Match (304)',
      async (tenant) => {
        const etag = (await fetch(`${url}${statusPath(tenant)}`)).headers.get('etag')!;
        return { method: 'GET', path: statusPath(tenant), headers: { 'if-none-match': etag }, expectStatus: 304 };
      },
      targets.statusList,
    ],
  ];
  const results: TargetRow[] = [];
  // BENCH_ROWS=status: only the rows whose name contains it (when working on one of them).
  const only = process.env.BENCH_ROWS;
  for (const [name, target, rate] of rows.filter(([name]) => !only || name.includes(only))) {
    // Authenticated rows ask as several tenants in turn, new ones for every run: past 4,000/s one tenant's
    // bucket would run dry within a run, and the row would measure 429s.
    const loadTargetOf = async () => {
      const [first, ...others] = await Promise.all(Array.from({ length: TENANTS_PER_ROW }, tenants));
      const loadTarget = await target(first!);
      if (loadTarget.headers?.authorization) {
        loadTarget.rotation = inTurn([first!, ...others].map(({ auth }) => auth)).rotation;
      }
      return loadTarget;
    };
    // The issue's protocol: a warm-up (JIT, caches, connections), then the median of RUNS runs.
    await load(url, await loadTargetOf(), options.connections, WARM_UP_SECONDS);
    const runs: LoadResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(await load(url, await loadTargetOf(), options.connections, options.seconds));
    }
    results.push({ name, result: medianRun(runs), target: rate });
  }
  return results;
}

/** Runs per row and the warm-up before them (BENCH_TARGET_RUNS=1 for a quick look). */
const RUNS = Number(process.env.BENCH_TARGET_RUNS ?? 3);
const WARM_UP_SECONDS = 2;

/** The run of median rate, with the median p99 of the runs and every run's unexpected answers. */
function medianRun(runs: LoadResult[]): LoadResult {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const middle = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
  return {
    ...middle,
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

export function printTargets(rows: TargetRow[]) {
  console.log(`${'row'.padEnd(42)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'target'.padStart(8)}  ratio`);
  for (const { name, result, target } of rows) {
    const ratio = result.perSecond / target;
    console.log(
      `${name.padEnd(42)} ${fmt(result.perSecond)} ${fmt(result.p99, 1)} ${fmt(target)}  ${ratio.toFixed(2)}` +
        `${ratio >= 1 ? '' : ' (below)'}` +
        `${result.errors ? `; ${result.errors} unexpected answers: not a measure of the path` : ''}`,
    );
  }
}

/**
 * The OpenID rows' targets, each a ratio to the path it goes through, measured in the same run (bench/openid.ts):
 * the credential endpoint issues through `POST /v1/credentials/issue`'s path, the response endpoint verifies through
 * `POST /v1/credentials/verify`'s.
 */
export const OPENID_TARGETS = { credentialEndpoint: 0.6, presentationResponse: 0.5 } as const;

/** A row beside the row it is judged against: its rate, that rate, the ratio, and the target where there is one. */
export type RatioRow = { name: string; result: LoadResult; base: number; target?: number };

export function printRatioRows(rows: RatioRow[]) {
  console.log(
    `${'row'.padEnd(58)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ` +
      `${'CPU ms'.padStart(7)} ${'ratio'.padStart(6)}  target`,
  );
  for (const { name, result, base, target } of rows) {
    const ratio = result.perSecond / base;
    const verdict = target === undefined ? '' : `≥ ${target.toFixed(2)} ${ratio >= target ? 'met' : '(below)'}`;
    console.log(
      `${name.padEnd(58)} ${fmt(result.perSecond)} ${fmt(result.p50, 1)} ${fmt(result.p99, 1)} ` +
        `${(result.cpuMs === undefined || Number.isNaN(result.cpuMs) ? '' : result.cpuMs.toFixed(2)).padStart(7)} ` +
        `${(Number.isNaN(ratio) ? '' : ratio.toFixed(2)).padStart(6)}  ${verdict}` +
        `${result.errors ? `; ${result.errors} unexpected answers: not a measure of the path` : ''}`,
    );
  }
}
