// The one importer of OWF's oid4vc-ts (@openid4vc/oauth2, @openid4vc/openid4vci; OpenID4VCI 1.0, RFC 9449 DPoP):
// its parsers, checks and response builders, with our own cryptography as its callbacks (as didcomm.envelope.ts
// wraps didcomm-node). Signatures are verified with the service's did:key verifiers (EdDSA over Ed25519, ES256 over
// P-256: the algorithms it advertises), hashing and randomness with node:crypto; the library signs nothing for us.
// Its errors become ours (src/http/oauth2-errors.ts) here, with the spec's error codes.
import { createHash, randomBytes } from 'node:crypto';
import {
  calculateJwkThumbprint,
  decodeJwt,
  HashAlgorithm,
  Oauth2AuthorizationServer,
  Oauth2ServerErrorResponseError,
  preAuthorizedCodeGrantIdentifier,
  authorizationCodeGrantIdentifier,
  setGlobalConfig,
  type CallbackContext,
  type Jwk,
  type JwtSigner,
} from '@openid4vc/oauth2';
import { Openid4vciIssuer, Openid4vciVersion, type CredentialIssuerMetadata } from '@openid4vc/openid4vci';
import { Oauth2Error } from '../../http/oauth2-errors.js';
import {
  didKeyFromPublicJwk,
  parseDidKey,
  verifierFor,
  type DidKeyPublicJwk,
} from '../dids/methods/did-key/did-key.js';
import { SIGNING_ALG } from '../dids/signing-keys.js';
import type { HolderKey } from './credential-configurations.js';

// The library refuses http:// URLs unless told otherwise. Which URLs are ours is the service's decision
// (PUBLIC_BASE_URL, verified domains); development and tests run on http://localhost.
setGlobalConfig({ allowInsecureUrls: true });

const HASHES: Record<string, string> = {
  [HashAlgorithm.Sha256]: 'sha256',
  [HashAlgorithm.Sha384]: 'sha384',
  [HashAlgorithm.Sha512]: 'sha512',
};

const unused = (name: string) => () => {
  throw new Error(`the OpenID4VCI issuer does not ${name}`);
};

/** The public JWK a JWS was signed with, by its signer: a header `jwk`, or a did:key `kid`. Null for anything else. */
function signerKey(signer: JwtSigner): DidKeyPublicJwk | null {
  try {
    if (signer.method === 'jwk') return didKeyFromPublicJwk(signer.publicJwk).publicJwk;
    if (signer.method === 'did') return parseDidKey(signer.didUrl).publicJwk;
  } catch {
    // Not an Ed25519 or P-256 key, or not a did:key: nothing we verify with.
  }
  return null;
}

const callbacks: Omit<CallbackContext, 'decryptJwe'> = {
  hash: (data, algorithm) =>
    createHash(HASHES[algorithm] ?? 'unsupported')
      .update(data)
      .digest(),
  generateRandom: (length) => randomBytes(length),
  verifyJwt: (signer, { header, compact }) => {
    const jwk = signerKey(signer);
    // The alg must be the key's own (EdDSA for Ed25519, ES256 for P-256): never one the key was not made for.
    if (!jwk || header.alg !== SIGNING_ALG[jwk.kty === 'OKP' ? 'Ed25519' : 'P-256']) return { verified: false };
    const [head, payload, signature] = compact.split('.');
    const valid = verifierFor(jwk)(Buffer.from(`${head}.${payload}`, 'ascii'), Buffer.from(signature!, 'base64url'));
    return valid ? { verified: true, signerJwk: jwk } : { verified: false };
  },
  signJwt: unused('sign with the library'),
  encryptJwe: unused('encrypt credential responses'),
  clientAuthentication: unused('authenticate to other servers'),
};

const authorizationServer = new Oauth2AuthorizationServer({ callbacks });
const issuer = new Openid4vciIssuer({ callbacks });

/** A library refusal as ours, with its error code; anything else as `fallback`. */
function asOauth2Error(error: unknown, fallback: string): Oauth2Error {
  if (error instanceof Oauth2Error) return error;
  if (error instanceof Oauth2ServerErrorResponseError) {
    return new Oauth2Error(error.errorResponse.error, error.errorResponse.error_description ?? fallback);
  }
  return new Oauth2Error(fallback, error instanceof Error ? error.message : fallback);
}

