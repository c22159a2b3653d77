// The operator's endpoints: liveness, readiness and Prometheus metrics. Not under /v1 (they are not the
// API, and their paths are the ones orchestrators and scrapers expect), never rate limited (a refused probe
// would get a healthy instance restarted), and never cached.
import type { ServerResponse } from 'node:http';
import { constantTimeEqual, sha256 } from '../lib/crypto.js';
import { MESSAGES } from '../lib/messages.js';
import type { PublicRequest } from './public-routes.js';
import { sendJson } from './respond.js';

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function serveLiveness({ response }: PublicRequest) {
  sendJson(response, 200, { status: 'ok' }, NO_STORE);
}

export async function serveReadiness({ response, operations, requestId }: PublicRequest) {
  const readiness = await operations.health.readiness();
  if (readiness.ready) {
    sendJson(response, 200, { status: 'ready', checks: readiness.checks }, NO_STORE);
    return;
  }
  sendJson(
    response,
    503,
    {
      error: `not ready: ${readiness.failed.join(', ')}`,
      code: 'UNAVAILABLE',
      request_id: requestId,
      status: 'unavailable',
      checks: readiness.checks,
    },
    NO_STORE,
  );
}

/** With METRICS_TOKEN set, the scraper must send it as a bearer token. */
export async function serveMetrics({ request, response, operations, requestId }: PublicRequest) {
  const token = operations.metricsToken;
  if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
    refuse(response, requestId);
    return;
  }
  const body = await operations.metrics.render();
  response.writeHead(200, {
    'Content-Type': operations.metrics.contentType,
    'Content-Length': Buffer.byteLength(body),
    ...NO_STORE,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  // Compared as SHA-256 digests: equal lengths, and the time taken says nothing about the token.
  return presented !== undefined && constantTimeEqual(sha256(presented), sha256(token));
}

function refuse(response: ServerResponse, requestId: string) {
  sendJson(
    response,
    401,
    { error: MESSAGES.unauthorized, code: 'UNAUTHORIZED', request_id: requestId },
    { 'WWW-Authenticate': 'Bearer realm="metrics"', ...NO_STORE },
  );
}
