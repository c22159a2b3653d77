// What the service needs of a DID method. Each method is one module behind this interface, selected by its
// name from the table in methods/index.ts: did:key today; did:web (custom domains) is meant to be one more
// entry there, not edits across the modules that create, resolve, sign and verify.
import type { JWK } from 'jose';
import { AppError } from '../../../lib/errors.js';
import type { KeyType, SigningKey } from '../signing-keys.js';

/** A DID document (DID Core §5); each method says what its verification methods look like. */
export type DidDocument = { '@context': string[]; id: string; [member: string]: unknown };

/** A new DID and its key pair. The private key stays on the server: callers encrypt it before storing it. */
export type CreatedDid = {
  did: string;
  keyType: KeyType;
  publicJwk: JWK;
  /** PKCS #8 DER. */
  privateKeyPkcs8: Buffer;
  document: DidDocument;
  /** The verification method that signs for the DID: the `kid` of its JWS. */
  verificationMethodId: string;
};

/** Where a new DID lives, for methods whose DIDs name a place (did:web: a verified domain and a path). */
export type DidPlacement = { domain?: string | null; path?: readonly string[] };

/**
 * Our own stored DIDs (absent: none are known, as in tools that resolve without the service's database), whichever tenant holds them, for methods whose documents are not a function of the DID
 * (did:web): the service wires it to the database; did:key never asks.
 */
export type OwnDids = {
  find(did: string): Promise<{ tenantId: string; publicJwk: JWK; deactivated: boolean } | null>;
  /** The tenant holding `host` as a verified custom domain, or null. */
  hostHolder(host: string): Promise<string | null>;
  /**
   * Documents of DIDs hosted elsewhere (did:web: did.json over HTTPS under the webhook SSRF rules), for
   * verifying their credentials. Absent (the public resolver): nothing outside is fetched.
   */
  outside?: { document(did: string): Promise<DidDocument> };
};

export interface DidMethod {
  /** The method name, as in `did:<name>:…` (DID Core §3.1). */
  readonly name: string;
  /** The Cache-Control of a successful resolution over HTTP: whether the method's documents can change. */
  readonly resolutionCacheControl: string;
  create(keyType: KeyType, placement?: DidPlacement): CreatedDid;
  /** W3C DID Resolution of a DID of this method; failures are metadata errors, never thrown. */
  resolve(did: string, own?: OwnDids): Promise<DidResolutionResult>;
  /** The document of one of our own DIDs of this method (never a network fetch), from its stored public key. */
  document(did: string, publicJwk?: JWK): DidDocument;
  /**
   * The base URL of what is published about the DID (its status lists), when the DID names one (did:web: its
   * domain); otherwise null, and the request's public base URL is used.
   */
  publicBaseUrl(did: string): string | null;
  /** The verification method that signs for one of our DIDs: the `kid` of its JWS. */
  verificationMethodId(did: string): string;
  /**
   * The public key that verifies the DID's signatures under `kid`, or null when the DID has none by that id
   * (or is not a valid DID of this method). Whether the kid is the issuer's at all is checked before this,
   * in src/modules/credentials/verify/issuer-signature.ts.
   */
  verificationKey(did: string, kid: string | undefined, own?: OwnDids): Promise<JWK | null>;
  /**
   * Whether verifiers can resolve one of the tenant's DIDs now (did:web: while its domain is verified for the
   * tenant). Absent: always, as a did:key is a function of its string.
   */
  publishedFor?(did: string, tenantId: string, own: OwnDids): Promise<boolean>;
  /** One of our DIDs' stored private key (decrypted), ready to sign as the DID. */
  signingKey(did: string, keyType: KeyType, privateKeyPkcs8: Uint8Array): SigningKey;
}

/** DID Resolution error codes (https://w3c.github.io/did-resolution/#errors). */
export type DidResolutionError = 'invalidDid' | 'methodNotSupported' | 'notFound';

export type DidResolutionResult = {
  '@context': 'https://w3id.org/did-resolution/v1';
  didDocument: DidDocument | null;
  didResolutionMetadata: { contentType: 'application/did+ld+json' } | { error: DidResolutionError; message: string };
  /** `deactivated: true` for a deactivated DID (DID Core §7.1.3). */
  didDocumentMetadata: { deactivated?: true };
};

/** A DID (or key) we cannot turn into a document: malformed, or a method or key type we do not support. */
export class InvalidDidError extends AppError {
  constructor(
    readonly resolutionError: DidResolutionError,
    message: string,
  ) {
    super('BAD_REQUEST', message);
    this.name = 'InvalidDidError';
  }
}

// DID Core §3.1 syntax for the method name. The length cap only bounds the work a method does on a DID (did:key's
// quadratic base58 decode); RSA-4096 did:keys, the longest real ones, are about 750 characters.
export const DID_SYNTAX = /^did:([a-z0-9]+):(.*)$/s;
export const MAX_DID_LENGTH = 2048;

// Members in the order this service has always sent them.
export function resolved(didDocument: DidDocument, deactivated = false): DidResolutionResult {
  return {
    '@context': 'https://w3id.org/did-resolution/v1',
    didDocumentMetadata: deactivated ? { deactivated: true } : {},
    didDocument,
    didResolutionMetadata: { contentType: 'application/did+ld+json' },
  };
}

export function notResolved(error: InvalidDidError): DidResolutionResult {
  return {
    '@context': 'https://w3id.org/did-resolution/v1',
    didDocumentMetadata: {},
    didDocument: null,
    didResolutionMetadata: { error: error.resolutionError, message: error.message },
  };
}
