// How the client reads the service's answers: the error text shown, what counts as a refused session, the
// REST-shaped refusals made GraphQL errors, the rate-limit headers recorded for authenticated requests only.
import { CombinedError } from '@urql/core';
import { describe, expect, it } from 'vitest';
import { serviceFetch } from './client';
import { errorText, isUnauthenticated } from './errors';
import { createRateLimitStore } from './rate-limit';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

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
    expect(isUnauthenticated(new CombinedError({ networkError: new Error('x'), response: new Response(null, { status: 401 }) }))).toBe(
      true,
    );
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
    const ok = await serviceFetch(createRateLimitStore(), async () => json(200, { data: { me: null } }))('/graphql', {});
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
