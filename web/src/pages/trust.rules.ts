// The trust page's rules: reading the attestation form's fields as the API wants them, with the service's own
// texts for what it would refuse (score, weight, DIDs, credential type names), and the public trust list's
// address. The service still decides; these only spare a round trip and say why before it.
import type { AssuranceLevel, AttestationStatus } from '../generated/graphql';

export const ASSURANCE_LEVEL_LABELS: Record<AssuranceLevel, string> = {
  low: 'Low',
  substantial: 'Substantial',
  high: 'High',
};

export const ATTESTATION_STATUS_LABELS: Record<AttestationStatus, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};

// The service's texts (src/lib/messages.ts, src/modules/trust/trust.inputs.ts; web/src tests compare them).
export const SCORE_RULE = 'score must be 0-100';
export const WEIGHT_RULE = 'weight must be 0.0-1.0';
export const didRule = (field: string) => `${field} must be a DID (did:<method>:<id>)`;
export const CREDENTIAL_TYPES_RULE = 'credential_types must list credential type names such as UniversityDegreeCredential';
export const MAX_CREDENTIAL_TYPES = 20;

/** W3C DID Core §3.1, as the service checks it (trust.inputs.ts DID_SYNTAX). */
export const DID_SYNTAX = /^did:[a-z0-9]+:(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2}|:)*(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2})$/;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/;

export type Parsed<T> = { value: T; problem: null } | { value: null; problem: string };

const ok = <T>(value: T): Parsed<T> => ({ value, problem: null });
const bad = <T>(problem: string): Parsed<T> => ({ value: null, problem });

/** An integer 0–100, as typed ("80"); "80.5", "", "x" and 101 are the service's one text. */
export function parseScore(text: string): Parsed<number> {
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 100 ? ok(value) : bad(SCORE_RULE);
}

/** A number 0.0–1.0 ("0.5", "1", ".25"). */
export function parseWeight(text: string): Parsed<number> {
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? ok(value) : bad(WEIGHT_RULE);
}

export function parseDid(text: string, field: string): Parsed<string> {
  const value = text.trim();
  return DID_SYNTAX.test(value) && value.length <= 2048 ? ok(value) : bad(didRule(field));
}

/** Type names separated by commas, spaces or new lines; none means all types. */
export function parseCredentialTypes(text: string): Parsed<string[]> {
  const names = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  if (names.length > MAX_CREDENTIAL_TYPES) return bad(`credential_types may list at most ${MAX_CREDENTIAL_TYPES} types`);
  const wrong = names.find((name) => !TYPE_NAME.test(name));
  return wrong === undefined ? ok(names) : bad(`${CREDENTIAL_TYPES_RULE} (not “${wrong}”)`);
}

export type AttestationForm = {
  attesterDid: string;
  subjectDid: string;
  score: string;
  weight: string;
  assuranceLevel: AssuranceLevel;
  credentialTypes: string;
  evidence: string;
  validUntil: string;
};

export type AttestationInput = {
  attesterDid?: string;
  subjectDid: string;
  score: number;
  weight: number;
  assuranceLevel: AssuranceLevel;
  credentialTypes?: string[];
  evidence?: string;
  validUntil?: string;
};

/** The form as the mutation's input, or each field's problem (keyed by field). */
export function attestationInput(form: AttestationForm): { input: AttestationInput; problems: null } | { input: null; problems: Partial<Record<keyof AttestationForm, string>> } {
  const subject = parseDid(form.subjectDid, 'subject_did');
  const score = parseScore(form.score);
  const weight = parseWeight(form.weight);
  const types = parseCredentialTypes(form.credentialTypes);
  const until = form.validUntil ? new Date(form.validUntil) : null;
  const problems: Partial<Record<keyof AttestationForm, string>> = {};
  if (subject.problem) problems.subjectDid = subject.problem;
  if (score.problem) problems.score = score.problem;
  if (weight.problem) problems.weight = weight.problem;
  if (types.problem) problems.credentialTypes = types.problem;
  if (until && Number.isNaN(until.getTime())) problems.validUntil = 'valid_until must be a date';
  if (Object.keys(problems).length) return { input: null, problems };
  return {
    problems: null,
    input: {
      ...(form.attesterDid && { attesterDid: form.attesterDid }),
      subjectDid: subject.value!,
      score: score.value!,
      weight: weight.value!,
      assuranceLevel: form.assuranceLevel,
      ...(types.value!.length > 0 && { credentialTypes: types.value! }),
      ...(form.evidence.trim() && { evidence: form.evidence.trim() }),
      ...(until && { validUntil: until.toISOString() }),
    },
  };
}

/** The tenant's public trust list (no credential needed): a JWT signed by its oldest active DID. */
export const trustListPath = (tenantSlug: string) => `/v1/trust/lists/${encodeURIComponent(tenantSlug)}`;

/** "all types" or the list. */
export const typesText = (types: readonly string[]) => (types.length ? types.join(', ') : 'all types');