/** Members only a private JWK has (RFC 7518 §6.2.2, §6.3.2, §6.4): a proof carrying one is refused. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
export const hasPrivateMembers = (jwk: unknown) =>
  typeof jwk === 'object' && jwk !== null && PRIVATE_MEMBERS.some((member) => member in jwk);

/** Metadata as the library validates it (its OpenID4VCI 1.0 schemas): ours must always pass. */
export function checkedIssuerMetadata<T extends object>(metadata: T): T {
  issuer.createCredentialIssuerMetadata(metadata as unknown as CredentialIssuerMetadata);
  return metadata;
}

export function checkedAuthorizationServerMetadata<T extends object>(metadata: T): T {
  authorizationServer.createAuthorizationServerMetadata(metadata as never);
  return metadata;
}

/** The library's view of our issuer metadata, as its offer and request functions take it. */
function issuerMetadataResult(metadata: object) {
  const credentialIssuer = metadata as unknown as CredentialIssuerMetadata;
  return {
    originalDraftVersion: Openid4vciVersion.V1,
    credentialIssuer,
    authorizationServers: [],
    knownCredentialConfigurations: issuer.getKnownCredentialConfigurationsSupported(credentialIssuer),
  };
}

export type OfferGrant =
  | {
      preAuthorizedCode: string;
      txCode: { length: number; input_mode: 'numeric' | 'text'; description?: string } | null;
    }
  | { issuerState: string };

/**
 * The Credential Offer (OpenID4VCI §4.1) of a pre-authorized code or of the authorization code grant (its
 * issuer_state), by value and by reference: its JSON object, the openid-credential-offer:// URI carrying it, and the
 * one carrying `offerUri` where it is served.
 */
export async function credentialOffer(options: {
  metadata: object;
  configurationIds: string[];
  grant: OfferGrant;
  offerUri: string;
}) {
  const { grant } = options;
  const common = {
    issuerMetadata: issuerMetadataResult(options.metadata),
    credentialConfigurationIds: options.configurationIds,
    grants:
      'issuerState' in grant
        ? { [authorizationCodeGrantIdentifier]: { issuer_state: grant.issuerState } }
        : {
            [preAuthorizedCodeGrantIdentifier]: {
              'pre-authorized_code': grant.preAuthorizedCode,
              ...(grant.txCode && { tx_code: grant.txCode }),
            },
          },
  };
  const byValue = await issuer.createCredentialOffer(common);
  const byReference = await issuer.createCredentialOffer({ ...common, credentialOfferUri: options.offerUri });
  return {
    offer: byValue.credentialOfferObject as Record<string, unknown>,
    byValueUri: byValue.credentialOffer,
    byReferenceUri: byReference.credentialOffer,
  };
}

export type RequestLike = { method: string; url: string; headers: Headers };

export type TokenGrant =
  | { grantType: 'pre-authorized_code'; preAuthorizedCode: string; txCode: string | undefined; dpopJwt?: string }
  | {
      grantType: 'authorization_code';
      code: string;
      codeVerifier: string | undefined;
      redirectUri: string | undefined;
      clientId: string | undefined;
      dpopJwt?: string;
    };

/**
 * A Token Request (RFC 6749 §4.1.3; OpenID4VCI §6.1) of the pre-authorized code grant (its code and transaction
 * code) or of the authorization code grant (code, PKCE verifier, redirect_uri, client_id), and the DPoP proof sent
 * with it. Another grant type is unsupported_grant_type.
 */
