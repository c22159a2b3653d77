// The key types our DIDs hold and signing with them, whatever the DID method: a did:key and a did:web of the
// same key type sign alike. Credentials and status lists are signed with a SigningKey from here, so that the
// DID modules need nothing from the modules that sign (the dependency runs credentials → dids, never back).
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';

export const KEY_TYPES = ['Ed25519', 'P-256'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** JOSE alg per key type: EdDSA (RFC 8037 §3.1), ES256 (RFC 7518 §3.4). */
export const SIGNING_ALG = { Ed25519: 'EdDSA', 'P-256': 'ES256' } as const satisfies Record<KeyType, string>;
export type SigningAlg = (typeof SIGNING_ALG)[KeyType];

export type Sign = (data: Uint8Array) => Uint8Array;

/** A DID's private key, ready to sign JWS: `kid` is the DID's verification method for it. */
export type SigningKey = { did: string; kid: string; alg: SigningAlg; sign: Sign };

/** A synchronous JWS signer: the key is parsed once; ES256 signatures are R || S as JWS requires (RFC 7518 §3.4). */
export function signerFor(keyType: KeyType, privateKeyPkcs8: Uint8Array): Sign {
  const key = createPrivateKey({
    key: Buffer.from(privateKeyPkcs8.buffer, privateKeyPkcs8.byteOffset, privateKeyPkcs8.byteLength),
    format: 'der',
    type: 'pkcs8',
  });
  if (keyTypeOf(key) !== keyType) throw new Error(`the private key is not a ${keyType} key`);
  if (keyType === 'Ed25519') return (data) => sign(null, data, key);
  return (data) => sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
}

function keyTypeOf(key: KeyObject): KeyType | undefined {
  if (key.asymmetricKeyType === 'ed25519') return 'Ed25519';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'P-256';
  return undefined;
}
