// What the tenant's door of OpenID4VCI takes (permission oid4vci:manage for configurations, credentials:issue for
// offers), shared by both transports: the GraphQL input types and the OpenAPI bodies derive from these. Objects
// inside a configuration or offer keep OpenID4VCI's own member names (background_color, alt_text, input_mode),
// as its metadata and offers spell them (OpenID4VCI 1.0 §4.1.1, §12.2.4).
import { z } from 'zod';
import { MAX_CLAIMS_DEPTH, RESERVED_CLAIMS } from '../credentials/credentials.inputs.js';
import { jsonDepth } from '../../lib/json-guards.js';
import { MESSAGES } from '../../lib/messages.js';
import { OFFER_STATES, OFFER_TTL_SECONDS, TX_CODE_LENGTH } from './offer-session.policy.js';

export const OID4VCI_FORMATS = ['dc+sd-jwt', 'jwt_vc_json'] as const;
export type Oid4vciFormatName = (typeof OID4VCI_FORMATS)[number];
export const BINDING_METHODS = ['jwk', 'did:key'] as const;
export type BindingMethod = (typeof BINDING_METHODS)[number];
/** What a holder may sign its key proof with: what did:key keys are here (EdDSA with Ed25519, ES256 with P-256). */
export const PROOF_ALGS = ['EdDSA', 'ES256'] as const;
export type ProofAlg = (typeof PROOF_ALGS)[number];

// The same texts as the issue API's format (unsupported format, spec §7): GraphQL refuses a value outside either
// enum before the rules run, and the field's text is then found by its name (src/graphql/zod-types.ts).
export const oid4vciFormat = z
  .enum(OID4VCI_FORMATS, {
    error: (issue) => (issue.input == null ? 'format is required' : MESSAGES.unsupportedFormat),
  })
  .meta({
    id: 'Oid4vciFormat',
    description: 'dc+sd-jwt (SD-JWT VC, the holder key in cnf) or jwt_vc_json (W3C VC JWT, the holder a did:key).',
  });

const bindingMethod = z
  .enum(BINDING_METHODS, { error: 'binding_methods may hold jwk and did:key' })
  .meta({ id: 'Oid4vciBindingMethod', description: 'How a credential names its holder’s key.' });

const proofAlg = z
  .enum(PROOF_ALGS, { error: 'proof_algs may hold EdDSA and ES256' })
  .meta({ id: 'Oid4vciProofAlg', description: 'A JWS algorithm a holder’s key proof may use.' });

export const offerState = z.enum(OFFER_STATES, { error: `state must be one of ${OFFER_STATES.join(', ')}` }).meta({
  id: 'Oid4vciOfferState',
  description:
    'offered → token_issued (a wallet redeemed the code) → credential_issued (every configuration issued); ' +
    'credential_pending between them for a deferred offer (a wallet waits for its claims or to collect); or ' +
    'expired, cancelled (by the tenant, or its subject erased), failed (too many wrong transaction codes).',
});

export const CONFIGURATION_ID_RULE =
  'configuration_id must be 1 to 100 letters, digits, dots, colons, underscores or hyphens, starting with a letter or digit';
const configurationId = z
  .string({
    error: (issue) => (issue.input == null ? 'configuration_id is required' : 'configuration_id must be a string'),
  })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, { error: CONFIGURATION_ID_RULE })
  .meta({ description: 'The credential_configuration_id wallets see.', examples: ['UniversityDegree'] });

const locale = z
  .string({ error: 'locale must be a string' })
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, { error: 'locale must be a BCP 47 language tag, e.g. en-US' })
  .optional();
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} must not be empty` })
    .max(max, {
      error: `${field} must be at most ${max} characters`,
    });
// A logo as wallets fetch it (OpenID4VCI §12.2.4): an https: URL (http: for development), or a data: URI.
const uri = (field: string) =>
  text(field, 64 * 1024).refine(
    (value) => /^https?:\/\/[^\s]+$/.test(value) || /^data:[\w/\-.]+;\w+,\S*$/.test(value),
    {
      error: `${field} must be an https: URL or a data: URI`,
    },
  );
// CSS Color Module Level 3 numerical values (OpenID4VCI §12.2.4): #rgb, #rrggbb, rgb() or rgba().
const color = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgba?\([0-9.,%\s]{5,40}\))$/, {
      error: `${field} must be a CSS colour such as #12107c`,
    })
    .optional();

