// Input rules for issuing, listing and verifying credentials, shared by both transports.
import { z } from 'zod';
import { MESSAGES } from '../../lib/messages.js';

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

const format = z
  .string({ error: (issue) => (issue.input == null ? 'format is required' : MESSAGES.unsupportedFormat) })
  .refine((value): value is CredentialFormatName => (FORMATS as readonly string[]).includes(value), {
    error: MESSAGES.unsupportedFormat,
  });

const dateTime = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date-time, e.g. 2030-01-01T00:00:00Z` })
    .transform((value) => new Date(value));

const claims = z
  .record(z.string(), z.unknown(), { error: 'claims must be a JSON object' })
  .refine((value) => JSON.stringify(value).length <= MAX_CLAIMS_BYTES, {
    error: `claims must be at most ${MAX_CLAIMS_BYTES} bytes of JSON`,
  })
  .superRefine((value, ctx) => {
    const reserved = Object.keys(value).find((name) => RESERVED_CLAIMS.has(name));
    if (reserved) ctx.addIssue({ code: 'custom', message: `claims may not contain the reserved claim ${reserved}` });
  });

const publicJwk = z
  .object({ kty: z.string() }, { error: 'holder_jwk must be a public JWK object' })
  .passthrough()
  .refine((jwk) => !('d' in jwk), { error: 'holder_jwk must be a public key (it contains a private part d)' });

export const issueInput = z
  .object({
    format,
    issuer: z
      .string({ error: (issue) => (issue.input == null ? 'issuer is required' : 'issuer must be a DID') })
      .max(200),
    subjectId: z.string({ error: 'subject_id must be a string' }).min(1).max(2048).nullish(),
    claims: claims.nullish(),
    type: z
      .string({ error: 'type must be a string' })
      .regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, {
        error: 'type must be a credential type name such as UniversityDegreeCredential',
      })
      .nullish(),
    vct: z.string({ error: 'vct must be a string' }).min(1).max(2048).nullish(),
    validFrom: dateTime('valid_from').nullish(),
    validUntil: dateTime('valid_until').nullish(),
    disclosable: z
      .array(z.string({ error: 'disclosable must list claim names' }), { error: 'disclosable must be an array' })
      .nullish(),
    holderJwk: publicJwk.nullish(),
    sdJwtTyp: z.enum(SD_JWT_TYPS, { error: 'sd_jwt_typ must be dc+sd-jwt or vc+sd-jwt' }).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.format === 'vc+sd-jwt' && !input.vct)
      ctx.addIssue({ code: 'custom', message: 'vct is required for vc+sd-jwt' });
    if (input.validFrom && input.validUntil && input.validUntil <= input.validFrom) {
      ctx.addIssue({ code: 'custom', message: 'valid_until must be after valid_from' });
    }
    if (input.validUntil && input.validUntil.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'valid_until must be in the future' });
    }
    const unknown = (input.disclosable ?? []).find((name) => !(input.claims && name in input.claims));
    if (unknown !== undefined)
      ctx.addIssue({ code: 'custom', message: `disclosable names a claim that is not in claims: ${unknown}` });
    if (input.format === 'jwt_vc_json' && (input.disclosable || input.holderJwk || input.sdJwtTyp)) {
      ctx.addIssue({ code: 'custom', message: 'disclosable, holder_jwk and sd_jwt_typ apply to vc+sd-jwt only' });
    }
  });

export type IssueInput = z.output<typeof issueInput>;

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
