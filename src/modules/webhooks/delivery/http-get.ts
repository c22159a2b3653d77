// One GET of a small JSON document (a did:web did.json elsewhere) from an address that url-policy checked:
// the same pinned connection as a webhook delivery, one deadline for everything, a cap on the bytes read,
// no redirect followed (its target would not have been checked). Failures are thrown as OutboundGetError.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { describeError, pinnedLookup } from './http-sender.js';
import type { DeliveryAddress } from './url-policy.js';

export class OutboundGetError extends Error {
  override readonly name = 'OutboundGetError';
}

export type GetJsonInput = {
  url: URL;
  /** From resolveDeliveryAddress for this url's hostname, just before the request. */
  address: DeliveryAddress;
  timeoutMs: number;
  /** Larger bodies are refused, unread past the limit. */
  maxBytes: number;
  accept: string;
};

export type GetJsonResult = { body: unknown; cacheControl: string | undefined };

export function getJson(input: GetJsonInput): Promise<GetJsonResult> {
  const { url, address, timeoutMs, maxBytes } = input;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: string | null, result?: GetJsonResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      if (error === null) resolve(result!);
      else reject(new OutboundGetError(error));
    };
    const timer = setTimeout(() => finish(`timeout after ${timeoutMs} ms`), timeoutMs);
    const request = (url.protocol === 'https:' ? https : http).request({
      method: 'GET',
      host,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { accept: input.accept },
      lookup: pinnedLookup(address),
      ...(isIP(host) === 0 ? { servername: host } : {}),
      agent: false,
    });
    request.on('error', (error) => finish(describeError(error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) return finish(`redirect not followed (${status})`);
      if (status !== 200) return finish(`answered ${status}`);
      const declared = Number(response.headers['content-length']);
      if (declared > maxBytes) return finish(`larger than ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return finish(`larger than ${maxBytes} bytes`);
        chunks.push(chunk);
      });
      response.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return finish('not a JSON document');
        }
        finish(null, { body, cacheControl: response.headers['cache-control'] });
      });
      response.on('error', () => finish('connection reset'));
    });
    request.end();
  });
}
