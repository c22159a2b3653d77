// jwt_vc_json: a VC Data Model 1.1 credential in the JWT encoding (VCDM 1.1 §6.3.1), as OpenID4VCI
// Appendix A.1.1 uses it: the credential sits in the `vc` claim, with iss/sub/jti/nbf/exp mirroring it.
import { checkIssuerSignature } from '../../verify/issuer-signature.js';
import { DEFAULT_CLOCK_TOLERANCE_SECONDS, failed, nowSeconds, passed, verdict } from '../../verify/checks.js';
import { decodeCompactJws, isRecord } from '../../verify/compact-jws.js';
import { bitstringStatusReferences, checkCredentialStatus } from '../../verify/status.js';
import { checkValidityPeriod } from '../../verify/validity.js';
import { instantOf, instantOfDateTime } from '../../verify/verified-content.js';
import type { Check, VerificationResult, VerifiedContent, VerifyOptions } from '../../verify/verify.types.js';

const VCDM_1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';

const idOf = (value: unknown) => (typeof value === 'string' ? value : isRecord(value) ? value.id : undefined);

function subjects(vc: Record<string, unknown>): unknown[] {
  const subject = vc.credentialSubject;
  return Array.isArray(subject) ? subject : subject === undefined ? [] : [subject];
}

/** VCDM 1.1 §4 and §6.3.1: what makes this JWT a verifiable credential rather than some other JWT. */
function structureProblems(header: Record<string, unknown>, payload: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (header.typ !== undefined && header.typ !== 'JWT') problems.push(`typ ${JSON.stringify(header.typ)} is not JWT`);
  if (typeof payload.iss !== 'string' || payload.iss === '') problems.push('iss is missing');
  const vc = payload.vc;
  if (!isRecord(vc)) return [...problems, 'vc claim is missing or not an object'];

  const context = vc['@context'];
  if (!Array.isArray(context) || context[0] !== VCDM_1_CONTEXT)
    problems.push(`vc.@context must start with ${VCDM_1_CONTEXT}`);
  const types = Array.isArray(vc.type) ? vc.type : [vc.type];
  if (!types.includes('VerifiableCredential')) problems.push('vc.type does not include VerifiableCredential');
  const subjectList = subjects(vc);
  if (subjectList.length === 0 || !subjectList.every(isRecord)) problems.push('vc.credentialSubject is missing');

  // §6.3.1: the JWT claims stand for these properties, so where both are present they must agree.
  const vcIssuer = idOf(vc.issuer);
  if (vc.issuer !== undefined && vcIssuer !== payload.iss) problems.push('vc.issuer differs from iss');
  const subjectId = subjectList.length === 1 ? idOf(subjectList[0]) : undefined;
  if (payload.sub !== undefined && subjectId !== undefined && subjectId !== payload.sub) {
    problems.push('credentialSubject.id differs from sub');
  }
  if (payload.jti !== undefined && vc.id !== undefined && vc.id !== payload.jti)
    problems.push('vc.id differs from jti');
  return problems;
}

/**
 * The subject's claims are its credentialSubject without the id (that is `subject`); a credential with
 * several subjects gives the first one's here, and all of them in `payload`. Nothing is selectively disclosed.
 */
function contentOf(payload: Record<string, unknown>, vc: Record<string, unknown>): VerifiedContent {
  const first = subjects(vc)[0];
  const { id: _id, ...claims } = isRecord(first) ? first : {};
  const types = Array.isArray(vc.type) ? vc.type : [vc.type];
  return {
    claims,
    disclosed: [],
    credentialTypes: types.filter((type): type is string => typeof type === 'string'),
    issuedAt: instantOf(payload.iat),
    // §6.3.1: exp stands for expirationDate; a credential may carry only the latter.
    expiresAt: instantOf(payload.exp) ?? instantOfDateTime(vc.expirationDate),
    payload,
  };
}

export async function verifyJwtVc(credential: string, options: VerifyOptions): Promise<VerificationResult> {
  const jws = decodeCompactJws(credential, 'credential');
  const { header, payload } = jws;
  const issuer = typeof payload.iss === 'string' ? payload.iss : null;
  const vc = isRecord(payload.vc) ? payload.vc : {};
  const subjectId = idOf(subjects(vc)[0]);
  const subject = typeof payload.sub === 'string' ? payload.sub : typeof subjectId === 'string' ? subjectId : null;

  const problems = structureProblems(header, payload);
  const checks: Check[] = [
    problems.length ? failed('structure', problems.join('; ')) : passed('structure', 'VC Data Model 1.1 JWT'),
    await checkIssuerSignature(jws, issuer, options),
    checkValidityPeriod(
      payload,
      { issuanceDate: vc.issuanceDate, expirationDate: vc.expirationDate },
      nowSeconds(options.now),
      options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS,
    ),
    await checkCredentialStatus(bitstringStatusReferences(vc.credentialStatus), issuer, options.checkStatus),
  ];
  const authentic = checks[1]?.status === 'passed';
  return verdict('jwt_vc_json', issuer, subject, authentic ? contentOf(payload, vc) : undefined, checks);
}

/** A stored jwt_vc_json's content, unchecked (CredentialFormat.read). */
export function readJwtVc(credential: string): VerifiedContent {
  const { payload } = decodeCompactJws(credential, 'credential');
  return contentOf(payload, isRecord(payload.vc) ? payload.vc : {});
}
