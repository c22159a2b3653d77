// did:web DIDs hosted elsewhere: their did.json fetched over HTTPS when a credential from one is
// verified, under the webhook SSRF rules (url-policy.ts: every address of the name checked, the connection
// pinned to the checked one, private ranges only with WEBHOOK_ALLOW_PRIVATE_URLS), one deadline of 5 s
// (DID_WEB_FETCH_TIMEOUT_MS) for the lookup and the whole exchange, at most 64 KiB read, no redirect followed.
// Documents are kept for their Cache-Control max-age (60 s without one, 5 min at most), so verifying a batch
// from one issuer fetches its document once; concurrent verifications share one fetch.
import type { JWK } from 'jose';
import { getJson } from '../../../webhooks/delivery/http-get.js';
import { parseWebhookUrl, resolveDeliveryAddress } from '../../../webhooks/delivery/url-policy.js';
import { parseDidKey } from '../did-key/did-key.js';
import { InvalidDidError, MAX_DID_LENGTH, type DidDocument } from '../did-method.js';

export const DEFAULT_FETCH_TIMEOUT_MS = 5_000;
export const MAX_DOCUMENT_BYTES = 64 * 1024;
const DEFAULT_TTL_SECONDS = 60;
const MAX_TTL_SECONDS = 300;
const MAX_CACHED = 1_000;

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
  const cache = new Map<string, { document: DidDocument; expires: number }>();
  const inFlight = new Map<string, Promise<DidDocument>>();

  async function fetchDocument(did: string): Promise<DidDocument> {
    const url = didWebDocumentUrl(did);
    const started = now();
    try {
      parseWebhookUrl(url.href, { production: true });
      const address = await resolveDeliveryAddress(url.hostname, { allowPrivate, dnsTimeoutMs: timeoutMs });
      const remaining = Math.max(1, timeoutMs - (now() - started));
      const { body, cacheControl } = await getJson({
        url,
        address,
        timeoutMs: remaining,
        maxBytes: MAX_DOCUMENT_BYTES,
        accept: 'application/did+json, application/did+ld+json, application/json',
      });
      const document = asDocument(body, did);
      const ttl = ttlSeconds(cacheControl);
      if (ttl > 0) remember(did, document, now() + ttl * 1000);
      return document;
    } catch (error) {
      // The document's own problems (InvalidDidError) and WebhookUrlNotAllowed, WebhookHostUnresolved and
      // OutboundGetError say why in their message.
      const reason =
        error instanceof Error ? error.message.replace(/^webhook url not allowed/, 'address not allowed') : 'failed';
      throw notFound(`could not fetch ${url.href}: ${reason}`);
    }
  }

  function remember(did: string, document: DidDocument, expires: number) {
    cache.delete(did);
    cache.set(did, { document, expires });
    // Oldest first: a Map iterates in insertion order.
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }

  return {
    async document(did) {
      const cached = cache.get(did);
      if (cached && cached.expires > now()) return cached.document;
      const pending = inFlight.get(did);
      if (pending) return pending;
      const fetching = fetchDocument(did).finally(() => inFlight.delete(did));
      inFlight.set(did, fetching);
      return fetching;
    },
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

function ttlSeconds(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_TTL_SECONDS;
  if (/\b(no-store|no-cache)\b/i.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  return maxAge ? Math.min(Number(maxAge[1]), MAX_TTL_SECONDS) : DEFAULT_TTL_SECONDS;
}

const notFound = (message: string) => new InvalidDidError('notFound', message);
