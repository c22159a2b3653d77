// Compliance requests as the API accepts them, shared by both transports (the GraphQL inputs and the OpenAPI
// document derive from these schemas).
import { z } from 'zod';
import { FRAMEWORKS } from './frameworks/index.js';

export const FRAMEWORK_IDS = FRAMEWORKS.map((framework) => framework.id) as [string, ...string[]];

const UNKNOWN_FRAMEWORK = `framework must be one of ${FRAMEWORK_IDS.join(', ')}`;

// A string rather than an enum: ids such as nist-800-63 are not GraphQL enum names.
export const frameworkId = z
  .string({ error: UNKNOWN_FRAMEWORK })
  .refine((id) => FRAMEWORK_IDS.includes(id), { error: UNKNOWN_FRAMEWORK })
  .meta({ description: `A framework’s fixed id: ${FRAMEWORK_IDS.join(', ')}.` });

export const controlState = z.enum(['met', 'not_met', 'partial', 'attestation']).meta({
  id: 'ControlState',
  description: 'met; not_met; partial (with figure, the compliant share); attestation (asserted by the tenant).',
});

export const attestationInput = z.object({
  controlId: z
    .string({ error: 'control_id is required' })
    .min(1, { error: 'control_id is required' })
    .max(100)
    .meta({ description: 'A tenant-asserted control of the framework.', examples: ['breach-notification'] }),
  statement: z
    .string({ error: 'statement is required' })
    .trim()
    .min(1, { error: 'statement is required' })
    .max(4000, { error: 'statement must be at most 4000 characters' })
    .meta({
      description: 'What the tenant asserts, for the auditor: the policy, contract or test it rests on.',
      examples: ['Breach procedure BP-3 (rev. 2026-09) notifies the DPA within 72 hours; drill run 2026-10-12.'],
    }),
});

const CLAIM_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;

export const settingsInput = z.object({
  personalClaims: z
    .array(
      z.string({ error: 'personal_claims must list claim names' }).regex(CLAIM_NAME, {
        error: 'personal_claims must list claim names (letters, digits, _ . : -, at most 100)',
      }),
      { error: 'personal_claims must be an array of claim names' },
    )
    .max(200, { error: 'personal_claims may list at most 200 names' })
    .nullish()
    .meta({ description: 'Top-level claim names that are personal data.', examples: [['name', 'birth_date']] }),
  keyRotationDays: z
    .number({ error: 'key_rotation_days must be an integer from 30 to 1825' })
    .int({ error: 'key_rotation_days must be an integer from 30 to 1825' })
    .min(30, { error: 'key_rotation_days must be an integer from 30 to 1825' })
    .max(1825, { error: 'key_rotation_days must be an integer from 30 to 1825' })
    .nullish()
    .meta({ description: 'How old a signing key may grow before it is due for rotation (default 365).' }),
});

export const reportInput = z.object({
  framework: frameworkId,
  issuerDid: z
    .string({ error: 'issuer_did must be a DID' })
    .max(2048)
    .nullish()
    .meta({ description: 'The tenant’s DID to sign with; default its oldest active DID.' }),
});
