// The only reader of process.env. Read once at start-up; every bad value is reported together so an
// operator fixes the environment in one go instead of one restart per mistake.
import { z } from 'zod';
import { parseDuration } from './lib/duration.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const durationSeconds = z.string().transform((value, ctx) => {
  const seconds = parseDuration(value);
  if (seconds === null || seconds <= 0) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive duration such as 86400, 30m, 24h or 7d' });
    return z.NEVER;
  }
  return seconds;
});

// node-postgres parses the URL with WHATWG URL (retrying an empty host, as in postgres://u@/db?host=/socket):
// one it cannot parse is refused here rather than failing at the first connection.
const postgresUrl = z
  .string()
  .refine(
    (value) =>
      /^postgres(ql)?:\/\//.test(value) && (URL.canParse(value) || URL.canParse(value.replace('@/', '@host/'))),
    { message: 'must be a postgres:// or postgresql:// URL' },
  );

const redisUrl = z.string().refine((value) => /^rediss?:\/\//.test(value), {
  message: 'must be a redis:// or rediss:// URL',
});

const KEK_HEX_HINT =
  'must be 32 bytes in base64, and this is hex (64 hex digits): the same key in base64 is echo "$KEY_ENCRYPTION_KEY" | xxd -r -p | base64';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: redisUrl.optional(),
  SESSION_TTL: durationSeconds.default(24 * 60 * 60),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // 32 bytes, base64 or base64url: the key-encryption key for DID private keys. Unset: a key file under
  // DATA_DIR is created on first start (fine for one instance; scale-out instances must share this value).
  KEY_ENCRYPTION_KEY: z
    .string()
    .superRefine((value, context) => {
      if (Buffer.from(value, 'base64').length === 32) return;
      // 64 hex digits are 32 bytes too, in the other encoding keys are usually printed in (openssl rand -hex 32).
      const hex = /^[0-9a-fA-F]{64}$/.test(value);
      context.addIssue({ code: 'custom', message: hex ? KEK_HEX_HINT : 'must be 32 bytes in base64' });
    })
    .optional(),
  // Where the service is reachable from outside: the base of the status list URLs written into credentials.
  PUBLIC_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\/[^/]+(\/.*)?$/.test(value) && !value.endsWith('/'), {
      message: 'must be an http(s) URL without a trailing slash',
    })
    .optional(),
  // How many reverse proxies in front of the service append to X-Forwarded-For; 0 trusts none of it.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Unauthenticated requests (register, login, accepting invitations, bad tokens) per client address.
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  AUTH_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(300),
  // Public documents (status lists, DID resolution) per client address: verifiers poll these.
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  PUBLIC_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(600),
  // How long a request holding an Idempotency-Key keeps it before a retry may take it over (its process
  // presumably died): longer than any request takes.
  IDEMPOTENCY_LEASE: durationSeconds.default(60),
  // Password hashes (argon2id) running at once, and how many more may wait before requests needing one are
  // answered 503. Unset: one per core but one (at least one), and a line of 64 (src/modules/auth/password.ts).
  ARGON2_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  ARGON2_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).optional(),
  // argon2id memory (KiB) and passes per hash, accepted with NODE_ENV=test only: a deployment always hashes
  // at OWASP's 19 MiB and 2 passes (src/modules/auth/password.ts); test suites not about hashing go lower.
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).optional(),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Bearer token for GET /metrics; unset: the endpoint is not served.
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  // Browser origins allowed to call the API cross-origin, compared exactly with the Origin header
  // (RFC 6454 §6.1 serialisation: scheme://host[:port], lower case, no path).
  CORS_ORIGINS: z.string().transform(parseOrigins).optional(),
  GRAPHIQL: z.enum(['true', 'false']).optional(),
  // Webhook receivers on loopback and private networks (development and tests); otherwise refused (SSRF).
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).optional(),
  // Each webhook attempt's bound, in ms, accepted with NODE_ENV=test only: a deployment waits 10 s.
  WEBHOOK_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).optional(),
  // Every plan's refill (requests a minute) multiplied by this, its burst unchanged, accepted with NODE_ENV=test
  // only: for tests that spend a tenant's bucket and wait for it to refill. At most 120: every plan's bucket then
  // still takes a second to refill from empty (src/lib/rate-limit/gcra.ts refuses less).
  PLAN_REFILL_FACTOR: z.coerce.number().int().min(1).max(120).optional(),
  // Webhook connections open at once to one endpoint, and to one host across a tenant's endpoints (an event
  // fanned out to many endpoints of one host), counted across instances; test sends and replays included.
  WEBHOOK_MAX_CONNECTIONS_PER_ENDPOINT: z.coerce.number().int().min(1).max(1_000).default(8),
  WEBHOOK_MAX_CONNECTIONS_PER_HOST: z.coerce.number().int().min(1).max(1_000).default(8),
  // DNS servers for custom domain verification, host[:port] comma-separated; unset: the system's.
  DNS_SERVERS: z.string().transform(parseDnsServers).optional(),
  // How long one DNS lookup of domain verification may take, in ms.
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(5_000),
  DID_WEB_FETCH_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(5_000),
  // Inbound DIDComm messages one recipient DID takes in any hour (POST /didcomm and tenants' sends alike);
  // beyond it 429 with Retry-After. The inbox is public: without a bound, anyone fills a tenant's storage.
  DIDCOMM_INBOUND_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
});

