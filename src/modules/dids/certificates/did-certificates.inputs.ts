// What a tenant sends to get its DID's key certified (a PKCS#10 request, RFC 2986) and to hand back the chain its CA
// issued, shared by both transports (the GraphQL inputs and the OpenAPI document derive from these schemas).
import { z } from 'zod';
import { domainNameProblem } from '../../domains/domains.inputs.js';

// X.520 upper bounds (RFC 5280 Appendix A: ub-common-name 64, ub-organization-name 64, ub-locality-name 128, …).
const attribute = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` });

// The subject's attributes sit at the top of the body (a request has one subject), RFC 4514 names in comments.
const subjectFields = {
  commonName: attribute('common_name', 64).meta({ description: 'CN', examples: ['Analytical Engines Issuer'] }),
  organization: attribute('organization', 64)
    .nullish()
    .meta({ description: 'O', examples: ['Analytical Engines'] }),
  organizationalUnit: attribute('organizational_unit', 64).nullish().meta({ description: 'OU' }),
  locality: attribute('locality', 128).nullish().meta({ description: 'L' }),
  stateOrProvince: attribute('state_or_province', 128).nullish().meta({ description: 'ST' }),
  country: z
    .string({ error: 'country must be a string' })
    .regex(/^[A-Z]{2}$/, { error: 'country must be an ISO 3166 two-letter code in capitals, e.g. DE' })
    .nullish()
    .meta({ description: 'C', examples: ['DE'] }),
};

const dnsName = z.string({ error: 'dns_names must list domain names' }).superRefine((name, ctx) => {
  const problem = domainNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: `dns_names: ${problem}` });
});

export const csrInput = z.object({
  ...subjectFields,
  dnsNames: z
    .array(dnsName, { error: 'dns_names must be a list of domain names' })
    .max(8, { error: 'dns_names may list at most 8 names' })
    .nullish()
    .meta({
      description:
        'subjectAltName dNSName entries: verified custom domains of the tenant (HAIP: the dNSName a verifier matches ' +
        'with the host of an https iss).',
      examples: [['credentials.example.com']],
    }),
  uris: z
    .array(z.string({ error: 'uris must list URLs' }).max(2048), { error: 'uris must be a list of URLs' })
    .max(8, { error: 'uris may list at most 8 URLs' })
    .nullish()
    .meta({
      description:
        'subjectAltName uniformResourceIdentifier entries: credential issuer identifiers of the tenant ' +
        '({base}/oid4vci/{tenant_slug}, or https://{verified custom domain}).',
      examples: [['https://credentials.example.com']],
    }),
});

export type CsrInput = z.output<typeof csrInput>;

export const certificateChainInput = z.object({
  certificates: z
    .array(
      z
        .string({ error: 'certificates must list PEM or base64 DER certificates' })
        .max(64 * 1024, { error: 'a certificate must be at most 64 KiB' }),
      { error: 'certificates must be a list of PEM or base64 DER certificates, leaf first' },
    )
    .min(1, { error: 'certificates must hold at least the leaf certificate' })
    .max(8, { error: 'certificates may hold at most 8 entries' })
    .meta({
      description:
        'The chain the CA issued, leaf first, each issued by the next: PEM (one entry may hold several blocks) or ' +
        'base64 DER. The root may be left out, or included: credentials never carry it (HAIP).',
    }),
});
