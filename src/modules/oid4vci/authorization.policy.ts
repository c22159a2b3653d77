// The authorization code flow's rules, pure: its lifetimes, what an authorization request (RFC 9126 PAR) must carry,
// PKCE S256 (RFC 7636), which configurations scope or authorization_details name (OpenID4VCI 1.0 §5.1), and how a
// state is read at a moment. The repository writes what these decide, each change conditioned on the state it was
// decided from. Refusals carry the error codes of RFC 6749 §4.1.2.1/§5.2, RFC 9126 §2.3 and RFC 9396 §5.
import { createHash } from 'node:crypto';
import { Oauth2Error } from '../../http/oauth2-errors.js';
import { constantTimeEqual } from '../../lib/crypto.js';

/** A request_uri may be used this long after the PAR response (RFC 9126 §2.2: short-lived), once. */
export const REQUEST_URI_TTL_SECONDS = 60;
/** From the browser's arrival at the authorization endpoint to the tenant's decision (its user signs in meanwhile). */
export const SIGN_IN_TTL_SECONDS = 600;
/** From the tenant's decision to the browser's return through the service. */
export const RETURN_TTL_SECONDS = 300;
/** An authorization code lives this long, once (RFC 6749 §4.1.2: a maximum of 10 minutes is recommended). */
export const CODE_TTL_SECONDS = 60;
/** The request_uri's prefix (RFC 9126 §2.2). */
export const REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';
export const AUTHORIZATION_CODE_GRANT = 'authorization_code';

export const AUTHORIZATION_STATES = ['pushed', 'pending', 'approved', 'denied', 'code_issued', 'redeemed'] as const;
export type AuthorizationState = (typeof AUTHORIZATION_STATES)[number] | 'expired';

/** The state as it is at `now`: a step not taken before its expiry is expired (denied and redeemed stay). */
export function authorizationStateAt(
  row: { state: (typeof AUTHORIZATION_STATES)[number]; expiresAt: Date },
  now: Date,
): AuthorizationState {
  if (row.state === 'redeemed' || row.state === 'denied') return row.state;
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.state;
}

const invalidRequest = (description: string) => new Oauth2Error('invalid_request', description);

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** BASE64URL(SHA-256(verifier)) is 43 characters (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `verifier` is the one `challenge` was derived from with S256 (RFC 7636 §4.6). */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  return constantTimeEqual(
    Buffer.from(createHash('sha256').update(verifier).digest('base64url')),
    Buffer.from(challenge),
  );
}

/**
 * A wallet's redirect_uri (RFC 6749 §3.1.2): absolute, no fragment; https, a private-use scheme of a native app
 * (RFC 8252 §7.1), or http on a loopback address (RFC 8252 §7.3). Never a scheme a browser runs or reads locally.
 */
export function redirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'redirect_uri must be an absolute URI';
  }
  if (raw.includes('#')) return 'redirect_uri must not have a fragment';
  if (raw.length > 2048) return 'redirect_uri must be at most 2048 characters';
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (['javascript', 'data', 'vbscript', 'file', 'blob', 'about'].includes(scheme)) {
    return `redirect_uri must not use the ${scheme} scheme`;
  }
  if (scheme === 'http' && !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) {
    return 'redirect_uri must be https, a loopback http address or an app’s own scheme';
  }
  return null;
}

export type PushedRequest = {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  issuerState: string | null;
  scopes: string[];
  /** The configurations authorization_details names (openid_credential), or null when none were sent. */
  detailConfigurationIds: string[] | null;
};

const MAX_PARAMETER = 2048;

/**
 * The parameters of a pushed authorization request (RFC 9126 §2.1, OpenID4VCI §5.1), checked for shape: public
 * clients (any client_id), response_type code, redirect_uri, PKCE S256 only, and scope and/or authorization_details.
 */
