// Status list encodings, pure: the bytes come from PostgreSQL, the signed JWTs leave through src/lib/jws.ts.
//
// Storage: each list is a bytea of STATUS_LIST_SIZE / 8 bytes, flipped in SQL with set_bit, which numbers
// bits from the least significant bit of each byte: bit n is byte n >> 3, mask 1 << (n & 7) (PostgreSQL
// docs, "Binary String Functions and Operators", get_bit/set_bit). pgBitFor chooses that bit number so the
// stored bytes already are each format's uncompressed list, and encoding is compression alone:
// - Token Status List (draft-ietf-oauth-status-list §4.1): LSB-first, so index i is pg bit i.
// - Bitstring Status List (W3C REC v1.0 §2.2 encodedList, §7.1): index 0 is the left-most (most
//   significant) bit of the first byte, so index i is pg bit (i & ~7) | (7 - (i & 7)), i.e. i ^ 7.
import { deflateSync, gzipSync } from 'node:zlib';
import type { JwsHeader } from '../../lib/jws.js';

/** Entries per list in both formats: the REC's minimum of 131,072 (16 KiB raw), REC v1.0 §6.1 (privacy). */
export const STATUS_LIST_SIZE = 131_072;

export type StatusListFormat = 'bitstring' | 'token';

/** The statusPurpose of every Bitstring Status List we publish, and of every entry pointing at one. */
export const STATUS_LIST_PURPOSE = 'revocation';

/** The PostgreSQL set_bit/get_bit number of list entry `index` (0 ≤ index < STATUS_LIST_SIZE). */
export function pgBitFor(format: StatusListFormat, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= STATUS_LIST_SIZE) {
    throw new RangeError(`status list index ${index} is outside 0..${STATUS_LIST_SIZE - 1}`);
  }
  return bitNumber(format, index);
}

/** Whether entry `index` is set in a raw list, read with the same numbering as PostgreSQL's get_bit. */
export function isSet(format: StatusListFormat, raw: Uint8Array, index: number): boolean {
  // Bounded by the buffer, not STATUS_LIST_SIZE, so longer lists (the draft's 2^20 test vectors) read too.
  if (!Number.isInteger(index) || index < 0 || index >= raw.length * 8) {
    throw new RangeError(`status list index ${index} is outside 0..${raw.length * 8 - 1}`);
  }
  const bit = bitNumber(format, index);
  return ((raw[bit >> 3]! >> (bit & 7)) & 1) === 1;
}

function bitNumber(format: StatusListFormat, index: number): number {
  return format === 'token' ? index : index ^ 7;
}

// ---- W3C Bitstring Status List v1.0 (https://www.w3.org/TR/2025/REC-vc-bitstring-status-list-20250515/)

/**
 * `encodedList`: GZIP (RFC 1952) of the MSB-first bitstring, multibase base64url without padding ('u'
 * prefix), REC §3.3 "Bitstring Generation Algorithm". node:zlib rather than @digitalbazaar/bitstring: that
 * is async, and its Bitstring({ buffer }) wraps buffer.buffer whole, ignoring byteOffset (wrong for a pooled
 * or sliced Buffer). At the default level node's output is byte-for-byte the REC's Example 3 for an empty
 * list (GZIP header included: mtime 0, XFL 0, OS 3).
 */
export function encodeBitstring(raw: Uint8Array): string {
  if (raw.length < STATUS_LIST_SIZE / 8) {
    throw new RangeError(`a bitstring status list needs at least 16KB, got ${raw.length} bytes`); // REC §2.2
  }
  return `u${gzipSync(raw).toString('base64url')}`;
}

export interface BitstringStatusListCredential {
  '@context': ['https://www.w3.org/ns/credentials/v2'];
  id: string;
  type: ['VerifiableCredential', 'BitstringStatusListCredential'];
  issuer: string;
  validFrom: string;
  validUntil?: string;
  credentialSubject: { id: string; type: 'BitstringStatusList'; statusPurpose: 'revocation'; encodedList: string };
}

