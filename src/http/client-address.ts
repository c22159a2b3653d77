// The client's address for per-address limits. X-Forwarded-For is trusted only as far as configured: with
// N proxies in front, the last N hops are theirs and the client is the address just before them; anything
// further left is whatever the client chose to send.
import type { IncomingMessage } from 'node:http';

export function clientAddress(request: IncomingMessage, trustProxyHops: number): string {
  const socketAddress = request.socket.remoteAddress ?? 'unknown';
  if (trustProxyHops === 0) return socketAddress;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress];
  return chain[Math.max(chain.length - 1 - trustProxyHops, 0)]!;
}
