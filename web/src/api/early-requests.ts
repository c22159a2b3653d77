// The first load's requests, sent before the app's bundle has run. With a session token in the tab, boot.ts (a
// script of its own, which the browser runs as soon as it has it) asks for `me` and for the first queries of the
// page the address opens; the GraphQL client then takes these answers instead of asking again. Without this,
// evaluating the bundle and React's first render stood between the page's arrival and its first request:
// measured, some 400 ms of the overview's first render on a 2-core machine.
//
// The documents are the operation files' own text (a .graphql file holding only queries), sent with the
// operation's name; the client asks with its printed form of the same operation, so an answer is matched by
// operation name, variables and token, never by URL. An answer is handed out once, and not after FRESH_MS.
//
// A page's variables may depend on the member's permissions (the overview's events need events:read): they
// come from the permissions the tab remembers from its last `me` (session-store.ts). Without them (a first
// load of the tab), only `me` leaves early.
import meDocument from '../graphql/me.graphql?raw';
import overviewDocument from '../graphql/overview.graphql?raw';
import { GRAPHQL_PATH } from './graphql-path';
import { overviewVariables } from './overview-variables';

type EarlyQuery = { operationName: string; document: string; variables: Record<string, unknown> };

/** The query of the pages a first load most often opens, by path under the app's base. */
const PAGE_QUERIES: Record<string, (granted: readonly string[]) => EarlyQuery> = {
  '/': (granted) => ({
    operationName: 'OverviewPage',
    document: overviewDocument,
    variables: overviewVariables(granted),
  }),
};

const FRESH_MS = 10_000;

type Sent = { key: string; sentAt: number; response: Promise<Response> };
const sent: Sent[] = [];

/**
 * `path`: the address's path under the app's base ('/', '/dids'); `granted`: the permissions of the tab's last
 * `me`, if it remembers them.
 */
export function sendEarlyRequests(token: string | null, path: string, granted: readonly string[] | null = null): void {
  if (token === null) return;
  const page = PAGE_QUERIES[path];
  const queries = [
    { operationName: 'Me', document: meDocument, variables: {} },
    ...(page && granted ? [page(granted)] : []),
  ];
  for (const { operationName, document, variables } of queries) {
    const response = fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: document, operationName, variables }),
    });
    response.catch(() => {}); // the client asks again itself (takeEarlyResponse)
    sent.push({ key: keyOf(token, operationName, variables), sentAt: performance.now(), response });
  }
}

/**
 * The early answer to this request of the client, if one was sent for the same operation, variables and token
 * less than FRESH_MS ago and not yet handed out; a failed early request falls back to `fetchImpl`.
 */
export function takeEarlyResponse(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  fetchImpl: typeof fetch,
): Promise<Response> | undefined {
  const now = performance.now();
  // Stale answers go even when no request takes them (a page whose permissions changed since, say), so
  // the table does not cost every later request a lookup.
  for (let i = sent.length - 1; i >= 0; i--) if (now - sent[i]!.sentAt > FRESH_MS) sent.splice(i, 1);
  if (sent.length === 0) return undefined;
  const key = requestKey(input, init);
  const index = key === null ? -1 : sent.findIndex((entry) => entry.key === key);
  if (index < 0) return undefined;
  const [entry] = sent.splice(index, 1);
  return entry!.response.catch(() => fetchImpl(input, init));
}

/** Operation name, variables and token of a GraphQL request as urql sends it (GET in the URL, or POST JSON). */
function requestKey(input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '');
  if (!token) return null;
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  if (url.pathname !== GRAPHQL_PATH) return null;
  if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
    const operationName = url.searchParams.get('operationName');
    const variables = url.searchParams.get('variables');
    return operationName && keyOf(token, operationName, variables ? JSON.parse(variables) : {});
  }
  if (typeof init?.body !== 'string') return null;
  const body = JSON.parse(init.body) as { operationName?: string; variables?: Record<string, unknown> };
  return body.operationName ? keyOf(token, body.operationName, body.variables ?? {}) : null;
}

const keyOf = (token: string, operationName: string, variables: Record<string, unknown>) =>
  JSON.stringify([token, operationName, sortedKeys(variables)]);

const sortedKeys = (variables: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(variables).sort(([a], [b]) => a.localeCompare(b)));
