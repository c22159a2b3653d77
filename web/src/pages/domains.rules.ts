// The domains page's rules: a name's problems before the service sees it (the service's own rule and texts,
// src/modules/domains/domains.inputs.ts), which plans have custom domains, what a verification found, and the
// did:web a domain and path make.
// .js: test/unit/dashboard-feature-parity.test.ts imports this file too, under Node's module resolution.
import type { Plan } from '../generated/graphql.js';

export const MAX_DOMAIN_LENGTH = 253;
export const DOMAIN_RULE = 'domain must be a lowercase DNS name of two or more labels, e.g. credentials.example.com';
// RFC 1035 §2.3.1 as host names use it (RFC 1123 §2.1): letters, digits and hyphens, no hyphen at either end.
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// node:net's isIPv4: four decimal octets 0–255 without leading zeros.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/** Why `name` is not a domain a tenant may claim (the service's text), or null. The service still decides. */
export function domainNameProblem(name: string): string | null {
  if (name.length > MAX_DOMAIN_LENGTH) return `domain must be at most ${MAX_DOMAIN_LENGTH} characters`;
  if (name.includes('*')) return 'a wildcard is not a domain: claim each name';
  const bare = name.replace(/^\[|\]$/g, '');
  if (IPV4.test(bare) || (/:.*:/.test(bare) && /^[0-9a-f:.]+$/i.test(bare))) return 'an IP address is not a domain';
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return DOMAIN_RULE;
  if (/^[0-9]+$/.test(labels.at(-1)!)) return DOMAIN_RULE;
  return null;
}

/** What a person typed, as the name to claim: trimmed, lower-cased, without a scheme, path or final dot. */
export function normaliseDomain(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

/** The plans with custom domains (src/modules/plans/plans.ts; a web/src test compares). */
export const CUSTOM_DOMAIN_PLANS: readonly Plan[] = ['business', 'enterprise'];
/** The service's refusal on other plans (src/lib/messages.ts customDomainsNotInPlan). */
/** The service's refusal (MESSAGES.customDomainsNotInPlan), with the plans by their display names. */
export const PLAN_REQUIREMENT = 'custom domains require the Business or Enterprise plan';

export const planAllowsDomains = (plan: Plan) => CUSTOM_DOMAIN_PLANS.includes(plan);

export type Check = { found: string[]; error: string | null };

/** What a verification found, in words: the record seen, another value, or why nothing was found. */
export function checkOutcome(status: 'pending' | 'verified', check: Check | null, expected: string): string {
  if (status === 'verified') return 'Verified: the TXT record holds the expected value.';
  if (!check) return 'Pending: not checked yet.';
  if (check.error) return `Pending: ${check.error}.`;
  if (check.found.length === 0) return 'Pending: no TXT record at that name yet.';
  const others = check.found.filter((value) => value !== expected);
  return `Pending: found ${others.map((value) => `“${value}”`).join(', ')}, not the expected value.`;
}

// did:web path segments as the service makes them (src/modules/dids/methods/did-web/did-web.ts).
const PATH_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~-]{1,64}$/;
const MAX_PATH_SEGMENTS = 8;
export const PATH_RULE = `path must be up to ${MAX_PATH_SEGMENTS} segments separated by /, each of letters, digits, '.', '_', '~' or '-'`;

/** The path as typed ("issuers/degrees", "/issuers/"), as segments, or its problem. */
export function parseDidWebPath(text: string): { segments: string[]; problem: string | null } {
  const trimmed = text.trim().replace(/^\/+|\/+$/g, '');
  if (!trimmed) return { segments: [], problem: null };
  const segments = trimmed.split('/');
  const valid = segments.length <= MAX_PATH_SEGMENTS && segments.every((segment) => PATH_SEGMENT.test(segment));
  return valid ? { segments, problem: null } : { segments: [], problem: PATH_RULE };
}

/** did:web:<domain>[:<segment>…] (W3C CCG did:web), as the service will name it. */
export const didWebOf = (domain: string, segments: readonly string[]) => ['did', 'web', domain, ...segments].join(':');

/** Where resolvers fetch its document: https://<domain>/.well-known/did.json, or /<path…>/did.json. */
export const didWebDocumentUrl = (domain: string, segments: readonly string[]) =>
  segments.length ? `https://${domain}/${segments.join('/')}/did.json` : `https://${domain}/.well-known/did.json`;
