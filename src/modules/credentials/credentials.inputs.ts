// Input rules for issuing, listing and verifying credentials, shared by both transports: the GraphQL input
// types and the OpenAPI document derive from them (src/graphql/zod-types.ts), descriptions included.
import { z } from 'zod';
import { jsonDepth } from '../../lib/json-guards.js';
import { MESSAGES } from '../../lib/messages.js';
import { isoDateTime, parseInput, snakeCaseName } from '../../lib/validation.js';
import { ISSUER_IDENTIFIER_KINDS, type IssueField } from './formats/credential-format.js';
import {
  CREDENTIAL_FORMAT_NAMES,
  CREDENTIAL_FORMATS,
  credentialFormatNamed,
  isCredentialFormatName,
} from './formats/index.js';

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

/** The formats of the registry (formats/index.ts). */
export const credentialFormat = z
  .enum(CREDENTIAL_FORMAT_NAMES, {
    error: (issue) => (issue.input == null ? 'format is required' : MESSAGES.unsupportedFormat),
  })
  .meta({
    id: 'CredentialFormat',
    description: `${CREDENTIAL_FORMATS.map((format) => `${format.name} (${format.summary})`).join(' or ')}.`,
  });

export const credentialStatus = z
  .enum(['active', 'revoked'], { error: 'status must be active or revoked' })
  .meta({ id: 'CredentialStatus' });

const sdJwtTyp = z.enum(SD_JWT_TYPS, { error: 'sd_jwt_typ must be dc+sd-jwt or vc+sd-jwt' }).meta({
  id: 'SdJwtTyp',
  description: 'The SD-JWT VC typ header: dc+sd-jwt (default) or vc+sd-jwt for older wallets.',
});

const issuerIdentifier = z.enum(ISSUER_IDENTIFIER_KINDS, { error: 'issuer_identifier must be did or url' }).meta({
  id: 'IssuerIdentifierKind',
  description:
    'What iss names: did (default: the issuer DID) or url (vc+sd-jwt only: the tenant’s credential issuer ' +
    'identifier, {base}/oid4vci/{tenant_slug}, or https://{domain} when the request comes in on its verified ' +
    'custom domain; wallets find the key at /.well-known/jwt-vc-issuer/… or in x5c, SD-JWT VC §2.5). The JWS kid ' +
    'names the DID’s key either way.',
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
    if ('id' in value)
      ctx.addIssue({ code: 'custom', message: 'claims may not contain id: give the subject as subject_id' });
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
export const issueFormatGate = z.object({ format: credentialFormat }).loose();

export const issueFields = z
  .object({
    format: credentialFormat,
    issuer: z
      .string({ error: (issue) => (issue.input == null ? 'issuer is required' : 'issuer must be a DID') })
      .max(200)
      .meta({
        description: 'One of the tenant’s active DIDs.',
        examples: ['did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp'],
      }),
    subjectId: z
      .string({ error: 'subject_id must be a string' })
      .min(1)
      .max(2048)
      .nullish()
      .meta({ description: 'The subject’s id (a DID or URI); becomes sub.', examples: ['did:example:alice'] }),
    claims: claims
      .nullish()
      .meta({ description: 'The subject’s claims (a JSON object).', examples: [{ name: 'Alice', degree: 'BSc' }] }),
    type: credentialTypes.nullish().meta({
      description:
        'jwt_vc_json: the VC type, e.g. ["VerifiableCredential", "UniversityDegreeCredential"] (a single name is a list of one; VerifiableCredential is implied).',
    }),
    vct: z
      .string({ error: 'vct must be a string' })
      .min(1)
      .max(2048)
      .nullish()
      .meta({
        description: 'vc+sd-jwt: the verifiable credential type (required).',
        examples: ['https://credentials.example.com/degree'],
      }),
    validFrom: isoDateTime('valid_from').nullish().meta({ description: 'ISO 8601; default now.' }),
    validUntil: isoDateTime('valid_until').nullish().meta({ description: 'ISO 8601; becomes exp.' }),
    disclosable: z
      .array(z.string({ error: 'disclosable must list claim names' }), { error: 'disclosable must be an array' })
      .nullish()
      .meta({ description: 'vc+sd-jwt: claims the holder may withhold; default all.', examples: [['degree']] }),
    holderJwk: publicJwk.nullish().meta({ description: 'vc+sd-jwt: the holder’s public JWK, for cnf.' }),
    sdJwtTyp: sdJwtTyp.nullish(),
    issuerIdentifier: issuerIdentifier.nullish(),
    deliverTo: z
      .string({ error: 'deliver_to must be a DID' })
      .max(2048, { error: 'deliver_to must be at most 2048 characters' })
      .regex(/^did:[a-z0-9]+:\S+$/, { error: 'deliver_to must be a DID (did:<method>:<id>)' })
      .nullish()
      .meta({
        description:
          'The holder’s DID: the credential is also sent to it over DIDComm (Issue Credential 3.0, from the issuer DID; needs didcomm:send).',
        examples: ['did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH'],
      }),
  })
  .superRefine((input, ctx) => {
    // The format's own rules (formats/*/…format.ts) come first (what it requires) and last (what belongs to
    // another format), around the common ones: the order the first problem is chosen by.
    const format = isCredentialFormatName(input.format) ? credentialFormatNamed(input.format) : null;
    for (const field of format?.issueFields.required ?? []) {
      if (!input[field]) {
        ctx.addIssue({ code: 'custom', message: `${snakeCaseName(field)} is required for ${format!.name}` });
      }
    }
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
    if (format && input.issuerIdentifier && !format.issuerIdentifiers.includes(input.issuerIdentifier)) {
      ctx.addIssue({
        code: 'custom',
        message: `issuer_identifier ${input.issuerIdentifier} is not available for ${format.name}`,
      });
    }
    for (const other of format ? CREDENTIAL_FORMATS : []) {
      const exclusive = other.issueFields.exclusive;
      if (other !== format && exclusive.some((field) => input[field])) {
        const verb = exclusive.length === 1 ? 'applies' : 'apply';
        ctx.addIssue({ code: 'custom', message: `${fieldList(exclusive)} ${verb} to ${other.name} only` });
      }
    }
  });

/** `a, b and c`, in the REST contract's spelling. */
function fieldList(fields: readonly IssueField[]): string {
  const names = fields.map(snakeCaseName);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export type IssueInput = z.output<typeof issueFields>;

/** Parses an issuance request: the format on its own first, then the rest. */
export function parseIssueInput(raw: unknown): IssueInput {
  parseInput(issueFormatGate, raw);
  return parseInput(issueFields, raw);
}

export const listInput = z.object({
  format: credentialFormat.nullish(),
  issuer: z.string({ error: 'issuer must be a DID' }).nullish(),
  status: credentialStatus.nullish(),
});

export const verifyInput = z.object({
  credential: z
    .string({ error: (issue) => (issue.input == null ? 'credential is required' : 'credential must be a string') })
    .min(1, { error: 'credential is required' })
    .max(256 * 1024, { error: 'credential is too large' }),
  format: credentialFormat.nullish(),
  // Key binding (RFC 9901 §7.3): the KB-JWT must name this verifier and carry this nonce when given.
  audience: z
    .string({ error: 'audience must be a string' })
    .max(2048)
    .nullish()
    .meta({ description: 'vc+sd-jwt: the aud the KB-JWT must carry.' }),
  nonce: z
    .string({ error: 'nonce must be a string' })
    .max(2048)
    .nullish()
    .meta({ description: 'vc+sd-jwt: the nonce the KB-JWT must carry.' }),
});
