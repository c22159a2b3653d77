// vc+sd-jwt: an SD-JWT VC (draft-ietf-oauth-sd-jwt-vc) verified per RFC 9901 §7.1 and §7.3.
import { DEFAULT_CLOCK_TOLERANCE_SECONDS, failed, nowSeconds, passed, verdict } from '../../verify/checks.js';
import { decodeCompactJws } from '../../verify/compact-jws.js';
import { checkIssuerSignature } from '../../verify/issuer-signature.js';
import { checkKeyBinding } from '../../verify/key-binding.js';
import { decodeDisclosure, processDisclosures, type DisclosureOutcome } from '../../verify/sd-jwt-disclosures.js';
import { holderOfCnf } from '../../verify/presentation.js';
import { checkCredentialStatus, tokenStatusReferences } from '../../verify/status.js';
import { checkValidityPeriod } from '../../verify/validity.js';
import { instantOf, topLevelOf } from '../../verify/verified-content.js';
import {
  MalformedCredentialError,
  type Check,
  type PresentationOptions,
  type PresentationResult,
  type VerificationResult,
  type VerifiedContent,
  type VerifyOptions,
} from '../../verify/verify.types.js';

/** SD-JWT VC §2.2.1; vc+sd-jwt is the typ of drafts before -06, still in use. */
const SD_JWT_VC_TYPES = ['dc+sd-jwt', 'vc+sd-jwt'];

/** SD-JWT VC §2.2.2.3: these claims, and their sub-claims, MUST NOT be selectively disclosed. iat and
 * sub MAY be (they were non-disclosable only in early drafts). */
export const NON_DISCLOSABLE_CLAIMS = ['iss', 'nbf', 'exp', 'cnf', 'vct', 'vct#integrity', 'aka_vcts', 'status'];

/**
 * Claims about the token rather than its subject, left out of `claims` (they stay in `payload`): RFC 7519
 * §4.1, SD-JWT VC §3.2.2, RFC 9901 §4.1 and the holder-binding request claims aud and nonce.
 */
const TOKEN_CLAIMS = new Set([
  'iss',
  'sub',
  'aud',
  'iat',
  'nbf',
  'exp',
  'jti',
  'nonce',
  'cnf',
  'status',
  'vct',
  'vct#integrity',
  'aka_vcts',
  '_sd',
  '_sd_alg',
]);

/** RFC 9901 §4: <issuer-signed JWT>~<disclosure>~...~<disclosure>~[<KB-JWT>]. */
function split(credential: string) {
  const parts = credential.split('~');
  const issuerJwt = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const disclosures = parts.slice(1, -1);
  if (disclosures.some((d) => d === '')) throw new MalformedCredentialError('SD-JWT has an empty disclosure ("~~")');
  return {
    issuerJwt,
    disclosures,
    kbJwt: last === '' ? null : last,
    presented: credential.slice(0, credential.lastIndexOf('~') + 1),
  };
}

function structureCheck(header: Record<string, unknown>, payload: Record<string, unknown>): Check {
  const problems: string[] = [];
  if (!SD_JWT_VC_TYPES.includes(header.typ as string)) {
    problems.push(`typ ${JSON.stringify(header.typ ?? null)} is not dc+sd-jwt`);
  }
  if (typeof payload.vct !== 'string' || payload.vct === '') problems.push('vct is missing');
  if (payload.iss !== undefined && typeof payload.iss !== 'string') problems.push('iss is not a string');
  return problems.length
    ? failed('structure', problems.join('; '))
    : passed('structure', `SD-JWT VC of type ${payload.vct}`);
}

function disclosuresCheck(outcome: DisclosureOutcome): Check {
  if (!outcome.ok) return failed('disclosures', outcome.reason);
  const reserved = NON_DISCLOSABLE_CLAIMS.filter((claim) => outcome.disclosedUnder.has(claim));
  if (reserved.length) {
    return failed('disclosures', `${reserved.join(', ')} must not be selectively disclosable (SD-JWT VC §2.2.2.3)`);
  }
  return passed('disclosures', `${outcome.count} disclosure(s) processed`);
}

