// Standard Webhooks signing (https://www.standardwebhooks.com, spec "Signature scheme"): HMAC-SHA256 over
// `${id}.${timestamp}.${body}`, keyed with the base64 bytes after `whsec_`. The `standardwebhooks` package
// does the signing so that what we send is what its verifiers (and every port of them) accept.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';
const USER_AGENT = 'credential-service-webhooks/1';

export type SignedMessage = {
  /** The `webhook-id`: the event's id, the same on every attempt and replay (receivers dedupe on it). */
  id: string;
  timestamp: Date;
  /** The exact bytes sent; re-serialising the JSON would break the signature. */
  body: string;
  /** Current secret first; during a rotation's overlap the old one too. */
  secrets: readonly string[];
};

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the form the standard's libraries expect). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The `webhook-signature` value: one `v1,<base64>` per secret, space-separated (the standard allows several
 * so that a receiver holding either the old or the new secret verifies during a rotation). */
export function signatureHeader({ id, timestamp, body, secrets }: SignedMessage): string {
  if (secrets.length === 0) throw new Error('at least one webhook secret is needed to sign');
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}

/** Every header of a delivery; the sender adds only `content-length`. */
export function webhookHeaders(message: SignedMessage): Record<string, string> {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(message),
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
  };
}
