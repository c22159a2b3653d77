// Compact JWS signing (RFC 7515 §7.1) without a library: signing sits on the issuing hot path, where jose's
// async, CryptoKey-based API buys nothing over one synchronous node:crypto call. Verification decodes
// strictly in src/modules/credentials/verify/compact-jws.ts and checks signatures with jose.

export interface JwsHeader {
  alg: string;
  kid?: string;
  typ?: string;
  [name: string]: unknown;
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

function encodeJson(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
