// What the tenant's door of the authorization code flow takes, for both transports: its login page setting
// (oid4vci:manage) and its backend's decision on an authorization (credentials:issue).
import { z } from 'zod';
import { subjectClaims } from './oid4vci.inputs.js';

export const authorizationSettingsInput = z.object({
  loginUrl: z
    .string({ error: 'login_url must be a string' })
    .trim()
    .max(2048, { error: 'login_url must be at most 2048 characters' })
    .nullable()
    .meta({
      description:
        'Where the holder’s browser is sent to sign in (https): the service appends authorization_id and ' +
        'configuration_ids (and offer_id). null turns the authorization code flow off.',
      examples: ['https://login.example.com/wallet-issuance'],
    }),
});

export const approveAuthorizationInput = z.object({
  subjectId: z
    .string({ error: 'subject_id must be a string' })
    .min(1, { error: 'subject_id must not be empty' })
    .max(2048)
    .nullish()
    .meta({
      description:
        'Whom the claims are about, as the tenant knows them (required when the wallet started without an offer; ' +
        'the offer’s otherwise).',
      examples: ['did:example:alice'],
    }),
  claims: subjectClaims.nullish(),
});

export const denyAuthorizationInput = z.object({
  reason: z
    .string({ error: 'reason must be a string' })
    .max(200, { error: 'reason must be at most 200 characters' })
    .regex(/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/, { error: 'reason must be printable ASCII without " or \\' })
    .nullish()
    .meta({
      description: 'Why, for the audit log (the wallet is told access_denied).',
      examples: ['the holder declined'],
    }),
});