const claimDisplay = z
  .object({ name: text('claims[].display[].name', 200), locale })
  .meta({ id: 'Oid4vciClaimDisplayInput' });

const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;
const claimDescription = z
  .object({
    name: z
      .string({ error: 'claims[].name must be a string' })
      .regex(CLAIM_NAME, { error: 'claims[].name must be a claim name such as given_name' })
      .refine((name) => !RESERVED_CLAIMS.has(name) && name !== 'id', {
        error: 'claims[].name may not be a reserved claim (iss, sub, vct, cnf, status, id, …)',
      }),
    mandatory: z.boolean({ error: 'claims[].mandatory must be a boolean' }).optional(),
    disclosable: z
      .boolean({ error: 'claims[].disclosable must be a boolean' })
      .optional()
      .meta({ description: 'dc+sd-jwt: whether the holder may withhold it (default true).' }),
    display: z.array(claimDisplay, { error: 'claims[].display must be an array' }).max(20).optional(),
  })
  .meta({
    id: 'Oid4vciClaimInput',
    description: 'A claim the credential carries: its name and how a wallet shows it.',
  });

const display = z
  .object({
    name: text('display[].name', 200),
    locale,
    description: text('display[].description', 500).optional(),
    logo: z
      .object({ uri: uri('display[].logo.uri'), alt_text: text('display[].logo.alt_text', 200).optional() })
      .meta({ id: 'Oid4vciLogoInput' })
      .optional(),
    background_color: color('display[].background_color'),
    text_color: color('display[].text_color'),
  })
  .meta({ id: 'Oid4vciDisplayInput', description: 'How a wallet shows the credential, in one language.' });

const claims = z
  .array(claimDescription, { error: 'claims must be an array' })
  .max(100, { error: 'claims may describe at most 100 claims' })
  .refine((list) => new Set(list.map((claim) => claim.name)).size === list.length, {
    error: 'claims names a claim twice',
  })
  .meta({ description: 'The claims it carries, in the order a wallet shows them (OpenID4VCI §B.2).' });

const displays = z
  .array(display, { error: 'display must be an array' })
  .max(20, { error: 'display may hold at most 20 entries' })
  .refine((list) => new Set(list.map((entry) => entry.locale ?? '')).size === list.length, {
    error: 'display holds one entry per locale',
  });

const typeNames = z
  .array(
    z.string({ error: 'types must be credential type names' }).regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, {
      error: 'types must be credential type names such as UniversityDegreeCredential',
    }),
    { error: 'types must be an array' },
  )
  .max(8, { error: 'types may list at most 8 types' })
  .meta({ description: 'jwt_vc_json: the VC types besides VerifiableCredential.' });

const vct = text('vct', 2048).meta({
  description: 'dc+sd-jwt: the verifiable credential type (required).',
  examples: ['https://credentials.example.com/degree'],
});

const validitySeconds = z
  .int({ error: 'validity_seconds must be an integer' })
  .min(60, { error: 'validity_seconds must be at least 60' })
  .max(10 * 366 * 24 * 3600, { error: 'validity_seconds must be at most ten years' })
  .meta({ description: 'Issued credentials expire this many seconds after issuance; absent: they do not.' });

const issuer = z
  .string({ error: (issue) => (issue.input == null ? 'issuer is required' : 'issuer must be a DID') })
  .max(2048)
  .meta({ description: 'One of the tenant’s active DIDs: it signs the credentials.' });

const bindingMethods = z
  .array(bindingMethod, { error: 'binding_methods must be an array' })
  .min(1, { error: 'binding_methods must name at least one method' })
  .max(2)
  .meta({ description: 'jwk and/or did:key (jwt_vc_json: did:key). Default: jwk (dc+sd-jwt), did:key (jwt_vc_json).' });

