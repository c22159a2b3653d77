// jwt_vc_json: VC Data Model 1.1 JWT encoding (VCDM 1.1 §6.3.1; OpenID4VCI Appendix A.1.1), its status a W3C
// BitstringStatusListEntry.
import { signCompactJws } from '../../../../lib/jws.js';
import type { SigningKey } from '../../../dids/signing-keys.js';
import { credentialStatusEntry } from '../../../status-lists/status-list.codec.js';
import type { IssueInput } from '../../credentials.inputs.js';
import type { IssueContext } from '../credential-format.js';

const VCDM_1_1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
// Defines BitstringStatusListEntry for a VCDM 1.1 credential (Bitstring Status List v1.0 §2.1, Appendix).
const STATUS_CONTEXT = 'https://www.w3.org/ns/credentials/status/v1';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function issueJwtVcJson(input: IssueInput, key: SigningKey, context: IssueContext): string {
  const validFrom = input.validFrom ?? context.issuedAt;
  const credentialSubject = { ...(input.subjectId && { id: input.subjectId }), ...(input.claims ?? {}) };
  const claims = {
    iss: key.did,
    ...(input.subjectId && { sub: input.subjectId }),
    nbf: seconds(validFrom),
    iat: seconds(context.issuedAt),
    ...(input.validUntil && { exp: seconds(input.validUntil) }),
    jti: `urn:uuid:${context.credentialId}`,
    vc: {
      '@context': [VCDM_1_1_CONTEXT, STATUS_CONTEXT],
      type: ['VerifiableCredential', ...(input.type ?? [])],
      credentialSubject,
      credentialStatus: credentialStatusEntry({
        statusListCredentialUrl: context.statusListUrl,
        index: context.statusIndex,
      }),
    },
  };
  return signCompactJws({ alg: key.alg, typ: 'JWT', kid: key.kid }, claims, key.sign);
}
