// Assembles the service from a Config: database (migrated), services, HTTP server. Used by main.ts and by
// tests that need a real listening server.
import type { Server } from 'node:http';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { createApp } from './app.js';
import { handleClientError } from './http/client-error.js';
import { listenWhileStarting, type ListeningServer } from './http/starting-server.js';
import { openDatabase, type Database, type DatabaseOptions } from './db/database.js';
import type { Logger } from './lib/logger.js';
import { createServices, type Services } from './services.js';
import { createRateLimits } from './http/rate-limits.js';
import { createRedisClient } from './lib/rate-limit/token-bucket.js';
import { loadKeyEncryption } from './lib/key-encryption.js';
import { createPrincipalCache } from './auth/principal-cache.js';
import { createAccessEvents } from './auth/access-events.js';
import { createJobRunner, type JobRunner } from './modules/jobs/jobs.runner.js';
import { maintenanceJobs } from './modules/jobs/maintenance.jobs.js';
import { domainJobs } from './modules/domains/domains.jobs.js';
import { oid4vciJobs } from './modules/oid4vci/oid4vci.jobs.js';
import { oid4vpJobs } from './modules/oid4vp/oid4vp.jobs.js';
import { auditJobs } from './modules/audit/audit-pending.js';
import type { Clock } from './modules/jobs/clock.js';
import { createHealth, type Health } from './observability/health.js';
import { createMetrics, type Metrics } from './observability/metrics.js';
import { outboxBacklog } from './modules/outbox/outbox.repository.js';

export type RunningServer = {
  url: string;
  server: Server;
  database: Database;
  services: Services;
  /** Background work (src/modules/jobs): the service's recurring purges and the custom domains' re-check. */
  jobs: JobRunner<ReturnType<typeof maintenanceJobs> & ReturnType<typeof domainJobs> & ReturnType<typeof oid4vciJobs> & ReturnType<typeof oid4vpJobs> & ReturnType<typeof auditJobs>>;
  metrics: Metrics;
  health: Health;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
};

/** Background work: tests pass their own clock and drive the runner with runDue() instead of the poll loop. */
export type BackgroundOptions = {
  clock?: Clock;
  poll?: boolean;
  /** false: no webhook dispatcher loop (tests whose database others share drive deliveries themselves). */
  webhooks?: boolean;
  webhookAttemptTimeoutMs?: number;
};

const JOB_POLL_INTERVAL_MS = 5_000;
const REDIS_READY_TIMEOUT_MS = 3_000;
/** How long a connection accepted just before shutdown has to get its request read. */
const IDLE_CONNECTION_GRACE_MS = 100;

function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });
}

export function databaseOptions(config: Config): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** A database the caller opened itself (the test suite wraps one to record the statements it is sent). */
export type OpenedDatabase = { kind: 'opened'; database: Database };

/**
 * Binds the port first (src/http/starting-server.ts), unless the caller already has (`listening`, from main.ts),
 * then opens and migrates the database and assembles the service behind it. A start that fails after binding
 * lets the port go.
 */
export async function startServer(
  config: Config,
  log: Logger,
  options?: DatabaseOptions | OpenedDatabase,
  background: BackgroundOptions = {},
  listening?: ListeningServer,
): Promise<RunningServer> {
  const bound = listening ?? (await listenWhileStarting(config.host, config.port));
  try {
    return await assemble(config, log, options, background, bound);
  } catch (error) {
    await bound.close();
    throw error;
  }
}

