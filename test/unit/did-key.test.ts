// did:key derivation against the W3C CCG test vectors, and interop with three independent implementations:
// @digitalbazaar/did-method-key (the spec editors' driver), key-did-resolver (what did-jwt-vc verifiers use) and jose.
import { VECTORS_DIR } from '../support/vectors.js';
import { readFileSync } from 'node:fs';
import { createECDH, createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { varint } from 'multiformats';
import { base58btc } from 'multiformats/bases/base58';
import * as jose from 'jose';
import { Resolver } from 'did-resolver';
import { getResolver } from 'key-did-resolver';
import { verifyCredential } from 'did-jwt-vc';
// @ts-expect-error -- the @digitalbazaar packages ship no type declarations
import { driver } from '@digitalbazaar/did-method-key';
// @ts-expect-error -- as above
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
// @ts-expect-error -- as above
import * as EcdsaMultikey from '@digitalbazaar/ecdsa-multikey';
import { describe, expect, it } from 'vitest';
import {
  didDocument,
  didKeyFromPublicJwk,
  generateDidKey,
  parseDidKey,
  resolutionResult,
  verifierFor,
  type DidKeyType,
} from '../../src/modules/dids/methods/did-key/did-key.js';
import { InvalidDidError } from '../../src/modules/dids/methods/did-method.js';
import { SIGNING_ALG as DID_KEY_ALG, signerFor } from '../../src/modules/dids/signing-keys.js';

// w3c-ccg/did-method-key test-vectors/ at f5abee8 (see SOURCE.txt there).
const VECTORS = VECTORS_DIR + 'did-key/';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const vectors = (file: string): Record<string, Json> => JSON.parse(readFileSync(VECTORS + file, 'utf8'));

const ed25519Vectors = Object.entries(vectors('ed25519-x25519.json'));
const nistVectors = Object.entries(vectors('nist-curves.json'));
const p256Vectors = nistVectors.filter(([did]) => did.startsWith('did:key:zDn'));
const KEY_TYPES: DidKeyType[] = ['Ed25519', 'P-256'];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const base58 = (text: string) => base58btc.baseDecode(text);
const multikey = (code: number, key: Uint8Array) => {
  const bytes = new Uint8Array(varint.encodingLength(code) + key.length);
  varint.encodeTo(code, bytes, 0);
  bytes.set(key, varint.encodingLength(code));
  return `did:key:${base58btc.encode(bytes)}`;
};
const publicJwkOf = (privateKey: Parameters<typeof createPublicKey>[0]) =>
  didKeyFromPublicJwk(createPublicKey(privateKey).export({ format: 'jwk' }));
// RFC 8410 PKCS#8 wrapping of a raw 32-byte Ed25519 / X25519 private key.
const ed25519Pkcs8 = (seed: Buffer) => Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
const x25519Pkcs8 = (key: Buffer) => Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), key]);

/** The X25519 public key RFC 7748 derives from an Ed25519 seed (SHA-512, first half; node:crypto clamps it). */
function x25519FromSeed(seed: Buffer): string {
  const scalar = createHash('sha512').update(seed).digest().subarray(0, 32);
  const key = createPrivateKey({ key: x25519Pkcs8(scalar), format: 'der', type: 'pkcs8' });
  return createPublicKey(key).export({ format: 'jwk' }).x as string;
}

function expectRejected(did: string, resolutionError: 'invalidDid' | 'methodNotSupported', message?: RegExp) {
  let error: unknown;
  try {
    parseDidKey(did);
  } catch (caught) {
    error = caught;
  }
  expect(error, did).toBeInstanceOf(InvalidDidError);
  expect((error as InvalidDidError).resolutionError, did).toBe(resolutionError);
  if (message) expect((error as InvalidDidError).message).toMatch(message);
  expect(resolutionResult(did)).toMatchObject({ didDocument: null, didResolutionMetadata: { error: resolutionError } });
}

