// Input rules for register and login, shared by both transports (the resolvers call these).
// Field names in messages are the REST contract's snake_case names.
import { z } from 'zod';
import { MESSAGES } from '../../lib/messages.js';
import { emailMixesScripts, INVISIBLE_CHARACTERS } from './email-address.js';

/** Tenant slugs: lowercase letters and digits in hyphen-separated groups (spec §2: URL-safe). */
export const TENANT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// Generous caps that keep a single request from making argon2 or the database do unbounded work.
const MAX_PASSWORD_LENGTH = 1024;
const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 200;
const MAX_SLUG_LENGTH = 63;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export function requiredText(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

// NFKC first (email-address.ts): a full-width "＠" is an "@", and the address is stored normalized.
export const registrationEmail = z
  .string({ error: MESSAGES.registrationInvalid })
  .normalize('NFKC')
  .trim()
  .min(1, { error: MESSAGES.registrationInvalid })
  .max(MAX_EMAIL_LENGTH, { error: `email must be at most ${MAX_EMAIL_LENGTH} characters` })
  .regex(EMAIL_SHAPE, { error: 'email is not a valid email address' })
  .refine((email) => !INVISIBLE_CHARACTERS.test(email), { error: MESSAGES.emailInvisibleCharacters, abort: true })
  .refine((email) => !emailMixesScripts(email), { error: MESSAGES.emailMixesScripts });

// Passwords are taken exactly as sent: no trimming, no truncation.
export const registrationPassword = z
  .string({ error: MESSAGES.registrationInvalid })
  .min(8, { error: MESSAGES.registrationInvalid })
  .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  .meta({ description: 'At least 8 characters, taken exactly as sent.', examples: ['correct horse battery staple'] });

export const registerInput = z.object({
  email: registrationEmail,
  password: registrationPassword,
  displayName: requiredText('display_name', MAX_NAME_LENGTH),
  tenantName: requiredText('tenant_name', MAX_NAME_LENGTH),
  tenantSlug: z
    .string({ error: (issue) => (issue.input == null ? 'tenant_slug is required' : 'tenant_slug must be a string') })
    .min(1, { error: 'tenant_slug is required' })
    .max(MAX_SLUG_LENGTH, { error: `tenant_slug must be at most ${MAX_SLUG_LENGTH} characters` })
    .regex(TENANT_SLUG_PATTERN, {
      error: 'tenant_slug must be lowercase letters and digits, separated by single hyphens',
    })
    .meta({ description: 'Lowercase letters and digits separated by hyphens; unique.', examples: ['acme-labs'] }),
});

export type RegisterInput = z.output<typeof registerInput>;

export const loginInput = z.object({
  email: z
    .string({ error: (issue) => (issue.input == null ? 'email is required' : 'email must be a string') })
    .trim()
    .min(1, { error: 'email is required' })
    .max(MAX_EMAIL_LENGTH, { error: `email must be at most ${MAX_EMAIL_LENGTH} characters` }),
  password: z
    .string({ error: (issue) => (issue.input == null ? 'password is required' : 'password must be a string') })
    .min(1, { error: 'password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters` }),
  tenantSlug: z
    .string({ error: 'tenant_slug must be a string' })
    .nullish()
    .meta({ description: 'The tenant to log into; the first one joined when omitted.' }),
});

export type LoginInput = z.output<typeof loginInput>;

export { emailKey } from './email-address.js';
