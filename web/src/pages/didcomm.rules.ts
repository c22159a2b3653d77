// The DIDComm page's rules: the message types the form offers (the protocols the service speaks), reading the
// body the user typed, and what a delivery state means.
import type { DidcommDelivery, DidcommDirection, DidcommPacking } from '../generated/graphql';

/** A message's page. */
export const messageHref = (id: string) => `/didcomm/${encodeURIComponent(id)}`;

export type MessageTemplate = { label: string; type: string; body: Record<string, unknown> };

/** The protocols the service answers (README "DIDComm messaging"), as starting points; any type URI may be sent. */
export const MESSAGE_TEMPLATES: MessageTemplate[] = [
  { label: 'Basic message 2.0', type: 'https://didcomm.org/basicmessage/2.0/message', body: { content: 'Hello' } },
  { label: 'Trust ping 2.0', type: 'https://didcomm.org/trust-ping/2.0/ping', body: { response_requested: true } },
  {
    label: 'Discover features 2.0 (query)',
    type: 'https://didcomm.org/discover-features/2.0/queries',
    body: { queries: [{ 'feature-type': 'protocol', match: 'https://didcomm.org/*' }] },
  },
];

export const PACKING_LABELS: Record<DidcommPacking, string> = {
  authcrypt: 'authcrypt: encrypted, sender authenticated',
  anoncrypt: 'anoncrypt: encrypted, anonymous sender',
  signed: 'signed: readable, signature verifiable',
  plaintext: 'plaintext: neither',
};

export const DIRECTION_LABELS: Record<DidcommDirection, string> = { outbound: 'Sent', inbound: 'Received' };

export const DELIVERY_LABELS: Record<DidcommDelivery, string> = {
  inbox: 'In the inbox',
  delivered: 'Delivered',
  failed: 'Failed',
  returned: 'Returned to you',
  received: 'Received',
};

/** What each delivery state means for the sender: the outcome shown after a send. */
export const DELIVERY_MEANINGS: Record<DidcommDelivery, string> = {
  inbox: 'The recipient DID is hosted here: the message is in its inbox.',
  delivered: "POSTed to the recipient's DIDCommMessaging endpoint, which accepted it.",
  failed: "The recipient's DIDCommMessaging endpoint did not accept it (no retries yet).",
  returned: "The recipient's DID document names no endpoint (a did:key has none): transport the envelope yourself.",
  received: 'An inbound message.',
};

/** Badge colours by outcome: good, waiting on the caller, bad. */
export function deliveryTone(delivery: DidcommDelivery): 'good' | 'neutral' | 'bad' {
  return delivery === 'failed' ? 'bad' : delivery === 'returned' ? 'neutral' : 'good';
}

/** The body as typed: a JSON object ("" is {}); anything else is refused with the service's text. */
export function parseBody(text: string): { body: Record<string, unknown> | null; problem: string | null } {
  if (!text.trim()) return { body: {}, problem: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { body: null, problem: `body is not JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { body: null, problem: 'body must be a JSON object' };
  return { body: value as Record<string, unknown>, problem: null };
}

/** A type URI's last two path parts ("basicmessage/2.0/message" → "basicmessage 2.0 message"), for tables. */
export function shortType(type: string): string {
  const match = /^https?:\/\/[^/]+\/(.+)$/.exec(type);
  return match ? match[1]!.split('/').join(' ') : type;
}
