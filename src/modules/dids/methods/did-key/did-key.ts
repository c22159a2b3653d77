// did:key (W3C CCG, The did:key Method v0.7, https://w3c-ccg.github.io/did-method-key/): the DID *is* the public
// key, `did:key:` + multibase(base58btc, varint(multicodec) || key bytes), so resolving one is a pure function of the
// string. We sign with Ed25519 (ed25519-pub 0xed, 32 raw bytes) and P-256 (p256-pub 0x1200, 33-byte SEC1 compressed
// point); every other key type is refused as unsupported rather than half-handled.
import { ECDH, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { varint } from 'multiformats';
import { base58btc } from 'multiformats/bases/base58';
import type { KeyType } from '../../signing-keys.js';
import {
  DID_SYNTAX,
  InvalidDidError,
  MAX_DID_LENGTH,
  notResolved,
  resolved,
  type DidResolutionResult,
} from '../did-method.js';

/** The key types a did:key of ours carries: every type we sign with. */
export type DidKeyType = KeyType;

export type DidKeyPublicJwk =
  { kty: 'OKP'; crv: 'Ed25519'; x: string } | { kty: 'EC'; crv: 'P-256'; x: string; y: string };
export type X25519PublicJwk = { kty: 'OKP'; crv: 'X25519'; x: string };

export type ParsedDidKey = {
  did: string;
  /** The multibase part after `did:key:`; also the verification method's fragment. */
  fingerprint: string;
  keyType: DidKeyType;
  /** `<did>#<fingerprint>`: the JWS `kid` and the verification method id. */
  kid: string;
  publicJwk: DidKeyPublicJwk;
};
export type GeneratedDidKey = ParsedDidKey & { privateKeyPkcs8: Buffer };

const invalid = (message: string) => new InvalidDidError('invalidDid', message);

// Multicodec table: https://github.com/multiformats/multicodec/blob/master/table.csv
const ED25519_PUB = 0xed;
const P256_PUB = 0x1200;
const X25519_PUB = 0xec;
const UNSUPPORTED_KEYS: Readonly<Record<number, string>> = {
  0xe7: 'secp256k1',
  0xea: 'BLS12-381 G1',
  0xeb: 'BLS12-381 G2',
  0xec: 'X25519 (key agreement only)',
  0xee: 'BLS12-381 G1G2',
  0x1201: 'P-384',
  0x1202: 'P-521',
  0x1205: 'RSA',
};
const SUPPORTED = 'supported key types are Ed25519 (did:key:z6Mk…) and P-256 (did:key:zDn…)';

// did:key ids are base58btc multibase ('z').
const MULTIBASE_BASE58BTC = /^z[1-9A-HJ-NP-Za-km-z]+$/;

/** Parses a did:key DID, or a DID URL `did:key:z…#z…` whose fragment is the key's own fingerprint. */
export function parseDidKey(didOrUrl: string): ParsedDidKey {
  if (typeof didOrUrl !== 'string' || didOrUrl.length > MAX_DID_LENGTH) throw invalid('not a DID');
  const [did = '', fragment, ...rest] = didOrUrl.split('#');
  const match = DID_SYNTAX.exec(did);
  if (!match || rest.length > 0) throw invalid('not a DID');
  if (match[1] !== 'key') throw new InvalidDidError('methodNotSupported', `DID method '${match[1]}' is not supported`);
  const fingerprint = match[2] ?? '';
  if (!MULTIBASE_BASE58BTC.test(fingerprint)) throw invalid('a did:key is did:key:z<base58btc multikey>');
  if (fragment !== undefined && fragment !== fingerprint) {
    throw invalid('the fragment of a did:key URL must be the key fingerprint');
  }
  const { code, key } = decodeMultikey(fingerprint);
  if (code === ED25519_PUB) return didKeyFromPublicJwk({ kty: 'OKP', crv: 'Ed25519', x: base64url(key) });
  const point = p256Point(key);
  return didKeyFromPublicJwk({ kty: 'EC', crv: 'P-256', x: base64url(point.x), y: base64url(point.y) });
}

/** The did:key of a public key given as a JWK (as node:crypto or jose export it); validates the key. */
export function didKeyFromPublicJwk(jwk: { kty?: unknown; crv?: unknown; x?: unknown; y?: unknown }): ParsedDidKey {
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') {
    const x = base64urlBytes(jwk.x, 32);
    if (!isEd25519Point(x)) throw invalid('not a valid Ed25519 public key');
    return didKeyOf('Ed25519', multikey(ED25519_PUB, x), { kty: 'OKP', crv: 'Ed25519', x: base64url(x) });
  }
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') {
    const x = base64urlBytes(jwk.x, 32);
    const y = base64urlBytes(jwk.y, 32);
    const compressed = p256Compress(x, y);
    return didKeyOf('P-256', multikey(P256_PUB, compressed), {
      kty: 'EC',
      crv: 'P-256',
      x: base64url(x),
      y: base64url(y),
    });
  }
  throw new InvalidDidError('methodNotSupported', `a did:key cannot be made from this key; ${SUPPORTED}`);
}

