// The wallet's door: the public routes of every tenant's Credential Issuer, one short handler each. On the
// service's host a tenant is /oid4vci/{slug} (its metadata at the RFC 8615 well-known paths with that path
// appended, OpenID4VCI 1.0 §12.2.2, RFC 8414 §3.1); on its verified custom domain the domain itself is the issuer
// (/.well-known/openid-credential-issuer). Refusals are OAuth error bodies (src/http/oauth2-errors.ts), never
// cached; every route spends the per-address public bucket.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesIfNoneMatch } from '../../http/conditional-get.js';
import { readBody } from '../../http/body.js';
import { Oauth2Error, sendOauth2Error } from '../../http/oauth2-errors.js';
import type { PublicRequest, PublicRoute } from '../../http/public-routes.js';
import { sendJson } from '../../http/respond.js';
import { TENANT_SLUG_PATTERN } from '../auth/auth.inputs.js';
import { ISSUER_PATH_PREFIX, WELL_KNOWN } from './issuer-identifier.js';
import type { Answer, Issuer, WalletRequest } from './oid4vci.protocol.js';

/** How long wallets and caches may keep a metadata document (it changes with the tenant's configurations). */
const METADATA_MAX_AGE_SECONDS = 300;

const ENDPOINTS = ['token', 'nonce', 'credential', 'notification', 'deferred-credential'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

/** `/oid4vci/{slug}/{rest}` → the slug and the rest; null for anything else. */
export function issuerPath(pathname: string): { slug: string; rest: string } | null {
  if (!pathname.startsWith(ISSUER_PATH_PREFIX)) return null;
  const [slug = '', ...rest] = pathname.slice(ISSUER_PATH_PREFIX.length).split('/');
  return TENANT_SLUG_PATTERN.test(slug) ? { slug, rest: rest.join('/') } : null;
}

export const notFound = (response: ServerResponse, requestId: string, what: string) =>
  sendJson(
    response,
    404,
    { error: `${what} not found`, code: 'NOT_FOUND', request_id: requestId },
    { 'Cache-Control': 'no-store' },
  );

/**
 * The issuer a request is for: the slug's tenant (on the service's host, or on that tenant's own verified domain),
 * or, with `slug` null, the tenant of the verified domain it came in on.
 */
export async function issuerOf(context: PublicRequest, slug: string | null): Promise<Issuer | null> {
  const host = await context.services.publicBaseUrl.verifiedHost(context.request);
  return context.services.oid4vciProtocol.issuerFor(host, slug);
}

/** A metadata document: public, cacheable, with its strong ETag (304 when the client holds it). */
function sendMetadata(request: IncomingMessage, response: ServerResponse, document: { body: string; etag: string }) {
  const headers = { ETag: document.etag, 'Cache-Control': `public, max-age=${METADATA_MAX_AGE_SECONDS}` };
  if (matchesIfNoneMatch(request.headers['if-none-match'], document.etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(document.body),
  });
  response.end(request.method === 'HEAD' ? undefined : document.body);
}

/** GET the issuer metadata or the authorization server metadata, by slug (service host) or by domain. */
const serveMetadata =
  (which: 'issuer' | 'authorization-server', bySlug: boolean) =>
  async (context: PublicRequest): Promise<void> => {
    const wellKnown = which === 'issuer' ? WELL_KNOWN.credentialIssuer : WELL_KNOWN.authorizationServer;
    const host = await context.services.publicBaseUrl.verifiedHost(context.request);
    let slug: string | null = null;
    if (bySlug) {
      slug = issuerPath(context.pathname.slice(wellKnown.length))?.slug ?? null;
      // On a verified domain the issuer is the domain itself: its metadata is at the bare well-known path.
      if (!slug || context.pathname !== `${wellKnown}${ISSUER_PATH_PREFIX}${slug}` || host) {
        return notFound(context.response, context.requestId, 'credential issuer');
      }
    }
    const issuer = await context.services.oid4vciProtocol.issuerFor(host, slug);
    if (!issuer) return notFound(context.response, context.requestId, 'credential issuer');
    const protocol = context.services.oid4vciProtocol;
    sendMetadata(
      context.request,
      context.response,
      which === 'issuer' ? await protocol.metadata(issuer) : await protocol.asMetadata(issuer),
    );
  };

/** GET /oid4vci/{slug}/credential-offer/{reference}: the offer object, while its code can be redeemed. */
async function serveOffer(context: PublicRequest): Promise<void> {
  const path = issuerPath(context.pathname);
  const reference = path?.rest.startsWith('credential-offer/') ? path.rest.slice('credential-offer/'.length) : null;
  const issuer = path && reference ? await issuerOf(context, path.slug) : null;
  const offer = issuer && (await context.services.oid4vciProtocol.offerByReference(issuer, reference!));
  if (!offer) return notFound(context.response, context.requestId, 'credential offer');
  // It carries the pre-authorized code: never stored on the way (OpenID4VCI §4.1.3, application/json).
  sendJson(context.response, 200, offer, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
}

/** The request as the protocol reads it: the URL the wallet used (DPoP's htu), its headers and body. */
export async function walletRequest(context: PublicRequest, issuer: Issuer): Promise<WalletRequest> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(context.request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return {
    method: context.request.method ?? 'POST',
    url: `${issuer.baseUrl.replace(/\/+$/, '')}${context.pathname}`,
    headers,
    body: await readBody(context.request),
    requestId: context.requestId,
  };
}

/** POST to one of the issuer's endpoints: the protocol's answer, or its OAuth refusal. */
const serveEndpoint = (endpoint: Endpoint) => async (context: PublicRequest) => {
  const path = issuerPath(context.pathname);
  const issuer = path && path.rest === endpoint ? await issuerOf(context, path.slug) : null;
  if (!issuer) return notFound(context.response, context.requestId, 'credential issuer');
  const protocol = context.services.oid4vciProtocol;
  let answer: Answer;
  try {
    const request = await walletRequest(context, issuer);
    if (endpoint === 'nonce') answer = await protocol.nonce(issuer);
    else if (endpoint === 'token') answer = await protocol.token(issuer, request);
    else if (endpoint === 'credential') answer = await protocol.credential(issuer, request);
    else if (endpoint === 'notification') answer = await protocol.notification(issuer, request);
    else answer = await protocol.deferredCredential(issuer, request);
  } catch (error) {
    if (error instanceof Oauth2Error) return sendOauth2Error(context.response, error);
    throw error;
  }
  // The session's events are in the outbox: the dispatcher looks now rather than at its next poll.
  if (endpoint !== 'nonce') context.services.webhookDispatcher.wake();
  if (answer.status === 204) {
    context.response.writeHead(204, answer.headers).end();
    return;
  }
  if (answer.contentType) {
    const body = String(answer.body);
    context.response.writeHead(answer.status ?? 200, {
      'Content-Type': answer.contentType,
      'Content-Length': Buffer.byteLength(body),
      ...answer.headers,
    });
    context.response.end(body);
    return;
  }
  sendJson(context.response, answer.status ?? 200, answer.body, {
    'Content-Type': 'application/json',
    ...answer.headers,
  });
};

const slugParameter = '{tenant_slug}';

/** The public rows of OpenID4VCI, for src/http/public-routes.ts (each described in src/rest/openapi-oid4vci.ts). */
export const OID4VCI_ROUTES: readonly PublicRoute[] = [
  ...(['issuer', 'authorization-server'] as const).flatMap((which): PublicRoute[] => {
    const wellKnown = which === 'issuer' ? WELL_KNOWN.credentialIssuer : WELL_KNOWN.authorizationServer;
    const what = which === 'issuer' ? 'a Credential Issuer’s metadata' : 'its authorization server’s metadata';
    return [
      {
        path: `${wellKnown}${ISSUER_PATH_PREFIX}${slugParameter}`,
        reason: `${what} is for any wallet, before it holds anything (OpenID4VCI §12.2.2, RFC 8414 §3)`,
        rateLimit: 'public',
        matches: (pathname) => pathname.startsWith(`${wellKnown}${ISSUER_PATH_PREFIX}`),
        handle: serveMetadata(which, true),
      },
      {
        path: wellKnown,
        reason: `${what}, on the tenant’s verified custom domain (the domain is the issuer there)`,
        rateLimit: 'public',
        matches: (pathname) => pathname === wellKnown,
        handle: serveMetadata(which, false),
      },
    ];
  }),
  {
    path: `${ISSUER_PATH_PREFIX}${slugParameter}/credential-offer/{reference}`,
    reason: 'a credential offer by reference is fetched by the wallet it was handed to (OpenID4VCI §4.1.3)',
    rateLimit: 'public',
    matches: (pathname) => issuerPath(pathname)?.rest.startsWith('credential-offer/') ?? false,
    handle: serveOffer,
    // Whoever holds the reference holds the pre-authorized code: the access log never shows it.
    loggedPath: (pathname) => pathname.replace(/\/credential-offer\/.*$/, '/credential-offer/…'),
  },
  ...ENDPOINTS.map((endpoint): PublicRoute => ({
    path: `${ISSUER_PATH_PREFIX}${slugParameter}/${endpoint}`,
    reason:
      endpoint === 'token' || endpoint === 'nonce'
        ? `the wallet’s ${endpoint} endpoint: a pre-authorized code (or nothing) is the wallet’s whole credential`
        : `the wallet’s ${endpoint} endpoint: authorised by the access token it carries, not by a session or API key`,
    rateLimit: 'public',
    methods: ['POST'],
    matches: (pathname) => issuerPath(pathname)?.rest === endpoint,
    handle: serveEndpoint(endpoint),
  })),
];