describe('did:key Ed25519 test vectors', () => {
  it.each(ed25519Vectors)('%s derives from its seed and its public key', (did, vector) => {
    const seed = Buffer.from(vector.seed, 'hex');
    expect(publicJwkOf(createPrivateKey({ key: ed25519Pkcs8(seed), format: 'der', type: 'pkcs8' })).did).toBe(did);
    const { publicKeyBase58, publicKeyJwk } = vector.verificationKeyPair;
    const publicKey = publicKeyJwk ?? { kty: 'OKP', crv: 'Ed25519', x: b64url(base58(publicKeyBase58)) };
    const parsed = didKeyFromPublicJwk(publicKey);
    expect(parsed).toEqual({
      did,
      fingerprint: did.slice('did:key:'.length),
      keyType: 'Ed25519',
      kid: `${did}#${did.slice('did:key:'.length)}`,
      publicJwk: publicKey,
    });
    expect(parseDidKey(did)).toEqual(parsed);
  });

  it.each(ed25519Vectors)('%s has the vector document, with the derived X25519 keyAgreement key', (did, vector) => {
    const ours = didDocument(did);
    const theirs = vector.didDocument;
    if (theirs.verificationMethod[0].type === 'JsonWebKey2020') {
      expect(ours).toEqual(theirs);
      return;
    }
    // The older vectors use the 2018 suites (publicKeyBase58); the ids, relationships and key bytes still match.
    expect(ours.id).toBe(theirs.id);
    expect(ours.verificationMethod.map((method) => method.id)).toEqual(
      theirs.verificationMethod.map((m: Json) => m.id),
    );
    for (const relationship of ['authentication', 'assertionMethod', 'capabilityInvocation', 'capabilityDelegation']) {
      expect(ours[relationship as 'authentication']).toEqual(theirs[relationship]);
    }
    expect(ours.keyAgreement).toEqual(theirs.keyAgreement);
    const [signing, agreement] = ours.verificationMethod;
    expect(signing?.publicKeyJwk.x).toBe(b64url(base58(theirs.verificationMethod[0].publicKeyBase58)));
    expect(agreement?.publicKeyJwk).toEqual({
      kty: 'OKP',
      crv: 'X25519',
      x: b64url(base58(theirs.verificationMethod[1].publicKeyBase58)),
    });
  });

  it.each(ed25519Vectors)('%s keyAgreement key is the X25519 key of the same seed (RFC 7748)', (did, vector) => {
    const agreement = didDocument(did).verificationMethod[1];
    expect(agreement?.publicKeyJwk.x).toBe(x25519FromSeed(Buffer.from(vector.seed, 'hex')));
  });
});

describe('did:key P-256 test vectors', () => {
  it.each(p256Vectors)('%s derives from its public and its private key', (did, vector) => {
    const method = vector.verificationMethod;
    if (method.publicKeyJwk) {
      expect(didKeyFromPublicJwk(method.publicKeyJwk).did).toBe(did);
      expect(publicJwkOf(createPrivateKey({ key: method.privateKeyJwk, format: 'jwk' })).did).toBe(did);
      expect(parseDidKey(did).publicJwk).toEqual(method.publicKeyJwk);
      return;
    }
    // P256Key2021: publicKeyBase58 is the 33-byte compressed point, privateKeyBase58 the scalar.
    const compressed = base58(method.publicKeyBase58);
    expect(multikey(0x1200, compressed)).toBe(did);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(base58(method.privateKeyBase58)));
    expect(ecdh.getPublicKey(null, 'compressed').equals(Buffer.from(compressed))).toBe(true);
    const uncompressed = ecdh.getPublicKey();
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(uncompressed.subarray(1, 33)),
      y: b64url(uncompressed.subarray(33)),
    };
    expect(parseDidKey(did)).toMatchObject({ did, keyType: 'P-256', publicJwk: jwk });
  });

  it.each(p256Vectors)('%s has the vector document', (did, vector) => {
    const ours = didDocument(did);
    const theirs = vector.didDocument;
    if (theirs.verificationMethod[0].type === 'JsonWebKey2020') {
      expect(ours).toEqual(theirs);
      return;
    }
    const { '@context': _ours, verificationMethod: _methods, ...relationships } = ours;
    const { '@context': _theirs, verificationMethod: methods, ...theirRelationships } = theirs;
    expect(relationships).toEqual(theirRelationships);
    expect(ours.verificationMethod.map((m) => m.id)).toEqual(methods.map((m: Json) => m.id));
  });
});

