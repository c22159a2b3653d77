// The rate limits of spec §8 as a client meets them over HTTP: per tenant for authenticated requests (REST and
// GraphQL alike, sessions and API keys alike, shared through Redis when the run has one), per client address for
// unauthenticated ones, and per account for failed logins.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestApp, usingPostgres, usingRedis, type HttpResult, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  newRegistration,
  registerUser,
  tenantOnPlan,
  uniqueSuffix,
} from '../support/factories.js';
import { expectError } from '../support/contract.js';

const RATE_LIMITED = 'rate limit exceeded';
const TOO_MANY_FROM_ADDRESS = 'too many requests from this address';
const TOO_MANY_LOGIN_FAILURES = 'too many failed login attempts for this account; try again later';
const DEVELOPER_POLICY = '10;w=60;burst=20';
const WHOLE_SECONDS = /^\d+$/;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const listRoles = (target: TestApp, token: string, headers?: Record<string, string>) =>
  target.request('GET', '/v1/roles', { token, headers });
const graphqlRoles = (target: TestApp, token: string) =>
  target.graphql('{ roles { roles { id name } } }', undefined, token);

/** Fires all requests at once; `send(i)` makes the i-th. */
const burstOf = <T extends HttpResult>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

const statuses = (results: HttpResult[]) => results.map((result) => result.status);
const count = (results: HttpResult[], status: number) => results.filter((result) => result.status === status).length;

function rateLimitHeaders(result: HttpResult) {
  return {
    limit: result.headers.get('ratelimit-limit'),
    remaining: result.headers.get('ratelimit-remaining'),
    reset: result.headers.get('ratelimit-reset'),
    policy: result.headers.get('ratelimit-policy'),
  };
}

const remaining = (result: HttpResult) => Number(result.headers.get('ratelimit-remaining'));

function retryAfterSeconds(result: HttpResult): number {
  const value = result.headers.get('retry-after');
  expect(value).toMatch(WHOLE_SECONDS);
  return Number(value);
}

// The harness gives every address a bucket of 100,000 (AUTH_RATE_LIMIT_*): an unauthenticated answer
// describes that bucket, never a tenant's.
function expectAddressRateLimitHeaders(result: HttpResult) {
  expect(rateLimitHeaders(result)).toMatchObject({ limit: '100000', policy: '100000;w=60;burst=100000' });
}

// A Developer tenant's 429: the contract's error, Retry-After in whole seconds (one token comes back every 6 s),
// and the headers of an empty bucket.
function expectTenantRateLimited(result: HttpResult) {
  expectError(result, 429, RATE_LIMITED);
  const retryAfter = retryAfterSeconds(result);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(6);
  expect(rateLimitHeaders(result)).toMatchObject({ limit: '20', remaining: '0', policy: DEVELOPER_POLICY });
}

