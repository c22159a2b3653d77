// POST /v1/credentials/verify: a credential of any of our formats from any issuer whose DID method we have.
// The issuer's key comes through its DID method (src/modules/dids/methods; did:key needs no network, a did:web
// elsewhere is fetched under the webhook SSRF rules: did-web/did-web-remote.ts); status
// is judged against our own lists from the database (kind, purpose, issuer, index: status-lists.policy.ts),
// and is "unknown" for lists elsewhere (we do not fetch arbitrary URLs on a caller's behalf). The verifier is
// a tenant: its trust policy (src/modules/trust) adds a `trust` check, which can make a credential unverified.
import { badRequest } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { didMethodOf } from '../dids/methods/index.js';
import type { OwnDids } from '../dids/methods/did-method.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import { verifyInput } from './credentials.inputs.js';
import { NO_ACTIVITY, type CredentialActivity } from './credential-activity.js';
import type { TrustService, Verifier } from '../trust/trust.service.js';
import { verifyCredential } from './verify/verify.js';
import { MalformedCredentialError, type VerificationResult } from './verify/verify.types.js';

export function createVerificationService({
  statusLists,
  trust,
  activity = NO_ACTIVITY,
  ownDids,
}: {
  /** Our own did:web DIDs, read from the database; with `outside`, did:webs elsewhere are fetched. */
  ownDids?: OwnDids;
  statusLists: StatusListsService;
  trust: Pick<TrustService, 'trustOfIssuer'>;
  activity?: CredentialActivity;
}) {
  /** The verifier has already held the kid to the issuer (verify/issuer-signature.ts). */
  async function resolveIssuerKey(issuerDid: string, kid: string | undefined) {
    return (await didMethodOf(issuerDid)?.verificationKey(issuerDid, kid, ownDids)) ?? null;
  }

  /** `verifier`: the verifying tenant's principal, whose trust policy applies (null: none, the check is skipped). */
  async function verify(rawInput: unknown, verifier: Verifier | null = null): Promise<VerificationResult> {
    const input = parseInput(verifyInput, rawInput);
    try {
      const result = await verifyCredential(input.credential, input.format ?? undefined, {
        resolveIssuerKey,
        ...(input.audience && { expectedAudience: input.audience }),
        ...(input.nonce && { expectedNonce: input.nonce }),
        checkStatus: (reference, issuer) => statusLists.statusOf(reference, issuer),
        ...(verifier && { signatureMemoScope: verifier.tenantId }),
      });
      const verdict = await trust.trustOfIssuer(verifier, result.issuer, result.credentialTypes);
      const checked: VerificationResult = {
        ...result,
        verified: result.verified && verdict.status !== 'failed',
        checks: [...result.checks, { name: 'trust', status: verdict.status, detail: verdict.detail }],
      };
      activity.verified(checked.format, checked.verified);
      return checked;
    } catch (error) {
      if (error instanceof MalformedCredentialError) throw badRequest(`malformed credential: ${error.message}`);
      throw error;
    }
  }

  return { verify };
}
