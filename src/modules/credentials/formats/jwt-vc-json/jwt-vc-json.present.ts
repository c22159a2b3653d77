// jwt_vc_json presented to a verifier (OpenID4VP 1.0 Appendix B.1.3.1): a VC Data Model 1.1 presentation as a
// JWT (VCDM 1.1 §6.3.1: `vp`, iss = the holder) carrying the credential, signed by the holder with the verifier's
// client_id as `aud` and the request's `nonce` (§14.1.2). The holder is the credential's subject: the VP must be
// signed by a key of the subject's DID, resolved as an issuer's is. The credential inside is verified by this
// format's own verify; the VP adds the `key_binding` check.
import { DEFAULT_CLOCK_TOLERANCE_SECONDS, failed, nowSeconds, passed, skipped } from '../../verify/checks.js';
import { decodeCompactJws, isRecord, type DecodedJws } from '../../verify/compact-jws.js';
import { checkIssuerSignature } from '../../verify/issuer-signature.js';
import { proofClaimProblem } from '../../verify/presentation.js';
import {
  MalformedCredentialError,
  type Check,
  type PresentationOptions,
  type PresentationResult,
  type VerificationResult,
} from '../../verify/verify.types.js';
import { verifyJwtVc } from './jwt-vc-json.verify.js';

const VERIFIABLE_PRESENTATION = 'VerifiablePresentation';

/** The one credential a VP carries: nested and multiple presentations are not supported (OpenID4VP §13.2). */
function credentialOf(vp: Record<string, unknown>): string {
  const carried = vp.verifiableCredential;
  const list = Array.isArray(carried) ? carried : carried === undefined ? [] : [carried];
  if (list.length !== 1 || typeof list[0] !== 'string') {
    throw new MalformedCredentialError('a jwt_vc_json presentation carries exactly one credential, as a JWT');
  }
  return list[0];
}

async function holderProof(
  jws: DecodedJws,
  holder: string | null,
  options: PresentationOptions,
): Promise<{ check: Check; bound: boolean }> {
  const vp = jws.payload.vp as Record<string, unknown>;
  const types = Array.isArray(vp.type) ? vp.type : [vp.type];
  if (!types.includes(VERIFIABLE_PRESENTATION))
    return { check: failed('key_binding', `vp.type does not include ${VERIFIABLE_PRESENTATION}`), bound: false };
  if (!holder?.startsWith('did:'))
    return { check: failed('key_binding', 'the credential names no subject DID that could hold it'), bound: false };
  // VCDM 1.1 §6.3.1: iss is the holder; absent, the signature alone says who signed.
  if (jws.payload.iss !== undefined && jws.payload.iss !== holder)
    return {
      check: failed('key_binding', `VP iss ${String(jws.payload.iss)} is not the subject ${holder}`),
      bound: false,
    };
  const signature = await checkIssuerSignature(jws, holder, { resolveIssuerKey: options.resolveIssuerKey });
  if (signature.status !== 'passed')
    return {
      check: failed('key_binding', `VP not signed by the subject ${holder}: ${signature.detail}`),
      bound: false,
    };
  const problem = proofClaimProblem(
    jws.payload,
    options,
    nowSeconds(options.now),
    options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS,
    'VP',
  );
  return problem
    ? { check: failed('key_binding', problem), bound: false }
    : { check: passed('key_binding', `VP signed by the subject ${holder} for this request`), bound: true };
}

const withCheck = (result: VerificationResult, check: Check): VerificationResult => ({
  ...result,
  verified: result.verified && check.status !== 'failed',
  checks: [...result.checks, check],
});

export async function presentJwtVc(presentation: string, options: PresentationOptions): Promise<PresentationResult> {
  const jws = decodeCompactJws(presentation.trim(), 'presentation');
  if (!isRecord(jws.payload.vp)) {
    // A credential without a VP: a presentation without holder binding (Appendix B.1), if the request allows it.
    const result = await verifyJwtVc(jws.compact, options);
    const check = options.holderBindingRequired
      ? failed('key_binding', 'a credential without its holder’s VP was presented, and the request requires one')
      : skipped('key_binding', 'presented without holder binding, which the request allowed');
    return { ...withCheck(result, check), holder: null, holderBound: false };
  }
  const credential = await verifyJwtVc(credentialOf(jws.payload.vp), options);
  const proof = await holderProof(jws, credential.subject ?? null, options);
  return {
    ...withCheck(credential, proof.check),
    holder: proof.bound ? (credential.subject ?? null) : null,
    holderBound: proof.bound,
  };
}