/** A fresh key pair and its did:key. The private key stays on the server (callers encrypt it before storing it). */
export function generateDidKey(keyType: DidKeyType = 'Ed25519'): GeneratedDidKey {
  for (;;) {
    const { publicKey, privateKey } =
      keyType === 'Ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // Interoperability: key-did-resolver (what did-jwt-vc verifiers use) drops leading zero bytes of a P-256
    // coordinate, so one key in 128 would resolve to a malformed JWK there. Such keys are as good as any other;
    // we simply draw again (x and y are uniformly random, so this costs nothing in strength).
    if (keyType === 'P-256' && (hasLeadingZeroByte(jwk.x) || hasLeadingZeroByte(jwk.y))) continue;
    const parsed = didKeyFromPublicJwk(jwk);
    return { ...parsed, privateKeyPkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }) };
  }
}

const hasLeadingZeroByte = (coordinate: string | undefined) => Buffer.from(coordinate ?? '', 'base64url')[0] === 0;

export type JsonWebKey2020 = {
  id: string;
  type: 'JsonWebKey2020';
  controller: string;
  publicKeyJwk: DidKeyPublicJwk | X25519PublicJwk;
};
export type DidKeyDocument = {
  '@context': string[];
  id: string;
  verificationMethod: JsonWebKey2020[];
  assertionMethod: string[];
  authentication: string[];
  capabilityInvocation: string[];
  capabilityDelegation: string[];
  keyAgreement: string[];
};

// The did:key spec's `publicKeyFormat: JsonWebKey2020` expansion, exactly as its test vectors show it
// (test-vectors/nist-curves.json, ed25519-x25519.json). Not the Multikey default: JWK is what JOSE verifiers consume,
// DID Core §5.2.1 forbids one method carrying both publicKeyJwk and publicKeyMultibase, and the multikey is already
// in every method id.
const DOCUMENT_CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'];

/** The DID document of a did:key (or of the DID in a did:key URL). Throws InvalidDidError. */
export function didDocument(did: string): DidKeyDocument {
  const { did: id, kid, keyType, publicJwk } = parseDidKey(did);
  const methods: JsonWebKey2020[] = [{ id: kid, type: 'JsonWebKey2020', controller: id, publicKeyJwk: publicJwk }];
  // Ed25519 keys also get the X25519 key derived from them (the spec's enableEncryptionKeyDerivation, as the vectors
  // show); the vectors list a P-256 key itself under keyAgreement (ECDH-ES on the same curve).
  let keyAgreement = kid;
  if (keyType === 'Ed25519') {
    const x25519 = x25519FromEd25519(Buffer.from(publicJwk.x, 'base64url'));
    keyAgreement = `${id}#${multikey(X25519_PUB, x25519)}`;
    methods.push({
      id: keyAgreement,
      type: 'JsonWebKey2020',
      controller: id,
      publicKeyJwk: { kty: 'OKP', crv: 'X25519', x: base64url(x25519) },
    });
  }
  return {
    '@context': [...DOCUMENT_CONTEXT],
    id,
    verificationMethod: methods,
    assertionMethod: [kid],
    authentication: [kid],
    capabilityInvocation: [kid],
    capabilityDelegation: [kid],
    keyAgreement: [keyAgreement],
  };
}

/** W3C DID Resolution result for a DID (not a DID URL); failures come back as metadata errors, never thrown. */
export function resolutionResult(did: string): DidResolutionResult {
  try {
    if (typeof did === 'string' && did.includes('#')) throw invalid('resolve a DID, not a DID URL');
    return resolved(didDocument(did));
  } catch (error) {
    if (!(error instanceof InvalidDidError)) throw error;
    return notResolved(error);
  }
}

export type Verify = (data: Uint8Array, signature: Uint8Array) => boolean;

/** Verifies JWS signatures (EdDSA or ES256) of a did:key public key. */
export function verifierFor(publicJwk: DidKeyPublicJwk): Verify {
  const { keyType, publicJwk: jwk } = didKeyFromPublicJwk(publicJwk);
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  // Both signature forms are exactly 64 bytes (RFC 8032 §5.1.6; RFC 7518 §3.4).
  if (keyType === 'Ed25519') return (data, signature) => signature.length === 64 && verify(null, data, key, signature);
  return (data, signature) =>
    signature.length === 64 && verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
}

function didKeyOf(keyType: DidKeyType, fingerprint: string, publicJwk: DidKeyPublicJwk): ParsedDidKey {
  const did = `did:key:${fingerprint}`;
  return { did, fingerprint, keyType, kid: `${did}#${fingerprint}`, publicJwk };
}

function multikey(code: number, key: Uint8Array): string {
  const prefix = varint.encodingLength(code);
  const bytes = new Uint8Array(prefix + key.length);
  varint.encodeTo(code, bytes, 0);
  bytes.set(key, prefix);
  return base58btc.encode(bytes);
}

