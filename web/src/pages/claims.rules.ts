// The issue form's claims editor: rows of name, type and value (and, for vc+sd-jwt, whether the holder may
// withhold the claim), checked and turned into the issue request's `claims` object and `disclosable` list.
// The service checks the same again (src/modules/credentials/credentials.inputs.ts); these rules say what is
// wrong beside the row, before a request is made.

export type ClaimType = 'string' | 'number' | 'boolean' | 'json';

export const CLAIM_TYPE_LABELS: Record<ClaimType, string> = {
  string: 'Text',
  number: 'Number',
  boolean: 'Yes / no',
  json: 'JSON',
};

export type ClaimRow = {
  /** The row's key in the editor (stable while rows are added and removed). */
  key: string;
  name: string;
  type: ClaimType;
  /** As typed: the text of a string, a number's digits, 'true' or 'false', or a JSON text. */
  value: string;
  /** vc+sd-jwt: the holder may withhold it (a selective disclosure). */
  disclosable: boolean;
};

/**
 * Claim names the service refuses, as its RESERVED_CLAIMS (registered JWT claims and SD-JWT VC structure,
 * draft-ietf-oauth-sd-jwt-vc §3.2.2) and `id`, which is the subject id field's (a unit test keeps this list
 * equal to the service's). Copied rather than imported: the service's module would bring zod into the bundle.
 */
export const RESERVED_CLAIM_NAMES: readonly string[] = [
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
];

export type RowProblems = { name?: string; value?: string };

export type ClaimsOutcome =
  | { ok: true; claims: Record<string, unknown>; disclosable: string[] }
  | { ok: false; problems: Map<string, RowProblems> };

let counter = 0;
/** A new, empty row: a text claim, disclosable (the service's default for vc+sd-jwt). */
export function newClaimRow(init: Partial<Omit<ClaimRow, 'key'>> = {}): ClaimRow {
  counter += 1;
  return { key: `claim-${counter}`, name: '', type: 'string', value: '', disclosable: true, ...init };
}

/** A row left as it was added (no name, no value) is not a claim: it is skipped rather than refused. */
export function isBlankRow(row: ClaimRow): boolean {
  return row.name.trim() === '' && row.value.trim() === '';
}

/** The row's name problem, if any, given the names of every row (for uniqueness). */
function nameProblem(name: string, counts: Map<string, number>): string | undefined {
  if (name === '') return 'Give the claim a name.';
  if (name === 'id') return 'id is the subject id: give it in the Subject id field.';
  if (RESERVED_CLAIM_NAMES.includes(name)) return `${name} is a reserved claim name; choose another.`;
  if ((counts.get(name) ?? 0) > 1) return `Another claim is named ${name}; names must be unique.`;
  return undefined;
}

/** The row's value as JSON, or what is wrong with it. */
export function claimValue(
  row: Pick<ClaimRow, 'type' | 'value'>,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  switch (row.type) {
    case 'string':
      return { ok: true, value: row.value };
    case 'number': {
      const text = row.value.trim();
      const value = Number(text);
      if (text === '' || !Number.isFinite(value)) return { ok: false, problem: 'Enter a number, such as 42 or 3.5.' };
      return { ok: true, value };
    }
    case 'boolean':
      if (row.value === 'true' || row.value === 'false') return { ok: true, value: row.value === 'true' };
      return { ok: false, problem: 'Choose yes or no.' };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(row.value) as unknown };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, problem: `Not valid JSON: ${reason}` };
      }
  }
}

/**
 * The claims object of the rows (blank rows skipped, names trimmed), and the names marked disclosable; or,
 * per row key, what is wrong with its name and value.
 */
export function claimsOf(rows: readonly ClaimRow[]): ClaimsOutcome {
  const used = rows.filter((row) => !isBlankRow(row));
  const counts = new Map<string, number>();
  for (const row of used) counts.set(row.name.trim(), (counts.get(row.name.trim()) ?? 0) + 1);
  const problems = new Map<string, RowProblems>();
  const entries: [string, unknown][] = [];
  for (const row of used) {
    const name = row.name.trim();
    const value = claimValue(row);
    const found: RowProblems = { name: nameProblem(name, counts), value: value.ok ? undefined : value.problem };
    if (found.name || found.value) problems.set(row.key, found);
    else if (value.ok) entries.push([name, value.value]);
  }
  if (problems.size) return { ok: false, problems };
  return {
    ok: true,
    // fromEntries defines own properties: a claim named __proto__ stays a claim, never the prototype.
    claims: Object.fromEntries(entries),
    disclosable: used.filter((row) => row.disclosable).map((row) => row.name.trim()),
  };
}

/** A public JWK from the holder key text: empty is none; otherwise a JSON object with kty and no private part. */
export function holderKeyOf(
  text: string,
): { ok: true; jwk: Record<string, unknown> | null } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: true, jwk: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, problem: 'A JWK is a JSON object.' };
  const jwk = parsed as Record<string, unknown>;
  if (typeof jwk.kty !== 'string') return { ok: false, problem: 'A JWK names its key type (kty).' };
  if ('d' in jwk) return { ok: false, problem: 'This is a private key (it has d): give the holder’s public key only.' };
  return { ok: true, jwk };
}
