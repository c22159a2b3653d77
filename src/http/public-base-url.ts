// The public base URL a request is served under: what the service writes into what it signs (status list URLs
// in credentials, and the lists' own `id`/`sub`; DID documents later). Today it is the configured PUBLIC_BASE_URL
// (or the listening address) for every request; verifiedHostFor is the one seam where a tenant's verified
// custom domain will take its place (custom domains are a later issue).
import type { IncomingMessage } from 'node:http';

export type PublicBaseUrl = {
  /** The base URL for this request: its verified custom domain's, else the configured one. */
  forRequest(request: IncomingMessage): string;
  /** The configured one, for work without a request. */
  configured(): string;
};

/**
 * The host of the custom domain the request came in on, once domain verification has proved it belongs to a
 * tenant; null today, as there are no custom domains yet. Never the Host header as sent: whatever this returns
 * is signed into credentials, so an unverified host would let anyone who can reach the service choose where
 * verifiers fetch status from.
 */
export function verifiedHostFor(_request: IncomingMessage): string | null {
  return null;
}

/** `configured`: PUBLIC_BASE_URL, or the listening address when it is not set (known once the server listens). */
export function createPublicBaseUrl(configured: () => string): PublicBaseUrl {
  return {
    forRequest(request) {
      const host = verifiedHostFor(request);
      return host === null ? configured() : `https://${host}`;
    },
    configured,
  };
}