function decodeMultikey(fingerprint: string): { code: number; key: Uint8Array } {
  let code: number, key: Uint8Array;
  try {
    const bytes = base58btc.decode(fingerprint);
    const [decoded, length] = varint.decode(bytes);
    [code, key] = [decoded, bytes.subarray(length)];
  } catch {
    throw invalid('a did:key is did:key:z<base58btc multikey>');
  }
  // Only the shortest varint is canonical: one key, one DID.
  if (multikey(code, key) !== fingerprint) throw invalid('the did:key multikey is not canonically encoded');
  if (code !== ED25519_PUB && code !== P256_PUB) throw unsupportedKey(code);
  if (code === ED25519_PUB && key.length !== 32) throw invalid('an Ed25519 did:key carries a 32-byte key');
  if (code === P256_PUB && key.length !== 33) throw invalid('a P-256 did:key carries a 33-byte compressed point');
  return { code, key };
}

function unsupportedKey(code: number): InvalidDidError {
  const name = UNSUPPORTED_KEYS[code] ?? `multicodec 0x${code.toString(16)}`;
  return new InvalidDidError('methodNotSupported', `did:key with a ${name} key is not supported; ${SUPPORTED}`);
}

// P-256: node:crypto decompresses and compresses SEC1 points (SEC 1 v2 §2.3.3–2.3.4) and rejects points off the curve.
function p256Point(compressed: Uint8Array): { x: Buffer; y: Buffer } {
  try {
    const point = ECDH.convertKey(compressed, 'prime256v1', undefined, undefined, 'uncompressed') as Buffer;
    return { x: point.subarray(1, 33), y: point.subarray(33, 65) };
  } catch {
    throw invalid('not a valid P-256 public key');
  }
}

function p256Compress(x: Uint8Array, y: Uint8Array): Buffer {
  try {
    return ECDH.convertKey(
      Buffer.concat([Buffer.of(4), x, y]),
      'prime256v1',
      undefined,
      undefined,
      'compressed',
    ) as Buffer;
  } catch {
    throw invalid('not a valid P-256 public key');
  }
}

// Curve25519 arithmetic for what node:crypto does not offer: validating an Ed25519 point (RFC 8032 §5.1.3) and the
// birational map to the X25519 u-coordinate, u = (1 + y) / (1 - y) (RFC 7748 §4.1).
const P = 2n ** 255n - 19n;
const D = mod(-121665n * inverse(121666n));

function mod(value: bigint): bigint {
  const result = value % P;
  return result < 0n ? result + P : result;
}

/** Legendre symbol (a/p) = 1 by the binary Jacobi algorithm: far cheaper in BigInt than Euler's a^((p-1)/2). */
function isNonZeroSquare(value: bigint): boolean {
  let [a, n, sign] = [mod(value), P, 1];
  while (a !== 0n) {
    for (; (a & 1n) === 0n; a >>= 1n) if ((n & 7n) === 3n || (n & 7n) === 5n) sign = -sign;
    [a, n] = [n, a];
    if ((a & 3n) === 3n && (n & 3n) === 3n) sign = -sign;
    a %= n;
  }
  return n === 1n && sign === 1;
}

// Extended Euclid: several times faster than Fermat's a^(p-2) with BigInt.
function inverse(value: bigint): bigint {
  let [a, b, x, y] = [mod(value), P, 1n, 0n];
  while (b !== 0n) {
    const q = a / b;
    [a, b, x, y] = [b, a - q * b, y, x - q * y];
  }
  return mod(x);
}

/** Whether 32 bytes encode a point of Ed25519 other than the identity (RFC 8032 §5.1.3 decoding, steps 1–4). */
function isEd25519Point(encoded: Uint8Array): boolean {
  const y = edwardsY(encoded);
  if (y >= P || y === 1n) return false;
  const x2 = mod((y * y - 1n) * inverse(D * y * y + 1n));
  if (x2 === 0n) return (encoded[31] ?? 0) >> 7 === 0;
  return isNonZeroSquare(x2);
}

/** y: the little-endian integer with the top bit (the sign of x) cleared. */
function edwardsY(encoded: Uint8Array): bigint {
  const bytes = Buffer.from(encoded).reverse();
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return BigInt(`0x${bytes.toString('hex')}`);
}

/** The X25519 u-coordinate of an Ed25519 key that isEd25519Point accepted (so y ≠ 1): u = (1 + y) / (1 − y). */
function x25519FromEd25519(ed25519: Uint8Array): Buffer {
  const y = edwardsY(ed25519);
  const u = mod((1n + y) * inverse(1n - y));
  return Buffer.from(u.toString(16).padStart(64, '0'), 'hex').reverse();
}

function base64url(bytes: Uint8Array): string {
  return asBuffer(bytes).toString('base64url');
}

/** Strict base64url (RFC 7515 §2: no padding) of exactly `length` bytes. */
function base64urlBytes(value: unknown, length: number): Buffer {
  const bytes = typeof value === 'string' && /^[A-Za-z0-9_-]*$/.test(value) ? Buffer.from(value, 'base64url') : null;
  if (!bytes || bytes.length !== length || bytes.toString('base64url') !== value) {
    throw invalid(`a JWK coordinate must be ${length} bytes of base64url`);
  }
  return bytes;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