function contentOf(payload: Record<string, unknown>, disclosed: string[]): VerifiedContent {
  const claims = Object.fromEntries(Object.entries(payload).filter(([name]) => !TOKEN_CLAIMS.has(name)));
  return {
    claims,
    disclosed: disclosed.filter((pointer) => !TOKEN_CLAIMS.has(topLevelOf(pointer))),
    credentialTypes: typeof payload.vct === 'string' ? [payload.vct] : [],
    issuedAt: instantOf(payload.iat),
    expiresAt: instantOf(payload.exp),
    payload,
  };
}

export async function verifySdJwtVc(credential: string, options: VerifyOptions): Promise<VerificationResult> {
  const parts = split(credential);
  const jws = decodeCompactJws(parts.issuerJwt, 'issuer-signed JWT');
  const disclosures = parts.disclosures.map((encoded, i) => decodeDisclosure(encoded, i + 1));
  const issuer = typeof jws.payload.iss === 'string' ? jws.payload.iss : null;
  const now = nowSeconds(options.now);
  const tolerance = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;

  const outcome = processDisclosures(jws.payload, disclosures);
  // §7.1 step 6 reads validity from the processed payload; if processing failed, only what the issuer
  // signed in the clear is left to report on.
  const claims = outcome.ok ? outcome.payload : jws.payload;
  const checks: Check[] = [
    structureCheck(jws.header, jws.payload),
    await checkIssuerSignature(
      jws,
      issuer,
      options,
      options.resolveSdJwtVcIssuerKey && ((iss, kid) => options.resolveSdJwtVcIssuerKey!(iss, kid, jws.header)),
    ),
    disclosuresCheck(outcome),
    checkValidityPeriod(claims, {}, now, tolerance),
    await checkCredentialStatus(tokenStatusReferences(claims.status), issuer, options.checkStatus),
    await checkKeyBinding({
      kbJwt: parts.kbJwt,
      presented: parts.presented,
      cnf: claims.cnf,
      now,
      tolerance,
      expectedAudience: options.expectedAudience,
      expectedNonce: options.expectedNonce,
    }),
  ];
  const authentic = checks[1]?.status === 'passed' && checks[2]?.status === 'passed';
  const subject = typeof claims.sub === 'string' ? claims.sub : null;
  const content = authentic && outcome.ok ? contentOf(outcome.payload, outcome.disclosed) : undefined;
  return verdict('vc+sd-jwt', issuer, subject, content, checks);
}

/** A stored SD-JWT VC's content with every disclosure it holds applied, unchecked (CredentialFormat.read). */
export function readSdJwtVc(credential: string): VerifiedContent {
  const parts = split(credential);
  const jws = decodeCompactJws(parts.issuerJwt, 'issuer-signed JWT');
  const outcome = processDisclosures(
    jws.payload,
    parts.disclosures.map((encoded, i) => decodeDisclosure(encoded, i + 1)),
  );
  if (!outcome.ok) throw new MalformedCredentialError(outcome.reason);
  return contentOf(outcome.payload, outcome.disclosed);
}

/**
 * An SD-JWT VC presented to a verifier (OpenID4VP 1.0 Appendix B.3.5): the SD-JWT+KB, its KB-JWT's aud the
 * verifier's client_id and its nonce the request's (RFC 9901 §7.3). Without a KB-JWT it is a presentation
 * without holder binding, accepted only where the request allowed one.
 */
export async function presentSdJwtVc(presentation: string, options: PresentationOptions): Promise<PresentationResult> {
  const withoutKeyBinding = presentation.trim().endsWith('~') && !options.holderBindingRequired;
  const result = await verifySdJwtVc(
    presentation.trim(),
    withoutKeyBinding ? { ...options, expectedAudience: undefined, expectedNonce: undefined } : options,
  );
  const holderBound = result.checks.some((check) => check.name === 'key_binding' && check.status === 'passed');
  return { ...result, holder: result.payload ? await holderOfCnf(result.payload.cnf) : null, holderBound };
}
