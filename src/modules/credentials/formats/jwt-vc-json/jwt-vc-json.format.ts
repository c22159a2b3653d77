// jwt_vc_json: a VC Data Model 1.1 credential as a JWT, its status a BitstringStatusListEntry pointing into a
// W3C Bitstring Status List.
import type { CredentialFormat } from '../credential-format.js';
import { issueJwtVcJson } from './jwt-vc-json.issue.js';
import { readJwtVc, verifyJwtVc } from './jwt-vc-json.verify.js';
import { presentJwtVc } from './jwt-vc-json.present.js';
import { ALLOWED_ALGS } from '../../verify/issuer-signature.js';

export const jwtVcJson: CredentialFormat<'jwt_vc_json'> = {
  name: 'jwt_vc_json',
  summary: 'W3C VCDM 1.1 as a JWT',
  storedAs: 'jwt_vc_json',
  aliases: [],
  statusListFormat: 'bitstring',
  issueFields: { required: [], exclusive: [] },
  // A VC-JWT's iss is the VC's issuer, a DID here (VCDM 1.1 §6.3.1); its header names the DID's key by kid alone.
  issuerIdentifiers: ['did'],
  x5c: false,
  issue: issueJwtVcJson,
  visibleClaims: (input) => Object.keys(input.claims ?? {}),
  // The most specific type names the credential in listings: the last one given, as VCs list them.
  credentialType: (input) => input.type?.at(-1) ?? 'VerifiableCredential',
  statusReference: ({ uri, index }) => ({ type: 'BitstringStatusListEntry', uri, index }),
  // base64url never contains "~", so a compact JWS has none, where an SD-JWT always has one (RFC 9901 §4).
  detect: (credential) => (credential.includes('~') ? 'the credential has SD-JWT "~" separators' : null),
  verify: verifyJwtVc,
  read: readJwtVc,
  presentation: {
    formatIdentifier: 'jwt_vc_json',
    vpFormatsSupported: { alg_values: [...ALLOWED_ALGS] },
    verify: presentJwtVc,
  },
};
