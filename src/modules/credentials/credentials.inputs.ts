// Input rules for issuing, listing and verifying credentials, shared by both transports.
import { z } from 'zod';
import { jsonDepth } from '../../lib/json-guards.js';
import { MESSAGES } from '../../lib/messages.js';
import { isoDateTime, parseInput } from '../../lib/validation.js';

export const FORMATS = ['jwt_vc_json', 'vc+sd-jwt'] as const;
export type CredentialFormatName = (typeof FORMATS)[number];

/** SD-JWT VC media type: `dc+sd-jwt` is the current name; `vc+sd-jwt` remains for wallets built before it. */
export const SD_JWT_TYPS = ['dc+sd-jwt', 'vc+sd-jwt'] as const;

// Registered JWT claims and SD-JWT VC structure that the subject's claims may not override or hide
// (draft-ietf-oauth-sd-jwt-vc §3.2.2: these are never selectively disclosable).
export const RESERVED_CLAIMS = new Set([
  'iss',
  'sub',
  'iat',
  'nbf',
  'exp',
  'jti',
  'vct',
  'cnf',
  'status',
  'vc',
  '_sd',
  '_sd_alg',
  '...',
]);

const MAX_CLAIMS_BYTES = 32 * 1024;
/** Nesting depth of claims: a credential subject is a shallow document; deeper values are refused, not walked. */
export const MAX_CLAIMS_DEPTH = 16;
/** How many types a jwt_vc_json credential may carry besides VerifiableCredential. */
const MAX_TYPES = 8;

const format = z
  .string({ error: (issue) => (issue.input == null ? 'format is required' : MESSAGES.unsupportedFormat) })
  .refine((value): value is CredentialFormatName => (FORMATS as readonly string[]).includes(value), {
    error: MESSAGES.unsupportedFormat,
  });

const claims = z
  .record(z.string(), z.unknown(), { error: 'claims must be a JSON object' })
  // First, and aborting: the checks after it walk the value recursively.
  .refine((value) => jsonDepth(value, MAX_CLAIMS_DEPTH) <= MAX_CLAIMS_DEPTH, {
    error: `claims must be nested at most ${MAX_CLAIMS_DEPTH} levels deep`,
    abort: true,
  })
  .refine((value) => JSON.stringify(value).length <= MAX_CLAIMS_BYTES, {
    error: `claims must be at most ${MAX_CLAIMS_BYTES} bytes of JSON`,
  })
  .superRefine((value, ctx) => {
    const reserved = Object.keys(value).find((name) => RESERVED_CLAIMS.has(name));
    if (reserved) ctx.addIssue({ code: 'custom', message: `claims may not contain the reserved claim ${reserved}` });
    // credentialSubject.id and sub must name the same subject: it is given once, as subject_id.
    if ('id' in value) ctx.addIssue({ code: 'custom', message: 'claims may not contain id: give the subject as subject_id' });
  });

// The VC `type` (VCDM 1.1 §4.3): one type name, or the list as a VC carries it; VerifiableCredential is implied.
const typeName = z
  .string({ error: 'type must be a credential type name or a list of them' })
  .regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, {
    error: 'type must be a credential type name such as UniversityDegreeCredential',
  });
const credentialTypes = z
  .preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z
      .array(typeName, { error: 'type must be a credential type name or a list of them' })
      .min(1, { error: 'type must name at least one type' })
      .max(MAX_TYPES + 1, { error: `type may list at most ${MAX_TYPES} types besides VerifiableCredential` }),
  )
  .transform((types) => [...new Set(types)].filter((type) => type !== 'VerifiableCredential'));

const publicJwk = z
  .object({ kty: z.string() }, { error: 'holder_jwk must be a public JWK object' })
  .passthrough()
  .refine((jwk) => !('d' in jwk), { error: 'holder_jwk must be a public key (it contains a private part d)' });

// The format decides everything else about an issuance request, so it is checked first and alone: an
// unsupported format is answered `unsupported format` (spec §7) whatever else the body holds.
export const issueFormatGate = z.object({ format }).loose();

const issueFields = z
  .object({
    format,
    issuer: z
      .string({ error: (issue) => (issue.input == null ? 'issuer is required' : 'issuer must be a DID') })
      .max(200),
    subjectId: z.string({ error: 'subject_id must be a string' }).min(1).max(2048).nullish(),
    claims: claims.nullish(),
    type: credentialTypes.nullish(),
    vct: z.string({ error: 'vct must be a string' }).min(1).max(2048).nullish(),
    validFrom: isoDateTime('valid_from').nullish(),
    validUntil: isoDateTime('valid_until').nullish(),
    disclosable: z
      .array(z.string({ error: 'disclosable must list claim names' }), { error: 'disclosable must be an array' })
      .nullish(),
    holderJwk: publicJwk.nullish(),
    sdJwtTyp: z.enum(SD_JWT_TYPS, { error: 'sd_jwt_typ must be dc+sd-jwt or vc+sd-jwt' }).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.format === 'vc+sd-jwt' && !input.vct)
      ctx.addIssue({ code: 'custom', message: 'vct is required for vc+sd-jwt' });
    // Fields that failed their own checks are still strings here: compare only dates that parsed.
    const validFrom = input.validFrom instanceof Date ? input.validFrom : null;
    const validUntil = input.validUntil instanceof Date ? input.validUntil : null;
    if (validFrom && validUntil && validUntil <= validFrom) {
      ctx.addIssue({ code: 'custom', message: 'valid_until must be after valid_from' });
    }
    if (validUntil && validUntil.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'valid_until must be in the future' });
    }
    const unknown = (input.disclosable ?? []).find((name) => !(input.claims && name in input.claims));
    if (unknown !== undefined)
      ctx.addIssue({ code: 'custom', message: `disclosable names a claim that is not in claims: ${unknown}` });
    if (input.format === 'jwt_vc_json' && (input.disclosable || input.holderJwk || input.sdJwtTyp)) {
      ctx.addIssue({ code: 'custom', message: 'disclosable, holder_jwk and sd_jwt_typ apply to vc+sd-jwt only' });
    }
  });

export type IssueInput = z.output<typeof issueFields>;

/** Parses an issuance request: the format on its own first, then the rest. */
export function parseIssueInput(raw: unknown): IssueInput {
  parseInput(issueFormatGate, raw);
  return parseInput(issueFields, raw);
}

export const listInput = z.object({
  format: format.nullish(),
  issuer: z.string({ error: 'issuer must be a DID' }).nullish(),
  status: z.enum(['active', 'revoked'], { error: 'status must be active or revoked' }).nullish(),
});

export const verifyInput = z.object({
  credential: z
    .string({ error: (issue) => (issue.input == null ? 'credential is required' : 'credential must be a string') })
    .min(1, { error: 'credential is required' })
    .max(256 * 1024, { error: 'credential is too large' }),
  format: format.nullish(),
  // Key binding (RFC 9901 §7.3): the KB-JWT must name this verifier and carry this nonce when given.
  audience: z.string({ error: 'audience must be a string' }).max(2048).nullish(),
  nonce: z.string({ error: 'nonce must be a string' }).max(2048).nullish(),
});