describe('unsupported did:key types', () => {
  const unsupported: [string, string, RegExp][] = [
    ...nistVectors
      .filter(([did]) => !did.startsWith('did:key:zDn'))
      .map(([did]): [string, string, RegExp] => ['nist', did, /P-384|P-521/]),
    ...Object.keys(vectors('secp256k1.json')).map((did): [string, string, RegExp] => ['secp256k1', did, /secp256k1/]),
    ...Object.keys(vectors('bls12381.json')).map((did): [string, string, RegExp] => ['bls', did, /BLS12-381/]),
    ...Object.keys(vectors('rsa.json')).map((did): [string, string, RegExp] => ['rsa', did, /RSA/]),
    ...Object.keys(vectors('x25519.json').didDocument ?? {}).map((did): [string, string, RegExp] => [
      'x25519',
      did,
      /X25519/,
    ]),
  ];

  it('covers every other vector file', () => {
    expect(unsupported.length).toBeGreaterThanOrEqual(20);
  });

  it.each(unsupported)('%s %s is refused as methodNotSupported, naming the key type', (_file, did, name) => {
    expectRejected(did, 'methodNotSupported', name);
    expect(() => parseDidKey(did)).toThrow(/supported key types are Ed25519.*P-256/);
  });

  it('refuses JWKs of other key types', () => {
    const secp256k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({ format: 'jwk' });
    expect(() => didKeyFromPublicJwk(secp256k1)).toThrow(InvalidDidError);
    expect(() => didKeyFromPublicJwk({ kty: 'OKP', crv: 'X25519', x: b64url(Buffer.alloc(32, 9)) })).toThrow(
      InvalidDidError,
    );
  });
});

describe('malformed DIDs', () => {
  const ed = generateDidKey('Ed25519');
  const p256 = generateDidKey('P-256');
  const edKey = Buffer.from(ed.publicJwk.x, 'base64url');
  const pX = Buffer.from(p256.publicJwk.x, 'base64url');
  const pY = Buffer.from((p256.publicJwk as { y: string }).y, 'base64url');
  const nonCanonicalVarint = `did:key:${base58btc.encode(Buffer.concat([Buffer.from([0xed, 0x81, 0x00]), edKey]))}`;
  const notOnCurve = Buffer.from('02' + '00'.repeat(31) + '01', 'hex'); // x = 1: x³ - 3x + b is not a square mod p

  it.each([
    ['empty', ''],
    ['no method-specific id', 'did:key:'],
    ['not a DID', 'key:' + ed.fingerprint],
    ['upper-case scheme', 'DID:key:' + ed.fingerprint],
    ['not base58btc multibase', 'did:key:f' + edKey.toString('hex')],
    ['base58 alphabet violation', 'did:key:z6Mk0OIl'],
    ['version segment', 'did:key:1:' + ed.fingerprint],
    ['path', ed.did + '/path'],
    ['query', ed.did + '?service=x'],
    ['fragment of another key', `${ed.did}#${p256.fingerprint}`],
    ['two fragments', `${ed.kid}#${ed.fingerprint}`],
    ['truncated Ed25519 key', multikey(0xed, edKey.subarray(0, 31))],
    ['over-long Ed25519 key', multikey(0xed, Buffer.concat([edKey, Buffer.of(0)]))],
    ['Ed25519 y ≥ p', multikey(0xed, Buffer.from('ff'.repeat(31) + '7f', 'hex'))],
    ['Ed25519 y = 2, not on the curve', multikey(0xed, Buffer.from('02' + '00'.repeat(31), 'hex'))],
    ['Ed25519 identity point', multikey(0xed, Buffer.from('01' + '00'.repeat(31), 'hex'))],
    ['non-canonical varint', nonCanonicalVarint],
    ['uncompressed P-256 point', multikey(0x1200, Buffer.concat([Buffer.of(4), pX, pY]))],
    ['P-256 point off the curve', multikey(0x1200, notOnCurve)],
    ['P-256 bad prefix', multikey(0x1200, Buffer.concat([Buffer.of(5), pX]))],
    ['truncated varint', 'did:key:' + base58btc.encode(Buffer.of(0x80))],
    ['huge', 'did:key:z' + '1'.repeat(5000)],
  ])('%s is invalidDid', (_case, did) => {
    expectRejected(did, 'invalidDid');
  });

  it('other DID methods are methodNotSupported', () => {
    expectRejected('did:web:example.com', 'methodNotSupported', /'web'/);
  });

  it('rejects JWKs with bad coordinates', () => {
    const jwk = p256.publicJwk as { x: string; y: string };
    expect(() => didKeyFromPublicJwk({ ...jwk, y: jwk.x })).toThrow(InvalidDidError); // off the curve
    expect(() => didKeyFromPublicJwk({ ...jwk, x: jwk.x + '=' })).toThrow(InvalidDidError); // padded
    expect(() => didKeyFromPublicJwk({ ...jwk, x: jwk.x.slice(1) })).toThrow(InvalidDidError); // short
    expect(() => didKeyFromPublicJwk({ kty: 'OKP', crv: 'Ed25519' })).toThrow(InvalidDidError);
  });
});

