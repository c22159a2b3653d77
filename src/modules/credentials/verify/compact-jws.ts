// Strict decoding of JWS Compact Serialization (RFC 7515 §7.1) before any signature is checked, so
// that garbage is told apart from a credential that merely fails verification.
import { jsonDepth, MAX_JSON_DEPTH, tooDeepMessage } from '../../../lib/json-guards.js';
import { MalformedCredentialError } from './verify.types.js';

export type DecodedJws = {
  /** The compact JWS exactly as received; signatures are verified over this. */
  compact: string;
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
};

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** base64url without padding (RFC 7515 §2); Buffer alone would silently skip invalid characters. */
export function decodeBase64url(value: string, what: string): Buffer {
  if (!BASE64URL.test(value) || value.length % 4 === 1) {
    throw new MalformedCredentialError(`${what} is not valid base64url`);
  }
  return Buffer.from(value, 'base64url');
}

export function parseJson(bytes: Buffer, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new MalformedCredentialError(`${what} is not UTF-8 JSON`);
  }
  // Whatever verifies is echoed back as JSON: a value too deep to serialise is refused here, not there.
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new MalformedCredentialError(tooDeepMessage(what, MAX_JSON_DEPTH));
  }
  return value;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeJsonObject(segment: string, what: string): Record<string, unknown> {
  if (segment === '') throw new MalformedCredentialError(`${what} is empty`);
  const value = parseJson(decodeBase64url(segment, what), what);
  if (!isRecord(value)) throw new MalformedCredentialError(`${what} is not a JSON object`);
  return value;
}

/**
 * Splits and decodes a compact JWS. The signature segment may be empty: an `alg: none` token is a
 * well-formed JWT (RFC 7519 §6) that the signature check then rejects, not malformed input.
 */
export function decodeCompactJws(compact: string, what: string): DecodedJws {
  const parts = compact.split('.');
  if (parts.length !== 3) {
    throw new MalformedCredentialError(`${what} must be a compact JWS of 3 parts, got ${parts.length}`);
  }
  const [header, payload, signature] = parts as [string, string, string];
  decodeBase64url(signature, `${what} signature`);
  return {
    compact,
    header: decodeJsonObject(header, `${what} header`),
    payload: decodeJsonObject(payload, `${what} payload`),
  };
}
