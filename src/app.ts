// The one HTTP handler (no listen: tests drive it in-process). Every request gets a request id, the
// security headers of spec §4 and an authenticated principal (or none) before it reaches GraphQL or REST.
import { contextCacheSymbol } from '@pothos/core';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrismaClient } from './generated/prisma/client.js';
import { authenticate } from './auth/authenticate.js';
import { releaseRequestCaches, type RequestContext } from './graphql/context.js';
import { schema } from './graphql/schema.js';
import { createGraphQLHandler, GRAPHQL_PATH } from './graphql/yoga.js';
import { serveGraphQL } from './graphql/http.js';
import { createKnownAnswers } from './graphql/known-answers.js';
import { SECURITY_HEADERS } from './http/security-headers.js';
import { MAX_BODY_BYTES, payloadTooLarge } from './http/body.js';
import { sendError, sendJson } from './http/respond.js';
import { AppError, findAppError, forbidden, internalError, notFound, rateLimited } from './lib/errors.js';
import { databaseErrorAnswer } from './db/unavailable.js';
import { requestAuthority, requestTarget } from './http/request-target.js';
import type { Logger } from './lib/logger.js';
import { ENDPOINTS } from './rest/endpoints.js';
import type { Principal } from './auth/principal.js';
import type { PrincipalCache } from './auth/principal-cache.js';
import { clientAddress } from './http/client-address.js';
import { matchPublicRoute } from './http/public-routes.js';
import { GRAPHQL_METHODS, methodVerdict } from './http/allowed-methods.js';
import { loadDashboard, type Dashboard } from './http/dashboard.js';
import { setRateLimitHeaders, type RateLimits } from './http/rate-limits.js';
import { MESSAGES } from './lib/messages.js';
import { createRestRouter } from './rest/router.js';
import { API_VERSION, buildOpenApiDocument } from './rest/openapi.js';
import type { Services } from './services.js';
import { createCorsPolicy } from './http/cors.js';
import type { Health } from './observability/health.js';
import { UNMATCHED_ROUTE, type Metrics, type QuotaResource } from './observability/metrics.js';

export type AppDeps = {
  prisma: PrismaClient;
  services: Services;
  rateLimits: RateLimits;
  principals: PrincipalCache;
  log: Logger;
  production: boolean;
  trustProxyHops: number;
  metrics: Metrics;
  health: Health;
  metricsToken: string | undefined;
  /** Origins allowed to call from a browser (CORS_ORIGINS); empty: none. */
  corsOrigins: readonly string[];
  graphiql: boolean;
  /** The dashboard's files; default: web/dist of this package, read now. */
  dashboard?: Dashboard;
  /** WEBHOOK_ALLOW_PRIVATE_URLS, for what the dashboard says about receiving on localhost in development. */
  webhookAllowPrivateUrls?: boolean;
};

