// Small JSON documents fetched from the web on a verification's behalf (a did:web's did.json elsewhere, an SD-JWT VC
// issuer's JWT VC Issuer Metadata): under the webhook SSRF rules (url-policy.ts: https only, every address of the
// name checked, the connection pinned to the checked one, private ranges only with WEBHOOK_ALLOW_PRIVATE_URLS), one
// deadline for the lookup and the whole exchange, a cap on the bytes read, no redirect followed (http-get.ts).
// A document that `parse` accepts is kept for its Cache-Control max-age (60 s without one, 5 min at most; none with
// no-store or no-cache), so verifying a batch from one issuer fetches once; concurrent asks share one fetch.
import { getJson } from '../../modules/webhooks/delivery/http-get.js';
import { parseWebhookUrl, resolveDeliveryAddress } from '../../modules/webhooks/delivery/url-policy.js';

const DEFAULT_TTL_SECONDS = 60;
const MAX_TTL_SECONDS = 300;
const MAX_CACHED = 1_000;

/** Why a document could not be had: `could not fetch <url>: <reason>`. */
export class RemoteJsonError extends Error {
  override readonly name = 'RemoteJsonError';
}

export type RemoteJsonOptions<T> = {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  accept: string;
  /** Checks and shapes the body; throws (with a message that says why) for one that is not the document. */
  parse: (body: unknown, key: string) => T;
  /** The clock of the cache (tests). */
  now?: () => number;
};

export type RemoteJson<T> = {
  /** The document `key` names, at `url`: from the cache while fresh, else fetched. Throws RemoteJsonError. */
  get(key: string, url: () => URL): Promise<T>;
};

export function createRemoteJson<T>(options: RemoteJsonOptions<T>): RemoteJson<T> {
  const { allowPrivate, timeoutMs, maxBytes, accept, parse, now = Date.now } = options;
  const cache = new Map<string, { document: T; expires: number }>();
  const inFlight = new Map<string, Promise<T>>();

  async function fetchDocument(key: string, url: URL): Promise<T> {
    const started = now();
    try {
      parseWebhookUrl(url.href, { production: true });
      const address = await resolveDeliveryAddress(url.hostname, { allowPrivate, dnsTimeoutMs: timeoutMs });
      const remaining = Math.max(1, timeoutMs - (now() - started));
      const { body, cacheControl } = await getJson({ url, address, timeoutMs: remaining, maxBytes, accept });
      const document = parse(body, key);
      const ttl = ttlSeconds(cacheControl);
      if (ttl > 0) remember(key, document, now() + ttl * 1000);
      return document;
    } catch (error) {
      // The document's own problems (from parse) and WebhookUrlNotAllowed, WebhookHostUnresolved and
      // OutboundGetError say why in their message.
      const reason =
        error instanceof Error ? error.message.replace(/^webhook url not allowed/, 'address not allowed') : 'failed';
      throw new RemoteJsonError(`could not fetch ${url.href}: ${reason}`);
    }
  }

  function remember(key: string, document: T, expires: number) {
    cache.delete(key);
    cache.set(key, { document, expires });
    // Oldest first: a Map iterates in insertion order.
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }

  return {
    async get(key, url) {
      const cached = cache.get(key);
      if (cached && cached.expires > now()) return cached.document;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const fetching = fetchDocument(key, url()).finally(() => inFlight.delete(key));
      inFlight.set(key, fetching);
      return fetching;
    },
  };
}

function ttlSeconds(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_TTL_SECONDS;
  if (/\b(no-store|no-cache)\b/i.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  return maxAge ? Math.min(Number(maxAge[1]), MAX_TTL_SECONDS) : DEFAULT_TTL_SECONDS;
}
