// The one rule for methods, on every path the service answers (the public routes, /graphql and the /v1 table):
// a path is known when one of those tables takes it, and then answers the methods its routes declare, HEAD
// wherever GET is (RFC 9110 §9.3.2: HEAD is GET without the content) and OPTIONS (§9.3.7; the CORS preflight is
// one). A known path asked with another method is 405 with Allow listing them (§15.5.6: the origin server MUST
// send Allow with a 405); OPTIONS on a known path is 204 with the same Allow; a path no table takes is 404,
// whatever the method.
import { PUBLIC_ROUTES } from './public-routes.js';

/** The order Allow lists methods in: safe ones first, OPTIONS last. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** GraphQL over HTTP: queries by GET or POST, mutations by POST (the GraphQL-over-HTTP draft, §"Request"). */
export const GRAPHQL_METHODS = ['GET', 'POST'] as const;

/** The routes of the /v1 table at a path (src/rest/router.ts). */
export type RestMethods = { methodsAt(pathname: string): readonly string[] | undefined };

/** The methods a path answers, in Allow's order; undefined when no route takes the path (404). */
export function allowedMethods(pathname: string, graphqlPath: string, rest: RestMethods): string[] | undefined {
  const declared = new Set<string>();
  for (const route of PUBLIC_ROUTES) {
    if (route.matches(pathname)) for (const method of route.methods ?? ['GET']) declared.add(method);
  }
  if (pathname === graphqlPath) for (const method of GRAPHQL_METHODS) declared.add(method);
  for (const method of rest.methodsAt(pathname) ?? []) declared.add(method);
  if (declared.size === 0) return undefined;
  if (declared.has('GET')) declared.add('HEAD');
  declared.add('OPTIONS');
  return ORDER.filter((method) => declared.has(method));
}

/** What a request for a method a route did not take gets: 404 (unknown path), 405 or OPTIONS' 204. */
export type MethodVerdict =
  { kind: 'not-found' } | { kind: 'options'; allow: string } | { kind: 'method-not-allowed'; allow: string };

export function methodVerdict(method: string, pathname: string, graphqlPath: string, rest: RestMethods): MethodVerdict {
  const allowed = allowedMethods(pathname, graphqlPath, rest);
  if (!allowed) return { kind: 'not-found' };
  const allow = allowed.join(', ');
  return method === 'OPTIONS' ? { kind: 'options', allow } : { kind: 'method-not-allowed', allow };
}
