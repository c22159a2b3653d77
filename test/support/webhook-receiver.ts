// A webhook receiver as integrators run one: a node:http server on loopback that records every delivery and
// answers as the test says (a status, headers, a hang). And a Standard Webhooks signature check written from
// the specification with node:crypto alone, independent of the service's signing library.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string; at: number; path: string };
/** How to answer one delivery: a status (and headers, body), or `hang` to never answer. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export async function startReceiver(answer: (received: Received, index: number) => Answer = () => ({ status: 204 })) {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];
  // Requests open at once (from arrival until their response ends or the sender gives up), and the most seen.
  const load = { open: 0, max: 0 };
  const server = createServer((request, response) => {
    load.open += 1;
    load.max = Math.max(load.max, load.open);
    response.once('close', () => (load.open -= 1));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        path: request.url ?? '',
      };
      received.push(delivery);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      const reply = answer(delivery, received.length - 1);
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Deliveries open now, and the most that were open at once. */
    get open() {
      return load.open;
    },
    get maxOpen() {
      return load.max;
    },
    /** Resolves once `count` deliveries have arrived; rejects after `timeoutMs`. */
    waitFor(count: number, timeoutMs = 5_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} deliveries after ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      if (!server.listening) return Promise.resolve();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Standard Webhooks (§ "Verifying webhook authenticity"): HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed
 * with the base64 after `whsec_`, compared in constant time with each `v1,` signature of the header.
 */
export function signatureValid(received: Received, secret: string): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'))
    .some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
}
