// POST /v1/credentials/verify: any issuer's did:key credential in either format. Issuer keys come from the
// DID itself (did:key needs no network); status is judged against our own lists from the database (kind,
// purpose, issuer, index: status-lists.policy.ts), and is "unknown" for lists elsewhere (we do not fetch
// arbitrary URLs on a caller's behalf).
import { badRequest } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { InvalidDidError, parseDidKey } from '../dids/did-key.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import { verifyInput } from './credentials.inputs.js';
import { verifyCredential } from './verify/verify.js';
import { MalformedCredentialError, type VerificationResult } from './verify/verify.types.js';

export function createVerificationService({ statusLists }: { statusLists: StatusListsService }) {
  /** The did:key's own key; the verifier has already held the kid to it (verify/issuer-signature.ts). */
  async function resolveIssuerKey(issuerDid: string) {
    try {
      return parseDidKey(issuerDid).publicJwk;
    } catch (error) {
      if (error instanceof InvalidDidError) return null;
      throw error;
    }
  }

  async function verify(rawInput: unknown): Promise<VerificationResult> {
    const input = parseInput(verifyInput, rawInput);
    try {
      return await verifyCredential(input.credential, input.format ?? undefined, {
        resolveIssuerKey,
        ...(input.audience && { expectedAudience: input.audience }),
        ...(input.nonce && { expectedNonce: input.nonce }),
        checkStatus: (reference, issuer) => statusLists.statusOf(reference, issuer),
      });
    } catch (error) {
      if (error instanceof MalformedCredentialError) throw badRequest(`malformed credential: ${error.message}`);
      throw error;
    }
  }

  return { verify };
}
