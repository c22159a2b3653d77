// DIDComm envelopes through didcomm-node: every Appendix C vector of the spec (keys and documents from Appendices
// A and B) unpacks, except the P-384/P-521 ones the library does not implement, which fail with a clear error;
// and what we pack for a did:key opens in an independent implementation (jose) and in the library again.
import { createPrivateKey, diffieHellman, createPublicKey, randomUUID } from 'node:crypto';
import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import {
  didcommResolver,
  pack,
  secretsOfDid,
  secretsResolver,
  unpack,
  type DidcommSecret,
} from '../../src/modules/didcomm/didcomm.envelope.js';
import { didDocument, generateDidKey } from '../../src/modules/dids/methods/did-key/did-key.js';
import { findAppError } from '../../src/lib/errors.js';
import { readVector } from '../support/vectors.js';

const blocks = [...readVector('didcomm/appendix.md').matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));
const [aliceSecrets, bobSecrets, aliceDoc, bobDoc, plaintext, ...packed] = blocks;
// Appendix A.2 writes its kids as "kid " (a trailing space in the key): normalised here, not in the vectors.
const appendixSecrets: DidcommSecret[] = [...aliceSecrets, ...bobSecrets].map((secret: Record<string, string>) => {
  const jwk = Object.fromEntries(Object.entries(secret).map(([key, value]) => [key.trim(), value]));
  return { id: jwk.kid!, type: 'JsonWebKey2020', privateKeyJwk: jwk };
});
const appendixDocs: Record<string, any> = { [aliceDoc.id]: aliceDoc, [bobDoc.id]: bobDoc };
const appendixResolver = didcommResolver(async (did) => appendixDocs[did] ?? null);

const [signedEdDSA, signedES256, signedES256K, anonX25519, anonP384, anonP521, authX25519, authP256, authThenAnonP521] =
  packed;

