// The OpenID4VCI pages' rules: offer states in words, a credential configuration's form (to the create or
// update input, with each field's problem before the service is asked), and the new offer's claims form, made
// from the configuration's claims. The service checks the same again (src/modules/oid4vci/oid4vci.inputs.ts).
import type {
  CreateOid4vciCredentialConfigurationInput,
  CreateOid4vciOfferInput,
  Oid4vciBindingMethod,
  Oid4vciFormat,
  Oid4vciOfferState,
  Oid4vciProofAlg,
} from '../generated/graphql';
import { claimValue, RESERVED_CLAIM_NAMES, type ClaimType } from './claims.rules';
import { secondsOf } from './openid.rules';

export const OID4VCI_FORMAT_LABELS: Record<Oid4vciFormat, string> = {
  dc_sd_jwt: 'dc+sd-jwt (SD-JWT VC)',
  jwt_vc_json: 'jwt_vc_json (W3C VC JWT)',
};

export const OFFER_STATE_LABELS: Record<Oid4vciOfferState, string> = {
  offered: 'Offered',
  token_issued: 'Code redeemed',
  credential_pending: 'Waiting for claims',
  credential_issued: 'Credential issued',
  expired: 'Expired',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** States an offer can still move on from (src/modules/oid4vci/offer-session.policy.ts OPEN_STATES). */
export const OPEN_OFFER_STATES: readonly Oid4vciOfferState[] = ['offered', 'token_issued', 'credential_pending'];
export const isOpenOffer = (state: Oid4vciOfferState) => OPEN_OFFER_STATES.includes(state);

export const offerHref = (id: string) => `/oid4vci/offers/${encodeURIComponent(id)}`;
export const configurationHref = (configurationId: string) =>
  `/oid4vci/configurations/${encodeURIComponent(configurationId)}`;

/** The service's bounds (offer-session.policy.ts OFFER_TTL_SECONDS, TX_CODE_LENGTH). */
export const OFFER_TTL_SECONDS = { min: 60, max: 7 * 24 * 3600 } as const;
export const TX_CODE_LENGTH = { min: 4, max: 12 } as const;
export const VALIDITY_SECONDS = { min: 60, max: 10 * 366 * 24 * 3600 } as const;

/** A claim a configuration describes, as the service stores it (the input's claims[] entries). */
export type ClaimSpec = {
  name: string;
  mandatory: boolean;
  /** dc+sd-jwt: the holder may withhold it; absent means the service's default (true). */
  disclosable: boolean | null;
  display: { name: string; locale?: string }[];
};

/** The configuration's stored `claims` (JSON), as claim descriptions; entries of another shape are skipped. */
export function claimSpecsOf(claims: unknown): ClaimSpec[] {
  if (!Array.isArray(claims)) return [];
  return claims.flatMap((entry): ClaimSpec[] => {
    if (!entry || typeof entry !== 'object' || typeof (entry as { name?: unknown }).name !== 'string') return [];
    const claim = entry as { name: string; mandatory?: unknown; disclosable?: unknown; display?: unknown };
    const display = Array.isArray(claim.display)
      ? claim.display.filter(
          (item): item is { name: string; locale?: string } =>
            !!item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string',
        )
      : [];
    return [
      {
        name: claim.name,
        mandatory: claim.mandatory === true,
        disclosable: typeof claim.disclosable === 'boolean' ? claim.disclosable : null,
        display,
      },
    ];
  });
}

/** How a claim is labelled: its display name for `locale` (by language), else English, else the first, else its name. */
export function claimLabel(claim: ClaimSpec, locale = 'en'): string {
  const language = locale.split('-')[0]!.toLowerCase();
  const byLocale =
    claim.display.find((item) => item.locale?.toLowerCase() === locale.toLowerCase()) ??
    claim.display.find((item) => item.locale?.split('-')[0]!.toLowerCase() === language) ??
    claim.display.find((item) => item.locale?.toLowerCase().startsWith('en')) ??
    claim.display[0];
  return byLocale?.name ?? claim.name;
}

// ─── A configuration's form ──────────────────────────────────────────────────────────────────────────────

export type ConfigurationClaimRow = {
  key: string;
  name: string;
  displayName: string;
  mandatory: boolean;
  disclosable: boolean;
};

export type ConfigurationForm = {
  configurationId: string;
  format: Oid4vciFormat;
  issuer: string;
  vct: string;
  /** jwt_vc_json: VC type names, separated by commas or spaces. */
  types: string;
  claims: ConfigurationClaimRow[];
  /** The credential's display name for wallets (one entry, in `displayLocale`). */
  displayName: string;
  displayLocale: string;
  backgroundColor: string;
  textColor: string;
  /** Seconds; blank: credentials do not expire. */
  validitySeconds: string;
  bindingMethods: Oid4vciBindingMethod[];
  proofAlgs: Oid4vciProofAlg[];
};

export type ConfigurationField =
  | 'configurationId'
  | 'issuer'
  | 'vct'
  | 'types'
  | 'displayName'
  | 'displayLocale'
  | 'backgroundColor'
  | 'textColor'
  | 'validitySeconds'
  | 'bindingMethods'
  | 'proofAlgs';

export type ConfigurationOutcome =
  | { ok: true; input: CreateOid4vciCredentialConfigurationInput }
  | { ok: false; problems: Partial<Record<ConfigurationField, string>>; claimProblems: Map<string, string> };

let rowCounter = 0;
export function newConfigurationClaimRow(
  init: Partial<Omit<ConfigurationClaimRow, 'key'>> = {},
): ConfigurationClaimRow {
  rowCounter += 1;
  return { key: `config-claim-${rowCounter}`, name: '', displayName: '', mandatory: false, disclosable: true, ...init };
}

export function emptyConfigurationForm(issuer = ''): ConfigurationForm {
  return {
    configurationId: '',
    format: 'dc_sd_jwt',
    issuer,
    vct: '',
    types: '',
    claims: [newConfigurationClaimRow()],
    displayName: '',
    displayLocale: 'en',
    backgroundColor: '',
    textColor: '',
    validitySeconds: '',
    bindingMethods: ['jwk'],
    proofAlgs: ['EdDSA', 'ES256'],
  };
}

type StoredConfiguration = {
  configurationId: string;
  format: Oid4vciFormat;
  issuer: string;
  vct: string | null;
  types: readonly string[];
  claims: unknown;
  display: unknown;
  validitySeconds: number | null;
  bindingMethods: readonly string[];
  proofAlgs: readonly string[];
};

/** The form of a stored configuration, to change it (its first display entry is the one the form edits). */
export function configurationFormOf(config: StoredConfiguration): ConfigurationForm {
  const display = Array.isArray(config.display)
    ? (config.display[0] as Record<string, unknown> | undefined)
    : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    configurationId: config.configurationId,
    format: config.format,
    issuer: config.issuer,
    vct: config.vct ?? '',
    types: config.types.join(', '),
    claims: claimSpecsOf(config.claims).map((claim) =>
      newConfigurationClaimRow({
        name: claim.name,
        displayName: claim.display.length ? claimLabel(claim) : '',
        mandatory: claim.mandatory,
        disclosable: claim.disclosable ?? true,
      }),
    ),
    displayName: text(display?.name),
    displayLocale: text(display?.locale) || 'en',
    backgroundColor: text(display?.background_color),
    textColor: text(display?.text_color),
    validitySeconds: config.validitySeconds === null ? '' : String(config.validitySeconds),
    bindingMethods: config.bindingMethods.map((method) =>
      method === 'did:key' ? 'did_key' : method,
    ) as Oid4vciBindingMethod[],
    proofAlgs: config.proofAlgs.filter((alg): alg is Oid4vciProofAlg => alg === 'EdDSA' || alg === 'ES256'),
  };
}

