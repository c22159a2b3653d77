// The test wallets (test/support/oid4vci-wallet.ts, oid4vp-wallet.ts: written from the specifications on jose and
// node:crypto, nothing of the service's) driven against a running service over HTTP. They take the harness's app; this
// gives them its `url` and `request` over node:http, and can hold a wallet's next request back instead of sending it,
// so that a row's single-use requests (a key proof, a presentation) are made before the timed part and only sent in it.
import type { HttpResult, RequestOptions, TestApp } from '../test/support/harness.js';
import { createHttpClient } from '../test/support/http-client.js';
import type { PreparedRequest } from './load.js';

export type WalletTransport = TestApp & {
  /** The next request is kept in `held` (answered 202 with no body) rather than sent. */
  holdNext(): void;
  held: PreparedRequest[];
  close(): void;
};

export function walletTransport(url: string): WalletTransport {
  const client = createHttpClient(url);
  let holding = false;
  const held: PreparedRequest[] = [];
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (holding) {
      holding = false;
      held.push({ path, headers, ...(body !== undefined && { body }) });
      return { status: 202, headers: new Headers(), body: undefined as T, text: '' };
    }
    const answer = await client.exchange(method, path, headers, body);
    let parsed: unknown;
    try {
      parsed = answer.text ? JSON.parse(answer.text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { ...answer, body: parsed as T };
  }
  // Only what the wallets use of the harness's app: its address and its requests.
  return {
    url,
    request,
    holdNext: () => void (holding = true),
    held,
    close: () => client.close(),
  } as unknown as WalletTransport;
}

/**
 * `count` single-use requests made by `workers` wallets at once, each worker on a transport of its own (a held
 * request is the next one of its transport): what a row sends in its timed part.
 */
export async function prepareRequests(
  url: string,
  count: number,
  workers: number,
  prepare: (index: number, transport: WalletTransport) => Promise<void>,
): Promise<PreparedRequest[]> {
  const prepared: PreparedRequest[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const transport = walletTransport(url);
      try {
        for (let index = next++; index < count; index = next++) {
          await prepare(index, transport);
          const held = transport.held.pop();
          if (!held) throw new Error('the wallet sent nothing to hold');
          prepared.push(held);
        }
      } finally {
        transport.close();
      }
    }),
  );
  return prepared;
}