async function assemble(
  config: Config,
  log: Logger,
  options: DatabaseOptions | OpenedDatabase | undefined,
  background: BackgroundOptions,
  bound: ListeningServer,
): Promise<RunningServer> {
  const database =
    options?.kind === 'opened' ? options.database : await openDatabase(options ?? databaseOptions(config), log);
  // Rate limits are shared through Redis when configured, otherwise kept in this process.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, log) : undefined;
  // Until the client is ready, requests would spend from a per-instance fallback bucket, a free extra burst
  // for every restart: wait for Redis (bounded; a Redis that stays away is the documented fail-open case).
  if (redis && !(await redisReady(redis, REDIS_READY_TIMEOUT_MS))) {
    log.warn({ timeoutMs: REDIS_READY_TIMEOUT_MS }, 'Redis not ready; starting with per-instance rate limits');
  }
  const rateLimits = createRateLimits(config, log, redis);
  log.info({ backend: rateLimits.backend }, 'rate limits ready');
  const keys = await loadKeyEncryption({ keyEncryptionKey: config.keyEncryptionKey, dataDir: config.dataDir, log });
  const url = bound.url;
  const publicBaseUrl = () => config.publicBaseUrl ?? url;
  const principals = createPrincipalCache();
  const access = createAccessEvents(principals, log, redis);
  const metrics = createMetrics({
    passwords: { depth: () => services.passwords.depth() },
    poolUse: () => database.poolUse(),
    outboxBacklog: () => outboxBacklog(database.prisma),
  });
  const activity = { issued: metrics.credentialIssued, verified: metrics.credentialVerified };
  const webhookDispatch = {
    clock: background.clock,
    attemptTimeoutMs: background.webhookAttemptTimeoutMs ?? config.webhookAttemptTimeoutMs,
    perEndpoint: config.webhookMaxConnectionsPerEndpoint,
    perHost: config.webhookMaxConnectionsPerHost,
    onAttempt: (outcome: { ok: boolean; state: string }) =>
      metrics.webhookAttempted(outcome.ok ? 'succeeded' : outcome.state === 'pending' ? 'retry' : 'failed'),
  };
  const services = createServices(
    database,
    { ...config, publicBaseUrl, webhookDispatch, clock: background.clock },
    log,
    rateLimits,
    keys,
    access,
    activity,
  );
  const health = createHealth({ database, redis });
  const app = createApp({
    prisma: database.prisma,
    services,
    rateLimits,
    principals,
    log,
    production: config.nodeEnv === 'production',
    trustProxyHops: config.trustProxyHops,
    metrics,
    health,
    metricsToken: config.metricsToken,
    corsOrigins: config.corsOrigins,
    graphiql: config.graphiql,
    webhookAllowPrivateUrls: config.webhookAllowPrivateUrls,
  });
  // On the database, not a timer per process: each purge runs once per period whichever instances are up.
  const jobs = createJobRunner({
    db: database.prisma,
    handlers: {
      ...maintenanceJobs({ db: database.prisma, auth: services.auth, idempotency: services.idempotency }),
      ...domainJobs({ domains: services.domains }),
      ...oid4vciJobs({ db: database.prisma }),
      ...oid4vpJobs({ db: database.prisma }),
      ...auditJobs({ db: database.prisma }),
    },
    log: log.child({ component: 'jobs' }),
    clock: background.clock,
    pollMs: JOB_POLL_INTERVAL_MS,
  });
  if (background.poll === false) await jobs.schedule();
  else {
    await jobs.start();
    if (background.webhooks !== false) services.webhookDispatcher.start();
  }
  const server = bound.server;
  server.on('clientError', handleClientError(log));
  bound.serve(app);
  if (!config.publicBaseUrl)
    log.info({ publicBaseUrl: url }, 'PUBLIC_BASE_URL not set: status list links use the listening address');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      health.drain();
      // Running jobs and in-flight requests finish side by side; the database closes after both.
      const jobsStopped = Promise.all([jobs.stop(), services.webhookDispatcher.stop()]);
      await new Promise<void>((resolve) => {
        // Keep-alive connections become idle as their in-flight responses finish: close them as they do. The
        // first sweep waits a moment: a connection accepted just before the signal has no request parsed yet,
        // so it looks idle, and closing it would reset a request its client has already sent.
        let sweep: NodeJS.Timeout | undefined;
        const firstSweep = setTimeout(() => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), 25);
        }, IDLE_CONNECTION_GRACE_MS);
        server.close(() => {
          clearTimeout(firstSweep);
          clearInterval(sweep);
          resolve();
        });
      });
      await jobsStopped;
      // The entries of the last issues join the chain now rather than at another instance's next job.
      await services.auditChainer.flush();
      access.close();
      redis?.disconnect();
      await database.close();
    })();
    return closing;
  };
  return { url, server, database, services, jobs, metrics, health, close };
}