/** The unsecured BitstringStatusListCredential of REC §2.2 (Example 3), VCDM 2.0 context only. */
export function bitstringStatusListCredential(input: {
  id: string;
  issuer: string;
  validFrom: Date;
  validUntil?: Date;
  encodedList: string;
  statusPurpose: 'revocation';
}): BitstringStatusListCredential {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: input.id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuer,
    validFrom: dateTimeStamp(input.validFrom),
    ...(input.validUntil ? { validUntil: dateTimeStamp(input.validUntil) } : {}),
    credentialSubject: {
      id: `${input.id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: input.statusPurpose,
      encodedList: input.encodedList,
    },
  };
}

/**
 * Header and claims for the status list credential secured as `application/vc+jwt` (VC-JOSE-COSE 1.0,
 * "Securing JSON-LD Verifiable Credentials with JOSE"): the credential itself is the claims set, typ
 * `vc+jwt`, cty `vc`. Not the VCDM 1.1 JWT form (credential under a `vc` claim), even though jwt_vc_json
 * credentials that point here may use that form, because:
 * - the list is a VCDM 2.0 credential (the REC's terms live in the v2 context); VC-JOSE-COSE is how VCDM 2.0
 *   is secured as a JWT and says the `vc` claim MUST NOT be present ("JOSE Header Parameters and JWT
 *   Claims"); the REC's own JOSE example (§2.2) is this form.
 * - @digitalbazaar/vc-bitstring-status-list's checkStatus reads `issuer`, `type` and `credentialSubject` at
 *   the top level of what its documentLoader returns, so a verifier passes the verified payload unchanged
 *   (with verifyBitstringStatusListCredential: false: the library only checks Data Integrity proofs).
 * - JWT-first verifiers resolve the key from `iss` (did-jwt), which we add beside `issuer`; did-jwt-vc reads
 *   top-level credential properties as readily as a `vc` claim, and its default format check wants the
 *   v1 context, which a VCDM 2.0 list fails in either form.
 * `iss` and `jti` repeat `issuer` and `id` (VC-JOSE-COSE recommends values that do not conflict), `exp`
 * repeats validUntil, `iat` is the signing time.
 */
export function bitstringStatusListJwtClaims(
  credential: BitstringStatusListCredential,
  options: { iss: string; kid: string; alg: string; iat: number },
): { header: JwsHeader; claims: BitstringStatusListCredential & Record<string, unknown> } {
  if (options.iss !== credential.issuer) throw new TypeError('iss must equal the credential issuer');
  const exp = credential.validUntil ? Math.floor(Date.parse(credential.validUntil) / 1000) : undefined;
  return {
    header: { alg: options.alg, kid: options.kid, typ: 'vc+jwt', cty: 'vc' },
    claims: {
      ...credential,
      iss: options.iss,
      jti: credential.id,
      iat: options.iat,
      ...(exp !== undefined ? { exp } : {}),
    },
  };
}

/** The BitstringStatusListEntry of REC §2.1, for a credential's `credentialStatus`. */
export function credentialStatusEntry(input: { statusListCredentialUrl: string; index: number }) {
  return {
    id: `${input.statusListCredentialUrl}#${input.index}`, // REC §2.1: must not equal statusListCredential
    type: 'BitstringStatusListEntry' as const,
    statusPurpose: STATUS_LIST_PURPOSE,
    statusListIndex: String(input.index), // REC §2.1: a string that parses to an integer
    statusListCredential: input.statusListCredentialUrl,
  };
}

// XMLSchema dateTimeStamp in UTC, without milliseconds, as in the REC's examples.
function dateTimeStamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// ---- IETF Token Status List (draft-ietf-oauth-status-list, examples at commit 2fb61cd)

/**
 * `lst`: DEFLATE (RFC 1951) in the ZLIB format (RFC 1950) of the LSB-first byte array, base64url without
 * padding; §4.1 step 4 recommends the highest compression level, which also reproduces the draft's example
 * (`eNrbuRgAAhcBXQ`, header 78da) exactly. One bit per entry: 0 VALID, 1 INVALID (§7.1).
 */
export function encodeTokenStatusList(raw: Uint8Array): string {
  return deflateSync(raw, { level: 9 }).toString('base64url');
}

export interface TokenStatusListClaims {
  sub: string;
  iat: number;
  exp?: number;
  ttl?: number;
  iss?: string;
  status_list: { bits: 1; lst: string };
}

/**
 * Header and claims of a Status List Token in JWT format (§5.1): typ `statuslist+jwt` (required), `sub` the
 * list's own URI (equal to the Referenced Token's `status_list.uri`), `iat` required, `exp` and `ttl`
 * (seconds) recommended. `iss` is optional in the draft; we pass the issuing DID so key lookup by issuer works.
 */
export function tokenStatusListClaims(input: {
  sub: string;
  iat: number;
  exp?: number;
  ttl?: number;
  iss?: string;
  lst: string;
  alg: string;
  kid: string;
}): { header: JwsHeader; claims: TokenStatusListClaims } {
  if (input.ttl !== undefined && !(input.ttl > 0)) throw new RangeError('ttl must be positive'); // §5.1
  return {
    header: { alg: input.alg, kid: input.kid, typ: 'statuslist+jwt' },
    claims: {
      sub: input.sub,
      iat: input.iat,
      ...(input.exp !== undefined ? { exp: input.exp } : {}),
      ...(input.ttl !== undefined ? { ttl: input.ttl } : {}),
      ...(input.iss !== undefined ? { iss: input.iss } : {}),
      status_list: { bits: 1, lst: input.lst },
    },
  };
}

/** The Referenced Token's `status` claim (§6.1, §6.2), as SD-JWT VC carries it. */
export function referencedTokenStatus(input: { uri: string; index: number }) {
  return { status_list: { idx: input.index, uri: input.uri } };
}
