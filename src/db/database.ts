// The database behind Prisma: PGlite in-process by default (data under DATA_DIR), PostgreSQL when
// DATABASE_URL is set. Same schema, same migrations, same Prisma client for both.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../lib/logger.js';
import { applyMigrations, type SqlConnection } from './migrate.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { retryingTransactions } from './transactions.js';
import { syncBuiltinRoles } from './builtin-roles.sync.js';
import { lockDataDirectory, type DirectoryLock } from './directory-lock.js';
import { openPGliteDirectory, PGLITE_OPTIONS } from './pglite-files.js';
import { createPipelinedSql } from './pipelined-sql.js';
import { createPGlitePreparedSql } from './pglite-prepared.js';
import { adapterClient } from './pglite-adapter-client.js';

// Limit checks lock the tenant's row, so a burst of writes to one tenant queues on it: let them wait for
// a connection and the lock rather than fail after Prisma's 2 s default.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };
/** Opening a connection to PostgreSQL (and, in the pool, waiting for a free one) gives up after this. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * Connections the pipelined reads share, beside the pool: each takes a whole turn's statements in one write.
 * One, two and four measured alike on a 2-core host; two, so one slow read does not hold every other.
 */
const PIPELINED_CONNECTIONS = 2;

/**
 * One SQL statement outside Prisma, for the few hot paths where Prisma's per-query cost matters: on
 * PostgreSQL it is a named prepared statement (parsed and planned once per connection, not per call).
 */
export type PreparedSql = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  kind: 'pglite' | 'postgres';
  prisma: PrismaClient;
  /** Reads that never wait on a lock: on PostgreSQL, pipelined (pipelined-sql.ts). */
  sql: PreparedSql;
  /**
   * A statement that may wait for a row lock (an issue batch takes its tenant's counters): on a pooled
   * connection of its own, so no other statement waits behind it.
   */
  lockingSql: PreparedSql;
  /** Connections of the PostgreSQL pool, for metrics; null on the embedded database (one in-process connection). */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** On disk in `dataDir`; `lock`, the directory's lock when the caller already holds it (src/main.ts). */
  | { kind: 'pglite'; dataDir: string; lock?: DirectoryLock }
  /** In memory; `template` (a PGlite data directory dump) skips initdb: the test suite clones a migrated one. */
  | { kind: 'pglite-memory'; template?: Blob }
  /**
   * An in-memory PGlite already open, shared by several databases; close() leaves it open. The test suite's
   * workers share one between the files they run, as every file shares the database on PostgreSQL.
   */
  | { kind: 'pglite-shared'; pglite: PGlite };

/** Opens the database, applies pending migrations and synchronises the built-in roles. */
export async function openDatabase(options: DatabaseOptions, log: Logger): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10, log);
  if (options.kind === 'pglite') return openPGlite({ dataDir: options.dataDir, lock: options.lock }, log);
  if (options.kind === 'pglite-shared') return openPGlite({ shared: options.pglite }, log);
  return openPGlite({ template: options.template }, log);
}

async function openPostgres(url: string, poolSize: number, log: Logger): Promise<Database> {
  try {
    await migratePostgres(url, log);
  } catch (error) {
    if (isDatabaseUnavailable(error) || isLoginRefused(error)) throw new DatabaseUnreachableError(url, error);
    throw error;
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', (error) => log.error({ err: error }, 'idle PostgreSQL connection failed'));
  const prisma = retryingTransactions(
    new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS }),
  );
  await syncBuiltinRoles(prisma);
  const pipelined = createPipelinedSql({
    url,
    connections: PIPELINED_CONNECTIONS,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    log,
  });
  return {
    kind: 'postgres',
    prisma,
    sql: pipelined.sql,
    lockingSql: async <Row>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as Row[],
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async close() {
      await prisma.$disconnect();
      await pipelined.close();
      await pool.end();
    },
  };
}

// The server answered but refused the URL's database or role: SQLSTATE 3D000 (invalid_catalog_name: no such
// database) or class 28 (invalid authorization: no such role, a wrong password, pg_hba.conf), PostgreSQL
// Appendix A. PostgreSQL's own text names which ('database "x" does not exist', 'role "y" does not exist').
const LOGIN_REFUSED = /^(3D000|28[0-9A-Z]{3})$/;

function isLoginRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LOGIN_REFUSED.test(code);
}

/**
 * Start-up could not reach PostgreSQL, or it refused the URL's database or role: says which setting to check,
 * never the password in it.
 */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`cannot connect to PostgreSQL at DATABASE_URL (${describeUrl(url)}): ${(cause as Error).message}`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'unparseable URL';
  }
}

/** Applies migrations over one dedicated connection (the advisory lock lives on it). */
export async function migratePostgres(url: string, log: Logger): Promise<string[]> {
  // A host that drops packets would otherwise hold start-up for the operating system's TCP timeout (minutes).
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    const connection: SqlConnection = {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      exec: async (script) => void (await client.query(script)),
    };
    return await applyMigrations(connection, log);
  } finally {
    await client.end();
  }
}

async function openPGlite(
  {
    dataDir,
    template,
    shared,
    lock: held,
  }: { dataDir?: string; template?: Blob | undefined; shared?: PGlite; lock?: DirectoryLock | undefined },
  log: Logger,
): Promise<Database> {
  let lock: DirectoryLock | undefined;
  let pglite: PGlite;
  if (dataDir) {
    // PGlite is a single-process database: a second process on the same files would corrupt them.
    lock = held ?? (await lockDataDirectory(dataDir));
    const directory = path.resolve(dataDir, 'pglite');
    await mkdir(directory, { recursive: true });
    const opened = await openPGliteDirectory(directory);
    pglite = opened.pglite;
    log.info(
      { dataDir: directory, created: opened.created, migrationsApplied: opened.migrationsApplied },
      'embedded PostgreSQL (PGlite) opened',
    );
  } else {
    pglite = shared ?? (await PGlite.create({ ...PGLITE_OPTIONS, ...(template ? { loadDataDir: template } : {}) }));
  }
  const connection: SqlConnection = {
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
    exec: async (script) => void (await pglite.exec(script)),
  };
  await applyMigrations(connection, log);
  const prisma = retryingTransactions(
    new PrismaClient({ adapter: new PrismaPGlite(adapterClient(pglite)), transactionOptions: TRANSACTION_OPTIONS }),
  );
  await syncBuiltinRoles(prisma);
  // One in-process connection: nothing to pipeline, and no other connection to wait on.
  const sql = createPGlitePreparedSql(pglite);
  return {
    kind: 'pglite',
    prisma,
    sql,
    lockingSql: sql,
    poolUse: () => null,
    async close() {
      await prisma.$disconnect();
      if (!shared) await pglite.close();
      await lock?.release();
    },
  };
}
