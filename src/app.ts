// The one HTTP handler (no listen: tests drive it in-process). Every request gets a request id, the
// security headers of spec §4 and an authenticated principal (or none) before it reaches GraphQL or REST.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrismaClient } from './generated/prisma/client.js';
import { authenticate } from './auth/authenticate.js';
import type { RequestContext } from './graphql/context.js';
import { schema } from './graphql/schema.js';
import { createGraphQLHandler, GRAPHQL_PATH } from './graphql/yoga.js';
import { SECURITY_HEADERS } from './http/security-headers.js';
import { MAX_BODY_BYTES, payloadTooLarge } from './http/body.js';
import { sendError, sendJson } from './http/respond.js';
import { AppError, findAppError, internalError, notFound, rateLimited } from './lib/errors.js';
import type { Logger } from './lib/logger.js';
import { ENDPOINTS } from './rest/endpoints.js';
import type { Principal } from './auth/principal.js';
import type { PrincipalCache } from './auth/principal-cache.js';
import { clientAddress } from './http/client-address.js';
import { handlePublicRoute } from './http/public-routes.js';
import { setRateLimitHeaders, tenantPolicy, type RateLimits } from './http/rate-limits.js';
import { MESSAGES } from './lib/messages.js';
import { createRestRouter } from './rest/router.js';
import { buildOpenApiDocument } from './rest/openapi.js';
import type { Services } from './services.js';

export type AppDeps = {
  prisma: PrismaClient;
  services: Services;
  rateLimits: RateLimits;
  principals: PrincipalCache;
  log: Logger;
  production: boolean;
  trustProxyHops: number;
};

export type App = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const OPENAPI_PATH = '/v1/openapi.json';
const API_VERSION = '1.0.0';

export function createApp({ prisma, services, rateLimits, principals, log, production, trustProxyHops }: AppDeps): App {
  const yoga = createGraphQLHandler(schema, { production, log });
  const rest = createRestRouter(schema, ENDPOINTS);
  const openApiDocument = JSON.stringify(buildOpenApiDocument(schema, ENDPOINTS, API_VERSION));

  /** Per tenant for authenticated requests (with RateLimit-* headers), per address for the rest (§8). */
  async function applyRateLimit(principal: Principal | null, request: IncomingMessage, response: ServerResponse) {
    if (principal) {
      const policy = tenantPolicy(principal.plan);
      const verdict = await rateLimits.forTenant(principal);
      setRateLimitHeaders(response, verdict, policy);
      if (!verdict.allowed) throw rateLimited(MESSAGES.rateLimited, verdict.retryAfterSeconds);
      return;
    }
    const verdict = await rateLimits.forAddress(clientAddress(request, trustProxyHops));
    if (!verdict.allowed) throw rateLimited(MESSAGES.tooManyUnauthenticatedRequests, verdict.retryAfterSeconds);
  }

  return async function handle(request, response) {
    const startedAt = performance.now();
    const incomingId = request.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    response.setHeader('X-Request-Id', requestId);

    const url = new URL(request.url ?? '/', 'http://service.invalid');
    const requestLog = log.child({ requestId });
    let context: RequestContext | undefined;
    response.on('finish', () => {
      requestLog.info(
        {
          method: request.method,
          path: url.pathname,
          status: response.statusCode,
          durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
          tenantId: context?.principal?.tenantId,
        },
        'request',
      );
    });

    try {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { Allow: 'GET, POST, PUT, PATCH, DELETE, OPTIONS' }).end();
        return;
      }
      if (url.pathname === OPENAPI_PATH && request.method === 'GET') {
        response.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'public, max-age=300',
        });
        response.end(openApiDocument);
        return;
      }
      if (await handlePublicRoute(request, response, url.pathname, services, requestId)) return;
      const isGraphQL = url.pathname === GRAPHQL_PATH;
      const route = isGraphQL ? undefined : rest.match(request.method ?? 'GET', url.pathname);
      if (route?.kind === 'not-found') throw notFound();
      if (route?.kind === 'method-not-allowed') {
        sendError(response, new AppError('METHOD_NOT_ALLOWED', 'method not allowed'), requestId, {
          Allow: route.allow.join(', '),
        });
        return;
      }
      // Bodies are small in this API; refuse a declared oversize one before anyone buffers it (Yoga included).
      if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge();
      const principal = await authenticate(prisma, request.headers.authorization, requestLog, principals);
      context = { principal, requestId, services, log: requestLog };
      await applyRateLimit(principal, request, response);
      if (isGraphQL) {
        await yoga.handle(request, response, context);
        return;
      }
      if (route?.kind === 'found') {
        const outcome = await rest.run(route.endpoint, route.params, request, url, context);
        sendJson(response, outcome.status, outcome.body);
      }
    } catch (error) {
      const appError = findAppError(error);
      if (!appError) requestLog.error({ err: error }, 'unexpected error');
      if (response.headersSent) {
        response.destroy();
        return;
      }
      sendError(response, appError ?? internalError(), requestId);
    }
  };
}
