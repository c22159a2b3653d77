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
import { credentialFormatPresentedAs } from './formats/index.js';
import { failed } from './verify/checks.js';
import { verifyCredential } from './verify/verify.js';
import { sdJwtVcIssuerKey } from './verify/sd-jwt-vc-issuer-key.js';
import type { TrustAnchors } from '../trust/trust-anchors.js';
import type { JWK } from 'jose';
import {
  MalformedCredentialError,
  type PresentationResult,
  type VerificationResult,
  type VerifyOptions,
} from './verify/verify.types.js';

/** What a presentation must be bound to: the verifier's client_id and the request's nonce (OpenID4VP §14.1.2). */
export type PresentationBinding = { audience: string; nonce: string; holderBindingRequired: boolean };

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

  /** The options every verification shares: our key resolution and status look-ups, memo under the verifier. */
  function verifyOptions(verifier: Verifier | null): VerifyOptions {
    return {
      resolveIssuerKey,
      resolveSdJwtVcIssuerKey: sdJwtVcKeys(verifier),
      checkStatus: (reference, issuer) => statusLists.statusOf(reference, issuer),
      ...(verifier && { signatureMemoScope: verifier.tenantId }),
    };
  }

  /** The verifying tenant's trust policy on the issuer, as one more check (src/modules/trust). */
  async function withTrust<Result extends VerificationResult>(result: Result, verifier: Verifier | null) {
    const verdict = await trust.trustOfIssuer(verifier, result.issuer, result.credentialTypes);
    const checked: Result = {
      ...result,
      verified: result.verified && verdict.status !== 'failed',
      checks: [...result.checks, { name: 'trust', status: verdict.status, detail: verdict.detail }],
    };
    activity.verified(checked.format, checked.verified);
    return checked;
  }

  /** `verifier`: the verifying tenant's principal, whose trust policy applies (null: none, the check is skipped). */
  async function verify(rawInput: unknown, verifier: Verifier | null = null): Promise<VerificationResult> {
    const input = parseInput(verifyInput, rawInput);
    try {
      const result = await verifyCredential(input.credential, input.format ?? undefined, {
        ...verifyOptions(verifier),
        ...(input.audience && { expectedAudience: input.audience }),
        ...(input.nonce && { expectedNonce: input.nonce }),
      });
      return await withTrust(result, verifier);
    } catch (error) {
      if (error instanceof MalformedCredentialError) throw badRequest(`malformed credential: ${error.message}`);
      throw error;
    }
  }

  /**
   * An OpenID4VP presentation (src/modules/oid4vp), in the format its DCQL credential query named, through the
   * same checks as verify plus the holder's proof bound to `binding`. Never throws for what a wallet sent: a
   * presentation that is not one of the format is a verdict with a failed `structure` check.
   */
  async function verifyPresentation(
    presentation: string,
    formatIdentifier: string,
    binding: PresentationBinding,
    verifier: Verifier,
  ): Promise<PresentationResult> {
    const format = credentialFormatPresentedAs(formatIdentifier);
    const refused = (detail: string): PresentationResult => ({
      verified: false,
      format: format?.name ?? 'vc+sd-jwt',
      issuer: null,
      checks: [failed('structure', detail)],
      holder: null,
      holderBound: false,
    });
    if (!format) return refused(`unsupported presentation format ${formatIdentifier}`);
    try {
      const result = await format.presentation.verify(presentation, {
        ...verifyOptions(verifier),
        expectedAudience: binding.audience,
        expectedNonce: binding.nonce,
        holderBindingRequired: binding.holderBindingRequired,
      });
      return await withTrust(result, verifier);
    } catch (error) {
      if (error instanceof MalformedCredentialError) return refused(error.message);
      throw error;
    }
  }

  return { verify, verifyPresentation };
}