export function parseTokenRequest(body: Record<string, string>, request: RequestLike): TokenGrant {
  let parsed;
  try {
    parsed = authorizationServer.parseAccessTokenRequest({ accessTokenRequest: body, request: request as never });
  } catch (error) {
    throw asOauth2Error(error, 'invalid_request');
  }
  const dpopJwt = parsed.dpop?.jwt;
  if (parsed.grant.grantType === authorizationCodeGrantIdentifier) {
    return {
      grantType: 'authorization_code',
      code: parsed.grant.code,
      codeVerifier: parsed.pkceCodeVerifier,
      redirectUri: body.redirect_uri,
      clientId: body.client_id,
      dpopJwt,
    };
  }
  if (parsed.grant.grantType !== preAuthorizedCodeGrantIdentifier) {
    throw new Oauth2Error('unsupported_grant_type', `the grant type ${body.grant_type} is not supported`);
  }
  return {
    grantType: 'pre-authorized_code',
    preAuthorizedCode: parsed.grant.preAuthorizedCode,
    txCode: parsed.grant.txCode,
    dpopJwt,
  };
}

/** The Pushed Authorization Response (RFC 9126 §2.2): the request_uri and its lifetime. */
export const pushedAuthorizationResponse = (requestUri: string, expiresInSeconds: number) =>
  authorizationServer.createPushedAuthorizationResponse({ requestUri, expiresInSeconds }).pushedAuthorizationResponse;

/** The nonce and jti a DPoP proof claims, read before it is verified (to check the nonce is ours, and fresh). */
export function peekDpopProof(jwt: string): { nonce: string | undefined } {
  try {
    const { payload } = decodeJwt({ jwt });
    return { nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined };
  } catch {
    throw new Oauth2Error('invalid_dpop_proof', 'the DPoP proof is not a JWT');
  }
}

/**
 * Verifies a DPoP proof (RFC 9449 §4.3): typ, its own key (public, of an advertised alg), signature, htm and htu of
 * this request, the nonce we expect, ath of `accessToken` when one is presented, and the key thumbprint the token is
 * bound to. Its jti and iat are the caller's to judge (replay, freshness). Refusals are invalid_dpop_proof.
 */
export async function verifyDpopProof(options: {
  jwt: string;
  request: RequestLike;
  allowedAlgs: readonly string[];
  expectedNonce: string;
  accessToken?: string;
  expectedJkt?: string;
  now: Date;
}): Promise<{ jkt: string; jti: string; iat: number }> {
  try {
    const { header } = decodeJwt({ jwt: options.jwt });
    if (hasPrivateMembers(header.jwk))
      throw new Oauth2Error('invalid_dpop_proof', 'the DPoP proof carries a private key');
    const verified = await authorizationServer.verifyDpopJwt({
      dpopJwt: options.jwt,
      request: options.request as never,
      allowedSigningAlgs: [...options.allowedAlgs],
      expectedNonce: options.expectedNonce,
      accessToken: options.accessToken,
      expectedJwkThumbprint: options.expectedJkt,
      now: options.now,
    });
    return { jkt: verified.jwkThumbprint, jti: verified.payload.jti, iat: verified.payload.iat };
  } catch (error) {
    throw asOauth2Error(error, 'invalid_dpop_proof');
  }
}

export type CredentialRequest = {
  configurationId: string | undefined;
  credentialIdentifier: string | undefined;
  /** The `jwt` key proofs; undefined when none were sent. */
  jwtProofs: string[] | undefined;
  /** The wallet sent proofs of another type (di_vp, attestation), which no configuration here takes. */
  otherProofs: boolean;
};

/** A Credential Request (OpenID4VCI 1.0 §8.2); malformed ones are invalid_credential_request. */
export function parseCredentialRequest(body: unknown, metadata: object): CredentialRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Oauth2Error('invalid_credential_request', 'the credential request must be a JSON object');
  }
  const request = body as Record<string, unknown>;
  // Pre-1.0 shapes (a single `proof`, a `format` instead of a configuration id) are not this version's.
  if ('proof' in request)
    throw new Oauth2Error('invalid_credential_request', 'send proofs, not proof (OpenID4VCI 1.0)');
  const configurationId = request.credential_configuration_id;
  const credentialIdentifier = request.credential_identifier;
  if ((configurationId === undefined) === (credentialIdentifier === undefined)) {
    throw new Oauth2Error(
      'invalid_credential_request',
      'send exactly one of credential_configuration_id and credential_identifier',
    );
  }
  if (
    typeof configurationId === 'string' &&
    !(
      configurationId in
      (metadata as { credential_configurations_supported: object }).credential_configurations_supported
    )
  ) {
    throw new Oauth2Error('unknown_credential_configuration', 'the credential configuration is unknown');
  }
  // credential_response_encryption is the caller's (message-encryption.ts): the library still wants a draft's `alg`.
  const { credential_response_encryption: _encryption, ...rest } = request;
  let parsed;
  try {
    parsed = issuer.parseCredentialRequest({
      issuerMetadata: issuerMetadataResult(metadata),
      credentialRequest: rest,
    });
  } catch (error) {
    throw asOauth2Error(error, 'invalid_credential_request');
  }
  const proofs = (request.proofs ?? {}) as Record<string, unknown>;
  return {
    configurationId: parsed.credentialConfigurationId,
    credentialIdentifier: parsed.credentialIdentifier,
    jwtProofs: parsed.proofs?.jwt,
    otherProofs: Object.keys(proofs).some((type) => type !== 'jwt'),
  };
}

