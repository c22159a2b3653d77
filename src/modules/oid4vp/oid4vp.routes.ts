// The wallet-facing public routes of OpenID4VP (spread into src/http/public-routes.ts), one short handler each:
// the request object at the request_uri (GET, or POST with wallet_metadata and wallet_nonce, OpenID4VP 1.0 §5.10)
// and the answer at the response_uri (§8.2). OAuth error bodies ({error, error_description}), never cached, the
// per-address bucket for public requests.
import type { ServerResponse } from 'node:http';
import { Oauth2Error, sendOauth2Error } from '../../http/oauth2-errors.js';
import { readBody } from '../../http/body.js';
import { sendJson } from '../../http/respond.js';
import type { PublicRequest, PublicRoute } from '../../http/public-routes.js';
import { HANDLE_PATTERN, REQUEST_URI_PATH, RESPONSE_URI_PATH } from './authorization-request.js';

const FORM = 'application/x-www-form-urlencoded';

const handleOf = (pathname: string, prefix: string) => {
  const handle = pathname.slice(prefix.length);
  if (!HANDLE_PATTERN.test(handle)) throw new Oauth2Error('invalid_request', 'no such request', { status: 404 });
  return handle;
};

/** A form body (§5.10.1, §8.2): application/x-www-form-urlencoded, UTF-8. */
async function formOf({ request }: PublicRequest): Promise<URLSearchParams> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== FORM) throw new Oauth2Error('invalid_request', `send ${FORM}`);
  const text = (await readBody(request)).toString('utf8');
  return new URLSearchParams(text);
}

/** Runs a handler, answering its OAuth refusals as such; anything else is the app's to answer. */
async function oauth(response: ServerResponse, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Oauth2Error) sendOauth2Error(response, error);
    else throw error;
  }
}

async function serveRequestObject(request: PublicRequest) {
  const { response, pathname, services } = request;
  await oauth(response, async () => {
    const handle = handleOf(pathname, REQUEST_URI_PATH);
    const form = request.request.method === 'POST' ? await formOf(request) : null;
    const jwt = await services.oid4vpProtocol.requestObject(handle, form);
    response.writeHead(200, {
      'Content-Type': 'application/oauth-authz-req+jwt',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(jwt),
    });
    response.end(request.request.method === 'HEAD' ? undefined : jwt);
  });
}

async function receiveAnswer(request: PublicRequest) {
  const { response, pathname, services, requestId } = request;
  try {
    await oauth(response, async () => {
      const handle = handleOf(pathname, RESPONSE_URI_PATH);
      const form = Object.fromEntries(await formOf(request));
      const outcome = await services.oid4vpProtocol.answer(handle, form, requestId);
      const body = outcome.redirectUri ? { redirect_uri: outcome.redirectUri } : {};
      sendJson(response, 200, body, { 'Cache-Control': 'no-store' });
    });
  } finally {
    // A verdict's events are in the outbox: the webhook dispatcher looks now rather than at its next poll.
    services.webhookDispatcher.wake();
  }
}

export const OID4VP_ROUTES: readonly PublicRoute[] = [
  {
    path: `${REQUEST_URI_PATH}{handle}`,
    reason:
      'a wallet fetches an OpenID4VP request object by its request_uri, with no account here; the handle is its capability',
    rateLimit: 'public',
    methods: ['GET', 'HEAD', 'POST'],
    matches: (pathname) => pathname.startsWith(REQUEST_URI_PATH),
    handle: serveRequestObject,
  },
  {
    path: `${RESPONSE_URI_PATH}{handle}`,
    reason: 'a wallet posts its OpenID4VP answer to the request’s response_uri, with no account here',
    rateLimit: 'public',
    methods: ['POST'],
    matches: (pathname) => pathname.startsWith(RESPONSE_URI_PATH),
    handle: receiveAnswer,
  },
];
