// In-process test harness: the real app handler on a loopback port, over the real database of the run:
// PostgreSQL when DATABASE_URL is set, otherwise an in-memory PGlite, a copy of the migrated template the
// global setup made. Either is shared (every test makes its own tenants): PostgreSQL by every file, the
// PGlite by the files one worker runs; opening a copy of the template costs ~0.5 s of CPU, and the suite
// starts some 50 apps.
import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/database.js';
import { startServer, type BackgroundOptions } from '../../src/server.js';
import type { Services } from '../../src/services.js';
import { createHttpClient } from './http-client.js';
import { capturingLogger } from './log-sink.js';
import { openApiMismatch } from './openapi-responses.js';
import { pgliteCopy, pgliteTemplate } from './pglite-template.js';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export type HttpResult<T = any> = { status: number; headers: Headers; body: T; text: string };

export type RequestOptions = {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
};

export type TestApp = {
  url: string;
  database: Database;
  services: Services;
  /** Everything the app logged, as JSON lines. */
  logs: string[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<HttpResult<T>>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  sessionTtlSeconds?: number;
  production?: boolean;
  /** PostgreSQL to use instead of DATABASE_URL (e.g. through a proxy the test can cut). */
  databaseUrl?: string;
  /** Extra environment for loadConfig, e.g. a small AUTH_RATE_LIMIT_BURST for the test that exercises it. */
  env?: Record<string, string>;
  /**
   * Hash passwords at the service's own parameters (argon2id, OWASP's 19 MiB and 2 passes), for the tests
   * about hashing: its parameters, timing and queue. Otherwise at 1 MiB and 1 pass (TEST_PASSWORD_HASHING),
   * except with `production` (NODE_ENV=production refuses them).
   */
  productionPasswordHashing?: boolean;
  /** A PGlite of the app's own rather than the worker's, for a test that breaks its database (no effect on PostgreSQL). */
  ownDatabase?: boolean;
  /**
   * Background work driven by the test: a clock of its own, and `poll: false` to run jobs and webhook
   * deliveries only when the test calls runDue(). Default: the system clock, and both loops running.
   */
  background?: BackgroundOptions;
  /**
   * Run the webhook dispatcher's loop. Off by default: on PostgreSQL every test file shares the database,
   * and a dispatcher of one file would deliver (or, without WEBHOOK_ALLOW_PRIVATE_URLS, refuse) another's
   * deliveries; tests about delivery turn it on or call runDue().
   */
  webhookDispatcher?: boolean;
  /**
   * Opens the database as the app would and hands the app this function's view of it instead: a test that
   * records every statement sent (test/support/tenant-scope.ts) wraps it here rather than replacing the module.
   */
  wrapDatabase?: (database: Database) => Database;
};

/**
 * Cheap argon2id for tests that register and log in without testing the hashing: 19 MiB hashes (~30 ms of
 * CPU each, and memory bandwidth taken from the other worker) cost the suite about 10 s. Accepted by the
 * service with NODE_ENV=test only (src/config.ts).
 */
export const TEST_PASSWORD_HASHING = { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' };

export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 0x5a).toString('base64');

/** Rate limits shared through Redis, as in a scale-out deployment, when the run has one. */
export const usingRedis = Boolean(process.env.REDIS_URL);

let workerDatabase: Promise<PGlite> | undefined;

/** The in-memory PGlite the apps of this worker share, opened on first use and left to the worker's exit. */
function workerPGlite(): Promise<PGlite> {
  workerDatabase ??= pgliteCopy();
  return workerDatabase;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const logs: string[] = [];
  const log = capturingLogger(logs);
  // The same assembly as `npm start` (src/server.ts), on a loopback port and this run's database.
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_TTL: String(options.sessionTtlSeconds ?? 86_400),
    NODE_ENV: options.production ? 'production' : 'test',
    // Every test file registers from 127.0.0.1; with Redis they all share that address's bucket. Tests of
    // the per-address limit set their own, smaller one.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_BURST: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_BURST: '100000',
    ...(!options.productionPasswordHashing && !options.production && TEST_PASSWORD_HASHING),
    ...(usingRedis && { REDIS_URL: process.env.REDIS_URL }),
    // DID private keys are encrypted under this key (the embedded default would write a key file instead).
    KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    ...options.env,
  });
  const databaseOptions: DatabaseOptions =
    options.databaseUrl || usingPostgres
      ? { kind: 'postgres', url: options.databaseUrl ?? process.env.DATABASE_URL!, poolSize: 5 }
      : options.ownDatabase
        ? { kind: 'pglite-memory', template: await pgliteTemplate() }
        : { kind: 'pglite-shared', pglite: await workerPGlite() };
  const running = await startServer(
    config,
    log,
    options.wrapDatabase
      ? { kind: 'opened', database: options.wrapDatabase(await openDatabase(databaseOptions, log)) }
      : databaseOptions,
    { webhooks: options.webhookDispatcher ?? false, ...options.background },
  );
  const url = running.url;
  const client = createHttpClient(url);

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (body === undefined && opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await client.exchange(method, path, headers, body);
    const text = response.text;
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      const mismatch = openApiMismatch(method, path, response.status, response.headers.get('content-type'), parsed);
      if (mismatch) {
        if (process.env.OPENAPI_CHECK_LOG)
          appendFileSync(process.env.OPENAPI_CHECK_LOG, `${mismatch} :: ${text.slice(0, 300)}\n`);
        else throw new Error(mismatch);
      }
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    url,
    database: running.database,
    services: running.services,
    logs,
    request,
    graphql: (query, variables, token) => request('POST', '/graphql', { body: { query, variables }, token }),
    close: async () => {
      client.close();
      await running.close();
    },
  };
}