/** The nonce a key proof claims, read before it is verified (to find it among the tenant's c_nonces). */
export function peekProofNonce(jwt: string): string | undefined {
  try {
    const { payload } = decodeJwt({ jwt });
    return typeof payload.nonce === 'string' ? payload.nonce : undefined;
  } catch {
    throw new Oauth2Error('invalid_proof', 'a key proof is not a JWT');
  }
}

/**
 * Verifies a `jwt` key proof (OpenID4VCI 1.0 Appendix F.1, F.4): typ openid4vci-proof+jwt, one of `allowedAlgs`, the
 * signature by the key it names (a `jwk` or a did:key `kid`, never a private key), aud our identifier, nonce the
 * c_nonce given, iat within the nonce's life. Answers the holder's key. Refusals are invalid_proof.
 */
export async function verifyKeyProof(options: {
  jwt: string;
  identifier: string;
  expectedNonce: string;
  allowedAlgs: readonly string[];
  maxAgeSeconds: number;
  skewSeconds: number;
  now: Date;
}): Promise<HolderKey> {
  try {
    const { header } = decodeJwt({ jwt: options.jwt });
    if (!options.allowedAlgs.includes(header.alg)) {
      throw new Oauth2Error('invalid_proof', `the key proof's alg must be one of ${options.allowedAlgs.join(', ')}`);
    }
    if (hasPrivateMembers(header.jwk)) throw new Oauth2Error('invalid_proof', 'the key proof carries a private key');
    if (header.x5c || header.trust_chain) {
      throw new Oauth2Error('invalid_proof', 'name the key with jwk or a did:key kid');
    }
    const verified = await issuer.verifyCredentialRequestJwtProof({
      jwt: options.jwt,
      expectedNonce: options.expectedNonce,
      now: options.now,
      issuerMetadata: { credentialIssuer: { credential_issuer: options.identifier } } as never,
    });
    const now = Math.floor(options.now.getTime() / 1000);
    const iat = verified.payload.iat;
    if (iat > now + options.skewSeconds || iat < now - options.maxAgeSeconds) {
      throw new Oauth2Error('invalid_proof', 'the key proof’s iat is not recent');
    }
    const key = didKeyFromPublicJwk(verified.signer.publicJwk as Jwk);
    return { jwk: key.publicJwk, did: key.did };
  } catch (error) {
    throw asOauth2Error(error, 'invalid_proof');
  }
}

/** The Credential Response (OpenID4VCI 1.0 §8.3) of an immediate issuance. */
export function credentialResponse(credentials: string[], notificationId: string) {
  return issuer.createCredentialResponse({
    credentialRequest: {} as never,
    credentials: credentials.map((credential) => ({ credential })),
    notificationId,
  });
}

/** The Nonce Response (OpenID4VCI 1.0 §7.2). */
export const nonceResponse = (cNonce: string) => issuer.createNonceResponse({ cNonce });

/** RFC 7638 SHA-256 thumbprint of a public JWK, as DPoP's jkt (RFC 9449 §6.1). */
export const jwkThumbprint = (jwk: Jwk) =>
  calculateJwkThumbprint({ jwk, hashAlgorithm: HashAlgorithm.Sha256, hashCallback: callbacks.hash });
