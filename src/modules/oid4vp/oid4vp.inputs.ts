// OpenID4VP presentation requests as the API accepts them, shared by both transports (the GraphQL input types
// and the OpenAPI document derive from them). What a DCQL query may hold is dcql.ts's to judge.
import { z } from 'zod';
import { MESSAGES } from '../../lib/messages.js';
import { jsonDepth } from '../../lib/json-guards.js';
import { DID_SYNTAX } from '../trust/trust.inputs.js';
import { REQUEST_LIFETIME_SECONDS } from './verification-session.policy.js';

export const RESPONSE_MODES = ['direct_post.jwt', 'direct_post'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];

export const responseMode = z
  .enum(RESPONSE_MODES, { error: 'response_mode must be direct_post.jwt or direct_post' })
  .meta({
    id: 'Oid4vpResponseMode',
    description:
      'direct_post.jwt (default, as HAIP asks): the wallet POSTs its answer encrypted (ECDH-ES P-256, A128GCM or ' +
      'A256GCM) to a key of this request; direct_post: the answer in the clear, form-encoded (OpenID4VP 1.0 §8.2, §8.3.1).',
  });

export const CLIENT_ID_PREFIXES = ['decentralized_identifier', 'redirect_uri'] as const;
export type ClientIdPrefix = (typeof CLIENT_ID_PREFIXES)[number];

export const clientIdPrefix = z
  .enum(CLIENT_ID_PREFIXES, { error: 'client_id_prefix must be decentralized_identifier or redirect_uri' })
  .meta({
    id: 'Oid4vpClientIdPrefix',
    description:
      'decentralized_identifier (default): client_id is the signing DID and the request object is signed by it; ' +
      'redirect_uri: client_id is the response URI and the request goes unsigned, by value, for development ' +
      '(OpenID4VP 1.0 §5.9.3).',
  });

export const REQUEST_STATUSES = ['pending', 'received', 'verified', 'failed', 'expired', 'cancelled'] as const;
export const requestStatus = z
  .enum(REQUEST_STATUSES, {
    error: 'status must be pending, received, verified, failed, expired or cancelled',
  })
  .meta({
    id: 'Oid4vpRequestStatus',
    description:
      'pending → received (a wallet answered) → verified | failed; expired when no answer came in time; cancelled by the tenant.',
  });

// The issue API's text for a format outside the set (spec §7): inputs that share a field name must say the same of
// a value, for GraphQL's refusal of a variable to be answered in that text (zod-types.ts).
export const credentialFormatIdentifier = z
  .enum(['dc+sd-jwt', 'jwt_vc_json'], {
    error: (issue) => (issue.input == null ? 'format is required' : MESSAGES.unsupportedFormat),
  })
  .meta({ id: 'Oid4vpCredentialFormat', description: 'An OpenID4VP Credential Format Identifier (Appendix B).' });

const MAX_QUERY_BYTES = 16 * 1024;
const MAX_QUERY_DEPTH = 12;

const claimName = z
  .string({ error: 'credential.claims must be a list of claim names' })
  .min(1, { error: 'a claim name must not be empty' })
  .max(200, { error: 'a claim name must be at most 200 characters' });

/** "This type, these claims": one credential query, made into DCQL by dcql.ts. */
export const credentialShortForm = z
  .object({
    format: credentialFormatIdentifier,
    type: z
      .string({ error: 'credential.type must be a string' })
      .min(1, { error: 'credential.type must not be empty' })
      .max(2048, { error: 'credential.type must be at most 2048 characters' })
      .meta({
        description: 'dc+sd-jwt: the vct; jwt_vc_json: the VC type (e.g. UniversityDegreeCredential).',
        examples: ['https://credentials.example.com/degree'],
      }),
    claims: z
      .array(claimName, { error: 'credential.claims must be a list of claim names' })
      .max(50, { error: 'credential.claims may name at most 50 claims' })
      .nullish()
      .meta({
        description:
          'The subject’s claims the wallet must disclose, by top-level name (nested paths: use dcql_query). ' +
          'Omitted: none beyond those a verifier always sees.',
        examples: [['name', 'degree']],
      }),
  })
  .meta({ id: 'Oid4vpCredentialRequestInput', description: 'One credential of one type, with these claims.' });

