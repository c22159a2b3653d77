// The DIDComm protocols the service answers itself when one of its DIDs receives a message:
// Trust Ping 2.0 (https://identity.foundation/didcomm-messaging/spec/v2.1/#trust-ping-protocol-20), Discover
// Features 2.0 (https://identity.foundation/didcomm-messaging/spec/v2.1/#discover-features-protocol-20), Basic
// Message 2.0 (stored) and Issue Credential 3.0 (https://didcomm.org/issue-credential/3.0/; we send
// issue-credential, and store what arrives). Pure: a received message in, the replies to send out.
import type { PlainMessage } from './didcomm.envelope.js';

export const PROTOCOL = {
  ping: 'https://didcomm.org/trust-ping/2.0/ping',
  pingResponse: 'https://didcomm.org/trust-ping/2.0/ping-response',
  queries: 'https://didcomm.org/discover-features/2.0/queries',
  disclose: 'https://didcomm.org/discover-features/2.0/disclose',
  basicMessage: 'https://didcomm.org/basicmessage/2.0/message',
  issueCredential: 'https://didcomm.org/issue-credential/3.0/issue-credential',
} as const;

/** What Discover Features discloses: the protocols (PIURIs) we speak, and the DIDComm version. */
export const SUPPORTED_PROTOCOLS = [
  'https://didcomm.org/trust-ping/2.0',
  'https://didcomm.org/discover-features/2.0',
  'https://didcomm.org/basicmessage/2.0',
  'https://didcomm.org/issue-credential/3.0',
] as const;

export type Reply = { type: string; thid: string; body: Record<string, unknown> };

/** The replies a received message asks for (none for most). */
export function repliesTo(message: PlainMessage): Reply[] {
  switch (message.type) {
    case PROTOCOL.ping:
      // response_requested defaults to true (Trust Ping 2.0); an anonymous ping cannot be answered.
      if (message.body?.response_requested === false || !message.from) return [];
      return [{ type: PROTOCOL.pingResponse, thid: message.id, body: {} }];
    case PROTOCOL.queries:
      if (!message.from) return [];
      return [{ type: PROTOCOL.disclose, thid: message.id, body: { disclosures: disclosures(message.body) } }];
    default:
      return [];
  }
}

/** Discover Features 2.0 § queries: `match` is a PIURI where `*` stands for any run of characters. */
function disclosures(body: unknown) {
  const queries = Array.isArray((body as { queries?: unknown })?.queries)
    ? ((body as { queries: unknown[] }).queries as { 'feature-type'?: unknown; match?: unknown }[])
    : [];
  const found = new Set<string>();
  for (const query of queries.slice(0, 20)) {
    if (query?.['feature-type'] !== 'protocol' || typeof query.match !== 'string' || query.match.length > 200) continue;
    const pattern = new RegExp(`^${query.match.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    for (const id of SUPPORTED_PROTOCOLS) if (pattern.test(id)) found.add(id);
  }
  return [...found].map((id) => ({ 'feature-type': 'protocol', id, roles: roleOf(id) }));
}

function roleOf(id: string): string[] {
  if (id.includes('trust-ping')) return ['sender', 'receiver'];
  if (id.includes('discover-features')) return ['requester', 'responder'];
  if (id.includes('issue-credential')) return ['issuer'];
  return ['sender', 'receiver'];
}
