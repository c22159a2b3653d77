// Public, unauthenticated documents that other software fetches: DID resolution for any DID of a method we
// have (Universal Resolver's path, /1.0/identifiers/{did}) and our published status lists. Both are cacheable:
// for as long as the DID's method says (a did:key document never changes); a status list changes on
// revocation (ETag = list version).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { didMethodOf } from '../modules/dids/methods/index.js';
import { didWebForDocumentPath } from '../modules/dids/methods/did-web/did-web.js';
import { domainNameProblem } from '../modules/domains/domains.inputs.js';
import { STATUS_LIST_PATH, STATUS_LIST_TTL_SECONDS } from '../modules/status-lists/status-lists.service.js';
import { TENANT_SLUG_PATTERN } from '../modules/auth/auth.inputs.js';
import { TRUST_LIST_PATH, TRUST_LIST_TTL_SECONDS } from '../modules/trust/trust-lists.js';
import {
  JWT_VC_ISSUER_TENANT_PREFIX,
  JWT_VC_ISSUER_TTL_SECONDS,
} from '../modules/jwt-vc-issuer/jwt-vc-issuer-metadata.js';
import { WELL_KNOWN } from '../modules/oid4vci/issuer-identifier.js';
import { matchesIfNoneMatch } from './conditional-get.js';
import { OID4VCI_ROUTES } from '../modules/oid4vci/oid4vci.routes.js';
import { AUTHORIZATION_ROUTES } from '../modules/oid4vci/authorization.routes.js';
import { OID4VP_ROUTES } from '../modules/oid4vp/oid4vp.routes.js';
import type { Services } from '../services.js';
import { GRAPHIQL_ASSETS_PATH, serveGraphiQLAsset } from '../graphql/graphiql.js';
import { DASHBOARD_PATH, redirectToDashboard, serveDashboard, type Dashboard } from './dashboard.js';
import type { Health } from '../observability/health.js';
import type { Metrics } from '../observability/metrics.js';
import { sendJson } from './respond.js';
import { MAX_BODY_BYTES, payloadTooLarge, readBody } from './body.js';
import { AppError } from '../lib/errors.js';
import {
  HEALTHZ_PATH,
  METRICS_PATH,
  READYZ_PATH,
  serveLiveness,
  serveMetrics,
  serveReadiness,
} from './operational-routes.js';

const RESOLVER_PATH = '/1.0/identifiers/';
export const TLS_ASK_PATH = '/internal/tls/ask';
const DID_JSON = /^\/(?:\.well-known|[A-Za-z0-9._~/-]+)\/did\.json$/;
export const DIDCOMM_INBOUND_PATH = '/didcomm';
/**
 * The IANA media types of the envelopes the inbox takes (DIDComm v2.1 § IANA Media Types; its HTTPS transport
 * POSTs with the envelope's media type). Nothing else, no Content-Type included: an HTML form cannot send these
 * cross-site without a CORS preflight.
 */
const DIDCOMM_CONTENT_TYPES = ['application/didcomm-encrypted+json', 'application/didcomm-signed+json'];

export type PublicRequest = {
  request: IncomingMessage;
  response: ServerResponse;
  pathname: string;
  services: Services;
  requestId: string;
  /** The OpenAPI document, rendered once at start-up. */
  openApiDocument: string;
  operations: { health: Health; metrics: Metrics; metricsToken: string | undefined };
  /** Whether GraphiQL is on (Config `graphiql`): its files are served only then. */
  graphiql: boolean;
  /** The dashboard's built files, listed at start-up (src/http/dashboard.ts). */
  dashboard: Dashboard;
};
type PublicHandler = (request: PublicRequest) => Promise<void>;

/**
 * The routes open to anyone, declared in one place with the reason they are open (the /v1 table's routes
 * declare their access on their GraphQL fields, src/graphql/access.ts). `path` is the route as the OpenAPI
 * document names it; the document describes each one (src/rest/openapi-public.ts) or the service refuses to
 * start.
 */
export type PublicRoute = {
  path: string;
  reason: string;
  /** `public`: the per-address bucket for public documents; `none`: probes, which a refusal would harm. */
  rateLimit: 'public' | 'none';
  /** The methods it answers; GET and HEAD when not said. */
  methods?: readonly string[];
  matches: (pathname: string) => boolean;
  handle: PublicHandler;
  /** The path as the access log may show it, for a route whose path holds a secret (an offer's reference). */
  loggedPath?: (pathname: string) => string;
};