describe('Appendix C vectors', () => {
  it('holds the plaintext, 3 signed and 6 encrypted messages', () => {
    expect(plaintext.id).toBe('1234567890');
    expect(packed).toHaveLength(9);
  });

  it.each([
    ['C.2 EdDSA (Ed25519)', signedEdDSA, 'signed'],
    ['C.2 ES256 (P-256)', signedES256, 'signed'],
    ['C.2 ES256K (secp256k1)', signedES256K, 'signed'],
    ['C.3 anoncrypt ECDH-ES+A256KW X25519, XC20P', anonX25519, 'anoncrypt'],
    ['C.3 authcrypt ECDH-1PU+A256KW X25519, A256CBC-HS512', authX25519, 'authcrypt'],
    ['C.3 signed then authcrypt ECDH-1PU+A256KW P-256, A256CBC-HS512', authP256, 'authcrypt'],
  ])('%s unpacks to the C.1 plaintext', async (_name, envelope, packing) => {
    const { message, packing: found } = await unpack(
      JSON.stringify(envelope),
      appendixResolver,
      secretsResolver(appendixSecrets),
    );
    expect(found).toBe(packing);
    expect(message).toMatchObject({
      id: plaintext.id,
      // The spec's packed vectors were made with `http://example.com/…` while C.1 prints `https://`: an erratum of
      // the appendix, not of the library (the signed payloads decode to http:// too).
      type: plaintext.type.replace('https://', 'http://'),
      from: plaintext.from,
      to: plaintext.to,
      created_time: plaintext.created_time,
      expires_time: plaintext.expires_time,
      body: plaintext.body,
    });
  });

  it.each([
    ['C.3 anoncrypt P-384, A256CBC-HS512', anonP384],
    ['C.3 anoncrypt P-521, A256GCM', anonP521],
    ['C.3 signed, authcrypt X25519, then anoncrypt P-521, XC20P', authThenAnonP521],
  ])('%s: unsupported by the library, a clear 400', async (_name, envelope) => {
    const error = await unpack(JSON.stringify(envelope), appendixResolver, secretsResolver(appendixSecrets)).catch(
      (caught) => caught,
    );
    const appError = findAppError(error);
    expect(appError?.status).toBe(400);
    expect(appError?.message).toMatch(
      /^DIDComm unpack failed: the envelope uses a key type or algorithm this service does not support \(.*Unsupported key type or curve/,
    );
  });

  it('a tampered ciphertext is refused, not half-decrypted', async () => {
    const tampered = { ...authX25519, ciphertext: `A${authX25519.ciphertext.slice(1)}` };
    const error = await unpack(JSON.stringify(tampered), appendixResolver, secretsResolver(appendixSecrets)).catch(
      (caught) => caught,
    );
    expect(findAppError(error)?.message).toMatch(/^DIDComm unpack failed: /);
  });

  it('without the recipient’s secrets nothing opens', async () => {
    const error = await unpack(JSON.stringify(anonX25519), appendixResolver, secretsResolver([])).catch(
      (caught) => caught,
    );
    expect(findAppError(error)?.message).toMatch(/^DIDComm unpack failed: no key of the recipient can open/);
  });
});

/** A did:key of ours, as the service holds it: document, DIDComm secrets. */
function ourDid(keyType: 'Ed25519' | 'P-256') {
  const generated = generateDidKey(keyType);
  const document = didDocument(generated.did);
  const keyAgreementKid = document.keyAgreement[0]!;
  const agreement = document.verificationMethod.find((method) => method.id === keyAgreementKid)!;
  const secrets = secretsOfDid(keyType, generated.privateKeyPkcs8, {
    signingKid: generated.kid,
    keyAgreementKid,
    keyAgreementJwk: agreement.publicKeyJwk as { x: string },
  });
  return { ...generated, document, keyAgreementKid, secrets };
}

const didKeyResolver = didcommResolver(async (did) => (did.startsWith('did:key:') ? didDocument(did) : null));

describe('our did:key keys', () => {
  it('the X25519 secret derived from an Ed25519 key matches the key agreement key of its document', () => {
    const alice = ourDid('Ed25519');
    const x25519 = alice.secrets[1]!.privateKeyJwk as { d: string; x: string };
    const privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', ...x25519 }, format: 'jwk' });
    const derived = createPublicKey(privateKey).export({ format: 'jwk' });
    expect(derived.x).toBe(x25519.x);
    // and it agrees with a peer
    const peer = createPrivateKey({ key: ourDid('Ed25519').secrets[1]!.privateKeyJwk as jose.JWK, format: 'jwk' });
    expect(diffieHellman({ privateKey, publicKey: createPublicKey(peer) })).toEqual(
      diffieHellman({ privateKey: peer, publicKey: createPublicKey(privateKey) }),
    );
  });

  it.each(['Ed25519', 'P-256'] as const)(
    '%s: authcrypt, anoncrypt, signed and plaintext round trips',
    async (keyType) => {
      const alice = ourDid(keyType);
      const bob = ourDid(keyType);
      const message = {
        id: randomUUID(),
        typ: 'application/didcomm-plain+json',
        type: 'https://didcomm.org/basicmessage/2.0/message',
        from: alice.did,
        to: [bob.did],
        body: { content: 'hi' },
      };
      for (const packing of ['authcrypt', 'anoncrypt', 'signed', 'plaintext'] as const) {
        const { envelope } = await pack(message, {
          packing,
          from: alice.did,
          to: bob.did,
          resolver: didKeyResolver,
          secrets: secretsResolver(alice.secrets),
        });
        const opened = await unpack(envelope, didKeyResolver, secretsResolver(bob.secrets));
        expect(opened.packing).toBe(packing);
        expect(opened.message.body).toEqual({ content: 'hi' });
        if (packing === 'authcrypt') expect(opened.metadata.encrypted_from_kid).toBe(alice.keyAgreementKid);
      }
    },
  );
});

describe('independent checks with jose', () => {
  it.each(['Ed25519', 'P-256'] as const)(
    '%s: anoncrypt (ECDH-ES+A256KW, A256GCM) decrypts in jose',
    async (keyType) => {
      const alice = ourDid(keyType);
      const bob = ourDid(keyType);
      const { envelope } = await pack(
        {
          id: randomUUID(),
          typ: 'application/didcomm-plain+json',
          type: 'https://didcomm.org/trust-ping/2.0/ping',
          to: [bob.did],
          body: {},
        },
        {
          packing: 'anoncrypt',
          anoncryptEnc: 'A256GCM',
          from: alice.did,
          to: bob.did,
          resolver: didKeyResolver,
          secrets: secretsResolver([]),
        },
      );
      const jwe = JSON.parse(envelope);
      expect(jwe.recipients.map((r: any) => r.header.kid)).toEqual([bob.keyAgreementKid]);
      const key = await jose.importJWK(
        bob.secrets.find((s) => s.id === bob.keyAgreementKid)!.privateKeyJwk as jose.JWK,
        'ECDH-ES+A256KW',
      );
      const { plaintext: opened, protectedHeader } = await jose.generalDecrypt(jwe, key);
      expect(protectedHeader).toMatchObject({
        alg: 'ECDH-ES+A256KW',
        enc: 'A256GCM',
        typ: 'application/didcomm-encrypted+json',
      });
      expect(JSON.parse(new TextDecoder().decode(opened))).toMatchObject({
        type: 'https://didcomm.org/trust-ping/2.0/ping',
        to: [bob.did],
      });
    },
  );

  it.each(['Ed25519', 'P-256'] as const)(
    '%s: a signed message verifies in jose with the did:key public key',
    async (keyType) => {
      const alice = ourDid(keyType);
      const { envelope } = await pack(
        {
          id: randomUUID(),
          typ: 'application/didcomm-plain+json',
          type: 'https://didcomm.org/basicmessage/2.0/message',
          from: alice.did,
          body: { content: 'signed' },
        },
        {
          packing: 'signed',
          from: alice.did,
          to: alice.did,
          resolver: didKeyResolver,
          secrets: secretsResolver(alice.secrets),
        },
      );
      const jws = JSON.parse(envelope);
      expect(jws.signatures[0].header.kid).toBe(alice.kid);
      const key = await jose.importJWK(alice.publicJwk, keyType === 'Ed25519' ? 'EdDSA' : 'ES256');
      const { payload, protectedHeader } = await jose.generalVerify(jws, key);
      expect(protectedHeader?.alg).toBe(keyType === 'Ed25519' ? 'EdDSA' : 'ES256');
      expect(JSON.parse(new TextDecoder().decode(payload)).body).toEqual({ content: 'signed' });
    },
  );
});
