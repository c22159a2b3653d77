// did:web DIDs hosted elsewhere: their did.json fetched over HTTPS when a credential from one is
// verified, through src/lib/outbound/remote-json.ts (the webhook SSRF rules, one deadline of 5 s,
// DID_WEB_FETCH_TIMEOUT_MS, for the lookup and the whole exchange, at most 64 KiB read, no redirect followed, the
// document kept for its Cache-Control max-age and one fetch shared by concurrent verifications).
import type { JWK } from 'jose';
import { createRemoteJson, RemoteJsonError } from '../../../../lib/outbound/remote-json.js';
import { parseDidKey } from '../did-key/did-key.js';
import { InvalidDidError, MAX_DID_LENGTH, type DidDocument } from '../did-method.js';

export const DEFAULT_FETCH_TIMEOUT_MS = 5_000;
export const MAX_DOCUMENT_BYTES = 64 * 1024;

/** The did.json URL of any did:web (the did:web method specification, §3.2 Read): a port comes as %3A. */
export function didWebDocumentUrl(did: string): URL {
  const [scheme, method, encodedHost, ...path] = did.length <= MAX_DID_LENGTH ? did.split(':') : [];
  if (scheme !== 'did' || method !== 'web' || !encodedHost) throw notFound('not a did:web');
  let host: string;
  let segments: string[];
  try {
    host = decodeURIComponent(encodedHost);
    segments = path.map((segment) => decodeURIComponent(segment));
  } catch {
    throw notFound('a did:web with a malformed percent-encoding');
  }
  // Anything that would change the URL's shape (userinfo, another path, a query) is not a host.
  if (!/^[a-z0-9.-]+(:[0-9]{1,5})?$/i.test(host)) throw notFound(`did:web host '${host}' is not a domain name`);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[/?#\\]/.test(segment))) {
    throw notFound('did:web path segments must be plain names');
  }
  const pathname =
    segments.length === 0 ? '/.well-known/did.json' : `/${segments.map(encodeURIComponent).join('/')}/did.json`;
  try {
    return new URL(`https://${host}${pathname}`);
  } catch {
    throw notFound(`did:web host '${host}' is not a domain name`); // a port past 65535
  }
}

export type RemoteDidWebOptions = {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** The clock of the cache (tests). */
  now?: () => number;
};

export type RemoteDidWeb = {
  /** The document of a did:web hosted elsewhere; InvalidDidError('notFound', why) when it cannot be had. */
  document(did: string): Promise<DidDocument>;
};

export function createRemoteDidWeb({
  allowPrivate,
  timeoutMs = DEFAULT_FETCH_TIMEOUT_MS,
  now = Date.now,
}: RemoteDidWebOptions): RemoteDidWeb {
  const remote = createRemoteJson({
    allowPrivate,
    timeoutMs,
    now,
    maxBytes: MAX_DOCUMENT_BYTES,
    accept: 'application/did+json, application/did+ld+json, application/json',
    parse: asDocument,
  });
  return {
    document: (did) =>
      remote
        .get(did, () => didWebDocumentUrl(did))
        .catch((error: unknown) => {
          throw error instanceof RemoteJsonError ? notFound(error.message) : error;
        }),
  };
}

/** The public key of a remote did:web document's verification method `kid` (or its one assertion key). */
export function assertionKeyOf(document: DidDocument, did: string, kid: string | undefined): JWK | null {
  const methods = Array.isArray(document.verificationMethod)
    ? (document.verificationMethod as VerificationMethod[])
    : [];
  const assertion = Array.isArray(document.assertionMethod) ? (document.assertionMethod as unknown[]) : [];
  // assertionMethod lists references (absolute or relative to the DID) or embeds methods (DID Core §5.3.2).
  const absolute = (id: unknown) => (typeof id === 'string' && id.startsWith('#') ? `${did}${id}` : id);
  const candidates = assertion.flatMap((entry): VerificationMethod[] => {
    if (entry && typeof entry === 'object') return [entry as VerificationMethod];
    const found = methods.find((method) => absolute(method?.id) === absolute(entry));
    return found ? [found] : [];
  });
  const wanted = kid === undefined ? undefined : absolute(kid);
  const chosen =
    wanted === undefined
      ? candidates.length === 1
        ? candidates[0]
        : undefined
      : candidates.find((method) => absolute(method?.id) === wanted);
  return chosen ? publicJwkOf(chosen) : null;
}

type VerificationMethod = { id?: unknown; type?: unknown; publicKeyJwk?: unknown; publicKeyMultibase?: unknown };

function publicJwkOf(method: VerificationMethod): JWK | null {
  if (method.publicKeyJwk && typeof method.publicKeyJwk === 'object') {
    const { kty, crv, x, y, alg } = method.publicKeyJwk as Record<string, unknown>;
    // Public members only: a document that publishes `d` has leaked its key, and it is not ours to use.
    if (typeof kty !== 'string') return null;
    return Object.fromEntries(
      Object.entries({ kty, crv, x, y, alg }).filter(([, value]) => typeof value === 'string'),
    ) as JWK;
  }
  // Multikey / Ed25519VerificationKey2020: the same multibase multikey a did:key carries.
  if (typeof method.publicKeyMultibase === 'string') {
    try {
      return parseDidKey(`did:key:${method.publicKeyMultibase}`).publicJwk;
    } catch {
      return null;
    }
  }
  return null;
}

function asDocument(body: unknown, did: string): DidDocument {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw notFound('the did.json is not a JSON object');
  const document = body as DidDocument;
  // The did:web spec's one check: the document must be the DID's.
  if (document.id !== did)
    throw notFound(`the did.json is the document of ${JSON.stringify(document.id ?? null)}, not of ${did}`);
  return document;
}

const notFound = (message: string) => new InvalidDidError('notFound', message);
