// Key Binding JWT verification (RFC 9901 §4.3, §7.3 step 5) against the holder key in cnf.jwk
// (RFC 7800 §3.2).
import { failed, passed, skipped } from './checks.js';
import { decodeCompactJws, isRecord, type DecodedJws } from './compact-jws.js';
import { verifyJws } from './issuer-signature.js';
import { sdHash } from './sd-jwt-disclosures.js';
import type { Check } from './verify.types.js';

/** A presentation is made for one transaction: a KB-JWT older than this (plus tolerance) is a replay
 * risk. RFC 9901 §7.3 step 5.5 leaves the "acceptable window" to the verifier. */
export const KB_JWT_MAX_AGE_SECONDS = 300;

export type KeyBindingInput = {
  /** The compact KB-JWT, or null when the SD-JWT ends with "~". */
  kbJwt: string | null;
  /** Issuer-signed JWT and disclosures up to and including the last "~" (§4.3.1). */
  presented: string;
  cnf: unknown;
  now: number;
  tolerance: number;
  expectedAudience?: string;
  expectedNonce?: string;
};

export async function checkKeyBinding(input: KeyBindingInput): Promise<Check> {
  const { kbJwt, cnf, expectedAudience, expectedNonce } = input;
  if (kbJwt === null) {
    // A verifier that asked for an audience or nonce requires key binding (§7.3 step 2); otherwise an
    // SD-JWT without KB-JWT is a presentation without holder binding, not a forgery.
    if (expectedAudience !== undefined || expectedNonce !== undefined) {
      return failed('key_binding', 'an audience or nonce is expected but no KB-JWT was presented');
    }
    return skipped(
      'key_binding',
      cnf === undefined ? 'no cnf and no KB-JWT' : 'cnf present but no KB-JWT: presentation without holder binding',
    );
  }
  let kb: DecodedJws;
  try {
    kb = decodeCompactJws(kbJwt, 'KB-JWT');
  } catch (error) {
    return failed('key_binding', (error as Error).message);
  }
  if (kb.header.typ !== 'kb+jwt')
    return failed('key_binding', `KB-JWT typ is ${JSON.stringify(kb.header.typ ?? null)}, not kb+jwt`);
  if (!isRecord(cnf) || !isRecord(cnf.jwk))
    return failed('key_binding', 'KB-JWT present but the credential has no cnf.jwk');
  const signatureProblem = await verifyJws(kb, cnf.jwk);
  if (signatureProblem) return failed('key_binding', `KB-JWT not signed by the cnf key: ${signatureProblem}`);
  const problem = claimProblem(kb.payload, input);
  return problem ? failed('key_binding', problem) : passed('key_binding', bindingDetail(input));
}

function claimProblem(payload: Record<string, unknown>, input: KeyBindingInput): string | null {
  const { iat, aud, nonce, sd_hash } = payload;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return 'KB-JWT iat is missing or not a NumericDate';
  if (typeof aud !== 'string') return 'KB-JWT aud is missing or not a string';
  if (typeof nonce !== 'string') return 'KB-JWT nonce is missing or not a string';
  if (typeof sd_hash !== 'string') return 'KB-JWT sd_hash is missing';
  if (iat > input.now + input.tolerance) return 'KB-JWT issued in the future';
  if (iat < input.now - KB_JWT_MAX_AGE_SECONDS - input.tolerance) return 'KB-JWT is too old';
  if (input.expectedAudience !== undefined && aud !== input.expectedAudience) return `KB-JWT aud ${aud} is not ours`;
  if (input.expectedNonce !== undefined && nonce !== input.expectedNonce) return 'KB-JWT nonce does not match';
  // §4.3.1: binds the KB-JWT to exactly this issuer-signed JWT and this selection of disclosures.
  if (sd_hash !== sdHash(input.presented)) return 'KB-JWT sd_hash does not match the presented SD-JWT';
  return null;
}

function bindingDetail(input: KeyBindingInput) {
  const unchecked = [input.expectedAudience === undefined && 'aud', input.expectedNonce === undefined && 'nonce'];
  const names = unchecked.filter(Boolean);
  return names.length
    ? `holder key verified; ${names.join(' and ')} not checked (none expected)`
    : 'holder key verified';
}