export const OPENAPI_PATH = '/v1/openapi.json';

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: OPENAPI_PATH,
    reason: 'the contract is for integrators before they hold a credential',
    rateLimit: 'public',
    matches: (pathname) => pathname === OPENAPI_PATH,
    handle: serveOpenApiDocument,
  },
  {
    path: `${RESOLVER_PATH}{did}`,
    reason: 'DID resolution is public by nature: anyone verifying a credential resolves its issuer',
    rateLimit: 'public',
    matches: (pathname) => pathname.startsWith(RESOLVER_PATH),
    handle: resolveDid,
  },
  {
    path: `${STATUS_LIST_PATH}{id}`,
    reason: 'a credential’s status list is fetched by whoever verifies it, with no account here',
    rateLimit: 'public',
    matches: (pathname) => pathname.startsWith(STATUS_LIST_PATH),
    handle: publishStatusList,
  },
  {
    path: `${TRUST_LIST_PATH}{tenant_slug}`,
    reason: 'a tenant’s signed trust list is for relying parties outside the service, with no account here',
    rateLimit: 'public',
    matches: (pathname) => pathname.startsWith(TRUST_LIST_PATH),
    handle: publishTrustList,
  },
  {
    path: `${JWT_VC_ISSUER_TENANT_PREFIX}{tenant_slug}`,
    reason: 'a tenant’s JWT VC Issuer Metadata (its public keys) is fetched by whoever verifies its SD-JWT VCs',
    rateLimit: 'public',
    matches: (pathname) => pathname.startsWith(JWT_VC_ISSUER_TENANT_PREFIX),
    handle: publishJwtVcIssuerMetadata,
  },
  {
    path: WELL_KNOWN.jwtVcIssuer,
    reason: 'the JWT VC Issuer Metadata of the tenant whose verified custom domain is its issuer identifier',
    rateLimit: 'public',
    matches: (pathname) => pathname === WELL_KNOWN.jwtVcIssuer,
    handle: publishJwtVcIssuerMetadata,
  },
  {
    path: '/.well-known/did.json',
    reason: 'a did:web document is fetched by whoever resolves the DID (did:web spec), on the tenant’s verified domain',
    rateLimit: 'public',
    matches: (pathname) => pathname === '/.well-known/did.json',
    handle: serveDidWebDocument,
  },
  {
    path: '/{path}/did.json',
    reason: 'a did:web document with a path (did:web:<domain>:<path…>), on the tenant’s verified domain',
    rateLimit: 'public',
    matches: (pathname) => DID_JSON.test(pathname) && !pathname.startsWith('/v1/'),
    handle: serveDidWebDocument,
  },
  {
    path: TLS_ASK_PATH,
    reason: 'the TLS terminator (Caddy on-demand TLS `ask`) asks before getting a certificate; says only yes or no',
    // Each answer may cost a database lookup: the per-address bucket keeps one address from spending the
    // database on every other tenant (the deploy configs keep the path from the outside as well).
    rateLimit: 'public',
    matches: (pathname) => pathname === TLS_ASK_PATH,
    handle: answerTlsAsk,
  },
  {
    path: DIDCOMM_INBOUND_PATH,
    reason: 'the DIDComm inbox of every DID hosted here: any agent sends to it, and the envelope is its own proof',
    rateLimit: 'public',
    methods: ['POST'],
    matches: (pathname) => pathname === DIDCOMM_INBOUND_PATH,
    handle: receiveDidcomm,
  },
  // OpenID4VCI: every tenant's Credential Issuer, for wallets (src/modules/oid4vci/oid4vci.routes.ts).
  ...OID4VCI_ROUTES,
  ...AUTHORIZATION_ROUTES,
  // OpenID4VP: every tenant is a verifier; its wallets fetch requests and post answers here
  // (src/modules/oid4vp/oid4vp.routes.ts).
  ...OID4VP_ROUTES,
  {
    path: `${GRAPHIQL_ASSETS_PATH}{name}`,
    reason: 'GraphiQL’s page loads its scripts and styles before anyone can sign in; off unless GRAPHIQL is on',
    rateLimit: 'public',
    matches: (pathname) => pathname.startsWith(GRAPHIQL_ASSETS_PATH),
    handle: serveGraphiQLAsset,
  },
  {
    path: `${DASHBOARD_PATH}/{path}`,
    reason:
      'the dashboard’s page and files load before anyone can sign in; its data comes from /graphql with a session',
    rateLimit: 'public',
    matches: (pathname) => pathname === DASHBOARD_PATH || pathname.startsWith(`${DASHBOARD_PATH}/`),
    handle: serveDashboard,
  },
  {
    path: '/',
    reason: 'a person opening the service’s address is sent to the dashboard',
    rateLimit: 'public',
    matches: (pathname) => pathname === '/',
    handle: redirectToDashboard,
  },
  {
    path: HEALTHZ_PATH,
    reason: 'liveness probe: says only that the process answers',
    rateLimit: 'none',
    matches: (pathname) => pathname === HEALTHZ_PATH,
    handle: serveLiveness,
  },
  {
    path: READYZ_PATH,
    reason: 'readiness probe: says which dependency is down, never a secret or tenant data',
    rateLimit: 'none',
    matches: (pathname) => pathname === READYZ_PATH,
    handle: serveReadiness,
  },
  {
    path: METRICS_PATH,
    reason: 'Prometheus scrape: service-wide counters; protected by METRICS_TOKEN when that is set',
    rateLimit: 'none',
    matches: (pathname) => pathname === METRICS_PATH,
    handle: serveMetrics,
  },
];

