// What presentations of either format share (OpenID4VP 1.0 Appendix B, §14.1.2): the holder named as an
// identifier, and the freshness, audience and nonce of a holder's proof that is a JWT of its own (a VP JWT).
import { calculateJwkThumbprintUri, type JWK } from 'jose';
import { didKeyFromPublicJwk } from '../../dids/methods/did-key/did-key.js';
import { isRecord } from './compact-jws.js';
import { KB_JWT_MAX_AGE_SECONDS } from './key-binding.js';
import type { PresentationOptions } from './verify.types.js';

/**
 * The holder of an SD-JWT as an identifier: the did:key of its cnf key (Ed25519, P-256), else that key's JWK
 * thumbprint URI (RFC 9278); null without a cnf.jwk.
 */
export async function holderOfCnf(cnf: unknown): Promise<string | null> {
  if (!isRecord(cnf) || !isRecord(cnf.jwk)) return null;
  const jwk = cnf.jwk;
  try {
    return didKeyFromPublicJwk(jwk).did;
  } catch {
    try {
      return await calculateJwkThumbprintUri(jwk as JWK);
    } catch {
      return null;
    }
  }
}

/**
 * The claims of a holder's proof JWT against the request it answers (OpenID4VP §14.1.2): `aud` the verifier's
 * client_id (a string, or a list holding it: RFC 7519 §4.1.3), `nonce` the request's, `iat` recent, and `exp`/`nbf`
 * when present. Null when they hold, else what is wrong.
 */
export function proofClaimProblem(
  payload: Record<string, unknown>,
  options: Pick<PresentationOptions, 'expectedAudience' | 'expectedNonce'>,
  now: number,
  tolerance: number,
  what: string,
): string | null {
  const { iat, aud, nonce, exp, nbf } = payload;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return `${what} iat is missing or not a NumericDate`;
  if (iat > now + tolerance) return `${what} issued in the future`;
  if (iat < now - KB_JWT_MAX_AGE_SECONDS - tolerance) return `${what} is too old`;
  if (typeof exp === 'number' && exp <= now - tolerance) return `${what} has expired`;
  if (typeof nbf === 'number' && nbf > now + tolerance) return `${what} is not valid yet`;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.every((value) => typeof value === 'string') || audiences.length === 0)
    return `${what} aud is missing or not a string`;
  if (!audiences.includes(options.expectedAudience)) return `${what} aud ${audiences.join(', ')} is not ours`;
  if (typeof nonce !== 'string') return `${what} nonce is missing or not a string`;
  if (nonce !== options.expectedNonce) return `${what} nonce does not match`;
  return null;
}