export function parsePushedRequest(body: Record<string, string>): PushedRequest {
  for (const [name, value] of Object.entries(body)) {
    if (value.length > MAX_PARAMETER && name !== 'authorization_details') {
      throw invalidRequest(`${name} is too long`);
    }
  }
  if ('request_uri' in body) throw invalidRequest('request_uri must not be pushed (RFC 9126 §2.1)');
  if ('request' in body) throw new Oauth2Error('request_not_supported', 'request objects are not supported');
  const clientId = body.client_id;
  if (!clientId) throw invalidRequest('client_id is required');
  if (!body.response_type) throw invalidRequest('response_type is required');
  if (body.response_type !== 'code') {
    throw new Oauth2Error('unsupported_response_type', 'response_type must be code');
  }
  if (!body.redirect_uri) throw invalidRequest('redirect_uri is required');
  const redirectProblem = redirectUriProblem(body.redirect_uri);
  if (redirectProblem) throw invalidRequest(redirectProblem);
  if (!body.code_challenge) throw invalidRequest('code_challenge is required (PKCE, RFC 7636)');
  // RFC 7636 §4.3: a missing method means plain, which is not offered.
  if (body.code_challenge_method !== 'S256') {
    throw invalidRequest('code_challenge_method must be S256: plain is not supported');
  }
  if (!S256_CHALLENGE.test(body.code_challenge)) {
    throw invalidRequest('code_challenge must be the base64url SHA-256 of the code verifier');
  }
  const scopes = (body.scope ?? '').split(' ').filter((scope) => scope !== '');
  const detailConfigurationIds =
    body.authorization_details === undefined ? null : parseAuthorizationDetails(body.authorization_details);
  if (!scopes.length && !detailConfigurationIds) {
    throw invalidRequest('name the credentials with scope or authorization_details');
  }
  return {
    clientId,
    redirectUri: body.redirect_uri,
    state: body.state ?? null,
    codeChallenge: body.code_challenge,
    issuerState: body.issuer_state ?? null,
    scopes,
    detailConfigurationIds,
  };
}

/** authorization_details of type openid_credential (OpenID4VCI §5.1.1), each by credential_configuration_id. */
function parseAuthorizationDetails(raw: string): string[] {
  const invalid = (description: string) => new Oauth2Error('invalid_authorization_details', description);
  let details: unknown;
  try {
    details = JSON.parse(raw);
  } catch {
    throw invalid('authorization_details must be a JSON array');
  }
  if (!Array.isArray(details) || details.length === 0 || details.length > 10) {
    throw invalid('authorization_details must be an array of 1 to 10 objects');
  }
  const ids: string[] = [];
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
      throw invalid('each authorization_details entry must be an object');
    }
    const entry = detail as Record<string, unknown>;
    if (entry.type !== 'openid_credential') throw invalid('authorization_details type must be openid_credential');
    if (typeof entry.credential_configuration_id !== 'string') {
      throw invalid('each openid_credential entry needs a credential_configuration_id');
    }
    if (!ids.includes(entry.credential_configuration_id)) ids.push(entry.credential_configuration_id);
  }
  return ids;
}

/**
 * The configurations a request names, against the tenant's: scope values (each configuration's `scope`, its id
 * here) and authorization_details entries. An unknown scope is invalid_scope (RFC 6749 §4.1.2.1), an unknown
 * configuration invalid_authorization_details (RFC 9396 §5). With an offer, only what it offers.
 */
export function requestedConfigurations(
  request: PushedRequest,
  known: readonly string[],
  offered: readonly string[] | null,
): string[] {
  const unknownScope = request.scopes.find((scope) => !known.includes(scope));
  if (unknownScope !== undefined) throw new Oauth2Error('invalid_scope', `unknown scope: ${unknownScope}`);
  const unknownDetail = request.detailConfigurationIds?.find((id) => !known.includes(id));
  if (unknownDetail !== undefined) {
    throw new Oauth2Error('invalid_authorization_details', `unknown credential_configuration_id: ${unknownDetail}`);
  }
  const ids = [...new Set([...request.scopes, ...(request.detailConfigurationIds ?? [])])];
  if (ids.length > 10) throw invalidRequest('at most 10 credential configurations in one authorization');
  const notOffered = offered && ids.find((id) => !offered.includes(id));
  if (notOffered) {
    const error = request.scopes.includes(notOffered) ? 'invalid_scope' : 'invalid_authorization_details';
    throw new Oauth2Error(error, `the offer does not offer ${notOffered}`);
  }
  return ids;
}

/** The issuer_state of an offer, derived from its reference as the pre-authorized code is (only hashes are kept). */
export const issuerStateOf = (reference: string) =>
  createHash('sha256').update(`oid4vci-issuer-state:${reference}`).digest('base64url');

/** How an issuer_state is stored and looked up. */
export const issuerStateKey = (issuerState: string) => createHash('sha256').update(issuerState).digest('base64url');
