import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { tenantPolicy } from '../../src/http/rate-limits.js';
import { parseDuration } from '../../src/lib/duration.js';
import { PLANS } from '../../src/modules/plans/plans.js';

describe('loadConfig', () => {
  it('runs on the embedded default with no configuration at all', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      sessionTtlSeconds: 86_400,
      logLevel: 'info',
      nodeEnv: 'development',
      trustProxyHops: 0,
      authRateLimit: { perMinute: 300, burst: 300 },
      publicRateLimit: { perMinute: 1200, burst: 600 },
      idempotencyLeaseSeconds: 60,
      keyEncryptionKey: undefined,
      publicBaseUrl: undefined,
      metricsToken: undefined,
      corsOrigins: [],
      graphiql: true,
      webhookAllowPrivateUrls: false,
      webhookMaxConnectionsPerEndpoint: 8,
      webhookMaxConnectionsPerHost: 8,
      dnsServers: [],
      dnsTimeoutMs: 5_000,
      didWebFetchTimeoutMs: 5_000,
      didcommInboundPerHour: 100,
    });
  });

  it('reads DNS_SERVERS as host[:port] addresses and names each bad one on its own line', () => {
    expect(loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,2001:db8::1' }).dnsServers).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
      '2001:db8::1',
    ]);
    const refused = (() => {
      try {
        loadConfig({ DNS_SERVERS: 'dns.example.com,127.0.0.1:99999' });
      } catch (error) {
        return error as ConfigError;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect(refused!.problems).toEqual([
      'DNS_SERVERS="dns.example.com": must be IP addresses with an optional port, comma-separated, e.g. 1.1.1.1,127.0.0.1:5353',
      'DNS_SERVERS="127.0.0.1:99999": must be IP addresses with an optional port, comma-separated, e.g. 1.1.1.1,127.0.0.1:5353',
    ]);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/svc',
      DATABASE_URL: 'postgresql://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      SESSION_TTL: '2h',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      TRUST_PROXY_HOPS: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '60',
      AUTH_RATE_LIMIT_BURST: '30',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '600',
      PUBLIC_RATE_LIMIT_BURST: '100',
      IDEMPOTENCY_LEASE: '2m',
      KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_BASE_URL: 'https://credentials.example.com',
      METRICS_TOKEN: 'metrics-token-0123456789',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      GRAPHIQL: 'true',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_MAX_CONNECTIONS_PER_ENDPOINT: '4',
      WEBHOOK_MAX_CONNECTIONS_PER_HOST: '6',
      DNS_SERVERS: '9.9.9.9,149.112.112.112:53',
      DNS_TIMEOUT_MS: '2000',
      DID_WEB_FETCH_TIMEOUT_MS: '3000',
      DIDCOMM_INBOUND_PER_HOUR: '5000',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/svc',
      databaseUrl: 'postgresql://u@db:5432/app',
      redisUrl: 'redis://cache:6379',
      sessionTtlSeconds: 7200,
      logLevel: 'debug',
      nodeEnv: 'production',
      trustProxyHops: 1,
      authRateLimit: { perMinute: 60, burst: 30 },
      publicRateLimit: { perMinute: 600, burst: 100 },
      idempotencyLeaseSeconds: 120,
      keyEncryptionKey: Buffer.alloc(32, 7).toString('base64'),
      publicBaseUrl: 'https://credentials.example.com',
      metricsToken: 'metrics-token-0123456789',
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      graphiql: true,
      webhookAllowPrivateUrls: true,
      webhookMaxConnectionsPerEndpoint: 4,
      webhookMaxConnectionsPerHost: 6,
      dnsServers: ['9.9.9.9', '149.112.112.112:53'],
      dnsTimeoutMs: 2000,
      didWebFetchTimeoutMs: 3000,
      didcommInboundPerHour: 5000,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('refuses to start listing every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://cache',
        SESSION_TTL: 'forever',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
        DIDCOMM_INBOUND_PER_HOUR: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split('=')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'SESSION_TTL',
      'LOG_LEVEL',
      'NODE_ENV',
      'DIDCOMM_INBOUND_PER_HOUR',
    ]);
    expect((error as Error).message).toContain('SESSION_TTL="forever": must be a positive duration');
  });

  it('rejects a zero session lifetime and an out-of-range port', () => {
    expect(() => loadConfig({ SESSION_TTL: '0' })).toThrow(/SESSION_TTL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});

describe('PLAN_REFILL_FACTOR', () => {
  it('refills every plan faster in a test run, its burst unchanged, and is refused outside one', () => {
    expect(loadConfig({ NODE_ENV: 'test', PLAN_REFILL_FACTOR: '10' }).planRefillFactor).toBe(10);
    expect(tenantPolicy('developer', 10)).toEqual({ burst: 20, perMinute: 100 });
    expect(tenantPolicy('developer')).toEqual(PLANS.developer.rateLimit);
    for (const NODE_ENV of ['development', 'production']) {
      expect(problemsOf({ NODE_ENV, PLAN_REFILL_FACTOR: '10' })).toEqual([
        expect.stringMatching(/^PLAN_REFILL_FACTOR="10": only with NODE_ENV=test/),
      ]);
    }
    expect(problemsOf({ NODE_ENV: 'test', PLAN_REFILL_FACTOR: '121' })).toEqual([
      expect.stringMatching(/^PLAN_REFILL_FACTOR="121": /),
    ]);
  });
});

describe('GRAPHIQL', () => {
  it('is on by default, off by default in production, and either when set', () => {
    expect(loadConfig({}).graphiql).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).graphiql).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHIQL: 'true' }).graphiql).toBe(true);
    expect(loadConfig({ GRAPHIQL: 'false' }).graphiql).toBe(false);
    expect(problemsOf({ GRAPHIQL: 'yes' })).toEqual([expect.stringMatching(/^GRAPHIQL="yes": /)]);
  });
});

