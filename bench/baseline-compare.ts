// The yardstick: the service's issue path beside the hand-written baseline (baseline.ts) on PostgreSQL,
// with the rate limiter in memory and, when REDIS_URL is set, in Redis. Both processes are up at once (the idle
// one costs nothing) and their runs alternate, so drift in this noisy machine's speed falls on both alike;
// each row is the median of RUNS runs after a warm-up. Every run issues as fresh Enterprise tenants with a DID
// each, taken in turn: one bucket of 20,000 would otherwise run dry within a run at these rates, and the row
// would measure refusals.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { issueBody } from './issue.js';
import type { LoadResult } from './load.js';
import { buildCompiled, COMPILED_ENTRY, loggedRun, logLength, start, tenantWithDid, type Started } from './service.js';
import { load, loadGenerator } from './wrk.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_SECONDS = 3;

type Format = 'jwt_vc_json' | 'vc+sd-jwt';
type Subject = { label: string; process: Started; format: Format };

/**
 * serviceP99 and longestStallMs: from the service's own request log (none for the baseline; see loggedRun).
 * walBytesPerIssue: what PostgreSQL wrote to its WAL during the run, per issue answered (pg_stat_wal: the whole
 * cluster's, and only the measured process issues then). duringCheckpoint: the checkpointer wrote pages during
 * the run, which on this machine slows every commit's WAL flush.
 */
type Run = LoadResult & {
  cpuMicrosPerIssue: number;
  queuedMicrosPerIssue: number;
  walBytesPerIssue: number;
  duringCheckpoint: boolean;
  serviceP99?: number;
  longestStallMs?: number;
};

export type BaselineRow = {
  label: string;
  limiter: string;
  runs: Run[];
  perSecond: number;
  p99: number;
  /** The measured process's CPU time (user + system, from /proc) per issue answered: where the rates differ. */
  cpuMicrosPerIssue: number;
  /**
   * The median of the runs' time per issue that the process's main thread (its event loop) was ready to run but
   * waited for a core, taken by PostgreSQL's backends, the load generator or its own helper threads: on a 2-core
   * host, the part of the tail that is the scheduler's.
   */
  queuedMicrosPerIssue: number;
  /**
   * The median of the runs' p99 in the service's own request log: from its first handler to the response's last
   * byte handed to the kernel. The load generator's p99 above it is time spent waiting outside the handling.
   */
  serviceP99?: number;
  /** The median of the runs' WAL bytes per issue. */
  walBytesPerIssue: number;
  /** The median of the runs' longest stretch without an answer, in the service's log (ms). */
  longestStallMs?: number;
};

/** What PostgreSQL has written so far: WAL bytes, and pages written by checkpoints. */
async function databaseWrites(stats: pg.Client): Promise<{ walBytes: number; checkpointPages: number }> {
  const { rows } = await stats.query<{ wal_bytes: string; buffers_checkpoint: string }>(
    'SELECT (SELECT wal_bytes FROM pg_stat_wal) AS wal_bytes, (SELECT buffers_checkpoint FROM pg_stat_bgwriter) AS buffers_checkpoint',
  );
  return { walBytes: Number(rows[0]!.wal_bytes), checkpointPages: Number(rows[0]!.buffers_checkpoint) };
}

/** CPU time a process has used so far, in µs (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
export async function cpuMicros(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Time the process's main thread has so far spent ready to run but waiting for a core, in µs (the second field of
 * /proc/<pid>/task/<pid>/schedstat, in ns); NaN where the kernel keeps no such figure.
 */
