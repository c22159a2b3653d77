// Signature checks for the issuer-signed JWT and the KB-JWT. The common case, an Ed25519 or P-256 key and a
// header without `crit` or `b64`, is checked with node:crypto on a cached KeyObject: such a JWS verifies exactly
// when its signature does over `header.payload` (RFC 7515 §5.2), and jose's WebCrypto path (a key import and a
// verification as thread-pool jobs) cost three times as much per verification (321 µs against 108 µs for
// Ed25519, measured; the key import was most of it). Every other header or key goes through jose.
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import { compactVerify, importJWK, type JWK } from 'jose';
import { boundedMemo, boundedSet } from '../../../lib/memo.js';
import { failed, passed } from './checks.js';
import type { DecodedJws } from './compact-jws.js';
import type { Check, ResolvedIssuerKey, VerifyOptions } from './verify.types.js';

/** RFC 8725 §3.1 / RFC 9901 §7.1 step 2.1: an explicit allow-list, so `none` (and HS256 with a public
 * key as secret, and anything else) is refused before a key is touched. */
export const ALLOWED_ALGS: readonly string[] = ['EdDSA', 'ES256'];

function algProblem(alg: unknown): string | null {
  if (typeof alg === 'string' && ALLOWED_ALGS.includes(alg)) return null;
  return `alg ${JSON.stringify(alg ?? null)} is not accepted (allowed: ${ALLOWED_ALGS.join(', ')})`;
}

/**
 * Verifies a decoded JWS with a public JWK; returns why it failed, or null when it verified. With `memoScope`,
 * a signature that verified is remembered under it (verifiedSignatures).
 */
export async function verifyJws(jws: DecodedJws, jwk: JWK, memoScope?: string): Promise<string | null> {
  const alg = jws.header.alg as string;
  const refused = algProblem(alg);
  if (refused) return refused;
  // A key published for one algorithm must not verify another (RFC 7517 §4.4).
  if (jwk.alg !== undefined && jwk.alg !== alg) return `key is for ${jwk.alg}, token uses ${alg}`;
  const fast = FAST_PATH[alg];
  if (fast && jwk.kty === fast.kty && jwk.crv === fast.crv && !('crit' in jws.header) && !('b64' in jws.header)) {
    const publicKeyId = JSON.stringify([jwk.kty, jwk.crv, jwk.x, jwk.y]);
    const publicKey = keyObjectOf(publicKeyId);
    if (!publicKey) return cannotVerify(jwk, alg);
    const memoKey = memoScope === undefined ? null : verifiedSignatureKey(memoScope, publicKeyId, alg, jws.compact);
    if (memoKey !== null && verifiedSignatures.has(memoKey)) return null;
    if (!(await signatureVerifies(jws.compact, publicKey, fast.digest))) return SIGNATURE_FAILS;
    if (memoKey !== null) verifiedSignatures.add(memoKey);
    return null;
  }
  let key: Awaited<ReturnType<typeof importJWK>>;
  try {
    key = await importJWK(publicPart(jwk), alg);
  } catch {
    return cannotVerify(jwk, alg);
  }
  try {
    await compactVerify(jws.compact, key, { algorithms: [...ALLOWED_ALGS] });
    return null;
  } catch {
    return SIGNATURE_FAILS;
  }
}

const SIGNATURE_FAILS = 'signature does not verify with the key';
const cannotVerify = (jwk: JWK, alg: string) => `key (${jwk.kty ?? '?'} ${jwk.crv ?? ''}) cannot verify ${alg}`;

/** The key each allowed alg needs (RFC 8037 §3.1, RFC 7518 §3.4), and the digest node:crypto verifies with. */
const FAST_PATH: Readonly<Record<string, { kty: string; crv: string; digest: string | null }>> = {
  EdDSA: { kty: 'OKP', crv: 'Ed25519', digest: null },
  ES256: { kty: 'EC', crv: 'P-256', digest: 'sha256' },
};

/** KeyObjects of the public keys seen lately (issuers' and holders'), keyed by [kty, crv, x, y]; null: invalid. */
const keyObjectOf = boundedMemo(10_000, (key): KeyObject | null => {
  const [kty, crv, x, y] = JSON.parse(key) as [string, string, unknown, unknown];
  try {
    return createPublicKey({ key: { kty, crv, x, ...(y !== undefined && { y }) } as never, format: 'jwk' });
  } catch {
    return null;
  }
});

/**
 * Signatures that verified lately, each under its scope (the verifying tenant). A holder presents the same
 * credential again and again (at each login to a relying party, say), and a signature that verified with a key
 * verifies with it for ever: Ed25519 and ECDSA verification are deterministic functions of key, input and
 * signature, so remembering the outcome changes no answer. What is remembered is a SHA-256 of scope, key, alg
 * and JWS, so an entry is small whatever the credential's size, and failures are never remembered. Per tenant,
 * so how fast an answer comes tells no tenant what another verified.
 */
