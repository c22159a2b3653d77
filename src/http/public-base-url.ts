// The public base URL a request is served under: what the service writes into what it signs (status list URLs
// in credentials, and the lists' own `id`/`sub`). The configured PUBLIC_BASE_URL (or the listening address),
// except on a tenant's verified custom domain (issue 16), where it is https://<that domain>.
import type { IncomingMessage } from 'node:http';
import { domainNameProblem } from '../modules/domains/domains.inputs.js';
import { hostNameOf, type VerifiedHosts } from '../modules/domains/verified-hosts.js';

export type PublicBaseUrl = {
  /** The base URL for this request: its verified custom domain's, else the configured one. */
  forRequest(request: IncomingMessage): Promise<string>;
  /** The verified custom domain the request came in on and the tenant holding it, or null. */
  verifiedHost(request: IncomingMessage): Promise<{ host: string; tenantId: string } | null>;
  /** The configured one, for work without a request. */
  configured(): string;
};

/**
 * The host of the custom domain the request came in on, once domain verification has proved it belongs to a
 * tenant. Never the Host header as sent: whatever this returns is signed into credentials, so an unverified
 * host would let anyone who can reach the service choose where verifiers fetch status from.
 */
export async function verifiedHostFor(
  request: IncomingMessage,
  verifiedHosts: Pick<VerifiedHosts, 'tenantOf'>,
): Promise<{ host: string; tenantId: string } | null> {
  const host = hostNameOf(request.headers.host);
  // An IP address, localhost or anything else no tenant could have verified costs no lookup.
  if (host === null || domainNameProblem(host) !== null) return null;
  const tenantId = await verifiedHosts.tenantOf(host);
  return tenantId === null ? null : { host, tenantId };
}

/** `configured`: PUBLIC_BASE_URL, or the listening address when it is not set (known once the server listens). */
export function createPublicBaseUrl(
  configured: () => string,
  verifiedHosts: Pick<VerifiedHosts, 'tenantOf'>,
): PublicBaseUrl {
  return {
    async forRequest(request) {
      const verified = await verifiedHostFor(request, verifiedHosts);
      return verified === null ? configured() : `https://${verified.host}`;
    },
    verifiedHost: (request) => verifiedHostFor(request, verifiedHosts),
    configured,
  };
}
