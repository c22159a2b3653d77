// POST /v1/credentials/verify: a credential of any of our formats from any issuer whose DID method we have.
// The issuer's key comes through its DID method (src/modules/dids/methods; did:key needs no network); status
// is judged against our own lists from the database (kind, purpose, issuer, index: status-lists.policy.ts),
// and is "unknown" for lists elsewhere (we do not fetch arbitrary URLs on a caller's behalf).
import { badRequest } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { didMethodOf } from '../dids/methods/index.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import { verifyInput } from './credentials.inputs.js';
import { NO_ACTIVITY, type CredentialActivity } from './credential-activity.js';
import { verifyCredential } from './verify/verify.js';
import { MalformedCredentialError, type VerificationResult } from './verify/verify.types.js';

export function createVerificationService({
  statusLists,
  activity = NO_ACTIVITY,
}: {
  statusLists: StatusListsService;
  activity?: CredentialActivity;
}) {
  /** The verifier has already held the kid to the issuer (verify/issuer-signature.ts). */
  async function resolveIssuerKey(issuerDid: string, kid: string | undefined) {
    return (await didMethodOf(issuerDid)?.verificationKey(issuerDid, kid)) ?? null;
  }

  async function verify(rawInput: unknown): Promise<VerificationResult> {
    const input = parseInput(verifyInput, rawInput);
    try {
      const result = await verifyCredential(input.credential, input.format ?? undefined, {
        resolveIssuerKey,
        ...(input.audience && { expectedAudience: input.audience }),
        ...(input.nonce && { expectedNonce: input.nonce }),
        checkStatus: (reference, issuer) => statusLists.statusOf(reference, issuer),
      });
      activity.verified(result.format, result.verified);
      return result;
    } catch (error) {
      if (error instanceof MalformedCredentialError) throw badRequest(`malformed credential: ${error.message}`);
      throw error;
    }
  }

  return { verify };
}
