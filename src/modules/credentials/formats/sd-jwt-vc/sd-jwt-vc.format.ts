// vc+sd-jwt: an SD-JWT VC, its status a `status.status_list` reference into an IETF Token Status List.
import type { CredentialFormat } from '../credential-format.js';
import { issueSdJwtVc } from './sd-jwt-vc.issue.js';
import { presentSdJwtVc, readSdJwtVc, verifySdJwtVc } from './sd-jwt-vc.verify.js';
import { ALLOWED_ALGS } from '../../verify/issuer-signature.js';

export const sdJwtVc: CredentialFormat<'vc+sd-jwt'> = {
  name: 'vc+sd-jwt',
  summary: 'SD-JWT VC',
  storedAs: 'vc_sd_jwt',
  aliases: ['dc+sd-jwt'], // the SD-JWT VC media type since draft-ietf-oauth-sd-jwt-vc-06
  statusListFormat: 'token',
  issueFields: { required: ['vct'], exclusive: ['disclosable', 'holderJwk', 'sdJwtTyp'] },
  issuerIdentifiers: ['did', 'url'],
  x5c: true,
  issue: issueSdJwtVc,
  // Every claim is disclosable unless `disclosable` names a subset (sd-jwt-vc.issue.ts).
  visibleClaims: (input) =>
    input.disclosable ? Object.keys(input.claims ?? {}).filter((name) => !input.disclosable!.includes(name)) : [],
  credentialType: (input) => input.vct!,
  statusReference: ({ uri, index }) => ({ type: 'TokenStatusList', uri, index }),
  // Even an SD-JWT without disclosures ends in "~" (RFC 9901 §4); base64url never contains one.
  detect: (credential) => (credential.includes('~') ? null : 'the credential has no "~" separators'),
  verify: verifySdJwtVc,
  read: readSdJwtVc,
  presentation: {
    // OpenID4VP 1.0 Appendix B.3.1 and HAIP: SD-JWT VCs are requested as dc+sd-jwt.
    formatIdentifier: 'dc+sd-jwt',
    vpFormatsSupported: { 'sd-jwt_alg_values': [...ALLOWED_ALGS], 'kb-jwt_alg_values': [...ALLOWED_ALGS] },
    verify: presentSdJwtVc,
  },
};
