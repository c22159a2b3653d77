// The request target (RFC 9112 §3.2) as a URL on a fixed origin, parsed inside the app's error boundary.
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
