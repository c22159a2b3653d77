// Endpoint signing secrets at rest: AES-256-GCM under KEY_ENCRYPTION_KEY (src/lib/key-encryption.ts), bound
// to their tenant and endpoint. A signing secret must be read back to sign, so it cannot be a hash.
import type { KeyEncryption } from '../../lib/key-encryption.js';

const aadFor = (tenantId: string, endpointId: string) => JSON.stringify(['webhook-secret/v1', tenantId, endpointId]);

export function sealWebhookSecret(keys: KeyEncryption, tenantId: string, endpointId: string, secret: string) {
  return new Uint8Array(keys.encrypt(Buffer.from(secret, 'utf8'), aadFor(tenantId, endpointId)));
}

export function openWebhookSecret(keys: KeyEncryption, tenantId: string, endpointId: string, ciphertext: Uint8Array) {
  return keys.decrypt(ciphertext, aadFor(tenantId, endpointId)).toString('utf8');
}
