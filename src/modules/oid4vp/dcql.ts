// DCQL (OpenID4VP 1.0 §6, §7), pure: the queries a tenant may send, and what the presentations a wallet returned
// prove against them, over the `dcql` package's query runner (its reference implementation). A verifier must
// not rely on the wallet to have honoured the query (§14.8): every presentation that verified is run through the
// query again, on what it actually disclosed. Reasons name claim paths, never the values presented.
import { DcqlPresentationResult, DcqlQuery, type DcqlCredentialPresentation } from 'dcql';
import { isRecord } from '../credentials/verify/compact-jws.js';
import type { Check } from '../credentials/verify/verify.types.js';

export type DcqlQueryOutput = DcqlQuery.Output;
type CredentialQuery = DcqlQueryOutput['credentials'][number];

/** The formats a query may ask for: the registry's presentation formats (credential-format.ts). */
export const QUERYABLE_FORMATS = ['dc+sd-jwt', 'jwt_vc_json'] as const;
export type QueryableFormat = (typeof QUERYABLE_FORMATS)[number];

export class DcqlQueryError extends Error {}

/** A tenant's DCQL query, checked by the package (shape, unique ids, claim and credential sets) and by us. */
export function parseDcqlQuery(raw: unknown): DcqlQueryOutput {
  let query: DcqlQueryOutput;
  try {
    query = DcqlQuery.parse(raw as DcqlQuery.Input);
    DcqlQuery.validate(query);
  } catch (error) {
    throw new DcqlQueryError(`dcql_query is not a valid DCQL query: ${(error as Error).message}`);
  }
  for (const credential of query.credentials) {
    if (!QUERYABLE_FORMATS.includes(credential.format as QueryableFormat)) {
      throw new DcqlQueryError(
        `dcql_query: credential ${credential.id} asks for ${credential.format}; supported: ${QUERYABLE_FORMATS.join(', ')}`,
      );
    }
    // Issuers are judged by the tenant's trust policy (src/modules/trust), after the fact (§6.1.1.1 leaves
    // the verifier to check trust itself); nothing here could match a trusted_authorities entry.
    if (credential.trusted_authorities) {
      throw new DcqlQueryError(
        `dcql_query: credential ${credential.id}: trusted_authorities is not supported; the tenant’s trust policy judges issuers`,
      );
    }
  }
  return query;
}

/** "This type, these claims" as a one-credential DCQL query (id `credential`). */
export function shortFormQuery(short: { format: QueryableFormat; type: string; claims?: string[] | null }) {
  const root = short.format === 'jwt_vc_json' ? ['credentialSubject'] : [];
  const claims = [...new Set(short.claims ?? [])].map((name) => ({ path: [...root, name] }));
  return parseDcqlQuery({
    credentials: [
      {
        id: 'credential',
        format: short.format,
        meta: short.format === 'jwt_vc_json' ? { type_values: [[short.type]] } : { vct_values: [short.type] },
        ...(claims.length && { claims }),
      },
    ],
  });
}

/** The formats a query asks for, each once (client_metadata.vp_formats_supported lists them). */
export const formatsOf = (query: DcqlQueryOutput): QueryableFormat[] => [
  ...new Set(query.credentials.map((credential) => credential.format as QueryableFormat)),
];

export const credentialQueryOf = (query: DcqlQueryOutput, id: string): CredentialQuery | undefined =>
  query.credentials.find((credential) => credential.id === id);

/** §6.1 and Appendix B: whether a presentation for this credential query must carry the holder's proof. */
export const holderBindingRequired = (credential: CredentialQuery) =>
  credential.require_cryptographic_holder_binding !== false;

/**
 * What is wrong with the vp_token's shape against the query (§8.1): every key a credential query's id, one
 * presentation per query unless `multiple`, each a string (our formats' presentations are compact). Null: fine.
 */
export function vpTokenProblem(query: DcqlQueryOutput, token: Record<string, unknown[]>): string | null {
  for (const [id, presentations] of Object.entries(token)) {
    const credential = credentialQueryOf(query, id);
    if (!credential) return `vp_token answers credential query ${id}, which the request did not ask for`;
    if (presentations.length === 0) return `vp_token holds no presentation for ${id}`;
    if (presentations.length > 1 && !credential.multiple)
      return `vp_token holds ${presentations.length} presentations for ${id}, which takes one`;
    if (!presentations.every((presentation) => typeof presentation === 'string'))
      return `a presentation for ${id} is not a string`;
  }
  return null;
}

/** A presentation that verified, as the query runner sees a credential (§7; Appendix B.1.2: a VC's own root). */
export type VerifiedPresentation = {
  format: QueryableFormat;
  payload: Record<string, unknown>;
  holderBound: boolean;
};