const CONFIGURATION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/;
const COLOUR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgba?\([0-9.,%\s]{5,40}\))$/;
const LOCALE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/** The create input of the form (an update sends the same less the id and format), or each field's problem. */
export function configurationInputOf(form: ConfigurationForm): ConfigurationOutcome {
  const problems: Partial<Record<ConfigurationField, string>> = {};
  const claimProblems = new Map<string, string>();
  const sdJwt = form.format === 'dc_sd_jwt';
  const configurationId = form.configurationId.trim();
  if (!CONFIGURATION_ID.test(configurationId)) {
    problems.configurationId =
      'Use 1 to 100 letters, digits, dots, colons, underscores or hyphens, starting with a letter or digit.';
  }
  if (!form.issuer) problems.issuer = 'Choose the DID that signs the credentials.';
  const vct = form.vct.trim();
  if (sdJwt && !vct) problems.vct = 'A dc+sd-jwt credential needs its type (vct), e.g. https://example.com/degree.';
  const types = form.types.split(/[\s,]+/).filter(Boolean);
  if (!sdJwt && types.some((type) => !TYPE_NAME.test(type))) {
    problems.types = 'Type names are letters and digits, starting with a letter, e.g. UniversityDegreeCredential.';
  }
  const used = form.claims.filter((row) => row.name.trim() !== '' || row.displayName.trim() !== '');
  const names = used.map((row) => row.name.trim());
  for (const row of used) {
    const name = row.name.trim();
    if (!CLAIM_NAME.test(name)) claimProblems.set(row.key, 'A claim name is letters, digits and _, e.g. given_name.');
    else if (name === 'id' || RESERVED_CLAIM_NAMES.includes(name)) {
      claimProblems.set(row.key, `${name} is a reserved claim name; choose another.`);
    } else if (names.filter((other) => other === name).length > 1) {
      claimProblems.set(row.key, `Another claim is named ${name}; names must be unique.`);
    }
  }
  const displayName = form.displayName.trim();
  const locale = form.displayLocale.trim();
  if (locale && !LOCALE.test(locale)) problems.displayLocale = 'A language tag such as en or en-US.';
  if (form.backgroundColor.trim() && !COLOUR.test(form.backgroundColor.trim())) {
    problems.backgroundColor = 'A CSS colour such as #12107c.';
  }
  if (form.textColor.trim() && !COLOUR.test(form.textColor.trim()))
    problems.textColor = 'A CSS colour such as #ffffff.';
  if (!displayName && (form.backgroundColor.trim() || form.textColor.trim())) {
    problems.displayName = 'Colours need a display name.';
  }
  const validity = secondsOf(form.validitySeconds, VALIDITY_SECONDS, 'Validity');
  if (!validity.ok) problems.validitySeconds = validity.problem;
  if (form.bindingMethods.length === 0) problems.bindingMethods = 'Choose at least one way to bind the holder’s key.';
  else if (!sdJwt && form.bindingMethods.includes('jwk')) {
    problems.bindingMethods = 'A jwt_vc_json credential binds to a did:key only.';
  }
  if (form.proofAlgs.length === 0) problems.proofAlgs = 'Choose at least one algorithm.';
  if (Object.keys(problems).length || claimProblems.size) return { ok: false, problems, claimProblems };
  return {
    ok: true,
    input: {
      configurationId,
      format: form.format,
      issuer: form.issuer,
      ...(sdJwt ? { vct } : { types }),
      claims: used.map((row) => ({
        name: row.name.trim(),
        mandatory: row.mandatory,
        ...(sdJwt && { disclosable: row.disclosable }),
        ...(row.displayName.trim() && { display: [{ name: row.displayName.trim(), locale: locale || 'en' }] }),
      })),
      display: displayName
        ? [
            {
              name: displayName,
              ...(locale && { locale }),
              ...(form.backgroundColor.trim() && { background_color: form.backgroundColor.trim() }),
              ...(form.textColor.trim() && { text_color: form.textColor.trim() }),
            },
          ]
        : [],
      validitySeconds: validity.ok ? validity.value : null,
      bindingMethods: form.bindingMethods,
      proofAlgs: form.proofAlgs,
    },
  };
}

