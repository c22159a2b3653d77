// How the client reads the service's answers: the error text shown, what counts as a refused session, the
// REST-shaped refusals made GraphQL errors, the rate-limit headers recorded for authenticated requests only, a
// 429 waited out and sent again, and answers not asked for again while fresh.
import { cacheExchange, Client, CombinedError, fetchExchange, gql } from '@urql/core';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_RETRIES, serviceFetch } from './client';
import { errorText, isUnauthenticated } from './errors';
import { FRESH_MS, freshnessExchange } from './freshness';
import { createRateLimitStore, retryAfterSeconds } from './rate-limit';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

describe('errors', () => {
  it('shows the service’s text, not urql’s wrapping', () => {
    const error = new CombinedError({ graphQLErrors: [{ message: "role 'viewer' lacks permission: dids:create" }] });
    expect(error.message).toMatch(/^\[GraphQL\]/);
    expect(errorText(error)).toBe("role 'viewer' lacks permission: dids:create");
    expect(errorText(new CombinedError({ networkError: new Error('Failed to fetch') }))).toBe(
      'The service could not be reached: Failed to fetch',
    );
    expect(errorText(null)).toBeNull();
    expect(errorText(new Error('plain'))).toBe('plain');
  });

  it('counts a 401, by status or code, as the end of the session; a 403 is not', () => {
    const withExtensions = (extensions: Record<string, unknown>) =>
      new CombinedError({ graphQLErrors: [{ message: 'x', extensions }] });
    expect(isUnauthenticated(withExtensions({ code: 'UNAUTHORIZED', status: 401 }))).toBe(true);
    expect(isUnauthenticated(withExtensions({ code: 'UNAUTHENTICATED' }))).toBe(true);
    expect(isUnauthenticated(withExtensions({ code: 'FORBIDDEN', status: 403 }))).toBe(false);
    expect(
      isUnauthenticated(
        new CombinedError({ networkError: new Error('x'), response: new Response(null, { status: 401 }) }),
      ),
    ).toBe(true);
    expect(isUnauthenticated(undefined)).toBe(false);
  });
});

describe('serviceFetch', () => {
  it('makes a refusal the service answered before GraphQL ran into a GraphQL error with its text and status', async () => {
    const fetchImpl = async () => json(429, { error: 'rate limit exceeded', code: 'RATE_LIMITED', request_id: 'r' });
    const response = await serviceFetch(createRateLimitStore(), fetchImpl)('/graphql', {});
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      errors: [{ message: 'rate limit exceeded', extensions: { code: 'RATE_LIMITED', status: 429 } }],
    });
  });

  it('passes GraphQL answers through untouched, errors included', async () => {
    const body = { errors: [{ message: 'unauthorized', extensions: { code: 'UNAUTHORIZED', status: 401 } }] };
    const response = await serviceFetch(createRateLimitStore(), async () => json(401, body))('/graphql', {});
    expect(await response.json()).toEqual(body);
    const ok = await serviceFetch(createRateLimitStore(), async () => json(200, { data: { me: null } }))(
      '/graphql',
      {},
    );
    expect(await ok.json()).toEqual({ data: { me: null } });
  });

  it('records the tenant’s rate-limit headers from authenticated requests only', async () => {
    const rateLimits = createRateLimitStore(() => 42);
    const answer = async () => json(200, { data: {} }, { 'RateLimit-Limit': '20', 'RateLimit-Remaining': '17' });
    await serviceFetch(rateLimits, answer)('/graphql', {});
    expect(rateLimits.get()).toBeNull();
    await serviceFetch(rateLimits, answer)('/graphql', { headers: { authorization: 'Bearer bss_x' } });
    expect(rateLimits.get()).toEqual({ limit: 20, remaining: 17, at: 42 });
  });
});

