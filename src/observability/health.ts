// Liveness and readiness for orchestrators and load balancers. /healthz says the process answers and
// touches nothing else (a database outage must not get healthy instances restarted). /readyz says whether
// this instance can serve: the database answers, every migration this build knows is applied, and Redis
// answers when configured; and it turns unready as soon as shutdown begins so traffic drains away. Each
// check is bounded by a timeout, and one answer serves every probe for a second, so probes stay cheap.
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';
import { readMigrations } from '../db/migrate.js';
import { withTimeout } from '../lib/timeout.js';

const CHECK_TIMEOUT_MS = 2_000;
const ANSWER_REUSE_MS = 1_000;

export type CheckResult = { status: 'up' | 'down'; latency_ms: number; error?: string } & Record<string, unknown>;
export type Readiness = { ready: boolean; checks: Record<string, CheckResult>; failed: string[] };

type Check = () => Promise<Record<string, unknown> | void>;

export function createHealth({ database, redis }: { database: Pick<Database, 'sql'>; redis?: Redis }) {
  // The migrations this build ships, read on the first probe.
  let expectedMigrations: Promise<string[]> | undefined;
  let draining = false;
  let last: { at: number; answer: Promise<Readiness> } | undefined;

  const checks: Record<string, Check> = {
    database: async () => void (await database.sql('readyz_ping', 'SELECT 1', [])),
    migrations: async () => {
      const rows = await database.sql<{ migration_name: string }>(
        'readyz_migrations',
        `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [],
      );
      const applied = new Set(rows.map((row) => row.migration_name));
      expectedMigrations ??= readMigrations().then((migrations) => migrations.map((migration) => migration.name));
      const expected = await expectedMigrations;
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length > 0) throw new Error(`pending: ${pending.join(', ')}`);
      return { applied: expected.length };
    },
    ...(redis && {
      redis: async () => {
        if ((await redis.ping()) !== 'PONG') throw new Error('unexpected answer to PING');
      },
    }),
  };

  async function run(name: string, check: Check): Promise<CheckResult> {
    const started = performance.now();
    const latency = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const extra = await withTimeout(check(), CHECK_TIMEOUT_MS, name);
      return { status: 'up', latency_ms: latency(), ...extra };
    } catch (error) {
      return { status: 'down', latency_ms: latency(), error: (error as Error).message };
    }
  }

  async function evaluate(): Promise<Readiness> {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await run(name, check)] as const),
    );
    const failed = results.filter(([, result]) => result.status === 'down').map(([name]) => name);
    return { ready: failed.length === 0, checks: Object.fromEntries(results), failed };
  }

  return {
    /** The current answer, shared by the probes of the same second. */
    readiness(): Promise<Readiness> | Readiness {
      if (draining) return { ready: false, checks: {}, failed: ['shutting down'] };
      const now = Date.now();
      if (!last || now - last.at >= ANSWER_REUSE_MS) last = { at: now, answer: evaluate() };
      return last.answer;
    },
    /** From now on /readyz answers 503: the instance is shutting down. */
    drain() {
      draining = true;
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
