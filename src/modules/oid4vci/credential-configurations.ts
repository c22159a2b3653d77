// A tenant's credential configurations as OpenID4VCI speaks of them, pure: the metadata entry of each
// (credential_configurations_supported, OpenID4VCI 1.0 §12.2.4 and Appendix A), and the issue request a wallet's
// redemption becomes, in the credential format registry's own terms (src/modules/credentials/formats): dc+sd-jwt is
// the registry's vc+sd-jwt with typ dc+sd-jwt and the holder's key in cnf; jwt_vc_json names the holder's did:key as
// credentialSubject.id and sub.
import { SIGNING_ALG, type KeyType } from '../dids/signing-keys.js';
import type { BindingMethod, Oid4vciFormatName, ProofAlg } from './oid4vci.inputs.js';

export type ClaimDescription = {
  name: string;
  mandatory?: boolean;
  disclosable?: boolean;
  display?: { name: string; locale?: string }[];
};

export type DisplayEntry = {
  name: string;
  locale?: string;
  description?: string;
  logo?: { uri: string; alt_text?: string };
  background_color?: string;
  text_color?: string;
};

/** A configuration as the module works with it (its row, the issuer's DID and key type resolved). */
export type CredentialConfiguration = {
  configurationId: string;
  format: Oid4vciFormatName;
  issuer: { did: string; keyType: KeyType };
  vct: string | null;
  types: string[];
  claims: ClaimDescription[];
  display: DisplayEntry[];
  validitySeconds: number | null;
  bindingMethods: BindingMethod[];
  proofAlgs: ProofAlg[];
};

/** The default binding methods of a format: the holder's key for an SD-JWT VC, its did:key for a W3C VC JWT. */
export const defaultBindingMethods = (format: Oid4vciFormatName): BindingMethod[] =>
  format === 'dc+sd-jwt' ? ['jwk'] : ['did:key'];

export const DEFAULT_PROOF_ALGS: ProofAlg[] = ['EdDSA', 'ES256'];

/** The entry of credential_configurations_supported for `config` (its key is config.configurationId). */
export function metadataEntry(config: CredentialConfiguration): Record<string, unknown> {
  const claims = config.claims.map((claim) => ({
    path: [claim.name],
    ...(claim.mandatory !== undefined && { mandatory: claim.mandatory }),
    ...(claim.display?.length && { display: claim.display }),
  }));
  const credentialMetadata = {
    ...(config.display.length && { display: config.display }),
    ...(claims.length && { claims }),
  };
  return {
    format: config.format,
    // The scope an authorization code flow would ask for it by (§5.1.2); unused by the pre-authorized flow.
    scope: config.configurationId,
    ...(config.format === 'dc+sd-jwt'
      ? { vct: config.vct }
      : { credential_definition: { type: ['VerifiableCredential', ...config.types] } }),
    credential_signing_alg_values_supported: [SIGNING_ALG[config.issuer.keyType]],
    cryptographic_binding_methods_supported: config.bindingMethods,
    proof_types_supported: { jwt: { proof_signing_alg_values_supported: config.proofAlgs } },
    ...(Object.keys(credentialMetadata).length && { credential_metadata: credentialMetadata }),
  };
}

/** Why the subject's `claims` do not fit `config` (a mandatory claim missing, one it does not describe), or null. */
export function offeredClaimsProblem(config: CredentialConfiguration, claims: Record<string, unknown>): string | null {
  const described = new Set(config.claims.map((claim) => claim.name));
  const missing = config.claims.find((claim) => claim.mandatory && !(claim.name in claims));
  if (missing) return `claims for ${config.configurationId} lack the mandatory claim ${missing.name}`;
  // A configuration that describes no claims takes any (its wallet shows them undescribed).
  const unknown = described.size ? Object.keys(claims).find((name) => !described.has(name)) : undefined;
  if (unknown) return `claims for ${config.configurationId} hold ${unknown}, which the configuration does not describe`;
  return null;
}

/** The holder's key as the proof showed it: its public JWK, and its did:key when it has one (Ed25519, P-256). */
export type HolderKey = { jwk: Record<string, unknown>; did: string };

/**
 * The issue request (credentials.inputs.ts, the API's own) for one credential of `config` to `holder`, issued at
 * `now`: parsed by the same rules as POST /v1/credentials/issue.
 */
export function issueRequestFor(
  config: CredentialConfiguration,
  claims: Record<string, unknown>,
  holder: HolderKey,
  now: Date,
): Record<string, unknown> {
  // Valid from now (nbf) for exactly its configured validity (exp), whatever second the signature falls in.
  const validity =
    config.validitySeconds === null
      ? {}
      : {
          validFrom: now.toISOString(),
          validUntil: new Date(now.getTime() + config.validitySeconds * 1000).toISOString(),
        };
  if (config.format === 'dc+sd-jwt') {
    const described = new Map(config.claims.map((claim) => [claim.name, claim]));
    return {
      format: 'vc+sd-jwt',
      sdJwtTyp: 'dc+sd-jwt',
      issuer: config.issuer.did,
      vct: config.vct,
      claims,
      // Disclosable unless the configuration says otherwise (as the issue API's default: every claim).
      disclosable: Object.keys(claims).filter((name) => described.get(name)?.disclosable !== false),
      holderJwk: holder.jwk,
      ...validity,
    };
  }
  return {
    format: 'jwt_vc_json',
    issuer: config.issuer.did,
    subjectId: holder.did,
    ...(config.types.length && { type: config.types }),
    claims,
    ...validity,
  };
}
