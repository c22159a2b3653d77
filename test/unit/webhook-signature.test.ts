import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  signatureHeader,
  webhookHeaders,
} from '../../src/modules/webhooks/delivery/signature.js';

// A verifier written from the Standard Webhooks specification with node:crypto only, so that the tests do
// not check `standardwebhooks` with itself (svix's verifier is that same package underneath).
function verifies(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = createHmac('sha256', key).update(signed, 'utf8').digest();
  return (headers['webhook-signature'] ?? '').split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// The specification's published example (standard-webhooks spec/standard-webhooks.md, and the test vector
// of every reference library).
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signing', () => {
  it('makes secrets of whsec_ and 32 random bytes in base64', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it("reproduces the specification's example signature", () => {
    const { secret, signature, ...message } = vector;
    expect(signatureHeader({ ...message, secrets: [secret] })).toBe(signature);
    // …and the test's verifier agrees with the specification too.
    const headers = { 'webhook-id': vector.id, 'webhook-timestamp': '1614265330', 'webhook-signature': signature };
    expect(verifies(secret, headers, vector.body)).toBe(true);
  });

  it('sends the standard headers, verifiable independently', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', data: { note: 'ünïcödé ✓' } });
    const headers = webhookHeaders({ id: 'evt_1', timestamp: new Date(1_750_000_000_999), body, secrets: [secret] });
    expect(Object.keys(headers).sort()).toEqual([
      'content-type',
      'user-agent',
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
    ]);
    expect(headers).toMatchObject({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1750000000', // whole seconds, rounded down
      'content-type': 'application/json',
      'user-agent': 'credential-service-webhooks/1',
    });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifies(secret, headers, body)).toBe(true);
  });

  it('signs with every secret during a rotation, each valid on its own', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = '{"id":"evt_2"}';
    const headers = webhookHeaders({ id: 'evt_2', timestamp: new Date(), body, secrets: [current, previous] });
    const entries = headers['webhook-signature']!.split(' ');
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.startsWith('v1,'))).toBe(true);
    expect(verifies(current, headers, body)).toBe(true);
    expect(verifies(previous, headers, body)).toBe(true);
    expect(verifies(generateWebhookSecret(), headers, body)).toBe(false);
  });

  it('fails verification when the body, id or timestamp is altered', () => {
    const secret = generateWebhookSecret();
    const body = '{"id":"evt_3","data":{"amount":1}}';
    const headers = webhookHeaders({ id: 'evt_3', timestamp: new Date(), body, secrets: [secret] });
    expect(verifies(secret, headers, body)).toBe(true);
    expect(verifies(secret, headers, body.replace('1', '2'))).toBe(false);
    expect(verifies(secret, { ...headers, 'webhook-id': 'evt_4' }, body)).toBe(false);
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(verifies(secret, { ...headers, 'webhook-timestamp': later }, body)).toBe(false);
  });

  it('refuses to sign without a secret', () => {
    expect(() => signatureHeader({ id: 'evt_5', timestamp: new Date(), body: '{}', secrets: [] })).toThrow();
  });
});