/** The public route a request is for, or null. */
export function matchPublicRoute(method: string | undefined, pathname: string): PublicRoute | null {
  return (
    PUBLIC_ROUTES.find(
      (route) => (route.methods ?? ['GET', 'HEAD']).includes(method ?? 'GET') && route.matches(pathname),
    ) ?? null
  );
}

async function serveOpenApiDocument({ request, response, openApiDocument }: PublicRequest) {
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    'Content-Length': Buffer.byteLength(openApiDocument),
  });
  response.end(request.method === 'HEAD' ? undefined : openApiDocument);
}

async function resolveDid({ response, pathname, services, requestId }: PublicRequest) {
  const did = safeDecode(pathname.slice(RESOLVER_PATH.length)) ?? '';
  const result = await services.resolver.resolve(did);
  const metadata = result.didResolutionMetadata;
  if ('error' in metadata) {
    // DID Resolution HTTP(S) binding: invalidDid → 400, methodNotSupported → 501; the body keeps the
    // resolution result and adds the service's `error` text.
    const status = metadata.error === 'methodNotSupported' ? 501 : metadata.error === 'notFound' ? 404 : 400;
    sendJson(response, status, { error: metadata.message, request_id: requestId, ...result });
    return;
  }
  sendJson(response, 200, result, {
    'Content-Type': 'application/did-resolution+json',
    'Cache-Control': didMethodOf(did)?.resolutionCacheControl ?? 'no-store',
  });
}

async function publishStatusList({ request, response, pathname, services, requestId }: PublicRequest) {
  const listId = safeDecode(pathname.slice(STATUS_LIST_PATH.length)) ?? '';
  // On a tenant's verified domain, its own lists under https://<domain>; elsewhere any list, as before.
  const verified = await services.publicBaseUrl.verifiedHost(request);
  const published = verified
    ? await services.statusLists.publish(listId, `https://${verified.host}`, verified.tenantId)
    : await services.statusLists.publish(listId, services.publicBaseUrl.configured());
  if (!published) {
    sendJson(response, 404, { error: 'status list not found', code: 'NOT_FOUND', request_id: requestId });
    return;
  }
  sendPublished(request, response, published, {
    'Last-Modified': published.lastModified.toUTCString(),
    'Cache-Control': `public, max-age=${STATUS_LIST_TTL_SECONDS}`,
  });
}

async function publishTrustList({ request, response, pathname, services, requestId }: PublicRequest) {
  const slug = safeDecode(pathname.slice(TRUST_LIST_PATH.length)) ?? '';
  // On a tenant's verified domain, its own list only (another tenant's is not there: 404); elsewhere any.
  const verified = await services.publicBaseUrl.verifiedHost(request);
  const published = !TENANT_SLUG_PATTERN.test(slug)
    ? null
    : verified
      ? await services.trust.publishList(slug, `https://${verified.host}`, verified.tenantId)
      : await services.trust.publishList(slug, services.publicBaseUrl.configured());
  if (!published) {
    sendJson(response, 404, { error: 'trust list not found', code: 'NOT_FOUND', request_id: requestId });
    return;
  }
  sendPublished(request, response, published, { 'Cache-Control': `public, max-age=${TRUST_LIST_TTL_SECONDS}` });
}

