import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { parseDuration } from '../../src/lib/duration.js';

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
    });
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
    ]);
    expect((error as Error).message).toContain('SESSION_TTL="forever": must be a positive duration');
  });

  it('rejects a zero session lifetime and an out-of-range port', () => {
    expect(() => loadConfig({ SESSION_TTL: '0' })).toThrow(/SESSION_TTL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});

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
