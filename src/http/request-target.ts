// The request target (RFC 9112 §3.2) as a URL on a fixed origin, parsed inside the app's error boundary, and the
// authority it is for (which picks the tenant of a custom domain).
import type { IncomingMessage } from 'node:http';
import { badRequest } from '../lib/errors.js';
import { MESSAGES } from '../lib/messages.js';

const TARGET_ORIGIN = 'http://service.invalid';

/**
 * Origin-form (`/path?query`) is resolved as a path, never as a scheme-relative reference: `//host:99999/`
 * would otherwise be read as an authority and throw. Absolute-form (§3.2.2, which servers must accept) is
 * taken for http(s); anything else is a 400.
 */
export function requestTarget(target: string | undefined): URL {
  const raw = target ?? '/';
  if (raw === '*') return new URL(`${TARGET_ORIGIN}/`); // OPTIONS * (§3.2.4): the server as a whole
  try {
    if (raw.startsWith('/')) return new URL(`${TARGET_ORIGIN}${raw}`);
    const absolute = new URL(raw);
    if (absolute.protocol === 'http:' || absolute.protocol === 'https:') {
      return new URL(`${TARGET_ORIGIN}${absolute.pathname}${absolute.search}`);
    }
  } catch {
    // not a URL at all: the 400 below
  }
  throw badRequest(MESSAGES.invalidRequestTarget);
}

/**
 * The authority the request is for: an absolute-form target's (RFC 9112 §3.2.2: the server MUST then ignore
 * Host), else the Host header's. Throws a 400 for a request with more than one Host header (§3.2: a server MUST
 * answer 400), which Node's parser lets through keeping the first: the host picks the tenant whose domain a
 * request is on, so which of two a proxy in front read and which we read must never differ.
 */
export function requestAuthority(request: Pick<IncomingMessage, 'url' | 'headers' | 'rawHeaders'>): string | undefined {
  let hosts = 0;
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts++;
  }
  if (hosts > 1) throw badRequest(MESSAGES.oneHostHeader);
  const target = request.url;
  if (target && !target.startsWith('/') && target !== '*') {
    try {
      const absolute = new URL(target);
      if (absolute.protocol === 'http:' || absolute.protocol === 'https:') return absolute.host;
    } catch {
      // requestTarget() answers it with a 400
    }
  }
  return request.headers.host;
}
