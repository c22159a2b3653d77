// Compact JWS (RFC 7515 §7.1) without a library: signing sits on the issuing hot path, where jose's async,
// CryptoKey-based API buys nothing over one synchronous node:crypto call. Verification still uses the
// decoder below to split and parse, then checks the signature with whatever key the DID resolves to.

export interface JwsHeader {
  alg: string;
  kid?: string;
  typ?: string;
  [name: string]: unknown;
}

export interface DecodedJws {
  header: JwsHeader;
  payload: Record<string, unknown>;
  /** ASCII(BASE64URL(header) '.' BASE64URL(payload)), the bytes the signature covers (RFC 7515 §5.2 step 8). */
  signingInput: Uint8Array;
  signature: Uint8Array;
}

/** Thrown for input that is not a compact JWS with a JSON object header and payload; the message says why. */
export class MalformedJwsError extends Error {
  override readonly name = 'MalformedJwsError';
}

// JWS signatures for ECDSA are R || S of fixed width (RFC 7518 §3.4), not DER: a DER signature from
// node:crypto without `dsaEncoding: 'ieee-p1363'` would sign fine and never verify, so catch it here.
const ECDSA_SIGNATURE_BYTES: Record<string, number> = { ES256: 64, ES256K: 64, ES384: 96, ES512: 132 };

/**
 * base64url(JSON header) . base64url(JSON claims) . base64url(sign(signing input)). `sign` receives the
 * signing input bytes and returns the raw JWS signature (Ed25519: `sign(null, data, key)`; ECDSA:
 * `sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' })`).
 */
export function signCompactJws(header: JwsHeader, claims: object, sign: (data: Uint8Array) => Uint8Array): string {
  if (!header.alg || header.alg === 'none') throw new TypeError('JWS header needs a signing alg');
  const signingInput = `${encodeJson(header)}.${encodeJson(claims)}`;
  const signature = sign(Buffer.from(signingInput, 'ascii'));
  const expected = ECDSA_SIGNATURE_BYTES[header.alg];
  if (expected !== undefined && signature.length !== expected) {
    throw new TypeError(`${header.alg} signature must be ${expected} bytes (IEEE P1363), got ${signature.length}`);
  }
  return `${signingInput}.${Buffer.from(signature).toString('base64url')}`;
}

/** Splits and parses a compact JWS. It checks shape only: the caller verifies the signature and claims. */
export function decodeCompactJws(jws: string): DecodedJws {
  if (typeof jws !== 'string') throw new MalformedJwsError('JWS must be a string');
  const parts = jws.split('.');
  if (parts.length !== 3) throw new MalformedJwsError(`JWS must have 3 parts, found ${parts.length}`);
  const [h, p, s] = parts as [string, string, string];
  const header = parseJsonObject(decodeSegment(h, 'header'), 'header');
  if (typeof header.alg !== 'string' || header.alg === '') {
    throw new MalformedJwsError('JWS header has no alg');
  }
  const payload = parseJsonObject(decodeSegment(p, 'payload'), 'payload');
  const signature = decodeSegment(s, 'signature');
  if (signature.length === 0) throw new MalformedJwsError('JWS signature is empty');
  return {
    header: header as JwsHeader,
    payload,
    signingInput: new Uint8Array(Buffer.from(`${h}.${p}`, 'ascii')),
    signature,
  };
}

function encodeJson(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

// Buffer.from(x, 'base64url') skips characters outside the alphabet instead of failing, so check first:
// base64url without padding (RFC 7515 §2), and no length that leaves a lone 6-bit group (RFC 4648 §5).
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeSegment(segment: string, part: string): Uint8Array {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) {
    throw new MalformedJwsError(`JWS ${part} is not base64url`);
  }
  return new Uint8Array(Buffer.from(segment, 'base64url'));
}

function parseJsonObject(bytes: Uint8Array, part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new MalformedJwsError(`JWS ${part} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedJwsError(`JWS ${part} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}