// ─── A new offer's claims form ───────────────────────────────────────────────────────────────────────────

export type OfferClaimRow = {
  name: string;
  label: string;
  mandatory: boolean;
  disclosable: boolean | null;
  type: ClaimType;
  value: string;
};

/** One row per claim the configuration describes, in its order, empty, typed as text. */
export function offerClaimRowsOf(claims: unknown, locale?: string): OfferClaimRow[] {
  return claimSpecsOf(claims).map((claim) => ({
    name: claim.name,
    label: claimLabel(claim, locale),
    mandatory: claim.mandatory,
    disclosable: claim.disclosable,
    type: 'string',
    value: '',
  }));
}

export type OfferForm = {
  configurationId: string;
  rows: OfferClaimRow[];
  /** Without readable configurations (no oid4vci:manage): the claims as one JSON object. */
  claimsJson: string | null;
  subjectId: string;
  askTxCode: boolean;
  txCodeLength: string;
  txCodeInputMode: 'numeric' | 'text';
  txCodeDescription: string;
  /** Seconds; blank: the service's default (an hour). */
  expiresIn: string;
};

export type OfferField = 'configurationId' | 'subjectId' | 'claimsJson' | 'txCodeLength' | 'expiresIn';

export type OfferOutcome =
  | { ok: true; input: CreateOid4vciOfferInput }
  | { ok: false; problems: Partial<Record<OfferField, string>>; claimProblems: Map<string, string> };

