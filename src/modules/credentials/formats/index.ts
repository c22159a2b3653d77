// The credential formats of the service, one folder each behind credential-format.ts, selected from this table
// by name (issuing, listing) or by the credential's shape (verifying). Adding a format is a folder beside these
// and a line here, plus its value in the credential_format enum (prisma/schema.prisma).
import type { CredentialFormat as StoredFormat } from '../../../generated/prisma/enums.js';
import { MalformedCredentialError } from '../verify/verify.types.js';
import type { CredentialFormat } from './credential-format.js';
import { jwtVcJson } from './jwt-vc-json/jwt-vc-json.format.js';
import { sdJwtVc } from './sd-jwt-vc/sd-jwt-vc.format.js';

export const CREDENTIAL_FORMATS = [jwtVcJson, sdJwtVc] as const;

export type CredentialFormatName = (typeof CREDENTIAL_FORMATS)[number]['name'];

export const CREDENTIAL_FORMAT_NAMES = CREDENTIAL_FORMATS.map((format) => format.name) as [
  CredentialFormatName,
  ...CredentialFormatName[],
];

type AnyFormat = CredentialFormat<CredentialFormatName>;

export function isCredentialFormatName(value: string): value is CredentialFormatName {
  return CREDENTIAL_FORMATS.some((format) => format.name === value);
}

export function credentialFormatNamed(name: CredentialFormatName): AnyFormat {
  return CREDENTIAL_FORMATS.find((format) => format.name === name)!;
}

/** The format of a stored credential, from its credential_format value. */
export function credentialFormatStoredAs(stored: StoredFormat): AnyFormat {
  const format = CREDENTIAL_FORMATS.find((candidate) => candidate.storedAs === stored);
  if (!format) throw new Error(`no credential format is stored as ${stored}`);
  return format;
}

/**
 * Which format a presented credential is: the one whose shape it has, or the one the caller declared (by name
 * or alias) if it has that shape. Anything else is not a credential we can verify.
 */
export function detectCredentialFormat(credential: string, declared?: string): AnyFormat {
  if (credential === '') throw new MalformedCredentialError('credential is empty');
  if (declared === undefined || declared === '') {
    const detected = CREDENTIAL_FORMATS.find((format) => format.detect(credential) === null);
    if (!detected) throw new MalformedCredentialError('the credential has the shape of no supported format');
    return detected;
  }
  const named = CREDENTIAL_FORMATS.find((format) => format.name === declared || format.aliases.includes(declared));
  if (!named) throw new MalformedCredentialError(`unsupported credential format ${JSON.stringify(declared)}`);
  const mismatch = named.detect(credential);
  if (mismatch !== null) throw new MalformedCredentialError(`declared ${named.name} but ${mismatch}`);
  return named;
}

/** The format whose OpenID4VP presentations carry this Credential Format Identifier (dc+sd-jwt, jwt_vc_json). */
export function credentialFormatPresentedAs(formatIdentifier: string): AnyFormat | null {
  return CREDENTIAL_FORMATS.find((format) => format.presentation.formatIdentifier === formatIdentifier) ?? null;
}
