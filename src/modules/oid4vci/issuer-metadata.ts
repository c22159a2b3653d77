// A tenant's Credential Issuer Metadata (OpenID4VCI 1.0 §12.2) and the metadata of its authorization server
// (RFC 8414; OpenID4VCI §12.3), pure: a function of the tenant, the issuer identifier the request came in under
// (src/modules/oid4vci/issuer-identifier.ts: the service's host or the tenant's verified domain) and the tenant's
// credential configurations. The issuer is its own authorization server (no authorization_servers member).
import { createHash } from 'node:crypto';
import { metadataEntry, type CredentialConfiguration } from './credential-configurations.js';
import { BATCH_SIZE } from './offer-session.policy.js';
import { PROOF_ALGS } from './oid4vci.inputs.js';

/** Where a tenant's issuer endpoints are: under {base}/oid4vci/{slug}, whichever host names the issuer. */
export type IssuerEndpoints = {
  token: string;
  nonce: string;
  credential: string;
  deferredCredential: string;
  notification: string;
  /** The authorization code flow (authorization.protocol.ts): PAR, the authorization endpoint, the browser's return. */
  par: string;
  authorization: string;
  authorizationReturn: string;
  /** The offer by reference: append the offer's reference. */
  offerPrefix: string;
};

export function issuerEndpoints(baseUrl: string, tenantSlug: string): IssuerEndpoints {
  const root = `${baseUrl.replace(/\/+$/, '')}/oid4vci/${encodeURIComponent(tenantSlug)}`;
  return {
    token: `${root}/token`,
    nonce: `${root}/nonce`,
    credential: `${root}/credential`,
    deferredCredential: `${root}/deferred-credential`,
    notification: `${root}/notification`,
    par: `${root}/par`,
    authorization: `${root}/authorize`,
    authorizationReturn: `${root}/authorize/return`,
    offerPrefix: `${root}/credential-offer/`,
  };
}

/** The DPoP algorithms the token and credential endpoints verify (RFC 9449 §5.1). */
export const DPOP_ALGS = PROOF_ALGS;

export type IssuerDisplay = { name: string };

/**
 * `encryption`: the members offering encrypted requests and responses (message-encryption.ts), where the document is
 * for wallets; left out where only the configurations matter (an offer).
 */
export function credentialIssuerMetadata(
  identifier: string,
  endpoints: IssuerEndpoints,
  display: IssuerDisplay,
  configurations: readonly CredentialConfiguration[],
  encryption: object = {},
) {
  return {
    credential_issuer: identifier,
    credential_endpoint: endpoints.credential,
    nonce_endpoint: endpoints.nonce,
    deferred_credential_endpoint: endpoints.deferredCredential,
    notification_endpoint: endpoints.notification,
    ...encryption,
    batch_credential_issuance: { batch_size: BATCH_SIZE },
    display: [{ name: display.name }],
    credential_configurations_supported: Object.fromEntries(
      configurations.map((config) => [config.configurationId, metadataEntry(config)]),
    ),
  };
}

/** `codeFlow`: the tenant set a login page, so the authorization code flow is offered (authorization.protocol.ts). */
export function authorizationServerMetadata(identifier: string, endpoints: IssuerEndpoints, codeFlow = false) {
  return {
    issuer: identifier,
    token_endpoint: endpoints.token,
    ...(codeFlow && {
      authorization_endpoint: endpoints.authorization,
      pushed_authorization_request_endpoint: endpoints.par,
      // HAIP: the authorization endpoint takes only request_uris from the PAR endpoint.
      require_pushed_authorization_requests: true,
      response_types_supported: ['code'],
      // RFC 9207: the authorization response names its issuer.
      authorization_response_iss_parameter_supported: true,
      authorization_details_types_supported: ['openid_credential'],
    }),
    grant_types_supported: [
      ...(codeFlow ? ['authorization_code'] : []),
      'urn:ietf:params:oauth:grant-type:pre-authorized_code',
    ],
    // OpenID4VCI §12.3: a wallet may redeem a pre-authorized code without a client_id.
    'pre-authorized_grant_anonymous_access_supported': true,
    token_endpoint_auth_methods_supported: ['none'],
    dpop_signing_alg_values_supported: [...DPOP_ALGS],
    // RFC 7636: S256 only; plain is not offered.
    code_challenge_methods_supported: ['S256'],
  };
}

/** A strong validator of a metadata document: the SHA-256 of its JSON (RFC 9110 §8.8.3). */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}
