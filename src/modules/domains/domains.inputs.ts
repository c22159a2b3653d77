// Custom domain requests as the API accepts them, shared by both transports (the GraphQL input and
// the OpenAPI document derive from these schemas). The name rule is a pure function with unit tests.
import { isIP } from 'node:net';
import { z } from 'zod';

export const MAX_DOMAIN_LENGTH = 253;
// RFC 1035 §2.3.1 as host names use it (RFC 1123 §2.1 lets a label start with a digit): letters, digits and
// hyphens, 1–63 characters, no hyphen at either end. Lower case only: the name is compared and stored as sent.
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export const DOMAIN_RULE = 'domain must be a lowercase DNS name of two or more labels, e.g. credentials.example.com';

/** Why `name` is not a domain a tenant may claim, or null when it is one. */
export function domainNameProblem(name: string): string | null {
  if (name.length > MAX_DOMAIN_LENGTH) return `domain must be at most ${MAX_DOMAIN_LENGTH} characters`;
  if (name.includes('*')) return 'a wildcard is not a domain: claim each name';
  if (isIP(name) || isIP(name.replace(/^\[|\]$/g, ''))) return 'an IP address is not a domain';
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return DOMAIN_RULE;
  // A last label of digits only would make 10.0.0.300 a "domain"; no top-level domain is numeric.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return DOMAIN_RULE;
  return null;
}

export const domainName = z
  .string({ error: (issue) => (issue.input == null ? 'domain is required' : 'domain must be a string') })
  .superRefine((name, ctx) => {
    const problem = domainNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'A lowercase DNS name, e.g. credentials.example.com.', examples: ['credentials.example.com'] });

export const createDomainInput = z.object({ domain: domainName });

export const domainStatus = z
  .enum(['pending', 'verified'])
  .meta({ id: 'DomainStatus', description: 'pending until the TXT record is found; verified while it is.' });

/** The TXT record's owner name: one label under the domain, so the domain's own records stay the tenant's. */
export const verificationRecordName = (domain: string) => `_credential-service.${domain}`;