export type App = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The REST router (every endpoint's operation validated and compiled) and the OpenAPI document depend on the
 * schema and the endpoint table alone: built once per process (some 90 ms of CPU), not once per app. A
 * process runs one app, but the test suite runs about a hundred in two.
 */
let restOfSchema: { rest: ReturnType<typeof createRestRouter>; openApiDocument: string } | undefined;
function restAndDocument() {
  restOfSchema ??= {
    rest: createRestRouter(schema, ENDPOINTS),
    openApiDocument: JSON.stringify(buildOpenApiDocument(schema, ENDPOINTS, API_VERSION)),
  };
  return restOfSchema;
}

export function createApp(deps: AppDeps): App {
  const { prisma, services, rateLimits, principals, log, production, trustProxyHops, metrics } = deps;
  const yoga = createGraphQLHandler(schema, { production, graphiql: deps.graphiql, log });
  const knownAnswers = createKnownAnswers();
  const cors = createCorsPolicy(deps.corsOrigins);
  const operations = { health: deps.health, metrics, metricsToken: deps.metricsToken };
  const { rest, openApiDocument } = restAndDocument();
  const dashboard =
    deps.dashboard ??
    loadDashboard(undefined, { production, webhookPrivateUrls: deps.webhookAllowPrivateUrls ?? false });
  // Every request's access line: its fields are fixed and hold no secret, so it skips the redaction pass (some
  // 1% of a request's CPU in a profile) that every other line goes through.
  const accessLog = log.child({}, { redact: [] });
  if (!dashboard.files.size)
    log.warn({ directory: dashboard.directory }, 'the dashboard is not built: run npm run build:web');

  /**
   * Per tenant for authenticated requests, per address for the rest (§8); RateLimit-* headers on both. `cost`
   * is the number of operations: one per request, more for a GraphQL request holding several mutations.
   */
  async function applyRateLimit(
    principal: Principal | null,
    request: IncomingMessage,
    response: ServerResponse,
    cost = 1,
  ) {
    if (principal) {
      const verdict = await rateLimits.forTenant(principal, cost);
      setRateLimitHeaders(response, verdict, rateLimits.tenantPolicy(principal.plan));
      if (!verdict.allowed) {
        metrics.rateLimited('tenant');
        throw rateLimited(MESSAGES.rateLimited, verdict.retryAfterSeconds);
      }
      return;
    }
    const verdict = await rateLimits.forAddress(clientAddress(request, trustProxyHops), cost);
    setRateLimitHeaders(response, verdict, rateLimits.addressPolicy);
    if (!verdict.allowed) {
      metrics.rateLimited('address');
      throw rateLimited(MESSAGES.tooManyUnauthenticatedRequests, verdict.retryAfterSeconds);
    }
  }

  /** Public documents and answers that need no credential (status lists, DID resolution, 404s): per address. */
  async function applyPublicRateLimit(request: IncomingMessage, response: ServerResponse) {
    const verdict = await rateLimits.forPublic(clientAddress(request, trustProxyHops));
    setRateLimitHeaders(response, verdict, rateLimits.publicPolicy);
    if (!verdict.allowed) {
      metrics.rateLimited('public');
      throw rateLimited(MESSAGES.tooManyUnauthenticatedRequests, verdict.retryAfterSeconds);
    }
  }

  /** A refusal the operator counts: a spent plan quota. */
  function observeRefusal(error: AppError) {
    if (error.quota) metrics.quotaRefused(error.quota as QuotaResource);
  }

  async function handle(request: IncomingMessage, response: ServerResponse, requestId: string) {
    const startedAt = performance.now();
    // The request's logger, made when something logs (most requests log only their access line).
    let requestLogger: Logger | undefined;
    const requestLog = () => (requestLogger ??= log.child({ requestId }));
    let context: RequestContext | undefined;
    let path: string | undefined;
    // The route template (never the raw path) labels the request's metrics.
    let route = UNMATCHED_ROUTE;
    response.on('finish', () => {
      metrics.observeRequest(
        request.method ?? 'GET',
        route,
        response.statusCode,
        (performance.now() - startedAt) / 1000,
      );
      // A 500 is a fault of ours whatever raised it: its line is at error level, beside the cause's, so that
      // an alert on error lines sees every one.
      accessLog[response.statusCode === 500 ? 'error' : 'info'](
        {
          requestId,
          method: request.method,
          path,
          status: response.statusCode,
          durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
          tenantId: context?.principal?.tenantId,
        },
        'request',
      );
    });

    try {
      const url = requestTarget(request.url);
      path = url.pathname;
      // Two Host headers are a 400 on every route (RFC 9112 §3.2), before the host picks a tenant anywhere.
      requestAuthority(request);
      const crossOrigin = cors.apply(request, response);
      if (crossOrigin.kind === 'refused') {
        await applyPublicRateLimit(request, response);
        throw forbidden(`origin not allowed: ${crossOrigin.origin}`);
      }
      const method = request.method ?? 'GET';
      const publicRoute = method === 'OPTIONS' ? null : matchPublicRoute(method, url.pathname);
      if (publicRoute) {
        route = publicRoute.path;
        path = publicRoute.loggedPath?.(url.pathname) ?? path;
        if (publicRoute.rateLimit === 'public') await applyPublicRateLimit(request, response);
        await publicRoute.handle({
          request,
          response,
          pathname: url.pathname,
          services,
          requestId,
          openApiDocument,
          operations,
          graphiql: deps.graphiql,
          dashboard,
        });
        return;
      }
      // HEAD is GET without the content (RFC 9110 §9.3.2): the same route answers it, and Node sends no body.
      const asMethod = method === 'HEAD' ? 'GET' : method;
      const isGraphQL = url.pathname === GRAPHQL_PATH && GRAPHQL_METHODS.some((allowed) => allowed === asMethod);
      const match = isGraphQL ? undefined : rest.match(asMethod, url.pathname);
      if (isGraphQL) route = GRAPHQL_PATH;
      if (match && match.kind !== 'found') {
        // No route takes this method here: the one rule of src/http/allowed-methods.ts says 404, 405 or 204.
        await applyPublicRateLimit(request, response);
        const verdict = methodVerdict(method, url.pathname, GRAPHQL_PATH, rest);
        if (verdict.kind === 'not-found') throw notFound();
        if (verdict.kind === 'options') {
          response.writeHead(204, { Allow: verdict.allow }).end();
          return;
        }
        sendError(response, new AppError('METHOD_NOT_ALLOWED', 'method not allowed'), requestId, {
          Allow: verdict.allow,
        });
        return;
      }
      if (match?.kind === 'found') route = match.endpoint.documentPath;
      // Bodies are small in this API; refuse a declared oversize one before anyone buffers it (Yoga included).
      if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge();
      const principal = await authenticate(prisma, request.headers.authorization, requestLog, principals);
      const idempotencyKey = request.headers['idempotency-key'];
      let ranMutation = false;
      context = {
        principal,
        requestId,
        services,
        // Set below, once the caller may use this host.
        origin: { publicBaseUrl: services.publicBaseUrl.configured(), hostTenantId: null },
        // A plain property, not a getter: an accessor in an object literal gives each context a hidden class of its
        // own, and those maps (old generation) kept every request's objects alive through young-generation
        // collections until a full one. A child logger costs some 0.2 µs.
        log: requestLog(),
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
        // Node merges these with the headers the transports write later.
        setResponseHeader: (name, value) => response.setHeader(name, value),
        chargeOperations: (count) => applyRateLimit(principal, request, response, count),
        markMutation: () => {
          ranMutation = true;
        },
        // As a key of the literal: spread in from another object (Pothos's initContextCache()), it gave each
        // context a hidden class of its own, with the same cost as the getter above.
        [contextCacheSymbol]: {},
      };
      await applyRateLimit(principal, request, response);
      // Another tenant's credentials on a tenant's verified domain: 421 before anything runs (public-base-url.ts).
      context.origin = await services.publicBaseUrl.originFor(request, principal?.tenantId ?? null);
      if (isGraphQL) {
        await serveGraphQL(yoga, knownAnswers, request, response, url, context);
        // A mutation may have recorded events: the webhook dispatcher looks now rather than at its next poll. (Not
        // after queries: each wake costs the dispatcher a pass, at most one per 25 ms, a statement or two.)
        if (ranMutation) services.webhookDispatcher.wake();
        return;
      }
      if (match?.kind === 'found') {
        const outcome = await rest.run(match.endpoint, match.params, request, url, context);
        sendJson(response, outcome.status, outcome.body);
        // As for GraphQL mutations; not after a verification, which wrote nothing a pass could find.
        if (asMethod !== 'GET' && !match.endpoint.writesNothing) services.webhookDispatcher.wake();
      }
    } catch (error) {
      let appError = findAppError(error);
      if (!appError) {
        appError = databaseErrorAnswer(error);
        if (appError) requestLog().warn({ err: error }, 'database refused the request');
        else requestLog().error({ err: error }, 'unexpected error');
      }
      if (appError) observeRefusal(appError);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      sendError(response, appError ?? internalError(), requestId);
    } finally {
      if (context) releaseRequestCaches(context);
    }
  }

  // The error boundary: nothing a client sends may reject past this point (a rejected request listener
  // would end the process).
  return async function app(request, response) {
    const incomingId = request.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    try {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
      response.setHeader('X-Request-Id', requestId);
      await handle(request, response, requestId);
    } catch (error) {
      log.error({ err: error, requestId }, 'request failed outside the error boundary');
      if (!response.headersSent) sendError(response, internalError(), requestId);
      else response.destroy();
    }
  };
}
