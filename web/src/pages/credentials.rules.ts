// How the credentials pages name things, link to a credential, tell its status, and turn the issue form into
// the service's IssueCredentialInput.
import type { CredentialFieldsFragment, CredentialFormat, IssueCredentialInput, SdJwtTyp } from '../generated/graphql';
import { claimsOf, holderKeyOf, type ClaimRow, type RowProblems } from './claims.rules';

/** The formats as the service's REST contract and the credentials themselves spell them. */
export const FORMAT_LABELS: Record<CredentialFormat, string> = {
  jwt_vc_json: 'jwt_vc_json',
  vc_sd_jwt: 'vc+sd-jwt',
};

export const SD_JWT_TYP_LABELS: Record<SdJwtTyp, string> = {
  dc_sd_jwt: 'dc+sd-jwt (current)',
  vc_sd_jwt: 'vc+sd-jwt (older wallets)',
};

export function credentialHref(id: string): string {
  return `/credentials/${encodeURIComponent(id)}`;
}

export type CredentialState = 'active' | 'revoked' | 'expired';

/** Revoked (erased ones are revoked too) before expired; otherwise active. */
export function credentialState(
  credential: Pick<CredentialFieldsFragment, 'revokedAt' | 'expiresAt'>,
  now: Date = new Date(),
): CredentialState {
  if (credential.revokedAt) return 'revoked';
  if (credential.expiresAt && new Date(credential.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * The detail page's credential: the service's answer, or (for a revoked one, which the service no longer
 * returns by id) what the list page handed over in the history state when it linked here.
 */
export type CredentialHandover = { credential: CredentialFieldsFragment };

export function handedOver(state: unknown, id: string): CredentialFieldsFragment | null {
  const credential = (state as Partial<CredentialHandover> | null)?.credential;
  return credential && typeof credential === 'object' && credential.id === id ? credential : null;
}

/** A credential handed to the verify page (from a credential's page), to fill its field. */
export type VerifyHandover = { verify: string };

export function verifyHandedOver(state: unknown): string {
  const text = (state as Partial<VerifyHandover> | null)?.verify;
  return typeof text === 'string' ? text : '';
}

/** The issue form as typed. */
export type IssueForm = {
  format: CredentialFormat;
  issuer: string;
  /** jwt_vc_json: type names, separated by commas or spaces (VerifiableCredential is implied). */
  types: string;
  /** vc+sd-jwt: the verifiable credential type. */
  vct: string;
  subjectId: string;
  /** datetime-local values (the browser's time zone), or empty. */
  validFrom: string;
  validUntil: string;
  sdJwtTyp: SdJwtTyp;
  /** vc+sd-jwt: the holder's public JWK as JSON, or empty. */
  holderKey: string;
  claims: ClaimRow[];
};

export type IssueField = 'issuer' | 'types' | 'vct' | 'validFrom' | 'validUntil' | 'holderKey';

export type IssueOutcome =
  | { ok: true; input: IssueCredentialInput }
  | { ok: false; fields: Partial<Record<IssueField, string>>; rows: Map<string, RowProblems> };

const TYPE_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/;

/** "UniversityDegreeCredential, AlumniCredential" → the names, VerifiableCredential left out (it is implied). */
export function typeNames(text: string): string[] {
  const names = text.split(/[\s,]+/).filter((name) => name !== '' && name !== 'VerifiableCredential');
  return [...new Set(names)];
}

/** A datetime-local value (no zone: the browser's) as an ISO 8601 instant; null when empty or unreadable. */
export function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form as the service's input, with only the fields its format takes; or what is wrong, field by field. */
export function issueInputOf(form: IssueForm, now: Date = new Date()): IssueOutcome {
  const fields: Partial<Record<IssueField, string>> = {};
  const sdJwt = form.format === 'vc_sd_jwt';
  if (!form.issuer) fields.issuer = 'Choose the issuer DID (create one on the DIDs page if there is none).';
  const types = typeNames(form.types);
  if (!sdJwt) {
    const bad = types.find((name) => !TYPE_NAME.test(name));
    if (bad) fields.types = `${bad} is not a type name: letters and digits, starting with a letter.`;
  }
  if (sdJwt && !form.vct.trim()) fields.vct = 'An SD-JWT VC needs its type (vct), e.g. https://example.com/degree.';
  const validFrom = instantOf(form.validFrom);
  const validUntil = instantOf(form.validUntil);
  if (form.validFrom.trim() && !validFrom) fields.validFrom = 'Enter a date and time.';
  if (form.validUntil.trim() && !validUntil) fields.validUntil = 'Enter a date and time.';
  else if (validUntil && validFrom && validUntil <= validFrom) fields.validUntil = 'It must end after it starts.';
  else if (validUntil && new Date(validUntil) <= now) fields.validUntil = 'It must end in the future.';
  const holder = sdJwt ? holderKeyOf(form.holderKey) : ({ ok: true, jwk: null } as const);
  if (!holder.ok) fields.holderKey = holder.problem;
  const claims = claimsOf(form.claims);
  if (!claims.ok || Object.keys(fields).length) {
    return { ok: false, fields, rows: claims.ok ? new Map() : claims.problems };
  }
  const input: IssueCredentialInput = {
    format: form.format,
    issuer: form.issuer,
    claims: claims.claims,
    ...(form.subjectId.trim() && { subjectId: form.subjectId.trim() }),
    ...(validFrom && { validFrom }),
    ...(validUntil && { validUntil }),
  };
  if (sdJwt) {
    input.vct = form.vct.trim();
    input.disclosable = claims.disclosable;
    input.sdJwtTyp = form.sdJwtTyp;
    if (holder.ok && holder.jwk) input.holderJwk = holder.jwk;
  } else if (types.length) {
    input.type = types;
  }
  return { ok: true, input };
}