const proofAlgs = z
  .array(proofAlg, { error: 'proof_algs must be an array' })
  .min(1, { error: 'proof_algs must name at least one algorithm' })
  .max(2)
  .meta({ description: 'Default: EdDSA and ES256.' });

/** Rules that need the whole configuration (format-specific fields), for create and for a create merged with an update. */
function checkConfiguration(
  config: {
    format?: Oid4vciFormatName;
    vct?: string | null;
    types?: readonly string[] | null;
    claims?: readonly { disclosable?: boolean }[] | null;
    bindingMethods?: readonly BindingMethod[] | null;
  },
  ctx: z.RefinementCtx,
) {
  if (config.format === 'dc+sd-jwt') {
    if (!config.vct) ctx.addIssue({ code: 'custom', message: 'vct is required for dc+sd-jwt' });
    if (config.types?.length) ctx.addIssue({ code: 'custom', message: 'types applies to jwt_vc_json only' });
  }
  if (config.format === 'jwt_vc_json') {
    if (config.vct) ctx.addIssue({ code: 'custom', message: 'vct applies to dc+sd-jwt only' });
    if (config.claims?.some((claim) => claim.disclosable !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'claims[].disclosable applies to dc+sd-jwt only' });
    }
    // A W3C VC JWT names its holder as credentialSubject.id: a DID, not a bare key.
    if (config.bindingMethods?.includes('jwk')) {
      ctx.addIssue({ code: 'custom', message: 'jwt_vc_json binds to did:key only' });
    }
  }
}

/** What a configuration has besides its id, format and issuer: the same rules on create and on update. */
const configurationFields = {
  vct: vct.nullish(),
  types: typeNames.nullish(),
  claims: claims.nullish(),
  display: displays.nullish(),
  validitySeconds: validitySeconds.nullish(),
  bindingMethods: bindingMethods.nullish(),
  proofAlgs: proofAlgs.nullish(),
};

export const createConfigurationInput = z
  .object({ configurationId, format: oid4vciFormat, issuer, ...configurationFields })
  .superRefine(checkConfiguration);

export type CreateConfigurationInput = z.output<typeof createConfigurationInput>;

/** Everything but the id and the format, which name what wallets were offered and cannot change. */
export const updateConfigurationInput = z.object({ issuer: issuer.nullish(), ...configurationFields });

export type UpdateConfigurationInput = z.output<typeof updateConfigurationInput>;

/** The merged configuration after an update, checked as a whole. */
export const mergedConfiguration = z.custom<Parameters<typeof checkConfiguration>[0]>().superRefine(checkConfiguration);

const MAX_OFFER_CLAIMS_BYTES = 32 * 1024;

export const subjectClaims = z
  .record(z.string(), z.record(z.string(), z.unknown()), {
    error: 'claims must map each configuration id to the subject’s claims (a JSON object)',
  })
  .refine((value) => jsonDepth(value, MAX_CLAIMS_DEPTH + 1) <= MAX_CLAIMS_DEPTH + 1, {
    error: `claims must be nested at most ${MAX_CLAIMS_DEPTH} levels deep`,
    abort: true,
  })
  .refine((value) => JSON.stringify(value).length <= MAX_OFFER_CLAIMS_BYTES, {
    error: `claims must be at most ${MAX_OFFER_CLAIMS_BYTES} bytes of JSON`,
  })
  .meta({
    description:
      'The subject’s claims for each configuration offered: {"<configuration_id>": {"given_name": "Alice", …}}.',
    examples: [{ UniversityDegree: { given_name: 'Alice', degree: 'BSc Mathematics' } }],
  });

