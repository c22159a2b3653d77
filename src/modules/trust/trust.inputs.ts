// Trust attestations as the API accepts them, shared by both transports. The contract fixes the
// values and their errors (spec §5): score an integer 0–100, weight a number 0.0–1.0, assurance level one of
// the eIDAS levels, with the exact texts in MESSAGES.
import { z } from 'zod';
import { MESSAGES } from '../../lib/messages.js';
import { isoDateTime } from '../../lib/validation.js';

/** The eIDAS levels of assurance (Regulation 910/2014 Art. 8), lowest first: the order comparisons use. */
export const ASSURANCE_LEVELS = ['low', 'substantial', 'high'] as const;
export type AssuranceLevel = (typeof ASSURANCE_LEVELS)[number];
export const levelRank = (level: AssuranceLevel) => ASSURANCE_LEVELS.indexOf(level);

export const assuranceLevel = z
  .enum(ASSURANCE_LEVELS, { error: MESSAGES.invalidAssuranceLevel })
  .meta({ id: 'AssuranceLevel', description: 'An eIDAS level of assurance: low, substantial or high.' });

export const attestationStatus = z
  .enum(['active', 'revoked', 'expired'], { error: 'status must be active, revoked or expired' })
  .meta({ id: 'AttestationStatus', description: 'active, revoked, or expired (valid_until has passed).' });

// Any problem with a score or weight (missing, null, a string, out of range) is the contract's one text.
export const score = z
  .number({ error: MESSAGES.scoreOutOfRange })
  .int({ error: MESSAGES.scoreOutOfRange })
  .min(0, { error: MESSAGES.scoreOutOfRange })
  .max(100, { error: MESSAGES.scoreOutOfRange })
  .meta({ description: 'How much the subject is trusted: an integer 0–100.', examples: [80] });

export const weight = z
  .number({ error: MESSAGES.weightOutOfRange })
  .min(0, { error: MESSAGES.weightOutOfRange })
  .max(1, { error: MESSAGES.weightOutOfRange })
  .meta({ description: 'How much this attestation counts in the aggregate score: 0.0–1.0.', examples: [0.5] });

/** A DID's syntax (W3C DID Core §3.1): did:<method>:<method-specific-id>. */
export const DID_SYNTAX = /^did:[a-z0-9]+:(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2}|:)*(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2})$/;

const did = (field: string) =>
  z
    .string({ error: `${field} must be a DID` })
    .max(2048, { error: `${field} must be at most 2048 characters` })
    .regex(DID_SYNTAX, { error: `${field} must be a DID (did:<method>:<id>)` });

const typeName = z
  .string({ error: 'credential_types must list credential type names' })
  .regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, {
    error: 'credential_types must list credential type names such as UniversityDegreeCredential',
  });

export const createAttestationInput = z
  .object({
    subjectDid: did('subject_did').meta({
      description: 'Whom the attestation is about (typically another issuer).',
      examples: ['did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH'],
    }),
    score,
    weight,
    assuranceLevel,
    attesterDid: did('attester_did')
      .nullish()
      .meta({ description: 'One of the tenant’s active DIDs; default the oldest active one.' }),
    credentialTypes: z
      .array(typeName, { error: 'credential_types must be a list of credential type names' })
      .max(20, { error: 'credential_types may list at most 20 types' })
      .nullish()
      .meta({
        description: 'The credential types it vouches for; empty or absent: all.',
        examples: [['KycCredential']],
      }),
    evidence: z
      .string({ error: 'evidence must be a string' })
      .max(2048, { error: 'evidence must be at most 2048 characters' })
      .nullish()
      .meta({ description: 'Why: free text or a URL.', examples: ['https://audits.example.com/2026/acme'] }),
    validFrom: isoDateTime('valid_from').nullish().meta({ description: 'ISO 8601; default now.' }),
    validUntil: isoDateTime('valid_until').nullish().meta({ description: 'ISO 8601; default never.' }),
  })
  .superRefine((input, ctx) => {
    const from = input.validFrom instanceof Date ? input.validFrom : null;
    const until = input.validUntil instanceof Date ? input.validUntil : null;
    if (from && until && until <= from)
      ctx.addIssue({ code: 'custom', message: 'valid_until must be after valid_from' });
    if (until && until.getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', message: 'valid_until must be in the future' });
  });

export type CreateAttestationInput = z.output<typeof createAttestationInput>;

/**
 * The contract's value rules alone, checked before the field types (REST checkFirst, src/rest/endpoint.ts):
 * `"50"` for score is `score must be 0-100`, not a type error. Score first, then weight, then level.
 */
export const attestationValueGate = z.object({ score, weight, assuranceLevel }).loose();

export const listAttestationsInput = z.object({
  subjectDid: z.string({ error: 'subject_did must be a DID' }).max(2048).nullish(),
  attesterDid: z.string({ error: 'attester_did must be a DID' }).max(2048).nullish(),
  assuranceLevel: assuranceLevel.nullish(),
  status: attestationStatus.nullish(),
});

export const scoreInput = z.object({
  subjectDid: did('subject_did'),
  credentialType: typeName.nullish(),
});

export const trustPolicyInput = z.object({
  minScore: score.meta({ description: 'The lowest aggregate score an issuer may have: 0–100.', examples: [60] }),
  minAssuranceLevel: assuranceLevel,
  requireAttestedIssuer: z
    .boolean({ error: 'require_attested_issuer must be a boolean' })
    .meta({ description: 'Whether a credential from an issuer without attestations fails verification.' }),
});
