// POST /v1/credentials/verify: a credential of any of our formats from any issuer whose DID method we have.
// The issuer's key comes through its DID method (src/modules/dids/methods; did:key needs no network, a did:web
// elsewhere is fetched under the webhook SSRF rules: did-web/did-web-remote.ts); an SD-JWT VC's also from its x5c
// chain or its https issuer's JWT VC Issuer Metadata (verify/sd-jwt-vc-issuer-key.ts); status
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
import { sdJwtVcIssuerKey } from './verify/sd-jwt-vc-issuer-key.js';
import type { TrustAnchors } from '../trust/trust-anchors.js';
import type { JWK } from 'jose';
import { MalformedCredentialError, type VerificationResult } from './verify/verify.types.js';

export function createVerificationService({
  statusLists,
  trust,
  activity = NO_ACTIVITY,
  ownDids,
  trustAnchors,
  issuerMetadata,
}: {
  /** Our own did:web DIDs, read from the database; with `outside`, did:webs elsewhere are fetched. */
  ownDids?: OwnDids;
  statusLists: StatusListsService;
  trust: Pick<TrustService, 'trustOfIssuer'>;
  activity?: CredentialActivity;
  /** The verifying tenant's roots for x5c chains (src/modules/trust/trust-anchors.ts). */
  trustAnchors?: Pick<TrustAnchors, 'certificatesOf'>;
  /** The keys of an https issuer's JWT VC Issuer Metadata: ours from the database, others' fetched. */
  issuerMetadata?: (issuer: string) => Promise<JWK[]>;
}) {
  /** The verifier has already held the kid to the issuer (verify/issuer-signature.ts). */
  async function resolveIssuerKey(issuerDid: string, kid: string | undefined) {
    return (await didMethodOf(issuerDid)?.verificationKey(issuerDid, kid, ownDids)) ?? null;
  }

  /** SD-JWT VC §2.5: the DID, x5c against the verifying tenant's roots, or JWT VC Issuer Metadata. */
  const sdJwtVcKeys =
    (verifier: Verifier | null) => (issuer: string, kid: string | undefined, header: Record<string, unknown>) =>
      sdJwtVcIssuerKey(issuer, kid, header, {
        didKey: resolveIssuerKey,
        trustAnchors: async () => (verifier && trustAnchors ? trustAnchors.certificatesOf(verifier.tenantId) : []),
        metadataKeys: async (iss) => {
          if (!issuerMetadata) throw new Error('JWT VC Issuer Metadata is not fetched here');
          return issuerMetadata(iss);
        },
        now: new Date(),
      });

  /** `verifier`: the verifying tenant's principal, whose trust policy applies (null: none, the check is skipped). */
  async function verify(rawInput: unknown, verifier: Verifier | null = null): Promise<VerificationResult> {
    const input = parseInput(verifyInput, rawInput);
    try {
      const result = await verifyCredential(input.credential, input.format ?? undefined, {
        resolveIssuerKey,
        resolveSdJwtVcIssuerKey: sdJwtVcKeys(verifier),
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
