// The one importer of OWF's oid4vc-ts for OpenID4VP (@openid4vc/openid4vp over @openid4vc/oauth2): it builds and
// checks the authorization request (a JAR signed by the tenant's DID, RFC 9101, or the unsigned by-value form of a
// redirect_uri: client) and parses and checks the wallet's answer (state, response mode, vp_token keyed by DCQL
// credential query id). Signing is our own (src/lib/jws.ts with the DID's key); decryption is
// response-encryption.ts's, done before the library runs and handed to it; the library signs, fetches and
// verifies nothing itself. Presentations are verified by the credential format registry, not here.
import {
  Oauth2Error as LibraryError,
  Oauth2ServerErrorResponseError,
  setGlobalConfig,
  type Jwk,
} from '@openid4vc/oauth2';
import {
  createOpenid4vpAuthorizationRequest,
  parseOpenid4vpAuthorizationResponse,
  zWalletMetadata,
  type Openid4vpAuthorizationRequest,
} from '@openid4vc/openid4vp';
import { signCompactJws } from '../../lib/jws.js';
import type { ResponseMode } from './oid4vp.inputs.js';

// The library refuses http:// URLs unless told otherwise. Which URLs are ours is the service's decision
// (PUBLIC_BASE_URL, verified domains); development and tests run on http://localhost.
setGlobalConfig({ allowInsecureUrls: true });

/** §5.8: the audience of a request object when the wallet's metadata is not known (static discovery). */
const STATIC_DISCOVERY_AUDIENCE = 'https://self-issued.me/v2';

export type RequestSigner = { kid: string; alg: string; sign: (data: Uint8Array) => Uint8Array; publicJwk: Jwk };

/** The authorization request's parameters (§5), as signed into the request object or sent by value. */
export type AuthorizationParameters = {
  clientId: string;
  responseUri: string;
  responseMode: ResponseMode;
  nonce: string;
  state: string;
  dcqlQuery: Record<string, unknown>;
  clientMetadata: Record<string, unknown>;
};

function payloadOf(parameters: AuthorizationParameters, walletNonce?: string): Openid4vpAuthorizationRequest {
  return {
    response_type: 'vp_token',
    client_id: parameters.clientId,
    response_uri: parameters.responseUri,
    response_mode: parameters.responseMode,
    nonce: parameters.nonce,
    state: parameters.state,
    dcql_query: parameters.dcqlQuery,
    client_metadata: parameters.clientMetadata as Openid4vpAuthorizationRequest['client_metadata'],
    ...(walletNonce !== undefined && { wallet_nonce: walletNonce }),
  };
}

const signWith = (signer: RequestSigner) => ({
  signJwt: (_: unknown, jwt: { header: Record<string, unknown>; payload: Record<string, unknown> }) => ({
    jwt: signCompactJws({ ...jwt.header, alg: signer.alg }, jwt.payload, signer.sign),
    signerJwk: signer.publicJwk,
  }),
  encryptJwe: () => {
    throw new Error('request objects are not encrypted');
  },
});

/** A library refusal (or anything else it threw) as a sentence: its own words, which name no presented value. */
export function libraryProblem(error: unknown): string {
  if (error instanceof Oauth2ServerErrorResponseError)
    return error.errorResponse.error_description ?? error.errorResponse.error;
  if (error instanceof LibraryError || error instanceof Error) return error.message.split('\n')[0]!;
  return 'the answer could not be parsed';
}

/**
 * The URI a wallet is invoked with (§5, §9: `openid4vp://?client_id=…&request_uri=…&request_uri_method=post`), and
 * the request object it fetches (signed by the DID; null for an unsigned redirect_uri: client, sent by value).
 */