/**
 * GET /.well-known/jwt-vc-issuer/oid4vci/{slug} on the service's host, and /.well-known/jwt-vc-issuer on a tenant's
 * verified custom domain (SD-JWT VC §4: the well-known segment inserted before the identifier's path). Each host
 * answers only for the identifiers it is the host of: the path form on a custom domain, or the bare one elsewhere, 404.
 */
async function publishJwtVcIssuerMetadata({ request, response, pathname, services, requestId }: PublicRequest) {
  const verified = await services.publicBaseUrl.verifiedHost(request);
  const slug = pathname.startsWith(JWT_VC_ISSUER_TENANT_PREFIX)
    ? safeDecode(pathname.slice(JWT_VC_ISSUER_TENANT_PREFIX.length))
    : null;
  const published = verified
    ? slug === null
      ? await services.jwtVcIssuer.forDomain(verified.tenantId, verified.host)
      : null
    : slug !== null && TENANT_SLUG_PATTERN.test(slug)
      ? await services.jwtVcIssuer.forSlug(slug, services.publicBaseUrl.configured())
      : null;
  if (!published) {
    sendJson(response, 404, { error: 'JWT VC issuer metadata not found', code: 'NOT_FOUND', request_id: requestId });
    return;
  }
  // RFC 9110 §13.1.2's comparison (a list of tags, weak ones, `*`): conditional-get.ts.
  const headers = { ETag: published.etag, 'Cache-Control': `public, max-age=${JWT_VC_ISSUER_TTL_SECONDS}` };
  if (matchesIfNoneMatch(request.headers['if-none-match'], published.etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  sendJson(response, 200, published.metadata, headers);
}

/** A signed document others fetch: 304 when the client holds this ETag, else the body (none for HEAD). */
function sendPublished(
  request: IncomingMessage,
  response: ServerResponse,
  published: { etag: string; contentType: string; body: string },
  cacheHeaders: Record<string, string>,
) {
  const headers = { ETag: published.etag, ...cacheHeaders };
  if (request.headers['if-none-match'] === published.etag) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': published.contentType,
    'Content-Length': Buffer.byteLength(published.body),
  });
  response.end(request.method === 'HEAD' ? undefined : published.body);
}

/**
 * GET /.well-known/did.json and /<path…>/did.json with Host: a verified custom domain (did:web spec §3.2
 * Read): the document of the tenant's did:web at that place. Any other Host, or no such DID: 404.
 */
async function serveDidWebDocument({ request, response, pathname, services, requestId }: PublicRequest) {
  const verified = await services.publicBaseUrl.verifiedHost(request);
  const did = verified ? didWebForDocumentPath(verified.host, pathname) : null;
  const result = did ? await services.resolver.resolve(did) : null;
  if (!result?.didDocument) {
    sendJson(response, 404, { error: 'DID document not found', code: 'NOT_FOUND', request_id: requestId });
    return;
  }
  // A deactivated did:web has no document on the web (the spec deactivates by removing did.json).
  if (result.didDocumentMetadata.deactivated) {
    sendJson(response, 410, { error: 'DID deactivated', code: 'NOT_FOUND', request_id: requestId });
    return;
  }
  sendJson(response, 200, result.didDocument, {
    'Content-Type': 'application/did+json',
    'Cache-Control': 'public, max-age=300',
  });
}

/**
 * Caddy's on-demand TLS `ask`: 200 when the name in ?domain= is a tenant's verified custom domain, so that a
 * Caddy in front gets certificates for exactly those names; 404 otherwise (any non-2xx refuses).
 */
async function answerTlsAsk({ request, response, services }: PublicRequest) {
  const domain = new URL(request.url ?? '/', 'http://ask.invalid').searchParams.get('domain') ?? '';
  const holder = domainNameProblem(domain) === null ? await services.verifiedHosts.tenantOf(domain) : null;
  if (holder === null) {
    sendJson(response, 404, { error: 'not a verified domain', code: 'NOT_FOUND' });
    return;
  }
  sendJson(response, 200, { domain, verified: true });
}

/** POST /didcomm: 202 once stored (or already stored: a repeated message id is kept once). */
async function receiveDidcomm({ request, response, services, requestId }: PublicRequest) {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!DIDCOMM_CONTENT_TYPES.includes(contentType)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'send application/didcomm-encrypted+json or application/didcomm-signed+json',
    );
  }
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge();
  const body = (await readBody(request)).toString('utf8');
  const outcome = await services.didcomm.receive(body);
  sendJson(response, 202, { status: outcome.status, request_id: requestId });
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
