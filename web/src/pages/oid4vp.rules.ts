// The OpenID4VP pages' rules: a request's status in words, and the new request's form (the short form, a type
// and its claims, or a DCQL query as JSON) to the create input, with each field's problem before the service is
// asked. The service checks the same again (src/modules/oid4vp/oid4vp.inputs.ts).
import type {
  CreateOid4vpRequestInput,
  Oid4vpCredentialFormat,
  Oid4vpRequestStatus,
  Oid4vpResponseMode,
} from '../generated/graphql';
import { secondsOf } from './openid.rules';

export const REQUEST_STATUS_LABELS: Record<Oid4vpRequestStatus, string> = {
  pending: 'Pending',
  received: 'Received',
  verified: 'Verified',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Statuses a request can still move on from: a wallet may answer, or the answer is being checked. */
export const OPEN_REQUEST_STATUSES: readonly Oid4vpRequestStatus[] = ['pending', 'received'];
export const isOpenRequest = (status: Oid4vpRequestStatus) => OPEN_REQUEST_STATUSES.includes(status);

export const requestHref = (id: string) => `/oid4vp/${encodeURIComponent(id)}`;

export const OID4VP_FORMAT_LABELS: Record<Oid4vpCredentialFormat, string> = {
  dc_sd_jwt: 'dc+sd-jwt (SD-JWT VC)',
  jwt_vc_json: 'jwt_vc_json (W3C VC JWT)',
};

export const RESPONSE_MODE_LABELS: Record<Oid4vpResponseMode, string> = {
  direct_post_jwt: 'direct_post.jwt (encrypted answer)',
  direct_post: 'direct_post (answer in the clear)',
};

/** The service's bounds (verification-session.policy.ts REQUEST_LIFETIME_SECONDS). */
export const REQUEST_LIFETIME_SECONDS = { min: 30, max: 3600 } as const;

export type RequestForm = {
  mode: 'short' | 'dcql';
  format: Oid4vpCredentialFormat;
  /** dc+sd-jwt: the vct; jwt_vc_json: the VC type. */
  type: string;
  /** Top-level claim names, separated by commas or spaces. */
  claims: string;
  dcql: string;
  purpose: string;
  /** Blank: the tenant's oldest active DID. */
  did: string;
  responseMode: Oid4vpResponseMode;
  /** Seconds; blank: the service's default (five minutes). */
  expiresIn: string;
};

export type RequestField = 'type' | 'claims' | 'dcql' | 'expiresIn';

export type RequestOutcome =
  { ok: true; input: CreateOid4vpRequestInput } | { ok: false; problems: Partial<Record<RequestField, string>> };

export const emptyRequestForm = (): RequestForm => ({
  mode: 'short',
  format: 'dc_sd_jwt',
  type: '',
  claims: '',
  dcql: '',
  purpose: '',
  did: '',
  responseMode: 'direct_post_jwt',
  expiresIn: '',
});

const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

export function requestInputOf(form: RequestForm): RequestOutcome {
  const problems: Partial<Record<RequestField, string>> = {};
  let query: Pick<CreateOid4vpRequestInput, 'credential' | 'dcqlQuery'> = {};
  if (form.mode === 'short') {
    const type = form.type.trim();
    if (!type) {
      problems.type =
        form.format === 'dc_sd_jwt'
          ? 'Give the credential type (vct), e.g. https://credentials.example.com/degree.'
          : 'Give the VC type, e.g. UniversityDegreeCredential.';
    }
    const claims = form.claims.split(/[\s,]+/).filter(Boolean);
    const bad = claims.filter((claim) => !CLAIM_NAME.test(claim));
    if (bad.length) problems.claims = `Not a claim name: ${bad.join(', ')}. Nested paths need a DCQL query.`;
    else if (new Set(claims).size !== claims.length) problems.claims = 'A claim is named twice.';
    query = { credential: { format: form.format, type, ...(claims.length && { claims }) } };
  } else {
    try {
      const parsed = JSON.parse(form.dcql) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !('credentials' in parsed)) {
        throw new Error('no credentials');
      }
      query = { dcqlQuery: parsed };
    } catch {
      problems.dcql = 'A DCQL query is one JSON object with its credentials, e.g. {"credentials": [{"id": …}]}.';
    }
  }
  const expiresIn = secondsOf(form.expiresIn, REQUEST_LIFETIME_SECONDS, 'Expiry');
  if (!expiresIn.ok) problems.expiresIn = expiresIn.problem;
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    input: {
      ...query,
      responseMode: form.responseMode,
      ...(form.purpose.trim() && { purpose: form.purpose.trim() }),
      ...(form.did && { did: form.did }),
      ...(expiresIn.ok && expiresIn.value !== null && { expiresIn: expiresIn.value }),
    },
  };
}

/**
 * The claims a presentation disclosed, as [JSON pointer, value] pairs: the `disclosed` pointers resolved into
 * `claims` (RFC 6901); for a credential without selective disclosure, every top-level claim.
 */
export function disclosedClaims(claims: unknown, disclosed: readonly string[] | null): [string, unknown][] {
  if (!claims || typeof claims !== 'object') return [];
  if (!disclosed || disclosed.length === 0) {
    return Object.entries(claims as Record<string, unknown>).map(([name, value]) => [`/${name}`, value]);
  }
  return disclosed.map((pointer) => [pointer, resolvePointer(claims, pointer)]);
}

function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
