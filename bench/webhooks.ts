// Webhook delivery in the same run as the rest: the issue rate of tenants each with one endpoint subscribed to
// credential.issued, as a ratio of the rate without one (the delivery work shares the machine with the
// issue path), deliveries per second to a local receiver, and commit-to-delivery latency (the event's
// created_at to the receiver's clock: both on this machine).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueBody, issueInTurn, ISSUING_TENANTS } from './issue.js';
import { runLoad, type LoadResult } from './load.js';
import { tenantWithDid } from './service.js';

export type WebhookBench = {
  without: LoadResult;
  withEndpoint: LoadResult;
  delivered: number;
  drainSeconds: number;
  deliveriesPerSecond: number;
  /** Commit to delivery at a steady 20 issues a second, one at a time (no backlog). */
  latencyP50: number;
  latencyP99: number;
};

const PACED_ISSUES = 100;
const PACE_MS = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function benchWebhooks(
  url: string,
  options: { connections: number; seconds: number },
): Promise<WebhookBench> {
  const latencies: number[] = [];
  /** Events created before this are not counted (the paced phase starts after the loaded one's tail). */
  let countFrom = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; created_at: string };
      const createdAt = Date.parse(envelope.created_at);
      if (envelope.type === 'credential.issued' && createdAt >= countFrom) latencies.push(Date.now() - createdAt);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const issueWith = async (subscribe: boolean) => {
      // Tenants in turn, as the issue rows ask: one tenant's bucket would cap the row near 4,000 issues a second.
      const issuers = await Promise.all(
        Array.from({ length: ISSUING_TENANTS }, async () => {
          const { auth, did } = await tenantWithDid(url);
          if (subscribe) {
            const response = await fetch(`${url}/v1/webhooks`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ url: receiverUrl, events: ['credential.issued'] }),
            });
            if (!response.ok) throw new Error(`/v1/webhooks: ${response.status} ${await response.text()}`);
          }
          return { auth, body: issueBody('jwt_vc_json', did) };
        }),
      );
      const { auth, body } = issuers[0]!;
      const headers = { ...auth, 'content-type': 'application/json' };
      const target = issueInTurn(issuers);
      const warmUp = await runLoad(url, target, 4, 0.5); // as the issue rows do
      const measured = await runLoad(url, target, options.connections, options.seconds);
      const paced = async () => {
        for (let i = 0; i < PACED_ISSUES; i++) {
          await fetch(`${url}/v1/credentials/issue`, { method: 'POST', headers, body });
          await new Promise((resolve) => setTimeout(resolve, PACE_MS));
        }
      };
      return { measured, issued: warmUp.requests + measured.requests, paced };
    };
    const { measured: without } = await issueWith(false);
    latencies.length = 0;
    const started = Date.now();
    const { measured: withEndpoint, issued: expected, paced } = await issueWith(true);
    // Every issue of the subscribed tenant (warm-up included) is delivered once: wait for the tail.
    while (latencies.length < expected && Date.now() - started < (options.seconds + 120) * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainSeconds = (Date.now() - started) / 1000;
    const delivered = latencies.length;
    latencies.length = 0;
    countFrom = Date.now();
    await paced();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      without,
      withEndpoint,
      delivered,
      drainSeconds,
      deliveriesPerSecond: delivered / drainSeconds,
      latencyP50: percentile(sorted, 0.5),
      latencyP99: percentile(sorted, 0.99),
    };
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}
