// Where an outbound DIDComm message goes when its recipient is not hosted here: the DIDCommMessaging service
// endpoint of the recipient's DID document (DIDComm § 9.12), POSTed once with the SSRF protections of the
// webhooks (url-policy.ts: the address is checked and pinned before the connection, private ranges refused
// unless WEBHOOK_ALLOW_PRIVATE_URLS). No endpoint (did:key has none): the caller transports the envelope.
import { sendWebhook } from '../webhooks/delivery/http-sender.js';
import { parseWebhookUrl, resolveDeliveryAddress } from '../webhooks/delivery/url-policy.js';

export type DeliveryPolicy = { allowPrivate: boolean; production: boolean; timeoutMs?: number };

type Service = { id?: string; type?: unknown; serviceEndpoint?: unknown };

/** The first DIDCommMessaging endpoint URI of a DID document (v2 object or string form), or null. */
export function didcommEndpoint(document: { service?: unknown } | null): string | null {
  const services = Array.isArray(document?.service) ? (document.service as Service[]) : [];
  for (const service of services) {
    if (service?.type !== 'DIDCommMessaging') continue;
    const endpoint = service.serviceEndpoint;
    const candidates = Array.isArray(endpoint) ? endpoint : [endpoint];
    for (const candidate of candidates) {
      const uri = typeof candidate === 'string' ? candidate : (candidate as { uri?: unknown })?.uri;
      if (typeof uri === 'string' && /^https?:\/\//.test(uri)) return uri;
    }
  }
  return null;
}

/** One POST of the envelope; the outcome as the message's delivery state and a short detail, never thrown. */
export async function postEnvelope(
  uri: string,
  envelope: string,
  contentType: string,
  policy: DeliveryPolicy,
): Promise<{ delivery: 'delivered' | 'failed'; detail: string }> {
  try {
    const url = parseWebhookUrl(uri, { production: policy.production });
    const address = await resolveDeliveryAddress(url.hostname, { allowPrivate: policy.allowPrivate });
    const result = await sendWebhook({
      url,
      address,
      body: envelope,
      headers: { 'Content-Type': contentType },
      timeoutMs: policy.timeoutMs ?? 10_000,
    });
    if (result.ok) return { delivery: 'delivered', detail: `${uri} answered ${result.status}` };
    return { delivery: 'failed', detail: `${uri}: ${result.error ?? `answered ${result.status}`}` };
  } catch (error) {
    // WebhookUrlNotAllowed ("webhook url not allowed: …") and WebhookHostUnresolved say why in their message.
    const reason = error instanceof Error ? error.message.replace(/^webhook url/, 'endpoint') : 'failed';
    return { delivery: 'failed', detail: `${uri}: ${reason}` };
  }
}