const TEST_ONLY = [
  'ARGON2_MEMORY_KIB',
  'ARGON2_TIME_COST',
  'WEBHOOK_ATTEMPT_TIMEOUT_MS',
  'PLAN_REFILL_FACTOR',
] as const;
const TEST_ONLY_REASON: Record<(typeof TEST_ONLY)[number], string> = {
  ARGON2_MEMORY_KIB: "a deployment hashes at OWASP's parameters",
  ARGON2_TIME_COST: "a deployment hashes at OWASP's parameters",
  WEBHOOK_ATTEMPT_TIMEOUT_MS: 'a deployment waits 10 s for a webhook receiver',
  PLAN_REFILL_FACTOR: "a deployment refills each tenant's bucket at its plan's rate",
};

function parseOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const origins = [
    ...new Set(
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  ];
  for (const origin of origins) {
    const problem = originProblem(origin);
    // The origin, not the whole list, is the value the error line shows (problem() below).
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { item: origin } });
  }
  return origins;
}

function originProblem(origin: string): string | undefined {
  // A wildcard would let any site's scripts call the API with a user's credentials in hand.
  if (origin === '*') return 'not accepted: list each origin that may call the API, e.g. https://app.example.com';
  if (!URL.canParse(origin)) return 'must be an origin such as https://app.example.com';
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http:// or https:// origin';
  // Browsers send the serialised origin; anything else (a path, a trailing slash, upper case, :443) never matches.
  if (url.origin !== origin)
    return `not an origin as a browser sends it (no path or trailing slash): write ${url.origin}`;
  return undefined;
}

// host[:port]: an IPv4 or IPv6 address (IPv6 with a port in brackets, as node:dns setServers takes it).
const DNS_SERVER =
  /^(?:(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?|\[[0-9a-fA-F:.]+\](?::\d{1,5})?|[0-9a-fA-F:]*:[0-9a-fA-F:.]+)$/;

function parseDnsServers(value: string, ctx: z.RefinementCtx): string[] {
  const servers = value
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  for (const server of servers) {
    const port = /:(\d+)$/.exec(server.startsWith('[') || !server.includes('::') ? server : '')?.[1];
    if (!DNS_SERVER.test(server) || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be IP addresses with an optional port, comma-separated, e.g. 1.1.1.1,127.0.0.1:5353',
        params: { item: server },
      });
    }
  }
  return servers;
}

/** Hidden in error messages: their values are credentials. */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|KEY)$/;
/** URLs that may carry a password (in the user info or a query parameter): only scheme and host are shown. */
const CREDENTIAL_URLS = new Set(['DATABASE_URL', 'REDIS_URL']);

/** How a bad value appears in a ConfigError: as given, unless it is or may hold a secret. */
function shownValue(name: string, value: string | undefined): string {
  if (SECRET_NAME.test(name)) return '(hidden)';
  if (CREDENTIAL_URLS.has(name)) {
    // Without a host ("user:pass@db"), what follows the scheme could be anything, a password included.
    const url = URL.canParse(value ?? '') ? new URL(value!) : undefined;
    return url?.host ? `"${url.protocol}//${url.host}" (the rest hidden)` : '(hidden)';
  }
  return JSON.stringify(value);
}

