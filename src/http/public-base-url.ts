// The public base URL a request is served under: what the service writes into what it signs (status list URLs
// in credentials, and the lists' own `id`/`sub`). The configured PUBLIC_BASE_URL (or the listening address),
// except on a tenant's verified custom domain, where it is https://<that domain>. A verified domain belongs to
// the one tenant holding it: another tenant's credentials are refused there (misdirected), so no URL of one
// tenant is ever minted under another's domain.
import type { IncomingMessage } from 'node:http';
import { AppError } from '../lib/errors.js';
import { MESSAGES } from '../lib/messages.js';
import { domainNameProblem } from '../modules/domains/domains.inputs.js';
import { hostNameOf, type VerifiedHosts } from '../modules/domains/verified-hosts.js';
import { requestAuthority } from './request-target.js';

export type VerifiedHost = { host: string; tenantId: string };

/** The base URL a request is served under, and the tenant whose verified custom domain it came in on. */
export type RequestOrigin = { publicBaseUrl: string; hostTenantId: string | null };

export type PublicBaseUrl = {
  /**
   * Where this request came in: its base URL (its verified custom domain's, else the configured one) and the
   * tenant holding that domain (null elsewhere). With `tenantId` (the caller's), throws 421 on a domain of another
   * tenant (baseUrlFor).
   */
  originFor(request: IncomingMessage, tenantId?: string | null): Promise<RequestOrigin>;
  /** The verified custom domain the request came in on and the tenant holding it, or null. */
  verifiedHost(request: IncomingMessage): Promise<VerifiedHost | null>;
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
): Promise<VerifiedHost | null> {
  const host = hostNameOf(requestAuthority(request));
  // An IP address, localhost or anything else no tenant could have verified costs no lookup.
  if (host === null || domainNameProblem(host) !== null) return null;
  const tenantId = await verifiedHosts.tenantOf(host);
  return tenantId === null ? null : { host, tenantId };
}

/**
 * The base URL an authenticated request of `tenantId` (null: none) is served under. On another tenant's
 * domain: 421 Misdirected Request (RFC 9110 §15.5.20, the server is unwilling to answer for that origin), rather
 * than an answer under the plain base URL, which would leave one host answering for two tenants with two sets of
 * URLs, or a 404, which would tell a caller with a valid credential that the route does not exist.
 */
export function baseUrlFor(verified: VerifiedHost | null, tenantId: string | null, configured: string): string {
  if (verified === null) return configured;
  if (tenantId !== null && tenantId !== verified.tenantId) throw misdirected();
  return `https://${verified.host}`;
}

export const misdirected = () => new AppError('MISDIRECTED_REQUEST', MESSAGES.hostOfAnotherTenant);

/** `configured`: PUBLIC_BASE_URL, or the listening address when it is not set (known once the server listens). */
export function createPublicBaseUrl(
  configured: () => string,
  verifiedHosts: Pick<VerifiedHosts, 'tenantOf'>,
): PublicBaseUrl {
  return {
    originFor: async (request, tenantId = null) => {
      const verified = await verifiedHostFor(request, verifiedHosts);
      return { publicBaseUrl: baseUrlFor(verified, tenantId, configured()), hostTenantId: verified?.tenantId ?? null };
    },
    verifiedHost: (request) => verifiedHostFor(request, verifiedHosts),
    configured,
  };
}
