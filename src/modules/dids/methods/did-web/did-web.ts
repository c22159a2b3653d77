// did:web (W3C CCG did:web Method Specification): the DID names an HTTPS location, did:web:<host>[:<path>…],
// whose did.json is the document: https://<host>/.well-known/did.json without a path, https://<host>/<path…>/did.json
// with one. Ours live on a tenant's verified custom domain (src/modules/domains), never with a port.
import type { JWK } from 'jose';
import { domainNameProblem } from '../../../domains/domains.inputs.js';
import { InvalidDidError, type DidDocument } from '../did-method.js';

// Path segments as we create them: unreserved URL characters (RFC 3986 §2.3), so no percent-encoding is needed.
// '.' and '..' are not segments of a place: URL resolution would collapse them.
export const PATH_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~-]{1,64}$/;
export const MAX_PATH_SEGMENTS = 8;

/**
 * First path segments the did:web URL rule (§3.2 Read: did:web:<host>:<a>:<b> is https://<host>/<a>/<b>/did.json)
 * cannot give a place of its own here: under /.well-known/ lives the root DID's document (did:web:<host>:.well-known
 * would be read at /.well-known/did.json, the document of did:web:<host>) and the names RFC 8615 registers; under
 * /v1/ and /1.0/ the service answers its API and DID resolution, so a did.json there would never be served.
 * Compared case-insensitively: no DID needs to differ from one of these by case alone.
 */
const RESERVED_FIRST_SEGMENTS: Record<string, string> = {
  '.well-known':
    'did:web maps it under /.well-known/, where did:web:<domain> has its document (/.well-known/did.json) and RFC 8615 reserves the names',
  v1: 'did:web maps it under /v1/, where the service answers its API',
  '1.0': 'did:web maps it under /1.0/, where the service answers DID resolution',
};

/** Why a path of valid segments cannot be a did:web of ours, or null. */
export function reservedPathProblem(path: readonly string[]): string | null {
  const first = path[0]?.toLowerCase();
  const reason = first === undefined ? undefined : RESERVED_FIRST_SEGMENTS[first];
  return reason === undefined ? null : `path may not start with ${first}: ${reason}`;
}
export const KEY_FRAGMENT = 'key-1';

const DOCUMENT_CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'];

const invalid = (message: string) => new InvalidDidError('invalidDid', message);

export type ParsedDidWeb = { did: string; host: string; path: string[] };

/** did:web:<host>[:<segment>…] as we make them. Throws InvalidDidError. */
export function parseDidWeb(did: string): ParsedDidWeb {
  const [scheme, method, host, ...path] = did.split(':');
  if (scheme !== 'did' || method !== 'web' || !host) throw invalid('not a did:web');
  if (domainNameProblem(host) !== null) throw invalid('a did:web of this service names a domain without a port');
  if (path.length > MAX_PATH_SEGMENTS || !path.every((segment) => PATH_SEGMENT.test(segment))) {
    throw invalid('did:web path segments must be unreserved URL characters');
  }
  const reserved = reservedPathProblem(path);
  if (reserved !== null) throw invalid(reserved.replace(/^path/, 'a did:web path'));
  return { did, host, path };
}

export function formatDidWeb(host: string, path: readonly string[]): string {
  return ['did', 'web', host, ...path].join(':');
}

/** The DID a did.json URL on `host` is the document of (the did:web spec's transformation, reversed). */
export function didWebForDocumentPath(host: string, pathname: string): string | null {
  if (pathname === '/.well-known/did.json') return formatDidWeb(host, []);
  const match = /^\/(.+)\/did\.json$/.exec(pathname);
  if (!match) return null;
  const path = match[1]!.split('/');
  if (path.length > MAX_PATH_SEGMENTS || !path.every((segment) => PATH_SEGMENT.test(segment))) return null;
  if (reservedPathProblem(path) !== null) return null;
  return formatDidWeb(host, path);
}

export const didWebKid = (did: string) => `${did}#${KEY_FRAGMENT}`;

/** The document of one of our did:web DIDs: its one key, for assertions (credentials) and authentication. */
export function didWebDocument(did: string, publicJwk: JWK): DidDocument {
  const kid = didWebKid(did);
  const { kty, crv, x, y } = publicJwk;
  return {
    '@context': [...DOCUMENT_CONTEXT],
    id: did,
    verificationMethod: [
      { id: kid, type: 'JsonWebKey2020', controller: did, publicKeyJwk: { kty, crv, x, ...(y && { y }) } },
    ],
    assertionMethod: [kid],
    authentication: [kid],
  };
}