function dcqlCredentialOf({ format, payload, holderBound }: VerifiedPresentation): DcqlCredentialPresentation {
  if (format === 'jwt_vc_json') {
    const vc = isRecord(payload.vc) ? payload.vc : {};
    const types = Array.isArray(vc.type) ? vc.type : [vc.type];
    return {
      credential_format: 'jwt_vc_json',
      type: types.filter((type): type is string => typeof type === 'string'),
      claims: vc as never,
      cryptographic_holder_binding: holderBound,
    };
  }
  return {
    credential_format: 'dc+sd-jwt',
    vct: typeof payload.vct === 'string' ? payload.vct : '',
    claims: payload as never,
    cryptographic_holder_binding: holderBound,
  };
}

export type QueryJudgement = {
  /** Whether the presentations that verified answer the query (§6.4.2: its credential sets, or every query). */
  satisfied: boolean;
  reason: string | null;
  /** The `query` check of each verified presentation, by credential query id, in vp_token order. */
  checks: Record<string, Check[]>;
};

/** A claims path pointer (§7) as text: `address.street`, `degrees.*.type` (null: every element). */
const pathText = (path: readonly unknown[]) => path.map((part) => (part === null ? '*' : String(part))).join('.');

/** Why one presentation did not match its credential query, from the runner's result, naming no value. */
function mismatchReason(credential: CredentialQuery, failure: Record<string, unknown>): string {
  const meta = failure.meta as { success: boolean; issues?: Record<string, unknown> } | undefined;
  if (meta && !meta.success) {
    const issues = Object.keys(meta.issues ?? {});
    if (issues.includes('cryptographic_holder_binding'))
      return 'the query requires the holder’s proof (cryptographic holder binding), which was not presented';
    return credential.format === 'jwt_vc_json'
      ? 'its type is not one the query asks for (meta.type_values)'
      : 'its vct is not one the query asks for (meta.vct_values)';
  }
  const claims = failure.claims as { success: boolean; failed_claims?: { claim_index: number }[] } | undefined;
  if (claims && !claims.success) {
    const paths = (claims.failed_claims ?? [])
      .map(({ claim_index }) => (credential.claims?.[claim_index] as { path?: unknown[] } | undefined)?.path)
      .filter((path): path is unknown[] => path !== undefined)
      .map(pathText);
    const what = credential.claim_sets
      ? 'no claim set of the query is disclosed in full'
      : 'requested claims are missing';
    return `${what}: ${paths.join(', ')} not disclosed (or not a requested value)`;
  }
  return 'it does not match the credential query';
}

/**
 * The query run again over the presentations that verified (`verified`, by credential query id; those that
 * failed verification are discarded, §8.6). Each gets a `query` check; the query is satisfied when its credential
 * sets (or, without them, all its credential queries) are answered by matching presentations.
 */
export function judgePresentations(
  query: DcqlQueryOutput,
  verified: Record<string, VerifiedPresentation[]>,
): QueryJudgement {
  const presented = Object.fromEntries(
    Object.entries(verified)
      .filter(([, list]) => list.length > 0)
      .map(([id, list]) => [id, list.map(dcqlCredentialOf)]),
  );
  const result = DcqlPresentationResult.fromDcqlPresentation(presented as never, { dcqlQuery: query });
  const checks: Record<string, Check[]> = {};
  const unmatched: string[] = [];
  for (const [id, list] of Object.entries(presented)) {
    const credential = credentialQueryOf(query, id)!;
    const match = result.credential_matches[id] as unknown as {
      valid_credentials?: { input_credential_index: number }[];
      failed_credentials?: (Record<string, unknown> & { input_credential_index: number })[];
    };
    checks[id] = list.map((_, index) => {
      if (match.valid_credentials?.some((valid) => valid.input_credential_index === index))
        return { name: 'query', status: 'passed', detail: `matches credential query ${id}` } satisfies Check;
      const failure = match.failed_credentials?.find((failed) => failed.input_credential_index === index) ?? {};
      const reason = mismatchReason(credential, failure);
      unmatched.push(`${id}: ${reason}`);
      return { name: 'query', status: 'failed', detail: reason } satisfies Check;
    });
  }
  if (result.can_be_satisfied && unmatched.length === 0) return { satisfied: true, reason: null, checks };
  return { satisfied: false, reason: unsatisfiedReason(query, presented, unmatched), checks };
}

function unsatisfiedReason(query: DcqlQueryOutput, presented: Record<string, unknown>, unmatched: string[]): string {
  if (unmatched.length) return `presentations do not match the query: ${unmatched.join('; ')}`;
  if (query.credential_sets) {
    const open = query.credential_sets
      .map((set, index) => ({ set, index }))
      .filter(
        ({ set }) => set.required !== false && !set.options.some((option) => option.every((id) => id in presented)),
      )
      .map(
        ({ set, index }) =>
          `credential set ${index} (options: ${set.options.map((option) => option.join(' + ')).join(' | ')})`,
      );
    return `no verified presentation answers ${open.join(', ')}`;
  }
  const missing = query.credentials.map((credential) => credential.id).filter((id) => !(id in presented));
  return `no verified presentation answers credential ${missing.length > 1 ? 'queries' : 'query'} ${missing.join(', ')}`;
}