export const createRequestInput = z
  .object({
    dcqlQuery: z
      .record(z.string(), z.unknown(), { error: 'dcql_query must be a JSON object (a DCQL query)' })
      .refine((value) => jsonDepth(value, MAX_QUERY_DEPTH) <= MAX_QUERY_DEPTH, {
        error: `dcql_query must be nested at most ${MAX_QUERY_DEPTH} levels deep`,
        abort: true,
      })
      .refine((value) => JSON.stringify(value).length <= MAX_QUERY_BYTES, {
        error: `dcql_query must be at most ${MAX_QUERY_BYTES} bytes of JSON`,
      })
      .nullish()
      .meta({
        description:
          'A DCQL query (OpenID4VP 1.0 §6): credentials (dc+sd-jwt with meta.vct_values, jwt_vc_json with ' +
          'meta.type_values), their claims by path, claim_sets and credential_sets. Give this or `credential`.',
      }),
    credential: credentialShortForm
      .nullish()
      .meta({ description: 'The short form of a query; give this or dcql_query.' }),
    did: z
      .string({ error: 'did must be a DID' })
      .max(2048)
      .regex(DID_SYNTAX, { error: 'did must be a DID (did:<method>:<id>)' })
      .nullish()
      .meta({
        description:
          'The tenant’s active DID that signs the request (client_id decentralized_identifier:<did>); ' +
          'default: its oldest active DID.',
      }),
    clientIdPrefix: clientIdPrefix.nullish(),
    purpose: z
      .string({ error: 'purpose must be a string' })
      .min(1, { error: 'purpose must not be empty' })
      .max(500, { error: 'purpose must be at most 500 characters' })
      .nullish()
      .meta({ description: 'Why the tenant asks, for its own records and pages (not sent to the wallet).' }),
    responseMode: responseMode.nullish(),
    expiresIn: z
      .int({ error: 'expires_in must be an integer number of seconds' })
      .min(REQUEST_LIFETIME_SECONDS.min, {
        error: `expires_in must be between ${REQUEST_LIFETIME_SECONDS.min} and ${REQUEST_LIFETIME_SECONDS.max} seconds`,
      })
      .max(REQUEST_LIFETIME_SECONDS.max, {
        error: `expires_in must be between ${REQUEST_LIFETIME_SECONDS.min} and ${REQUEST_LIFETIME_SECONDS.max} seconds`,
      })
      .nullish()
      .meta({ description: `Seconds the wallet has to answer; default ${REQUEST_LIFETIME_SECONDS.default}.` }),
    redirectUri: z
      .url({ protocol: /^https?$/, error: 'redirect_uri must be an http(s) URL' })
      .max(2048, { error: 'redirect_uri must be at most 2048 characters' })
      .refine((value) => !value.includes('#'), { error: 'redirect_uri must not have a fragment' })
      .nullish()
      .meta({
        description:
          'Same-device flows: the tenant’s page the wallet sends the user back to, with #response_code=… to exchange ' +
          'for the result (POST /v1/oid4vp/requests/{id}/response-code).',
        examples: ['https://shop.example.com/checkout/verified'],
      }),
  })
  .refine((input) => (input.dcqlQuery == null) !== (input.credential == null), {
    error: 'give exactly one of dcql_query and credential',
  });

export type CreateRequestInput = z.output<typeof createRequestInput>;

export const listRequestsInput = z.object({ status: requestStatus.nullish() });

export const responseCodeInput = z.object({
  responseCode: z
    .string({ error: 'response_code is required' })
    .min(1, { error: 'response_code is required' })
    .max(200, { error: 'response_code must be at most 200 characters' })
    .meta({ description: 'The response_code the wallet’s redirect brought to the tenant’s page.' }),
});
