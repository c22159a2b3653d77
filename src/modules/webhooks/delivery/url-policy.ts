// SSRF protection for webhook URLs: what a URL may look like (at creation), and which address a delivery
// may connect to (at creation and again before every attempt). The sender connects to the address returned
// here and never resolves the name again, so a DNS answer that changes between the check and the
// connection (DNS rebinding) cannot steer a delivery inside.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from './address-class.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** The contract's refusal: `webhook url not allowed: <reason>` (answered as 400 at creation). */
export class WebhookUrlNotAllowed extends Error {
  override readonly name = 'WebhookUrlNotAllowed';
  constructor(readonly reason: string) {
    super(`webhook url not allowed: ${reason}`);
  }
}

/** The host name did not resolve (or not in time). Not a refusal: at delivery it is a failed attempt, retried. */
export class WebhookHostUnresolved extends Error {
  override readonly name = 'WebhookHostUnresolved';
  constructor(
    readonly hostname: string,
    readonly code: string,
  ) {
    super(`could not resolve ${hostname} (${code})`);
  }
}

/** A URL that passes the shape rules. Its host is checked by `resolveDeliveryAddress`. */
export function parseWebhookUrl(raw: string, { production }: { production: boolean }): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    throw new WebhookUrlNotAllowed(`longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlNotAllowed('not a valid url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookUrlNotAllowed(production ? 'the scheme must be https' : 'the scheme must be http or https');
  }
  // Plain http would let anyone on the path read events and replay them within the timestamp tolerance.
  if (production && url.protocol === 'http:') throw new WebhookUrlNotAllowed('the scheme must be https');
  // Credentials would be sent as Basic auth and shown back in every listing of the endpoint.
  if (url.username !== '' || url.password !== '') throw new WebhookUrlNotAllowed('credentials in the url');
  // Refused rather than stripped: a fragment is never sent, so what is stored would not be what was meant.
  // (`href` keeps an empty fragment's "#", which `hash` reports as "".)
  if (url.href.includes('#')) throw new WebhookUrlNotAllowed('a fragment in the url');
  return url;
}

export type DeliveryAddress = { address: string; family: 4 | 6 };

/** Every address of a name, as `dns.lookup(name, { all: true })` answers (getaddrinfo: /etc/hosts, then DNS). */
export type AddressLookup = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export type ResolveOptions = {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: loopback, RFC 1918, CGNAT and unique-local receivers (development, tests). */
  allowPrivate: boolean;
  lookup?: AddressLookup;
  /** getaddrinfo cannot be cancelled; this bounds only how long the caller waits for it. */
  dnsTimeoutMs?: number;
};

const systemLookup: AddressLookup = (hostname) => dnsLookup(hostname, { all: true });

/**
 * The address a delivery to `hostname` (a URL's `hostname`: IPv6 literals may keep their brackets) connects
 * to. Refused when ANY of the name's addresses is refused, not only the first: a name with a public and a
 * private address would otherwise reach the private one whenever the order changes.
 */
export async function resolveDeliveryAddress(hostname: string, options: ResolveOptions): Promise<DeliveryAddress> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await resolveName(host, options);
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed && !(verdict.private && options.allowPrivate)) {
      throw new WebhookUrlNotAllowed(`${address} is ${verdict.what}`);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

async function resolveName(host: string, options: ResolveOptions) {
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.dnsTimeoutMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WebhookHostUnresolved(host, 'timeout')), timeoutMs);
  });
  try {
    const addresses = await Promise.race([lookup(host), timeout]);
    if (addresses.length === 0) throw new WebhookHostUnresolved(host, 'ENODATA');
    return addresses;
  } catch (error) {
    if (error instanceof WebhookHostUnresolved) throw error;
    throw new WebhookHostUnresolved(host, (error as NodeJS.ErrnoException).code ?? 'error');
  } finally {
    clearTimeout(timer);
  }
}
