// A DIDComm peer written from the specifications with node:crypto and jose alone, independent of didcomm-node:
// it can build what the reference library refuses to pack, such as a message whose plaintext `from` is not the
// DID of the key that encrypted or signed it.
//
// authcrypt (DIDComm v2.1 § 5.1.5): ECDH-1PU+A256KW over X25519 with A256CBC-HS512 content encryption,
// draft-madden-jose-ecdh-1pu-04 (key wrapping mode: the content's tag enters the KDF, § 2.3) with the NIST
// SP 800-56A Concat KDF of RFC 7518 § 4.6.2; apu is the skid, apv the SHA-256 of the sorted recipient kids
// joined by "." (DIDComm § 5.1.5). signed (DIDComm § 5.2): a General JSON JWS with the signer's kid.
import { createCipheriv, createHash, createHmac, createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import * as jose from 'jose';

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const u32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};
const prefixed = (bytes: Uint8Array) => Buffer.concat([u32(bytes.length), bytes]);

const x25519Public = (x: string) => createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x }, format: 'jwk' });

export type AuthcryptInput = {
  plaintext: Record<string, unknown>;
  /** The sender's X25519 key agreement key: its kid (skid) and private JWK. */
  sender: { kid: string; privateJwk: { x: string; d: string } };
  /** The recipient's key agreement key: its kid and public x. */
  recipient: { kid: string; x: string };
};

/** An authcrypt JWE (General JSON) from `sender` to `recipient`, the plaintext as given. */
export function authcrypt({ plaintext, sender, recipient }: AuthcryptInput): string {
  const ephemeral = generateKeyPairSync('x25519');
  const epk = ephemeral.publicKey.export({ format: 'jwk' });
  const header = {
    typ: 'application/didcomm-encrypted+json',
    alg: 'ECDH-1PU+A256KW',
    enc: 'A256CBC-HS512',
    skid: sender.kid,
    apu: b64(sender.kid),
    apv: b64(createHash('sha256').update([recipient.kid].sort().join('.')).digest()),
    epk: { kty: 'OKP', crv: 'X25519', x: epk.x },
  };
  const protectedHeader = b64(JSON.stringify(header));

  // A256CBC-HS512 (RFC 7518 § 5.2.5): MAC key the first 32 bytes of the CEK, encryption key the last 32.
  const cek = randomBytes(64);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', cek.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plaintext)), cipher.final()]);
  const aad = Buffer.from(protectedHeader, 'ascii');
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  const tag = createHmac('sha512', cek.subarray(0, 32))
    .update(Buffer.concat([aad, iv, ciphertext, al]))
    .digest()
    .subarray(0, 32);

  // Z = Ze || Zs (ECDH-1PU § 2.2), then the Concat KDF for a 256-bit A256KW key, the tag in SuppPubInfo.
  const recipientKey = x25519Public(recipient.x);
  const senderKey: KeyObject = createPrivateKey({
    key: { kty: 'OKP', crv: 'X25519', ...sender.privateJwk },
    format: 'jwk',
  });
  const z = Buffer.concat([
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipientKey }),
    diffieHellman({ privateKey: senderKey, publicKey: recipientKey }),
  ]);
  const otherInfo = Buffer.concat([
    prefixed(Buffer.from(header.alg)),
    prefixed(Buffer.from(sender.kid)),
    prefixed(Buffer.from(header.apv, 'base64url')),
    u32(256),
    prefixed(tag),
  ]);
  const kek = createHash('sha256')
    .update(Buffer.concat([u32(1), z, otherInfo]))
    .digest();
  // A256KW (RFC 3394) with its default initial value.
  const wrap = createCipheriv('id-aes256-wrap', kek, Buffer.from('A6A6A6A6A6A6A6A6', 'hex'));
  const encryptedKey = Buffer.concat([wrap.update(cek), wrap.final()]);

  return JSON.stringify({
    protected: protectedHeader,
    recipients: [{ header: { kid: recipient.kid }, encrypted_key: b64(encryptedKey) }],
    iv: b64(iv),
    ciphertext: b64(ciphertext),
    tag: b64(tag),
  });
}

/** A signed DIDComm message (General JSON JWS, EdDSA) by the Ed25519 key `kid`, the plaintext as given. */
export async function signed(plaintext: Record<string, unknown>, signer: { kid: string; privateJwk: jose.JWK }) {
  const key = await jose.importJWK(signer.privateJwk, 'EdDSA');
  const jws = await new jose.GeneralSign(new TextEncoder().encode(JSON.stringify(plaintext)))
    .addSignature(key)
    .setProtectedHeader({ typ: 'application/didcomm-signed+json', alg: 'EdDSA' })
    // DIDComm § 5.2 names the signer's key in the signature's unprotected header.
    .setUnprotectedHeader({ kid: signer.kid })
    .sign();
  return JSON.stringify(jws);
}