/**
 * The create input of the offer form: each filled row's value as typed (text, number, yes/no, JSON) under the
 * configuration's id; a mandatory claim left empty, or a value that does not parse, is a problem of its row.
 * An optional claim left empty is not sent.
 */
export function offerInputOf(form: OfferForm): OfferOutcome {
  const problems: Partial<Record<OfferField, string>> = {};
  const claimProblems = new Map<string, string>();
  const configurationId = form.configurationId.trim();
  if (!configurationId) problems.configurationId = 'Choose the credential to offer.';
  if (!form.subjectId.trim()) problems.subjectId = 'Say whom the claims are about (a DID, URI or reference).';
  let claims: Record<string, unknown> = {};
  if (form.claimsJson !== null) {
    try {
      const parsed = JSON.parse(form.claimsJson || '{}') as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      claims = parsed as Record<string, unknown>;
    } catch {
      problems.claimsJson = 'The claims must be one JSON object, e.g. {"given_name": "Alice"}.';
    }
  } else {
    for (const row of form.rows) {
      if (row.type !== 'boolean' && row.value.trim() === '') {
        if (row.mandatory) claimProblems.set(row.name, `${row.label} is mandatory: give a value.`);
        continue;
      }
      if (row.type === 'boolean' && row.value === '') {
        if (row.mandatory) claimProblems.set(row.name, `${row.label} is mandatory: choose yes or no.`);
        continue;
      }
      const value = claimValue(row);
      if (value.ok) claims[row.name] = value.value;
      else claimProblems.set(row.name, value.problem);
    }
  }
  let txCodeLength: number | undefined;
  if (form.askTxCode && form.txCodeLength.trim()) {
    const length = Number(form.txCodeLength.trim());
    if (!Number.isInteger(length) || length < TX_CODE_LENGTH.min || length > TX_CODE_LENGTH.max) {
      problems.txCodeLength = `The code is ${TX_CODE_LENGTH.min} to ${TX_CODE_LENGTH.max} characters long.`;
    } else txCodeLength = length;
  }
  const expiresIn = secondsOf(form.expiresIn, OFFER_TTL_SECONDS, 'Expiry');
  if (!expiresIn.ok) problems.expiresIn = expiresIn.problem;
  if (Object.keys(problems).length || claimProblems.size) return { ok: false, problems, claimProblems };
  return {
    ok: true,
    input: {
      configurationIds: [configurationId],
      subjectId: form.subjectId.trim(),
      claims: { [configurationId]: claims },
      ...(form.askTxCode && {
        txCode: {
          input_mode: form.txCodeInputMode,
          ...(txCodeLength !== undefined && { length: txCodeLength }),
          ...(form.txCodeDescription.trim() && { description: form.txCodeDescription.trim() }),
        },
      }),
      ...(expiresIn.ok && expiresIn.value !== null && { expiresIn: expiresIn.value }),
    },
  };
}