export async function authorizationRequest(
  parameters: AuthorizationParameters,
  options: { signer: RequestSigner | null; requestUri: string; expiresInSeconds: number; walletNonce?: string },
): Promise<{ uri: string; requestObject: string | null }> {
  const payload = payloadOf(parameters, options.walletNonce);
  if (!options.signer) {
    const created = await createOpenid4vpAuthorizationRequest({
      authorizationRequestPayload: payload,
      callbacks: {
        signJwt: () => Promise.reject(new Error('unsigned')),
        encryptJwe: () => Promise.reject(new Error('unsigned')),
      },
    });
    return { uri: created.authorizationRequest, requestObject: null };
  }
  const created = await createOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: payload,
    jar: {
      requestUri: options.requestUri,
      jwtSigner: { method: 'did', didUrl: options.signer.kid, alg: options.signer.alg },
      expiresInSeconds: Math.max(1, options.expiresInSeconds),
      additionalJwtPayload: { aud: STATIC_DISCOVERY_AUDIENCE },
    },
    ...(options.walletNonce !== undefined && { wallet: { expectedNonce: options.walletNonce } }),
    callbacks: signWith(options.signer) as never,
  });
  // §5.10: the wallet may POST its metadata and a wallet_nonce to the request_uri; the library leaves the
  // parameter out of the URI it builds (and knows it only in upper case), so it is added here, as §5.1 spells it.
  const uri = new URL(created.authorizationRequest);
  uri.searchParams.set('request_uri_method', 'post');
  return { uri: uri.toString(), requestObject: created.jar!.authorizationRequestJwt };
}

/** The wallet_metadata of a request_uri POST (§5.10.1), checked for shape; what is wrong, or null. */
export function walletMetadataProblem(raw: string | null): string | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'wallet_metadata is not JSON';
  }
  const parsed = zWalletMetadata.safeParse(value);
  return parsed.success ? null : 'wallet_metadata is not wallet metadata (OpenID4VP §10)';
}

export type WalletAnswer =
  /** Presentations by DCQL credential query id (§8.1). */
  | { kind: 'presentations'; presentations: Record<string, unknown[]> }
  /** An authorization error response of the wallet (§8.5): access_denied and its kind. */
  | { kind: 'error'; error: string; description: string | null }
  /** An answer that is not one (wrong mode, state, shape): refused with why. */
  | { kind: 'refused'; reason: string };

const ERROR_CODE = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,100}$/;

/** A form's or decrypted payload's `error` (RFC 6749 §4.1.2.1), or null. */
export function walletError(parameters: Record<string, unknown>): WalletAnswer | null {
  if (parameters.error === undefined) return null;
  const error =
    typeof parameters.error === 'string' && ERROR_CODE.test(parameters.error) ? parameters.error : 'invalid_request';
  const description =
    typeof parameters.error_description === 'string' ? parameters.error_description.slice(0, 500) : null;
  return { kind: 'error', error, description };
}

/**
 * The wallet's answer at the response_uri (§8.2, §8.3.1), checked by the library against the request it answers:
 * `form` is the POSTed form; `decrypted` the plaintext of its `response` JWE for direct_post.jwt (opened with the
 * request's key beforehand), null otherwise.
 */
export async function parseWalletAnswer(
  parameters: AuthorizationParameters,
  form: Record<string, string>,
  decrypted: { jwe: string; plaintext: string; jwk: Jwk } | null,
): Promise<WalletAnswer> {
  try {
    const result = await parseOpenid4vpAuthorizationResponse({
      authorizationResponse: decrypted ? { response: decrypted.jwe } : form,
      authorizationRequestPayload: payloadOf(parameters),
      callbacks: {
        decryptJwe: (jwe) =>
          decrypted && jwe === decrypted.jwe
            ? { decrypted: true, payload: decrypted.plaintext, decryptionJwk: decrypted.jwk }
            : { decrypted: false },
        // An answer signed rather than encrypted is not one HAIP's direct_post.jwt takes.
        verifyJwt: () => ({ verified: false }),
      },
    });
    if (result.type !== 'dcql') return { kind: 'refused', reason: 'the answer is not a DCQL vp_token' };
    return { kind: 'presentations', presentations: result.dcql.presentations };
  } catch (error) {
    return { kind: 'refused', reason: libraryProblem(error) };
  }
}