const txCode = z
  .object({
    length: z
      .int({ error: 'tx_code.length must be an integer' })
      .min(TX_CODE_LENGTH.min, { error: `tx_code.length must be ${TX_CODE_LENGTH.min} to ${TX_CODE_LENGTH.max}` })
      .max(TX_CODE_LENGTH.max, { error: `tx_code.length must be ${TX_CODE_LENGTH.min} to ${TX_CODE_LENGTH.max}` })
      .optional()
      .meta({ description: `Characters; default ${TX_CODE_LENGTH.default}.` }),
    input_mode: z
      .enum(['numeric', 'text'], { error: 'tx_code.input_mode must be numeric or text' })
      .meta({ id: 'Oid4vciTxCodeInputMode', description: 'numeric (default): digits; text: letters and digits.' })
      .optional(),
    description: text('tx_code.description', 300)
      .optional()
      .meta({ description: 'Shown by the wallet beside the input: where the code was sent.' }),
  })
  .meta({
    id: 'Oid4vciTxCodeInput',
    description:
      'Ask for a transaction code (OpenID4VCI §4.1.1): generated here, answered once in the create answer (send it ' +
      'to the holder another way), stored hashed.',
  });

export const createOfferInput = z.object({
  configurationIds: z
    .array(configurationId, { error: 'configuration_ids must be an array' })
    .min(1, { error: 'configuration_ids must name at least one configuration' })
    .max(10, { error: 'configuration_ids may name at most 10 configurations' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'configuration_ids names a configuration twice' })
    .meta({ description: 'The credential configurations offered.', examples: [['UniversityDegree']] }),
  subjectId: z
    .string({ error: (issue) => (issue.input == null ? 'subject_id is required' : 'subject_id must be a string') })
    .min(1, { error: 'subject_id is required' })
    .max(2048)
    .meta({
      description:
        'Whom the claims are about, as the tenant knows them (a DID, URI or reference): what data subject requests ' +
        'find the offer and its credentials by. Not written into the credentials.',
      examples: ['did:example:alice'],
    }),
  claims: subjectClaims.nullish(),
  deferred: z
    .boolean({ error: 'deferred must be a boolean' })
    .nullish()
    .meta({
      description:
        'true: deferred issuance (OpenID4VCI §9). The offer carries no claims; the wallet’s credential request is ' +
        'answered with a transaction_id, and the credentials are issued when the claims are given (POST ' +
        '/v1/oid4vci/offers/{id}/claims). Default false: claims are required.',
    }),
  grantType: z
    .enum(['pre_authorized_code', 'authorization_code'], {
      error: 'grant_type must be pre_authorized_code or authorization_code',
    })
    .meta({
      id: 'Oid4vciGrantType',
      description:
        'pre_authorized_code (default), or authorization_code: the wallet signs its holder in at the tenant’s ' +
        'login page, with the offer’s issuer_state (no transaction code).',
    })
    .nullish(),
  txCode: txCode.nullish(),
  expiresIn: z
    .int({ error: 'expires_in must be an integer' })
    .min(OFFER_TTL_SECONDS.min, { error: `expires_in must be ${OFFER_TTL_SECONDS.min} to ${OFFER_TTL_SECONDS.max}` })
    .max(OFFER_TTL_SECONDS.max, { error: `expires_in must be ${OFFER_TTL_SECONDS.min} to ${OFFER_TTL_SECONDS.max}` })
    .nullish()
    .meta({ description: `Seconds the pre-authorized code may be redeemed; default ${OFFER_TTL_SECONDS.default}.` }),
});

export type CreateOfferInput = z.output<typeof createOfferInput>;

/** The claims of a deferred offer, given once its subject's data is ready (deferred.service.ts). */
export const offerClaimsInput = z.object({
  claims: subjectClaims.meta({
    description:
      'The subject’s claims for each configuration of the offer: {"<configuration_id>": {"given_name": "Alice", …}}.',
  }),
});

/** The Deferred Credential Request (OpenID4VCI §9.1). */
export const deferredCredentialRequest = z.object({
  transaction_id: z.string().min(1).max(200),
  credential_response_encryption: z.unknown().optional(),
});

export const offerListInput = z.object({ state: offerState.nullish() });

/** The Notification Request (OpenID4VCI §11.1). */
export const notificationRequest = z.object({
  notification_id: z.string().min(1).max(200),
  event: z.enum(['credential_accepted', 'credential_failure', 'credential_deleted']),
  event_description: z
    .string()
    .max(500)
    .regex(/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/)
    .optional(),
});
