// One rule for methods on every path the service answers, read from its route tables (the public routes, /graphql
// and the /v1 table), not from a list written here: a known path asked with a method it does not answer is 405
// with Allow naming the methods it does (RFC 9110 §15.5.6), HEAD wherever GET is (§9.3.2) and OPTIONS everywhere
// (§9.3.7, the CORS preflight); OPTIONS answers 204 with the same Allow; a path nobody answers is 404 whatever
// the method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH } from '../../src/graphql/yoga.js';
import { PUBLIC_ROUTES } from '../../src/http/public-routes.js';
import { ENDPOINTS } from '../../src/rest/endpoints.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A concrete path for a template: every parameter (`{did}`, `:did`) becomes `x`. */
const concrete = (template: string) => template.replace(/\{[^}]+\}|:[a-z_]+/g, 'x');

/** What the tables say a path answers: the public routes whose matcher takes it, /graphql, the /v1 template. */
function declaredMethods(path: string, restTemplate?: string): Set<string> {
  const methods = new Set<string>();
  for (const route of PUBLIC_ROUTES) if (route.matches(path)) for (const m of route.methods ?? ['GET']) methods.add(m);
  if (path === GRAPHQL_PATH) ['GET', 'POST'].forEach((m) => methods.add(m));
  for (const endpoint of ENDPOINTS) if (endpoint.path === restTemplate) methods.add(endpoint.method);
  return methods;
}

/** The Allow header the rule gives: HEAD beside GET, OPTIONS always, in the order of METHODS. */
function allowFor(declared: Set<string>): string {
  const allowed = new Set([...declared, ...(declared.has('GET') ? ['HEAD'] : []), 'OPTIONS']);
  return METHODS.filter((method) => allowed.has(method)).join(', ');
}

const paths = new Map<string, string>();
for (const route of PUBLIC_ROUTES) paths.set(concrete(route.path), allowFor(declaredMethods(concrete(route.path))));
paths.set(GRAPHQL_PATH, allowFor(declaredMethods(GRAPHQL_PATH)));
for (const endpoint of ENDPOINTS) {
  const path = concrete(endpoint.path);
  paths.set(path, allowFor(declaredMethods(path, endpoint.path)));
}
const KNOWN = [...paths].map(([path, allow]) => ({ path, allow }));

describe('a known path', () => {
  it.each(KNOWN)('$path: a method it does not answer is 405 with Allow: $allow', async ({ path, allow }) => {
    const refused = METHODS.filter((method) => !allow.split(', ').includes(method));
    for (const method of refused) {
      const response = await app.request(method, path);
      expect({ method, status: response.status, allow: response.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow,
      });
      // A HEAD answer has no content (RFC 9110 §9.3.2): the error's JSON is for the other methods.
      if (method !== 'HEAD') expectError(response, 405, 'method not allowed');
    }
  });

  it.each(KNOWN)('$path: OPTIONS is 204 with Allow: $allow', async ({ path, allow }) => {
    const response = await app.request('OPTIONS', path);
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe(allow);
    expectSecurityHeaders(response.headers);
  });

  it.each(KNOWN.filter(({ allow }) => allow.includes('GET')))(
    '$path: HEAD answers as GET does, without the body',
    async ({ path }) => {
      const get = await app.request('GET', path);
      const head = await app.request('HEAD', path);
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.text).toBe('');
    },
  );
});

describe('an unknown path', () => {
  it.each(['/nothing-here', '/v1', '/v1/nothing-here', '/healthz/x', '/graphql/x', '/.well-known/nothing'])(
    '%s is 404 whatever the method',
    async (path) => {
      for (const method of METHODS) {
        const response = await app.request(method, path);
        expect({ method, status: response.status }).toEqual({ method, status: 404 });
        if (method !== 'HEAD') expectError(response, 404, 'not found');
        expect(response.headers.get('allow')).toBeNull();
      }
    },
  );
});