describe('a 429 refused before the request ran', () => {
  const refused = (retryAfter: string | null) =>
    json(
      429,
      { error: 'rate limit exceeded', code: 'RATE_LIMITED' },
      retryAfter === null ? {} : { 'Retry-After': retryAfter },
    );

  it('is sent again once its Retry-After has passed, and says meanwhile when', async () => {
    const answers = [refused('3'), json(200, { data: { dids: [] } })];
    const sent: string[] = [];
    const rateLimits = createRateLimitStore();
    const waits: { ms: number; retryAt: number | null }[] = [];
    const sleep = async (ms: number) => {
      waits.push({ ms, retryAt: rateLimits.retryAt() });
    };
    const fetchImpl = async (input: RequestInfo | URL) => {
      sent.push(String(input));
      return answers.shift()!;
    };
    const before = Date.now();
    const response = await serviceFetch(
      rateLimits,
      fetchImpl,
      sleep,
    )('/graphql', { headers: { authorization: 'Bearer bss_x' } });
    expect(await response.json()).toEqual({ data: { dids: [] } });
    expect(sent).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]!.ms).toBe(3000);
    expect(waits[0]!.retryAt).toBeGreaterThanOrEqual(before + 3000);
    expect(rateLimits.retryAt()).toBeNull();
  });

  it('reads an HTTP-date Retry-After too, and gives up (the error shown) without one or after a few tries', async () => {
    expect(retryAfterSeconds(new Date(Date.now() + 5_000).toUTCString())).toBeGreaterThanOrEqual(4);
    expect(retryAfterSeconds('soon')).toBeNull();
    const once = await serviceFetch(
      createRateLimitStore(),
      async () => refused(null),
      async () => {},
    )('/graphql', {});
    expect((await once.json()).errors[0].message).toBe('rate limit exceeded');
    let tries = 0;
    const always = await serviceFetch(
      createRateLimitStore(),
      async () => {
        tries++;
        return refused('1');
      },
      async () => {},
    )('/graphql', {});
    expect(always.status).toBe(429);
    expect(tries).toBe(RATE_LIMIT_RETRIES + 1);
  });

  it('stops waiting when the request is given up (the page left)', async () => {
    const controller = new AbortController();
    const pending = serviceFetch(createRateLimitStore(), async () => refused('60'))('/graphql', {
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});

describe('freshness', () => {
  const client = (now: () => number, answer: (body: { operationName?: string }) => unknown) => {
    const sent: string[] = [];
    const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(_input), 'http://localhost');
      const operationName = url.searchParams.get('operationName') ?? JSON.parse(String(init?.body)).operationName;
      sent.push(operationName);
      return json(200, answer({ operationName }));
    };
    const urql = new Client({
      url: 'http://localhost/graphql',
      requestPolicy: 'cache-and-network',
      fetch: fetchImpl as typeof fetch,
      exchanges: [freshnessExchange(FRESH_MS, now), cacheExchange, fetchExchange],
    });
    return { urql, sent };
  };
  const query = gql`
    query Page {
      usage {
        plan
      }
    }
  `;
  const mutation = gql`
    mutation Change {
      logout {
        status
      }
    }
  `;
  const answer = ({ operationName }: { operationName?: string }) =>
    operationName === 'Page'
      ? { data: { usage: { __typename: 'Usage', plan: 'developer' } } }
      : { data: { logout: { __typename: 'LogoutResult', status: 'ok' } } };

  it('does not ask again for an answer younger than FRESH_MS, unless a mutation came since', async () => {
    let now = 1_000;
    const { urql, sent } = client(() => now, answer);
    await urql.query(query, {}).toPromise();
    now += FRESH_MS - 1;
    await urql.query(query, {}).toPromise();
    expect(sent).toEqual(['Page']);
    now += 2;
    await urql.query(query, {}).toPromise();
    // The cached answer first, then the network's: give the second a moment.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual(['Page', 'Page']);
    await urql.mutation(mutation, {}).toPromise();
    await urql.query(query, {}).toPromise();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual(['Page', 'Page', 'Change', 'Page']);
    // A mutation that changes nothing leaves the answers fresh.
    await urql.mutation(mutation, {}, { changesNothing: true }).toPromise();
    await urql.query(query, {}).toPromise();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual(['Page', 'Page', 'Change', 'Page', 'Change']);
  });
});
