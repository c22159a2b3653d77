// Cross-origin requests from browsers: off unless CORS_ORIGINS names the origin exactly. An origin is
// never reflected just because a request carries it, and no Access-Control-Allow-Credentials is sent: the
// API authenticates with a bearer token the page sends itself, not with cookies the browser would attach.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
/** Headers a page's script may read from a response: rate-limit state, the request id for support. */
const EXPOSED_HEADERS =
  'X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, Idempotent-Replayed';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export type CorsVerdict =
  /** Not a cross-origin request from a browser, or not one the policy concerns: carry on. */
  | { kind: 'none' }
  /** From an allowed origin: the headers are set; carry on (or answer the preflight). */
  | { kind: 'allowed'; preflight: boolean }
  /** A preflight from an origin not on the list. */
  | { kind: 'refused'; origin: string };

export function createCorsPolicy(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return {
    /** Sets the CORS response headers a request from an allowed origin gets. */
    apply(request: IncomingMessage, response: ServerResponse): CorsVerdict {
      const origin = request.headers.origin;
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      // Caches must keep answers for different origins apart whenever the answer depends on the origin.
      if (allowed.size > 0) response.setHeader('Vary', 'Origin');
      if (typeof origin !== 'string') return { kind: 'none' };
      if (!allowed.has(origin)) return preflight ? { kind: 'refused', origin } : { kind: 'none' };
      response.setHeader('Access-Control-Allow-Origin', origin);
      if (!preflight) {
        response.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
        return { kind: 'allowed', preflight: false };
      }
      response.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      response.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      return { kind: 'allowed', preflight: true };
    },
  };
}

export type CorsPolicy = ReturnType<typeof createCorsPolicy>;
