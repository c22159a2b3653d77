// Encrypted credential requests and responses (OpenID4VCI 1.0 §10, §8.2, §8.3): a wallet may send its Credential
// Request as a JWE to the issuer's key, and ask for the response encrypted to a key of its own; asking for an
// encrypted response obliges it to encrypt the request (so the response key cannot be swapped in transit). JWE with
// ECDH-ES key agreement and A128GCM or A256GCM content encryption, through jose.
//
// The issuer's key is a P-256 key derived for the tenant from the service's key-encryption key
// (src/lib/key-encryption.ts derive), so every instance holds the same one without storing it.
import { createECDH, createPrivateKey, type KeyObject } from 'node:crypto';
import * as jose from 'jose';
import { z } from 'zod';
import { Oauth2Error } from '../../http/oauth2-errors.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';

export const ENCRYPTION_ALGS = ['ECDH-ES'] as const;
export const ENCRYPTION_ENCS = ['A128GCM', 'A256GCM'] as const;

/** The media type of an encrypted request or response (§10). */
export const ENCRYPTED_MEDIA_TYPE = 'application/jwt';

// The order of P-256's base point (SEC 2 §2.4.2): a derived scalar is reduced into [1, n - 1].
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export type IssuerEncryptionKey = { privateKey: KeyObject; publicJwk: jose.JWK & { kid: string } };

const refusal = (description: string) => new Oauth2Error('invalid_encryption_parameters', description);

/** The tenant's request-encryption key, derived (HKDF) from the key-encryption key; kept per process. */
export function createIssuerEncryptionKeys(keys: KeyEncryption) {
  const cache = new Map<string, Promise<IssuerEncryptionKey>>();
  return (tenantId: string): Promise<IssuerEncryptionKey> => {
    let key = cache.get(tenantId);
    if (!key) {
      key = derive(keys, tenantId);
      if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
      cache.set(tenantId, key);
    }
    return key;
  };
}

async function derive(keys: KeyEncryption, tenantId: string): Promise<IssuerEncryptionKey> {
  // 48 bytes reduced modulo the order: a bias below 2^-128 (FIPS 186-5 A.4.1's extra-bits method).
  const seed = BigInt(`0x${keys.derive(`oid4vci-request-encryption:${tenantId}`, 48).toString('hex')}`);
  const d = Buffer.from(((seed % (P256_ORDER - 1n)) + 1n).toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const privateKey = createPrivateKey({ key: { ...jwk, d: d.toString('base64url') }, format: 'jwk' });
  const kid = await jose.calculateJwkThumbprint(jwk);
  return { privateKey, publicJwk: { ...jwk, kid, use: 'enc', alg: 'ECDH-ES' } };
}

/** The metadata members that offer encryption (§12.2.4), neither required. */
export function encryptionMetadata(key: IssuerEncryptionKey) {
  return {
    credential_request_encryption: {
      jwks: { keys: [key.publicJwk] },
      enc_values_supported: [...ENCRYPTION_ENCS],
      encryption_required: false,
    },
    credential_response_encryption: {
      alg_values_supported: [...ENCRYPTION_ALGS],
      enc_values_supported: [...ENCRYPTION_ENCS],
      encryption_required: false,
    },
  };
}

/** An encrypted Credential Request (a JWE to our key): its JSON claims. Anything else is invalid_encryption_parameters. */
export async function decryptRequest(jwe: string, key: IssuerEncryptionKey): Promise<unknown> {
  try {
    const { plaintext, protectedHeader } = await jose.compactDecrypt(jwe.trim(), key.privateKey, {
      keyManagementAlgorithms: [...ENCRYPTION_ALGS],
      contentEncryptionAlgorithms: [...ENCRYPTION_ENCS],
    });
    if (protectedHeader.kid !== undefined && protectedHeader.kid !== key.publicJwk.kid) {
      throw refusal('the request is encrypted to another key');
    }
    return JSON.parse(new TextDecoder().decode(plaintext));
  } catch (error) {
    if (error instanceof Oauth2Error) throw error;
    throw refusal('the request is not a JWE this issuer can decrypt (ECDH-ES, A128GCM or A256GCM, to its key)');
  }
}

const responseEncryption = z.object({
  jwk: z
    .object({ kty: z.enum(['EC', 'OKP']), alg: z.enum(ENCRYPTION_ALGS), kid: z.string().optional() })
    .loose()
    .refine((jwk) => !('d' in jwk), 'a public key'),
  enc: z.enum(ENCRYPTION_ENCS),
  zip: z.undefined({ error: 'compression is not offered' }).optional(),
});

export type ResponseEncryption = {
  key: jose.CryptoKey | KeyObject | Uint8Array;
  alg: string;
  enc: string;
  kid: string | undefined;
};

/**
 * The wallet's credential_response_encryption (§8.2): a public ECDH key with its alg (§10: it must say one), an enc
 * we offer, no compression. Refused as invalid_encryption_parameters.
 */
export async function responseEncryptionOf(parameters: unknown): Promise<ResponseEncryption> {
  const parsed = responseEncryption.safeParse(parameters);
  if (!parsed.success) {
    throw refusal(
      `credential_response_encryption needs a public jwk with alg ${ENCRYPTION_ALGS.join(' or ')} and enc ${ENCRYPTION_ENCS.join(' or ')}, without zip`,
    );
  }
  const { jwk, enc } = parsed.data;
  try {
    return { key: await jose.importJWK(jwk as jose.JWK, jwk.alg), alg: jwk.alg, enc, kid: jwk.kid };
  } catch {
    throw refusal('credential_response_encryption.jwk is not a usable ECDH key');
  }
}

/** The Credential Response encrypted to the wallet's key (§10), as its compact JWE. */
export function encryptResponse(response: object, encryption: ResponseEncryption): Promise<string> {
  return new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify(response)))
    .setProtectedHeader({
      alg: encryption.alg,
      enc: encryption.enc,
      ...(encryption.kid && { kid: encryption.kid }),
    })
    .encrypt(encryption.key);
}
