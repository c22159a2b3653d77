// One delivery attempt: a POST to the address that url-policy checked, bounded in time and in what is
// read back, reported as a result and never thrown, so the dispatcher records every outcome the same way.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseRetryAfter, utf8Excerpt } from './response-parts.js';
import type { DeliveryAddress } from './url-policy.js';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
/** What the delivery log keeps of a response body; the rest is never read. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export type DeliveryAttemptResult = {
  /** A 2xx answer: any other status, a redirect included, is a failed attempt. */
  ok: boolean;
  /** The response status; null when no response came (refused, reset, timeout, TLS failure). */
  status: number | null;
  durationMs: number;
  /** At most RESPONSE_EXCERPT_BYTES of UTF-8 from the start of the body. */
  responseExcerpt: string;
  /** From Retry-After on a 429 or 503, capped at a day; null otherwise. */
  retryAfterSeconds: number | null;
  /** Why the attempt failed without a usable status (or 'redirect not followed (3xx)'); null otherwise. */
  error: string | null;
};

export type SendWebhookInput = {
  url: URL;
  /** From resolveDeliveryAddress for this url's hostname, just before the attempt. */
  address: DeliveryAddress;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
};

export function sendWebhook(input: SendWebhookInput): Promise<DeliveryAttemptResult> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const started = performance.now();
  return new Promise((resolve) => {
    let request: http.ClientRequest | undefined;
    let status: number | null = null;
    let retryAfterSeconds: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    // The answer so far, once a status is in: a redirect is an error of its own, other statuses speak
    // for themselves. A 2xx stays a success even if its body then stalls: the receiver has accepted.
    const answered = () =>
      status !== null && status >= 300 && status < 400 ? `redirect not followed (${status})` : null;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy(); // with it the response and the socket: the unread rest of the body is dropped
      resolve({
        ok: error === null && status !== null && status >= 200 && status < 300,
        status,
        durationMs: Math.round(performance.now() - started),
        responseExcerpt: utf8Excerpt(Buffer.concat(chunks), RESPONSE_EXCERPT_BYTES),
        retryAfterSeconds,
        error,
      });
    };
    // One deadline for everything: connecting, TLS, sending, the response head and the excerpt.
    const timer = setTimeout(() => finish(status === null ? `timeout after ${timeoutMs} ms` : answered()), timeoutMs);

    try {
      request = (input.url.protocol === 'https:' ? https : http).request(requestOptions(input));
    } catch (error) {
      // Synchronous refusals by node:http, such as a header value with a line break.
      finish(describeError(error));
      return;
    }
    request.on('error', (error) => finish(status === null ? describeError(error) : answered()));
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      if (status === 429 || status === 503) {
        retryAfterSeconds = parseRetryAfter(response.headers['retry-after'], Date.now());
      }
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        // Strictly more than the limit: then a character cut at the limit is known to be cut.
        if (received > RESPONSE_EXCERPT_BYTES) finish(answered());
      });
      response.on('end', () => finish(answered()));
      response.on('error', () => finish(answered()));
      response.on('close', () => finish(answered()));
    });
    request.end(input.body);
  });
}

function requestOptions({ url, address, body, headers }: SendWebhookInput): https.RequestOptions {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return {
    method: 'POST',
    host,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    // The socket goes to the checked address while Host, SNI and the certificate check keep the URL's
    // name (an IP-literal host skips the lookup: it is itself the checked address).
    lookup: pinnedLookup(address),
    // SNI carries names only (RFC 6066 §3); for an IP literal the certificate is checked against the IP.
    ...(isIP(host) === 0 ? { servername: host } : {}),
    // A connection per attempt: nothing pooled outlives the address check it was made under.
    agent: false,
  };
}

/** A `lookup` that answers every query with the one address (as a list when Node asks for all). */
export function pinnedLookup({ address, family }: DeliveryAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** A short, stable text for the delivery log (codes, not messages: messages vary across Node versions). */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
      return 'host unreachable';
    case 'ENETUNREACH':
      return 'network unreachable';
  }
  if (code.startsWith('HPE_')) return `invalid http response (${code})`;
  if (/^ERR_(TLS|SSL)_|CERT|SELF_SIGNED|UNABLE_TO_|^EPROTO$/.test(code)) return `tls error (${code})`;
  return `request failed (${code || 'unknown error'})`;
}
