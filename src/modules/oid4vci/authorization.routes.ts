// The wallet's and the browser's door of the authorization code flow (authorization.protocol.ts): the PAR endpoint
// (POST, form), the authorization endpoint and the browser's return after the tenant's decision (GET, 302 onwards).
// Refusals are OAuth error bodies, shown to the user where no redirect can be trusted (RFC 6749 §4.1.2.1).
import { Oauth2Error, sendOauth2Error } from '../../http/oauth2-errors.js';
import type { PublicRequest, PublicRoute } from '../../http/public-routes.js';
import { sendJson } from '../../http/respond.js';
import { ISSUER_PATH_PREFIX } from './issuer-identifier.js';
import type { Redirect } from './authorization.protocol.js';
import type { Issuer } from './wallet-auth.js';
import { issuerOf, issuerPath, notFound, walletRequest } from './oid4vci.routes.js';

const PAR = 'par';
const AUTHORIZE = 'authorize';
const RETURN = 'authorize/return';

async function issuerAt(context: PublicRequest, rest: string): Promise<Issuer | null> {
  const path = issuerPath(context.pathname);
  return path && path.rest === rest ? issuerOf(context, path.slug) : null;
}

/** POST …/par: 201 {request_uri, expires_in}, or the refusal. */
async function servePar(context: PublicRequest): Promise<void> {
  const issuer = await issuerAt(context, PAR);
  if (!issuer) return notFound(context.response, context.requestId, 'credential issuer');
  try {
    const request = await walletRequest(context, issuer);
    const answer = await context.services.oid4vciProtocol.authorization.par(issuer, request);
    sendJson(context.response, answer.status ?? 201, answer.body, {
      'Content-Type': 'application/json',
      ...answer.headers,
    });
  } catch (error) {
    if (error instanceof Oauth2Error) return sendOauth2Error(context.response, error);
    throw error;
  }
}

/** GET …/authorize and …/authorize/return: a 302 onwards, never cached. */
const serveRedirect = (rest: string) => async (context: PublicRequest) => {
  const issuer = await issuerAt(context, rest);
  if (!issuer) return notFound(context.response, context.requestId, 'credential issuer');
  const query = new URL(context.request.url ?? '/', 'http://localhost').searchParams;
  const flow = context.services.oid4vciProtocol.authorization;
  let redirect: Redirect;
  try {
    redirect = rest === AUTHORIZE ? await flow.authorize(issuer, query) : await flow.authorizationReturn(issuer, query);
  } catch (error) {
    if (error instanceof Oauth2Error) return sendOauth2Error(context.response, error);
    throw error;
  }
  // The return fires the decision's events' dispatch no sooner than the wallet's next request: they are in the outbox.
  context.response
    .writeHead(302, { Location: redirect.location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
    .end();
};

const slugParameter = '{tenant_slug}';

/** The public rows of the authorization code flow (each described in src/rest/openapi-oid4vci.ts). */
export const AUTHORIZATION_ROUTES: readonly PublicRoute[] = [
  {
    path: `${ISSUER_PATH_PREFIX}${slugParameter}/${PAR}`,
    reason: 'the wallet’s pushed authorization request (RFC 9126): public clients, PKCE is their whole proof',
    rateLimit: 'public',
    methods: ['POST'],
    matches: (pathname) => issuerPath(pathname)?.rest === PAR,
    handle: servePar,
  },
  {
    path: `${ISSUER_PATH_PREFIX}${slugParameter}/${AUTHORIZE}`,
    reason: 'the holder’s browser arrives with a request_uri, before anyone has signed in (RFC 6749 §4.1.1)',
    rateLimit: 'public',
    methods: ['GET', 'HEAD'],
    matches: (pathname) => issuerPath(pathname)?.rest === AUTHORIZE,
    handle: serveRedirect(AUTHORIZE),
  },
  {
    path: `${ISSUER_PATH_PREFIX}${slugParameter}/${RETURN}`,
    reason: 'the holder’s browser returns from the tenant’s login page with the single-use return secret',
    rateLimit: 'public',
    methods: ['GET', 'HEAD'],
    matches: (pathname) => issuerPath(pathname)?.rest === RETURN,
    handle: serveRedirect(RETURN),
  },
];
