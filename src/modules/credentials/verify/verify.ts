// POST /v1/credentials/verify, minus the transport: one entry point that picks the format's verifier
// (src/modules/credentials/formats).
import { detectCredentialFormat } from '../formats/index.js';
import { MalformedCredentialError, type VerificationResult, type VerifyOptions } from './verify.types.js';

/**
 * Verifies a credential of any of our formats. `verified` is true iff no check failed (skipped checks do not
 * count against it). Throws MalformedCredentialError only for input that is not a credential at all; every
 * other problem is a failed check in the result.
 */
export async function verifyCredential(
  input: string,
  declaredFormat: string | undefined,
  options: VerifyOptions,
): Promise<VerificationResult> {
  if (typeof input !== 'string') throw new MalformedCredentialError('credential must be a string');
  const credential = input.trim(); // copied from files and forms, credentials often carry a newline
  return detectCredentialFormat(credential, declaredFormat).verify(credential, options);
}