describe('generate, parse, resolve', () => {
  it.each(KEY_TYPES)('%s round-trips generate → parse → JWK', (keyType) => {
    const generated = generateDidKey(keyType);
    const { privateKeyPkcs8, ...parsed } = generated;
    expect(parsed.fingerprint).toMatch(keyType === 'Ed25519' ? /^z6Mk/ : /^zDn/);
    expect(parsed.kid).toBe(`${parsed.did}#${parsed.fingerprint}`);
    expect(parseDidKey(parsed.did)).toEqual(parsed);
    expect(parseDidKey(parsed.kid)).toEqual(parsed);
    expect(publicJwkOf(createPrivateKey({ key: privateKeyPkcs8, format: 'der', type: 'pkcs8' }))).toEqual(parsed);
    expect(DID_KEY_ALG[keyType]).toBe(keyType === 'Ed25519' ? 'EdDSA' : 'ES256');
  });

  it('defaults to Ed25519', () => {
    expect(generateDidKey().keyType).toBe('Ed25519');
  });

  it('returns a W3C DID Resolution result', () => {
    const { did } = generateDidKey('P-256');
    expect(resolutionResult(did)).toEqual({
      '@context': 'https://w3id.org/did-resolution/v1',
      didDocument: didDocument(did),
      didResolutionMetadata: { contentType: 'application/did+ld+json' },
      didDocumentMetadata: {},
    });
  });

  it('resolves DIDs, not DID URLs', () => {
    const { kid } = generateDidKey();
    expect(resolutionResult(kid).didResolutionMetadata).toMatchObject({ error: 'invalidDid' });
    expect(didDocument(kid).id).toBe(kid.split('#')[0]);
  });
});

