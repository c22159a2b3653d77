// The key a direct_post.jwt answer is encrypted to (OpenID4VP 1.0 §8.3; HAIP §5: ECDH-ES on P-256, A128GCM and
// A256GCM, a fresh key per request). The public JWK goes into the request's client_metadata.jwks; the private key
// is stored AES-256-GCM encrypted under the service's key-encryption key, bound to the tenant and the request
// (src/lib/key-encryption.ts), and decrypted only to open that request's answer.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, compactDecrypt, decodeProtectedHeader, type JWK } from 'jose';
import type { KeyEncryption } from '../../lib/key-encryption.js';

export const RESPONSE_ENCRYPTION_ALG = 'ECDH-ES';
/** HAIP: verifiers support and list both; the wallet picks (A128GCM is the default when none is listed). */
export const RESPONSE_ENCRYPTION_ENCS = ['A128GCM', 'A256GCM'] as const;
/** A VP token of a few SD-JWTs is tens of KiB; an answer larger than this is refused unopened. */
export const MAX_RESPONSE_JWE_BYTES = 256 * 1024;

export type EncryptionJwk = JWK & { kid: string; use: 'enc'; alg: typeof RESPONSE_ENCRYPTION_ALG };

const aadFor = (tenantId: string, requestId: string) => JSON.stringify(['oid4vp-response-key/v1', tenantId, requestId]);

/** A fresh P-256 key for one request: its public JWK (kid: its RFC 7638 thumbprint) and the sealed private key. */
export async function newResponseKey(keys: KeyEncryption, tenantId: string, requestId: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const base = { kty: kty!, crv: crv!, x: x!, y: y! };
  const jwk: EncryptionJwk = {
    ...base,
    kid: await calculateJwkThumbprint(base),
    use: 'enc',
    alg: RESPONSE_ENCRYPTION_ALG,
  };
  const sealed = keys.encrypt(privateKey.export({ format: 'der', type: 'pkcs8' }), aadFor(tenantId, requestId));
  return { jwk, sealed: new Uint8Array(sealed) };
}

export class ResponseDecryptionError extends Error {}

/**
 * Opens a compact JWE with the request's key: alg ECDH-ES, enc A128GCM or A256GCM, and the kid (when given) the
 * request's own, nothing else. Returns the plaintext; any other JWE is refused with why.
 */
export async function openResponse(
  jwe: string,
  sealed: Uint8Array,
  jwk: EncryptionJwk,
  context: { keys: KeyEncryption; tenantId: string; requestId: string },
): Promise<string> {
  if (Buffer.byteLength(jwe) > MAX_RESPONSE_JWE_BYTES)
    throw new ResponseDecryptionError(`the response JWE exceeds ${MAX_RESPONSE_JWE_BYTES} bytes`);
  if (jwe.split('.').length !== 5) throw new ResponseDecryptionError('the response is not a compact JWE');
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jwe) as Record<string, unknown>;
  } catch {
    throw new ResponseDecryptionError('the response JWE header does not decode');
  }
  if (header.kid !== undefined && header.kid !== jwk.kid)
    throw new ResponseDecryptionError('the response JWE is encrypted to another key than this request’s');
  const pkcs8 = context.keys.decrypt(sealed, aadFor(context.tenantId, context.requestId));
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  try {
    const { plaintext } = await compactDecrypt(jwe, key, {
      keyManagementAlgorithms: [RESPONSE_ENCRYPTION_ALG],
      contentEncryptionAlgorithms: [...RESPONSE_ENCRYPTION_ENCS],
    });
    return new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
  } catch (error) {
    throw new ResponseDecryptionError(
      `the response JWE does not decrypt with this request’s key (${(error as Error).name})`,
    );
  }
}