describe('CORS_ORIGINS', () => {
  it('is a comma-separated list of exact origins, empty by default', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example.com,,https://a.example.com ,http://127.0.0.1:8081' }),
    ).toMatchObject({ corsOrigins: ['https://a.example.com', 'http://127.0.0.1:8081'] });
  });

  it('refuses anything a browser would not send as its Origin, one line per origin', () => {
    expect(
      problemsOf({
        CORS_ORIGINS: '*,https://app.example.com/,https://app.example.com/path,ftp://files.example.com,app.example.com',
      }),
    ).toEqual([
      'CORS_ORIGINS="*": not accepted: list each origin that may call the API, e.g. https://app.example.com',
      'CORS_ORIGINS="https://app.example.com/": not an origin as a browser sends it (no path or trailing slash): write https://app.example.com',
      'CORS_ORIGINS="https://app.example.com/path": not an origin as a browser sends it (no path or trailing slash): write https://app.example.com',
      'CORS_ORIGINS="ftp://files.example.com": must be an http:// or https:// origin',
      'CORS_ORIGINS="app.example.com": must be an origin such as https://app.example.com',
    ]);
    expect(problemsOf({ CORS_ORIGINS: 'https://App.example.com:443' })).toEqual([
      'CORS_ORIGINS="https://App.example.com:443": not an origin as a browser sends it (no path or trailing slash): write https://app.example.com',
    ]);
  });
});

describe('configuration errors never show a secret', () => {
  const SECRET = 'Hunter2-s3cret-VALUE';
  it.each([
    ['DATABASE_URL', `mysql://admin:${SECRET}@db:3306/app`],
    ['DATABASE_URL', `postgres://admin:${SECRET}@db:not-a-port/app`],
    ['DATABASE_URL', `admin:${SECRET}@db/app`],
    ['DATABASE_URL', `mysql://db/app?password=${SECRET}`],
    ['DATABASE_URL', `postgresql://admin:${SECRET}@[db/app`],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`],
    ['REDIS_URL', `cache:6379?password=${SECRET}`],
    ['KEY_ENCRYPTION_KEY', SECRET],
    ['METRICS_TOKEN', SECRET.slice(0, 15)],
  ])('%s=%j: named, value not shown', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name}=`))]);
    expect(problems[0]).not.toContain(SECRET.slice(0, 15));
  });

  it('shows where a bad database or Redis URL points, not who it logs in as', () => {
    expect(problemsOf({ DATABASE_URL: `mysql://admin:${SECRET}@db:3306/app` })).toEqual([
      'DATABASE_URL="mysql://db:3306" (the rest hidden): must be a postgres:// or postgresql:// URL',
    ]);
    expect(problemsOf({ KEY_ENCRYPTION_KEY: SECRET })).toEqual([
      'KEY_ENCRYPTION_KEY=(hidden): must be 32 bytes in base64',
    ]);
  });

  it('says a key of 32 bytes in hex is expected in base64, and how to convert it, without showing it', () => {
    const hex = 'c0ffee'.repeat(10) + 'abcd';
    expect(problemsOf({ KEY_ENCRYPTION_KEY: hex })).toEqual([
      'KEY_ENCRYPTION_KEY=(hidden): must be 32 bytes in base64, and this is hex (64 hex digits): the same key in base64 is echo "$KEY_ENCRYPTION_KEY" | xxd -r -p | base64',
    ]);
    expect(problemsOf({ KEY_ENCRYPTION_KEY: hex.toUpperCase() })[0]).toContain('this is hex');
    // The same key, converted as the hint says, is accepted.
    expect(loadConfig({ KEY_ENCRYPTION_KEY: Buffer.from(hex, 'hex').toString('base64') }).keyEncryptionKey).toBe(
      Buffer.from(hex, 'hex').toString('base64'),
    );
  });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('configuration accepted');
}

describe('parseDuration', () => {
  it.each([
    ['86400', 86_400],
    ['90s', 90],
    ['30m', 1800],
    ['24h', 86_400],
    ['7d', 604_800],
    [' 5m ', 300],
  ])('%j is %i seconds', (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each(['', 'h', '1.5h', '-1', '10y', '1h30m'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});