async function queuedMicros(pid: number): Promise<number> {
  try {
    return Number((await readFile(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')).split(' ')[1]) / 1000;
  } catch {
    return Number.NaN;
  }
}

/**
 * Fresh tenants each run, taken in turn: one Enterprise bucket (20,000, then 10,000 a minute) holds some 2,100
 * issues a second over 10 s, which the baseline outruns here; the rows would measure the limit, not the path.
 */
const TENANTS_PER_RUN = 3;

/** Issues for `seconds` on `connections`, as fresh tenants of the service at `serviceUrl`. */
async function issueRun(
  subject: Subject,
  serviceUrl: string,
  stats: pg.Client,
  connections: number,
  seconds: number,
): Promise<Run> {
  const tenants = await Promise.all(Array.from({ length: TENANTS_PER_RUN }, () => tenantWithDid(serviceUrl)));
  const rotation = tenants.map(({ auth, did }) => ({
    authorization: auth.authorization,
    body: issueBody(subject.format, did),
  }));
  const { logFile } = subject.process;
  const logFrom = logFile === undefined ? 0 : await logLength(logFile);
  const cpuBefore = await cpuMicros(subject.process.pid);
  const queuedBefore = await queuedMicros(subject.process.pid);
  const writesBefore = await databaseWrites(stats);
  const result = await load(
    subject.process.url,
    {
      method: 'POST',
      path: '/v1/credentials/issue',
      headers: { authorization: rotation[0]!.authorization },
      body: () => rotation[0]!.body,
      rotation,
      expectStatus: 200,
    },
    connections,
    seconds,
  );
  const answered = Math.max(result.requests, 1);
  const cpuMicrosPerIssue = ((await cpuMicros(subject.process.pid)) - cpuBefore) / answered;
  const queuedMicrosPerIssue = ((await queuedMicros(subject.process.pid)) - queuedBefore) / answered;
  const writesAfter = await databaseWrites(stats);
  const run = {
    ...result,
    cpuMicrosPerIssue,
    queuedMicrosPerIssue,
    walBytesPerIssue: (writesAfter.walBytes - writesBefore.walBytes) / answered,
    duringCheckpoint: writesAfter.checkpointPages > writesBefore.checkpointPages,
  };
  if (logFile === undefined) return run;
  // Read once the run is over, so that parsing the log takes nothing from it.
  const own = await loggedRun(logFile, logFrom, '/v1/credentials/issue', 200);
  return { ...run, serviceP99: own.p99, longestStallMs: own.longestStallMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchAgainstBaseline(
  databaseUrl: string,
  redisUrl: string | undefined,
  options: { connections: number; seconds: number },
): Promise<BaselineRow[]> {
  const rows: BaselineRow[] = [];
  buildCompiled();
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  // The service's request logs go to files here (not a pipe the bench drains), read after each run.
  const logs = await mkdtemp(path.join(tmpdir(), 'bench-logs-'));
  const limiters = redisUrl
    ? ([
        ['memory', {}],
        ['Redis', { REDIS_URL: redisUrl }],
      ] as const)
    : ([['memory', {}]] as const);
  for (const [limiter, limiterEnv] of limiters) {
    const env = { DATABASE_URL: databaseUrl, ...limiterEnv };
    const [service, baseline, compiled] = await Promise.all([
      start(env, undefined, { logFile: path.join(logs, `service-${limiter}.log`) }),
      start(env, 'bench/baseline.ts'),
      start(env, COMPILED_ENTRY, { logFile: path.join(logs, `compiled-${limiter}.log`) }),
    ]);
    try {
      const subjects: Subject[] = [
        { label: 'baseline jwt_vc_json', process: baseline, format: 'jwt_vc_json' },
        { label: 'service jwt_vc_json', process: service, format: 'jwt_vc_json' },
        { label: 'service vc+sd-jwt', process: service, format: 'vc+sd-jwt' },
        { label: 'compiled jwt_vc_json', process: compiled, format: 'jwt_vc_json' },
      ];
      for (const subject of subjects) await issueRun(subject, service.url, stats, options.connections, WARM_UP_SECONDS);
      const results = new Map<Subject, Run[]>(subjects.map((subject) => [subject, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const subject of subjects) {
          results.get(subject)!.push(await issueRun(subject, service.url, stats, options.connections, options.seconds));
        }
      }
      for (const subject of subjects) {
        const runs = results.get(subject)!;
        rows.push({
          label: subject.label,
          limiter,
          runs,
          perSecond: median(runs.map((result) => result.perSecond)),
          p99: median(runs.map((result) => result.p99)),
          cpuMicrosPerIssue: median(runs.map((result) => result.cpuMicrosPerIssue)),
          queuedMicrosPerIssue: median(runs.map((result) => result.queuedMicrosPerIssue)),
          walBytesPerIssue: median(runs.map((result) => result.walBytesPerIssue)),
          ...(runs[0]!.serviceP99 !== undefined && {
            serviceP99: median(runs.map((result) => result.serviceP99!)),
            longestStallMs: median(runs.map((result) => result.longestStallMs!)),
          }),
        });
      }
    } finally {
      await Promise.all([service.stop(), baseline.stop(), compiled.stop()]);
    }
  }
  await stats.end();
  await rm(logs, { recursive: true, force: true });
  return rows;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

/** The targets: the service's ratio to the baseline per limiter; vc+sd-jwt within 15% of jwt_vc_json. */
const RATIO_TARGET: Record<string, number> = { memory: 0.75, Redis: 0.7 };
const P99_TARGET_MS = 40;

export function printBaselineRows(rows: BaselineRow[], options: { connections: number; seconds: number }) {
  console.log(
    `issue path vs the hand-written baseline (bench/baseline.ts): ${loadGenerator}, ${options.connections} connections, ` +
      `median of ${RUNS} × ${options.seconds} s after ${WARM_UP_SECONDS} s of warm-up, ${TENANTS_PER_RUN} fresh Enterprise tenants per run in turn; ` +
      `"service" starts as npm start does (tsx), "compiled" as npm run start:prod does; "own p99": the p99 of the ` +
      `same runs in the service's request log (its handling alone; the baseline keeps none); "stall": the longest ` +
      `time between two answers in that log; "queued µs": the time per issue the process's main thread was ready ` +
      `but waited for a core; "WAL B": PostgreSQL's WAL bytes per issue; a run marked * had a ` +
      `checkpoint writing pages during it`,
  );
  console.log(
    `${'row'.padEnd(40)} ${'issues/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(6)} ${'target'.padStart(6)} ` +
      `${'CPU µs'.padStart(7)} ${'queued µs'.padStart(9)} ${'own p99'.padStart(8)} ${'stall'.padStart(6)} ${'WAL B'.padStart(6)}  runs (issues/s; errors)`,
  );
  for (const row of rows) {
    const baseline = rows.find((other) => other.limiter === row.limiter && other.label.startsWith('baseline'))!;
    const jwt = rows.find((other) => other.limiter === row.limiter && other.label === 'service jwt_vc_json')!;
    const runs = row.runs.map(
      (run) =>
        `${run.perSecond.toFixed(0)}${run.duringCheckpoint ? '*' : ''}${run.errors ? `; ${run.errors} errors` : ''}`,
    );
    const ratio = row.perSecond / baseline.perSecond;
    const target = row === baseline ? undefined : RATIO_TARGET[row.limiter];
    const missed = [
      ...(target !== undefined && ratio < target ? ['ratio below target'] : []),
      ...(row !== baseline && row.p99 > P99_TARGET_MS ? [`p99 > ${P99_TARGET_MS} ms`] : []),
      ...(row.label.includes('sd-jwt') && row.perSecond < 0.85 * jwt.perSecond ? ['sd-jwt > 15% below'] : []),
      // Refusals (a 429, a quota) are cheap answers: a row that had them measured something else.
      ...(row.runs.some((run) => run.errors > 0) ? ['unexpected answers: not a measure of the path'] : []),
    ];
    console.log(
      `${`${row.label}, limiter in ${row.limiter}`.padEnd(40)} ${fmt(row.perSecond)} ${fmt(row.p99, 1)} ` +
        `${ratio.toFixed(2).padStart(6)} ${(target?.toFixed(2) ?? '').padStart(6)} ` +
        `${row.cpuMicrosPerIssue.toFixed(0).padStart(7)} ${(Number.isNaN(row.queuedMicrosPerIssue) ? '' : row.queuedMicrosPerIssue.toFixed(0)).padStart(9)} ${row.serviceP99 === undefined ? ''.padStart(8) : fmt(row.serviceP99, 1)} ` +
        `${(row.longestStallMs?.toFixed(0) ?? '').padStart(6)} ${row.walBytesPerIssue.toFixed(0).padStart(6)}` +
        `  ${runs.join(', ')}` +
        `${missed.length ? `  (${missed.join(', ')})` : ''}`,
    );
  }
}
