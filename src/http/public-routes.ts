// Public, unauthenticated documents that other software fetches: DID resolution for any did:key
// (Universal Resolver's path, /1.0/identifiers/{did}) and our published status lists. Both are cacheable:
// a did:key document never changes; a status list changes on revocation (ETag = list version).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolutionResult } from '../modules/dids/did-key.js';
import { STATUS_LIST_PATH, STATUS_LIST_TTL_SECONDS } from '../modules/status-lists/status-lists.service.js';
import type { Services } from '../services.js';
import { sendJson } from './respond.js';

const RESOLVER_PATH = '/1.0/identifiers/';

type PublicRoute = (
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  services: Services,
  requestId: string,
) => Promise<void>;

/** The handler of a public document, or null when the request is not for one. */
export function matchPublicRoute(method: string | undefined, pathname: string): PublicRoute | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (pathname.startsWith(RESOLVER_PATH)) return resolveDid;
  if (pathname.startsWith(STATUS_LIST_PATH)) return publishStatusList;
  return null;
}

async function resolveDid(
  _request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  _services: Services,
  requestId: string,
) {
  const did = safeDecode(pathname.slice(RESOLVER_PATH.length));
  const result = resolutionResult(did ?? '');
  const metadata = result.didResolutionMetadata;
  if ('error' in metadata) {
    // DID Resolution HTTP(S) binding: invalidDid → 400, methodNotSupported → 501; the body keeps the
    // resolution result and adds the service's `error` text.
    const status = metadata.error === 'methodNotSupported' ? 501 : 400;
    sendJson(response, status, { error: metadata.message, request_id: requestId, ...result });
    return;
  }
  sendJson(response, 200, result, {
    'Content-Type': 'application/did-resolution+json',
    'Cache-Control': 'public, max-age=86400, immutable',
  });
}

async function publishStatusList(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  services: Services,
  requestId: string,
) {
  const listId = safeDecode(pathname.slice(STATUS_LIST_PATH.length)) ?? '';
  const published = await services.statusLists.publish(listId);
  if (!published) {
    sendJson(response, 404, { error: 'status list not found', code: 'NOT_FOUND', request_id: requestId });
    return;
  }
  const headers = {
    ETag: published.etag,
    'Last-Modified': published.lastModified.toUTCString(),
    'Cache-Control': `public, max-age=${STATUS_LIST_TTL_SECONDS}`,
  };
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

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
