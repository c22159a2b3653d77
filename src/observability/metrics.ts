// Prometheus metrics (prom-client), one registry per running service. Labels are bounded sets chosen by
// the service (route templates, formats, scopes), never values a client picks, so a scanner requesting
// random paths cannot grow the series count. Gauges that need a look at the database (outbox backlog) are
// read when scraped, bounded by a timeout.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueDepth } from '../modules/auth/password.queue.js';
import { withTimeout } from '../lib/timeout.js';
import type { PoolUse } from '../db/database.js';

/** Routes a request matched no route of: one label value, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

export type MetricSources = {
  passwords: { depth(): QueueDepth };
  /** Connections of the PostgreSQL pool; null for the embedded database (one in-process connection). */
  poolUse: () => PoolUse | null;
  /** Outbox events not yet published, and the age of the oldest in seconds. */
  outboxBacklog: () => Promise<{ events: number; oldestAgeSeconds: number }>;
};

export type RateLimitScope = 'tenant' | 'address' | 'public';
export type QuotaResource = 'credentials' | 'dids' | 'members';

const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response finishing, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429, by bucket: tenant (plan limit), address (unauthenticated), public.',
    labelNames: ['scope'] as const,
    registers: [registry],
  });
  const quotaRefusals = new Counter({
    name: 'quota_refusals_total',
    help: 'Operations refused because the plan quota was spent, by resource.',
    labelNames: ['resource'] as const,
    registers: [registry],
  });
  const issued = new Counter({
    name: 'credentials_issued_total',
    help: 'Credentials issued, by format.',
    labelNames: ['format'] as const,
    registers: [registry],
  });
  const verified = new Counter({
    name: 'credentials_verified_total',
    help: 'Credentials verified, by format and result (verified or rejected).',
    labelNames: ['format', 'result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'argon2_hashes',
    help: 'Password hashes (argon2id) running and waiting in the process-wide queue.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const depth = sources.passwords.depth();
      this.set({ state: 'running' }, depth.running);
      this.set({ state: 'waiting' }, depth.waiting);
    },
  });
  new Gauge({
    name: 'argon2_queue_limit',
    help: 'Hashes that may wait before requests needing one are answered 503.',
    registers: [registry],
    collect() {
      this.set(sources.passwords.depth().limit);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections (total, idle) and queries waiting for one; absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = sources.poolUse();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  const outboxEvents = new Gauge({
    name: 'outbox_backlog_events',
    help: 'Events recorded in the outbox and not yet published.',
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'outbox_backlog_oldest_seconds',
    help: 'Age of the oldest unpublished outbox event (0 when none).',
    registers: [registry],
  });
  const webhookAttempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts, by result: succeeded, retry (failed, another attempt scheduled) or failed (the last).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'metrics_scrape_errors_total',
    help: 'Scrapes in which a gauge read from the database failed or timed out (its previous value was kept).',
    registers: [registry],
  });

  return {
    contentType: registry.contentType,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    rateLimited: (scope: RateLimitScope) => rateLimitRefusals.inc({ scope }),
    quotaRefused: (resource: QuotaResource) => quotaRefusals.inc({ resource }),
    credentialIssued: (format: string) => issued.inc({ format }),
    credentialVerified: (format: string, ok: boolean) => verified.inc({ format, result: ok ? 'verified' : 'rejected' }),
    webhookAttempted: (result: 'succeeded' | 'retry' | 'failed') => webhookAttempts.inc({ result }),
    /** The exposition text; database-backed gauges are read now. */
    async render(): Promise<string> {
      try {
        const backlog = await withTimeout(sources.outboxBacklog(), SCRAPE_QUERY_TIMEOUT_MS, 'outbox backlog');
        outboxEvents.set(backlog.events);
        outboxAge.set(backlog.oldestAgeSeconds);
      } catch {
        scrapeErrors.inc();
      }
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