describe('interop with independent did:key resolvers', () => {
  const digitalBazaar = driver();
  digitalBazaar.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
  digitalBazaar.use({ multibaseMultikeyHeader: 'zDna', fromMultibase: EcdsaMultikey.from });
  const keyDidResolver = new Resolver(getResolver());

  /** The public JWK of a did:key's assertion method, as @digitalbazaar/did-method-key resolves it. */
  async function digitalBazaarJwk(kid: string): Promise<jose.JWK> {
    const document = await digitalBazaar.get({ did: kid.split('#')[0] });
    const method = digitalBazaar.publicMethodFor({ didDocument: document, purpose: 'assertionMethod' });
    expect(method.id).toBe(kid);
    const suite = kid.startsWith('did:key:z6Mk') ? Ed25519Multikey : EcdsaMultikey;
    const { kty, crv, x, y } = await suite.toJwk({ keyPair: await suite.from(method) });
    return y === undefined ? { kty, crv, x } : { kty, crv, x, y };
  }

  function compactJws(keyType: DidKeyType, kid: string, sign: (data: Uint8Array) => Uint8Array, payload: object) {
    const header = b64url(Buffer.from(JSON.stringify({ alg: DID_KEY_ALG[keyType], kid, typ: 'JWT' })));
    const input = `${header}.${b64url(Buffer.from(JSON.stringify(payload)))}`;
    return { input, jws: `${input}.${b64url(sign(Buffer.from(input)))}` };
  }

  it.each(KEY_TYPES)(
    '%s: 10 generated keys resolve to the same key everywhere, and their JWS verify',
    async (keyType) => {
      for (let i = 0; i < 10; i++) {
        const key = generateDidKey(keyType);
        const ours = didDocument(key.did);
        const jwk = await digitalBazaarJwk(key.kid);
        expect(ours.verificationMethod[0]).toEqual({
          id: key.kid,
          type: 'JsonWebKey2020',
          controller: key.did,
          publicKeyJwk: jwk,
        });

        const resolved = await keyDidResolver.resolve(key.did);
        expect(resolved.didResolutionMetadata.error).toBeUndefined();
        const [method] = resolved.didDocument?.verificationMethod ?? [];
        expect(method?.id).toBe(key.kid);
        if (keyType === 'Ed25519') {
          expect(b64url(base58(method?.publicKeyBase58 ?? ''))).toBe(key.publicJwk.x);
          const [agreement] = (resolved.didDocument?.keyAgreement ?? []) as { id: string; publicKeyBase58: string }[];
          expect(agreement?.id).toBe(ours.keyAgreement[0]);
          expect(b64url(base58(agreement?.publicKeyBase58 ?? ''))).toBe(ours.verificationMethod[1]?.publicKeyJwk.x);
        } else {
          // key-did-resolver drops leading zero bytes of a coordinate (y is 31 bytes one key in 128), which
          // RFC 7518 §6.2.1.2 forbids; ours are full length. Compare the coordinates as numbers.
          const asNumber = (coordinate: unknown) =>
            BigInt('0x' + Buffer.from(String(coordinate), 'base64url').toString('hex'));
          const theirs = method?.publicKeyJwk as { x: string; y: string };
          expect(Buffer.from(key.publicJwk.x, 'base64url')).toHaveLength(32);
          expect(asNumber(theirs.x)).toBe(asNumber(key.publicJwk.x));
          expect(asNumber(theirs.y)).toBe(asNumber((key.publicJwk as { y: string }).y));
        }

        const sign = signerFor(keyType, key.privateKeyPkcs8);
        const { input, jws } = compactJws(keyType, key.kid, sign, { iss: key.did, n: i });
        const verified = await jose.compactVerify(jws, await jose.importJWK(jwk, DID_KEY_ALG[keyType]));
        expect(verified.protectedHeader).toMatchObject({ alg: DID_KEY_ALG[keyType], kid: key.kid });
        const verify = verifierFor(key.publicJwk);
        const signature = Buffer.from(jws.split('.')[2] ?? '', 'base64url');
        expect(verify(Buffer.from(input), signature)).toBe(true);
        expect(verify(Buffer.from(input + ' '), signature)).toBe(false);
        expect(verify(Buffer.from(input), signature.subarray(1))).toBe(false);
      }
    },
  );

  it.each(KEY_TYPES)(
    '%s: a VC JWT signed with signerFor verifies with did-jwt-vc + key-did-resolver',
    async (keyType) => {
      const key = generateDidKey(keyType);
      const credential = {
        iss: key.did,
        sub: 'did:example:holder',
        nbf: Math.floor(Date.now() / 1000) - 60,
        vc: {
          '@context': ['https://www.w3.org/2018/credentials/v1'],
          type: ['VerifiableCredential'],
          credentialSubject: { name: 'test' },
        },
      };
      const { jws } = compactJws(keyType, key.kid, signerFor(keyType, key.privateKeyPkcs8), credential);
      // did-jwt-vc bundles its own did-resolver 4.x: the same shape, another nominal type.
      const resolver = keyDidResolver as unknown as Parameters<typeof verifyCredential>[1];
      const verified = await verifyCredential(jws, resolver);
      expect(verified.issuer).toBe(key.did);
      expect(verified.signer.id).toBe(key.kid);
    },
  );

  it('signerFor refuses a private key of the other type', () => {
    expect(() => signerFor('P-256', generateDidKey('Ed25519').privateKeyPkcs8)).toThrow(/not a P-256 key/);
    expect(() => signerFor('Ed25519', generateDidKey('P-256').privateKeyPkcs8)).toThrow(/not a Ed25519 key/);
  });

  it('derives X25519 keys that agree with RFC 7748 for generated Ed25519 keys', () => {
    for (let i = 0; i < 10; i++) {
      const key = generateDidKey('Ed25519');
      const seed = createPrivateKey({ key: key.privateKeyPkcs8, format: 'der', type: 'pkcs8' }).export({
        format: 'jwk',
      }).d as string;
      expect(didDocument(key.did).verificationMethod[1]?.publicKeyJwk.x).toBe(
        x25519FromSeed(Buffer.from(seed, 'base64url')),
      );
    }
  });
});
