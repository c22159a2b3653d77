// The dashboard's GraphQL client: urql (its document cache, and the fetch exchange) against /graphql on this
// origin. Every operation is a TypedDocumentNode generated from web/src/graphql/*.graphql, so results and
// variables are typed. Four things are added here:
// - the session token as `Authorization: Bearer` (or a token the operation names, for sign-in's checks);
// - a 401 to a request that carried the current token ends the session, which returns the app to sign-in;
// - the service's REST-shaped refusals ({"error": …} with 401, 413, 429, 503, before GraphQL ran) are turned
//   into GraphQL errors carrying that text, so every error reaches the page the same way;
// - the answers the first load asked for before the bundle ran are used rather than asked for again;
// - a request the service refused with 429 before running it is sent again once its Retry-After has passed
//   (the layout says so meanwhile), so a page shows its data a few seconds late instead of an error.
// A new client is made for every session (see session.tsx), so no cached data outlives the token it came with.
import { Client, cacheExchange, fetchExchange, makeOperation, mapExchange, type Operation } from '@urql/core';
import { takeEarlyResponse } from './early-requests';
import { isUnauthenticated } from './errors';
import { GRAPHQL_PATH } from './graphql-path';
import { freshnessExchange } from './freshness';
import { retryAfterSeconds, type RateLimitStore } from './rate-limit';
import type { SessionStore } from '../session/session-store';

declare module '@urql/core' {
  interface OperationContext {
    /** Send this token instead of the session's (sign-in checks a new session before adopting it). */
    sessionToken?: string;
  }
}

export function createDashboardClient(session: SessionStore, rateLimits: RateLimitStore): Client {
  return new Client({
    url: GRAPHQL_PATH,
    requestPolicy: 'cache-and-network',
    // The first load's answers, when boot.ts asked before the bundle ran (early-requests.ts); else the network.
    fetch: serviceFetch(rateLimits, (input, init) => takeEarlyResponse(input, init, fetch) ?? fetch(input, init)),
    exchanges: [freshnessExchange(), cacheExchange, bearer(session), fetchExchange],
  });
}

function bearer(session: SessionStore) {
  return mapExchange({
    onOperation(operation) {
      const token = operation.context.sessionToken ?? session.get().token;
      if (!token || operation.kind === 'teardown') return operation;
      const options =
        typeof operation.context.fetchOptions === 'function'
          ? operation.context.fetchOptions()
          : (operation.context.fetchOptions ?? {});
      return makeOperation(operation.kind, operation, {
        ...operation.context,
        fetchOptions: {
          ...options,
          headers: { ...(options.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
        },
      });
    },
    onResult(result) {
      // Only the token in use now: a late answer to a request of an earlier session changes nothing.
      const current = session.get().token;
      if (current && isUnauthenticated(result.error) && sentToken(result.operation) === current) {
        session.end('expired');
      }
    },
  });
}

function sentToken(operation: Operation): string | null {
  const options = operation.context.fetchOptions;
  const headers = (typeof options === 'function' ? options() : options)?.headers as Record<string, string> | undefined;
  return headers?.authorization?.replace(/^Bearer /, '') ?? null;
}

/** How often one request is sent again after a 429, and the longest Retry-After waited out; beyond, the error shows. */
export const RATE_LIMIT_RETRIES = 5;
export const MAX_RETRY_AFTER_SECONDS = 120;

type Sleep = (ms: number, signal?: AbortSignal | null) => Promise<void>;

/**
 * fetch, recording the tenant's rate-limit headers, waiting out 429s, and reshaping the service's non-GraphQL
 * refusals. A 429 whose body is the service's own refusal ({"error": …}: the request was refused before it ran,
 * so sending it again cannot do anything twice, mutations included) is sent again after its Retry-After.
 */
export function serviceFetch(
  rateLimits: RateLimitStore,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  sleep: Sleep = abortableSleep,
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const authorized = Boolean(new Headers(init?.headers).get('authorization'));
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(input, init);
      if (authorized) rateLimits.record(response.headers);
      if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as Record<string, unknown> | null;
      if (!body || 'errors' in body || typeof body.error !== 'string') return response;
      const seconds = response.status === 429 ? retryAfterSeconds(response.headers.get('retry-after')) : null;
      if (seconds !== null && seconds <= MAX_RETRY_AFTER_SECONDS && attempt < RATE_LIMIT_RETRIES) {
        const done = rateLimits.waiting(Date.now() + seconds * 1000);
        try {
          await sleep(seconds * 1000, init?.signal);
        } finally {
          done();
        }
        continue;
      }
      const errors = [{ message: body.error, extensions: { code: body.code, status: response.status } }];
      return new Response(JSON.stringify({ errors }), {
        status: response.status,
        statusText: response.statusText,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    }
  };
}

/** Resolves after `ms`; rejects as fetch does (AbortError) when the operation is torn down meanwhile. */
function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal!.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
