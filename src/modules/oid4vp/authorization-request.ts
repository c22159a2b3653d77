// What a request says to a wallet, made the same way when it is created, each time its request object is served
// and when its answer is checked: the wallet-facing URLs under the request's public handle, and the authorization
// request's parameters (OpenID4VP 1.0 §5), client metadata included (§5.1, §11; HAIP §5 for the encryption).
import { credentialFormatPresentedAs } from '../credentials/formats/index.js';
import type { DcqlQueryOutput } from './dcql.js';
import { formatsOf } from './dcql.js';
import type { ResponseMode } from './oid4vp.inputs.js';
import type { AuthorizationParameters } from './oid4vp.library.js';
import { RESPONSE_ENCRYPTION_ENCS, type EncryptionJwk } from './response-encryption.js';

/** The request object, by GET or POST (RFC 9101 §5.2; OpenID4VP §5.10). */
export const REQUEST_URI_PATH = '/oid4vp/requests/';
/** Where the wallet POSTs its answer (§8.2). */
export const RESPONSE_URI_PATH = '/oid4vp/responses/';

/** A public handle: 256 random bits, base64url; what the routes accept before they look anything up. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const base = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
export const requestUriOf = (baseUrl: string, handle: string) => `${base(baseUrl)}${REQUEST_URI_PATH}${handle}`;
export const responseUriOf = (baseUrl: string, handle: string) => `${base(baseUrl)}${RESPONSE_URI_PATH}${handle}`;

/** The client_id (§5.9): the signing DID, or for an unsigned development request its response URI. */
export const clientIdOf = (did: string | null, responseUri: string) =>
  did ? `decentralized_identifier:${did}` : `redirect_uri:${responseUri}`;

/** §11.1 vp_formats_supported for the formats the query asks, from the registry; the response key for .jwt. */
export function clientMetadataOf(query: DcqlQueryOutput, encryptionJwk: EncryptionJwk | null) {
  const vpFormats = Object.fromEntries(
    formatsOf(query).map((format) => [format, credentialFormatPresentedAs(format)!.presentation.vpFormatsSupported]),
  );
  return {
    vp_formats_supported: vpFormats,
    ...(encryptionJwk && {
      jwks: { keys: [encryptionJwk] },
      encrypted_response_enc_values_supported: [...RESPONSE_ENCRYPTION_ENCS],
    }),
  };
}

export type StoredRequest = {
  clientId: string;
  baseUrl: string;
  nonce: string;
  state: string;
  responseMode: 'direct_post' | 'direct_post_jwt';
  dcqlQuery: unknown;
  encryptionJwk: unknown;
};

export const responseModeOf = (stored: StoredRequest['responseMode']): ResponseMode =>
  stored === 'direct_post_jwt' ? 'direct_post.jwt' : 'direct_post';

export function authorizationParametersOf(row: StoredRequest, handle: string): AuthorizationParameters {
  const query = row.dcqlQuery as DcqlQueryOutput;
  return {
    clientId: row.clientId,
    responseUri: responseUriOf(row.baseUrl, handle),
    responseMode: responseModeOf(row.responseMode),
    nonce: row.nonce,
    state: row.state,
    dcqlQuery: query as unknown as Record<string, unknown>,
    clientMetadata: clientMetadataOf(query, (row.encryptionJwk as EncryptionJwk | null) ?? null),
  };
}