const problem = (name: string, value: string | undefined, message: string) =>
  `${name}=${shownValue(name, value)}: ${message}`;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionTtlSeconds: number;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxyHops: number;
  keyEncryptionKey: string | undefined;
  /** Base URL for links written into credentials (status lists); unset: the address the server listens on. */
  publicBaseUrl: string | undefined;
  authRateLimit: { perMinute: number; burst: number };
  publicRateLimit: { perMinute: number; burst: number };
  idempotencyLeaseSeconds: number;
  /** Unset: one per core but one, and 64, resolved where the hasher is made (src/modules/auth/password.ts). */
  argon2Concurrency: number | undefined;
  argon2QueueLimit: number | undefined;
  /** Set in test runs only; unset: OWASP's parameters (src/modules/auth/password.ts). */
  argon2MemoryKib: number | undefined;
  argon2TimeCost: number | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  /** Bearer token that GET /metrics requires; unset: no metrics endpoint. */
  metricsToken: string | undefined;
  /** Exact origins (https://app.example.com) allowed cross-origin requests; empty: none. */
  corsOrigins: string[];
  /** Serve GraphiQL at GET /graphql: default on, off when NODE_ENV=production. */
  graphiql: boolean;
  /** Webhook receivers on loopback and private addresses allowed (never in a deployment that faces tenants). */
  webhookAllowPrivateUrls: boolean;
  /** Set in test runs only; unset: 10 s (src/modules/webhooks/delivery/dispatcher.ts). */
  webhookAttemptTimeoutMs: number | undefined;
  /** Set in test runs only; unset: each plan's own refill rate (src/http/rate-limits.ts). */
  planRefillFactor: number | undefined;
  /** Webhook connections open at once to one endpoint, and to one host of a tenant (all instances). */
  webhookMaxConnectionsPerEndpoint: number;
  webhookMaxConnectionsPerHost: number;
  /** Servers for custom domain TXT lookups (host[:port]); empty: the system's resolvers. */
  dnsServers: string[];
  dnsTimeoutMs: number;
  /** How long fetching an outside did:web document may take, lookup included. */
  didWebFetchTimeoutMs: number;
  /** Inbound DIDComm messages a recipient DID takes in any hour (src/modules/didcomm/inbox.policy.ts). */
  didcommInboundPerHour: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const item = issue.code === 'custom' ? (issue.params?.item as string | undefined) : undefined;
        return problem(name, item ?? env[name], issue.message);
      }),
    );
  }
  const value = parsed.data;
  const testOnly = TEST_ONLY.filter((name) => value[name] !== undefined && value.NODE_ENV !== 'test');
  if (testOnly.length > 0) {
    throw new ConfigError(
      testOnly.map((name) => problem(name, env[name], `only with NODE_ENV=test (${TEST_ONLY_REASON[name]})`)),
    );
  }
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    sessionTtlSeconds: value.SESSION_TTL,
    logLevel: value.LOG_LEVEL,
    trustProxyHops: value.TRUST_PROXY_HOPS,
    keyEncryptionKey: value.KEY_ENCRYPTION_KEY,
    publicBaseUrl: value.PUBLIC_BASE_URL,
    authRateLimit: { perMinute: value.AUTH_RATE_LIMIT_PER_MINUTE, burst: value.AUTH_RATE_LIMIT_BURST },
    publicRateLimit: { perMinute: value.PUBLIC_RATE_LIMIT_PER_MINUTE, burst: value.PUBLIC_RATE_LIMIT_BURST },
    idempotencyLeaseSeconds: value.IDEMPOTENCY_LEASE,
    argon2Concurrency: value.ARGON2_CONCURRENCY,
    argon2QueueLimit: value.ARGON2_QUEUE_LIMIT,
    argon2MemoryKib: value.ARGON2_MEMORY_KIB,
    argon2TimeCost: value.ARGON2_TIME_COST,
    nodeEnv: value.NODE_ENV,
    metricsToken: value.METRICS_TOKEN,
    corsOrigins: value.CORS_ORIGINS ?? [],
    graphiql: value.GRAPHIQL ? value.GRAPHIQL === 'true' : value.NODE_ENV !== 'production',
    webhookAllowPrivateUrls: value.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
    webhookAttemptTimeoutMs: value.WEBHOOK_ATTEMPT_TIMEOUT_MS,
    planRefillFactor: value.PLAN_REFILL_FACTOR,
    webhookMaxConnectionsPerEndpoint: value.WEBHOOK_MAX_CONNECTIONS_PER_ENDPOINT,
    webhookMaxConnectionsPerHost: value.WEBHOOK_MAX_CONNECTIONS_PER_HOST,
    dnsServers: value.DNS_SERVERS ?? [],
    dnsTimeoutMs: value.DNS_TIMEOUT_MS,
    didWebFetchTimeoutMs: value.DID_WEB_FETCH_TIMEOUT_MS,
    didcommInboundPerHour: value.DIDCOMM_INBOUND_PER_HOUR,
  };
}