const verifiedSignatures = boundedSet(50_000);

function verifiedSignatureKey(scope: string, publicKeyId: string, alg: string, compact: string): string {
  return createHash('sha256').update(`${scope}\0${publicKeyId}\0${alg}\0`).update(compact).digest('base64');
}

/**
 * ES256 signatures are R || S (RFC 7518 §3.4), which node:crypto calls ieee-p1363. Verified on libuv's thread
 * pool (node:crypto's callback form): the event loop, which every request shares, hands the curve arithmetic to
 * another core. Alternating pairs, verify jwt_vc_json on 2 cores: main thread 409 → 305 µs per verification,
 * 2,311 → 2,773/s (and +16%, +24% in two more pairs).
 */
function signatureVerifies(compact: string, key: KeyObject, digest: string | null): Promise<boolean> {
  const signatureStart = compact.lastIndexOf('.');
  const signature = Buffer.from(compact.slice(signatureStart + 1), 'base64url');
  const signingInput = Buffer.from(compact.slice(0, signatureStart), 'ascii');
  return new Promise((resolve) => {
    try {
      verifySignature(digest, signingInput, { key, dsaEncoding: 'ieee-p1363' }, signature, (error, verified) =>
        resolve(!error && verified),
      );
    } catch {
      resolve(false); // a signature of the wrong length for the curve
    }
  });
}

/**
 * RFC 9901 §7.1 steps 2.2–2.3: the signature verifies with a key that belongs to the issuer. The issuer-signed
 * JWT is what a holder presents again and again, so its signature is remembered under `signatureMemoScope`
 * (KB-JWTs are new with every presentation and are not).
 */
export async function checkIssuerSignature(
  jws: DecodedJws,
  issuer: string | null,
  { resolveIssuerKey, signatureMemoScope }: Pick<VerifyOptions, 'resolveIssuerKey' | 'signatureMemoScope'>,
  /** How this format finds the key (SD-JWT VC: DID, x5c or metadata); resolveIssuerKey when not given. */
  resolve: (issuer: string, kid: string | undefined) => Promise<ResolvedIssuerKey | null> = resolveIssuerKey,
): Promise<Check> {
  const refused = algProblem(jws.header.alg); // before any key is looked up
  if (refused) return failed('signature', refused);
  const kid = jws.header.kid;
  if (kid !== undefined && typeof kid !== 'string') return failed('signature', 'kid header is not a string');
  if (!issuer) return failed('signature', 'no issuer to resolve a verification key for');
  const kidProblem = kidMismatch(issuer, kid);
  if (kidProblem) return failed('signature', kidProblem);

  let resolved: ResolvedIssuerKey | null;
  try {
    resolved = await resolve(issuer, kid);
  } catch (error) {
    return failed('signature', `could not resolve the issuer key: ${(error as Error).message}`);
  }
  if (!resolved) return failed('signature', `no key found for issuer ${issuer}${kid ? ` and kid ${kid}` : ''}`);
  const { jwk, via } =
    'jwk' in resolved && typeof resolved.jwk === 'object' ? resolved : { jwk: resolved as JWK, via: null };
  const problem = await verifyJws(jws, jwk, signatureMemoScope);
  return problem
    ? failed('signature', problem)
    : passed('signature', `${String(jws.header.alg)} signature by ${issuer}${via ? ` (key from ${via})` : ''}`);
}

/**
 * A kid that names another key than the issuer's is a failed signature check even if some resolver
 * would find that key. did:key has exactly one key, `<did>#<fingerprint>` (did:key §3.1.2), so the
 * kid must be that DID URL or its bare fragment `#<fingerprint>`; for other DIDs a kid that is a
 * DID URL must belong to the issuer's DID. A missing kid is unambiguous for did:key and is left to
 * the resolver otherwise.
 */
function kidMismatch(issuer: string, kid: string | undefined): string | null {
  if (kid === undefined) return null;
  if (issuer.startsWith('did:key:')) {
    const fingerprint = issuer.slice('did:key:'.length);
    const accepted = [`${issuer}#${fingerprint}`, `#${fingerprint}`];
    return accepted.includes(kid) ? null : `kid ${kid} is not the issuer's did:key verification method`;
  }
  if (issuer.startsWith('did:') && kid.startsWith('did:') && kid.split('#')[0] !== issuer) {
    return `kid ${kid} belongs to another DID than the issuer ${issuer}`;
  }
  return null;
}

/** Only the public members: a resolver handing back a private JWK must not change the outcome. */
function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined)) as JWK;
}
