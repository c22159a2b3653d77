// POST /v1/credentials/verify, minus the transport: one entry point that picks the format's verifier.
import { detectFormat } from './detect-format.js';
import { verifyJwtVc } from './verify-jwt-vc.js';
import { verifySdJwtVc } from './verify-sd-jwt-vc.js';
import { MalformedCredentialError, type VerificationResult, type VerifyOptions } from './verify.types.js';

/**
 * Verifies a jwt_vc_json or vc+sd-jwt credential. `verified` is true iff no check failed (skipped
 * checks do not count against it). Throws MalformedCredentialError only for input that is not a
 * credential at all; every other problem is a failed check in the result.
 */
export async function verifyCredential(
  input: string,
  declaredFormat: string | undefined,
  options: VerifyOptions,
): Promise<VerificationResult> {
  if (typeof input !== 'string') throw new MalformedCredentialError('credential must be a string');
  const credential = input.trim(); // copied from files and forms, credentials often carry a newline
  const format = detectFormat(credential, declaredFormat);
  return format === 'jwt_vc_json' ? verifyJwtVc(credential, options) : verifySdJwtVc(credential, options);
}