/** An address no other test or earlier run has spent from. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('per-tenant limit', () => {
  it('lets exactly the burst of 20 through 100 concurrent requests, and answers the rest 429 with Retry-After', async () => {
    const owner = await registerUser(app);
    const neighbour = await registerUser(app);

    const [results, neighbourResult] = await Promise.all([
      burstOf(100, () => listRoles(app, owner.token)),
      listRoles(app, neighbour.token),
    ]);

    expect(count(results, 200)).toBe(20);
    expect(count(results, 429)).toBe(80);
    for (const result of results.filter((r) => r.status === 429)) expectTenantRateLimited(result);
    // Every admitted request took one distinct token: 19, 18, ..., 0 left.
    const admitted = results.filter((r) => r.status === 200);
    for (const result of admitted)
      expect(rateLimitHeaders(result)).toMatchObject({ limit: '20', policy: DEVELOPER_POLICY });
    const left = admitted.map(remaining);
    expect(left.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));

    // Another tenant's bucket is untouched by the flood.
    expect(neighbourResult.status).toBe(200);
    expect(rateLimitHeaders(neighbourResult)).toMatchObject({ limit: '20', remaining: '19' });
  });

  it('sends RateLimit headers on every authenticated response, REST and GraphQL spending from one bucket', async () => {
    const owner = await registerUser(app);
    const transports = ['rest', 'graphql', 'graphql', 'rest', 'graphql', 'rest'] as const;
    for (const [index, transport] of transports.entries()) {
      const result = transport === 'rest' ? await listRoles(app, owner.token) : await graphqlRoles(app, owner.token);
      expect(result.status).toBe(200);
      const roles = transport === 'rest' ? result.body.roles : result.body.data?.roles.roles;
      expect(roles.length).toBeGreaterThanOrEqual(5);
      const used = index + 1;
      const headers = rateLimitHeaders(result);
      expect(headers).toMatchObject({ limit: '20', remaining: String(20 - used), policy: DEVELOPER_POLICY });
      // Seconds until the bucket is full again: 6 s for every token in use, less the little time that passed.
      expect(headers.reset).toMatch(WHOLE_SECONDS);
      expect(Number(headers.reset)).toBeLessThanOrEqual(6 * used);
      expect(Number(headers.reset)).toBeGreaterThanOrEqual(6 * used - 2);
    }
  });

  it("counts a viewer's denied (403) requests against the tenant's bucket", async () => {
    // Viewers need a plan with room for a second member; Startup refills a token every 0.6 s, so this counts
    // a flood of denials rather than single tokens.
    const owner = await tenantOnPlan(app, 'startup');
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);

    const denied = await burstOf(100, () =>
      app.request('POST', '/v1/admin/api-keys', { token: viewer.token, body: { name: 'nope' } }),
    );
    for (const result of denied) {
      expectError(result, 403, "role 'viewer' lacks permission: api_keys:manage");
      expect(rateLimitHeaders(result)).toMatchObject({ limit: '200', policy: '100;w=60;burst=200' });
    }
    const after = await listRoles(app, owner.token);
    expect(after.status).toBe(200);
    // Without the 100 denials about 198 would be left; a few tokens come back while they run.
    expect(remaining(after)).toBeLessThanOrEqual(110);
  });

  it('counts 403 responses one token each, on REST and GraphQL', async () => {
    const owner = await registerUser(app);
    const created = await app.request('POST', '/v1/admin/api-keys', {
      token: owner.token,
      body: { name: 'roles only', scopes: ['roles:list'] },
    });
    expect(remaining(created)).toBe(19);
    const key = created.body.key as string;

    const denied = await app.request('GET', '/v1/members', { token: key });
    expectError(denied, 403, 'API key missing scope: members:list');
    expect(rateLimitHeaders(denied)).toMatchObject({ limit: '20', remaining: '18', policy: DEVELOPER_POLICY });

    const deniedGraphql = await app.graphql('{ members { members { userId } } }', {}, key);
    expect(deniedGraphql.body.errors[0]).toMatchObject({
      message: 'API key missing scope: members:list',
      extensions: { status: 403 },
    });
    expect(remaining(deniedGraphql)).toBe(17);

    expect(remaining(await listRoles(app, owner.token))).toBe(16);
  });

  it('describes the per-address bucket, not a tenant, on unauthenticated responses', async () => {
    const registered = await app.request('POST', '/v1/auth/register', { body: newRegistration() });
    expect(registered.status).toBe(200);
    expectAddressRateLimitHeaders(registered);

    const noToken = await app.request('GET', '/v1/roles');
    expectError(noToken, 401, 'unauthorized');
    expectAddressRateLimitHeaders(noToken);

    const badToken = await listRoles(app, `bss_${uniqueSuffix()}`);
    expectError(badToken, 401, 'unauthorized');
    expectAddressRateLimitHeaders(badToken);

    const graphqlNoToken = await app.graphql('{ roles { roles { id } } }');
    expect(graphqlNoToken.body.errors[0].extensions.status).toBe(401);
    expectAddressRateLimitHeaders(graphqlNoToken);
  });

  it('applies a plan upgrade from the very next request', async () => {
    const owner = await registerUser(app);
    expect(rateLimitHeaders(await listRoles(app, owner.token))).toMatchObject({ limit: '20', remaining: '19' });

    const upgraded = await app.request('POST', '/v1/admin/billing/upgrade', {
      token: owner.token,
      body: { plan: 'startup' },
    });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({ plan: 'startup', previous_plan: 'developer' });
    // The upgrade request itself was admitted under the plan it started on.
    expect(rateLimitHeaders(upgraded)).toMatchObject({ limit: '20', remaining: '18' });

    const next = await listRoles(app, owner.token);
    expect(next.status).toBe(200);
    expect(rateLimitHeaders(next)).toMatchObject({ limit: '200', policy: '100;w=60;burst=200' });
    expect(remaining(next)).toBeGreaterThanOrEqual(190);
  });

  it("spends API-key requests from their tenant's bucket, together with its sessions", async () => {
    const owner = await registerUser(app);
    const created = await app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: { name: 'ci' } });
    expect(created.status).toBe(200);
    expect(remaining(created)).toBe(19);
    const key = created.body.key as string;

    const viaKey = await listRoles(app, key);
    expect(viaKey.status).toBe(200);
    expect(rateLimitHeaders(viaKey)).toMatchObject({ limit: '20', remaining: '18', policy: DEVELOPER_POLICY });
    expect(remaining(await listRoles(app, owner.token))).toBe(17);

    const results = await burstOf(100, (i) => listRoles(app, i % 2 === 0 ? key : owner.token));
    // 3 spent above + 17 here = the burst of 20.
    expect(count(results, 200)).toBe(17);
    expect(count(results, 429)).toBe(83);
    for (const result of results.filter((r) => r.status === 429)) expectTenantRateLimited(result);
    // The key's and the session's requests both ran into the one limit.
    expect(results.filter((r, i) => i % 2 === 0 && r.status === 429).length).toBeGreaterThan(0);
    expect(results.filter((r, i) => i % 2 === 1 && r.status === 429).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!usingRedis || !usingPostgres)('two instances sharing Redis', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp();
  });
  afterAll(() => second?.close());

  it('admit exactly one burst between them', async () => {
    const owner = await registerUser(app);
    const results = await burstOf(100, (i) => listRoles(i % 2 === 0 ? app : second, owner.token));
    expect(count(results, 200)).toBe(20);
    expect(count(results, 429)).toBe(80);
    // Both instances answered, and both refused once the shared bucket was empty.
    for (const parity of [0, 1]) {
      const own = results.filter((_, i) => i % 2 === parity);
      expect(count(own, 200) + count(own, 429)).toBe(50);
      expect(count(own, 429)).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!usingRedis)('an instance that has just started, with Redis', () => {
  it('spends its first requests from the shared bucket too', async () => {
    // The server listens before its Redis client has connected; requests answered in that window must not
    // get a budget of their own on top of the shared one (every restart or new instance would hand one out).
    const burst = 7 + randomInt(50);
    const perMinute = 30 + randomInt(31);
    const fresh = await startTestApp({
      env: { AUTH_RATE_LIMIT_BURST: String(burst), AUTH_RATE_LIMIT_PER_MINUTE: String(perMinute) },
    });
    try {
      const results = await burstOf(burst + 3, () => fresh.request('GET', '/v1/auth/me'));
      expect(count(results, 401)).toBe(burst);
      expect(count(results, 429)).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});

describe('Redis unreachable', () => {
  let degraded: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the limiter falls back to this instance's memory.
    degraded = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => degraded?.close());

  it('answers every request promptly and still limits per instance', async () => {
    const owner = await registerUser(degraded);
    const timed = await burstOf(100, async () => {
      const started = performance.now();
      const result = await listRoles(degraded, owner.token);
      return { ...result, ms: performance.now() - started };
    });
    expect(statuses(timed).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(count(timed, 200)).toBe(20);
    expect(count(timed, 429)).toBe(80);
    for (const result of timed.filter((r) => r.status === 429)) expectTenantRateLimited(result);
    expect(Math.max(...timed.map((result) => result.ms))).toBeLessThan(1_500);
  });
});

describe('per-address limit on unauthenticated requests', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({
      env: { TRUST_PROXY_HOPS: '1', AUTH_RATE_LIMIT_BURST: '5', AUTH_RATE_LIMIT_PER_MINUTE: '5' },
    });
  });
  afterAll(() => proxied?.close());

  const registerFrom = (target: TestApp, forwardedFor: string) =>
    target.request('POST', '/v1/auth/register', {
      body: newRegistration(),
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('behind a trusted proxy, limits each client address from X-Forwarded-For', async () => {
    const address = randomAddress();
    const results: HttpResult[] = [];
    for (let i = 0; i < 8; i++) results.push(await registerFrom(proxied, address));

    expect(statuses(results)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (const result of results.slice(5)) {
      expectError(result, 429, TOO_MANY_FROM_ADDRESS);
      expect(retryAfterSeconds(result)).toBeGreaterThanOrEqual(1);
    }

    // Another client behind the same proxy has its own budget.
    expect((await registerFrom(proxied, randomAddress())).status).toBe(200);
    // A client cannot buy a fresh budget by prepending an address of its choosing: only the hop the trusted
    // proxy appended counts.
    expectError(await registerFrom(proxied, `${randomAddress()}, ${address}`), 429, TOO_MANY_FROM_ADDRESS);
    // A bad token is an unauthenticated request, limited by address.
    expectError(
      await listRoles(proxied, `bss_${uniqueSuffix()}`, { 'x-forwarded-for': address }),
      429,
      TOO_MANY_FROM_ADDRESS,
    );

    // Authenticated requests from that address spend from their tenant's bucket instead.
    const { token } = results[0]!.body;
    const authenticated = await listRoles(proxied, token, { 'x-forwarded-for': address });
    expect(authenticated.status).toBe(200);
    expect(rateLimitHeaders(authenticated)).toMatchObject({ limit: '20', remaining: '19' });
  });

  it('without a trusted proxy, ignores X-Forwarded-For and limits the socket address', async () => {
    // Every request here comes from 127.0.0.1. An unusual policy names a bucket of its own (the policy is part
    // of the key), so with Redis neither other test files nor a recent run of this one have spent from it.
    const burst = 7 + randomInt(50);
    const perMinute = 30 + randomInt(31); // at most one token back a second: none while the burst below runs
    const direct = await startTestApp({
      env: { AUTH_RATE_LIMIT_BURST: String(burst), AUTH_RATE_LIMIT_PER_MINUTE: String(perMinute) },
    });
    try {
      const results = await burstOf(burst + 3, () =>
        direct.request('GET', '/v1/auth/me', { headers: { 'x-forwarded-for': randomAddress() } }),
      );
      expect(count(results, 401)).toBe(burst);
      expect(count(results, 429)).toBe(3);
      for (const result of results.filter((r) => r.status === 429)) {
        expectError(result, 429, TOO_MANY_FROM_ADDRESS);
        expect(retryAfterSeconds(result)).toBeGreaterThanOrEqual(1);
      }
      expectError(await registerFrom(direct, randomAddress()), 429, TOO_MANY_FROM_ADDRESS);
    } finally {
      await direct.close();
    }
  });

  it('defaults to a budget that lets a hundred registrations a minute through from one address', () => {
    const { authRateLimit } = loadConfig({});
    expect(authRateLimit.burst).toBeGreaterThanOrEqual(100);
    expect(authRateLimit.perMinute).toBeGreaterThanOrEqual(100);
  });
});

describe('failed logins per account', () => {
  const login = (email: string, password: string) =>
    app.request('POST', '/v1/auth/login', { body: { email, password } });

  async function failTenTimes(email: string) {
    for (let i = 0; i < 10; i++) expectError(await login(email, `wrong password ${i}`), 401, 'unauthorized');
  }

  function expectLoginThrottled(result: HttpResult) {
    expectError(result, 429, TOO_MANY_LOGIN_FAILURES);
    expect(retryAfterSeconds(result)).toBeGreaterThanOrEqual(1);
  }

  it('refuses the 11th attempt after 10 failures, even with the right password, for that account only', async () => {
    const victim = await registerUser(app);
    const bystander = await registerUser(app);
    await failTenTimes(victim.email);

    expectLoginThrottled(await login(victim.email, victim.password));
    expect((await login(bystander.email, bystander.password)).status).toBe(200);
  });

  it('throttles unknown emails the same way', async () => {
    const email = `nobody-${uniqueSuffix()}@example.com`;
    await failTenTimes(email);
    expectLoginThrottled(await login(email, 'any password at all'));
  });

  it('does not count successful logins', async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 15; i++) expect((await login(user.email, user.password)).status).toBe(200);
    // The failures still have their full allowance of ten.
    await failTenTimes(user.email);
    expectLoginThrottled(await login(user.email, user.password));
  });
});
