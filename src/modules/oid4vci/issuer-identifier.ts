// A tenant's OpenID4VCI Credential Issuer Identifier (OpenID4VCI 1.0 §12.2.1), and the RFC 8615 well-known
// URLs derived from it by inserting the well-known segment between the host and the path (§12.2.2; RFC 8414
// §3.1 for the authorization server metadata; SD-JWT VC §5 for JWT VC Issuer Metadata).
// On the service's own host every tenant is a path under /oid4vci; on a tenant's verified custom domain the
// domain itself is the issuer, with no path.

export const ISSUER_PATH_PREFIX = '/oid4vci/';

export const WELL_KNOWN = {
  credentialIssuer: '/.well-known/openid-credential-issuer',
  authorizationServer: '/.well-known/oauth-authorization-server',
  jwtVcIssuer: '/.well-known/jwt-vc-issuer',
} as const;

/**
 * `baseUrl`: the request's public base URL (PublicBaseUrl.originFor). `onCustomDomain`: the request came in on
 * the tenant's own verified domain, which then is the identifier.
 */
export function credentialIssuerIdentifier(baseUrl: string, tenantSlug: string, onCustomDomain: boolean): string {
  const base = baseUrl.replace(/\/+$/, '');
  return onCustomDomain ? base : `${base}${ISSUER_PATH_PREFIX}${encodeURIComponent(tenantSlug)}`;
}

/** The well-known URL for `identifier`: scheme://host{wellKnown}{path}, the path dropped when it is "/". */
export function wellKnownUrl(identifier: string, wellKnown: (typeof WELL_KNOWN)[keyof typeof WELL_KNOWN]): string {
  const url = new URL(identifier);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return `${url.origin}${wellKnown}${path}`;
}
