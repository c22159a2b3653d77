// The wallet-facing routes of OpenID4VCI 1.0 (src/modules/oid4vci/oid4vci.routes.ts) in the OpenAPI document, beside
// the other public documents (openapi-public.ts): their requests and answers as the specification defines them,
// refusals as OAuth error bodies ({error, error_description}).
import { z } from 'zod';
import { WELL_KNOWN } from '../modules/oid4vci/issuer-identifier.js';
import { BATCH_SIZE } from '../modules/oid4vci/offer-session.policy.js';
import type { PublicOperation } from './openapi-public.js';

type Schema = Record<string, unknown>;
const jsonSchema = (schema: z.ZodType): Schema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Schema;
  return rest;
};
const errorRef = { $ref: '#/components/schemas/Error' };

const oauthError = (codes: readonly string[]) =>
  jsonSchema(
    z.object({
      error: z.enum(codes as [string, ...string[]]),
      error_description: z.string().optional(),
    }),
  );

const compactJwe = {
  type: 'string',
  description: 'A compact JWE (RFC 7516): ECDH-ES, A128GCM or A256GCM.',
  pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
};

const slug = {
  name: 'tenant_slug',
  in: 'path',
  required: true,
  description: 'The tenant’s slug: its issuer identifier is {base}/oid4vci/{tenant_slug}.',
  schema: { type: 'string', examples: ['acme'] },
};

const noStore = { 'Cache-Control': { description: 'no-store.', schema: { type: 'string', const: 'no-store' } } };
const dpopNonce = {
  'DPoP-Nonce': { description: 'A fresh server-provided DPoP nonce (RFC 9449 §8).', schema: { type: 'string' } },
};
const challenge = {
  'WWW-Authenticate': {
    description: 'Bearer or DPoP challenge with the error (RFC 6750 §3, RFC 9449 §7.1).',
    schema: { type: 'string' },
  },
};

const issuerMetadata = z
  .object({
    credential_issuer: z.string(),
    credential_endpoint: z.string(),
    nonce_endpoint: z.string(),
    deferred_credential_endpoint: z.string(),
    notification_endpoint: z.string(),
    batch_credential_issuance: z.object({ batch_size: z.int() }),
    display: z.array(z.object({ name: z.string() }).loose()),
    credential_configurations_supported: z.record(z.string(), z.object({ format: z.string() }).loose()),
  })
  .loose();

const asMetadata = z
  .object({
    issuer: z.string(),
    token_endpoint: z.string(),
    grant_types_supported: z.array(z.string()),
    'pre-authorized_grant_anonymous_access_supported': z.boolean(),
    dpop_signing_alg_values_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    // With the tenant's login page set (the authorization code flow).
    authorization_endpoint: z.string().optional(),
    pushed_authorization_request_endpoint: z.string().optional(),
    require_pushed_authorization_requests: z.boolean().optional(),
    authorization_response_iss_parameter_supported: z.boolean().optional(),
  })
  .loose();

const offerObject = z
  .object({
    credential_issuer: z.string(),
    credential_configuration_ids: z.array(z.string()),
    grants: z.record(z.string(), z.unknown()),
  })
  .loose();

const metadataResponses = (schema: Schema, example: unknown): PublicOperation['responses'] => ({
  '200': {
    description: 'The metadata document.',
    mediaTypes: ['application/json'],
    schema,
    example,
    headers: {
      'Cache-Control': { description: 'public, max-age=300.', schema: { type: 'string' } },
      ETag: { description: 'Changes with the document.', schema: { type: 'string' } },
    },
  },
  '304': {
    description: 'Not modified (If-None-Match).',
    mediaTypes: ['text/plain'],
    schema: { type: 'string', maxLength: 0 },
  },
  '404': {
    description: '`credential issuer not found`: no such tenant (or, on a verified domain, a slug path).',
    mediaTypes: ['application/json'],
    schema: errorRef,
  },
});

const ISSUER_EXAMPLE = 'https://credentials.example.com/oid4vci/acme';

const metadataOperations = (['issuer', 'authorization-server'] as const).flatMap((which): PublicOperation[] => {
  const wellKnown = which === 'issuer' ? WELL_KNOWN.credentialIssuer : WELL_KNOWN.authorizationServer;
  const schema = jsonSchema(which === 'issuer' ? issuerMetadata : asMetadata);
  const example =
    which === 'issuer'
      ? {
          credential_issuer: ISSUER_EXAMPLE,
          credential_endpoint: `${ISSUER_EXAMPLE}/credential`,
          nonce_endpoint: `${ISSUER_EXAMPLE}/nonce`,
          deferred_credential_endpoint: `${ISSUER_EXAMPLE}/deferred-credential`,
          notification_endpoint: `${ISSUER_EXAMPLE}/notification`,
          batch_credential_issuance: { batch_size: BATCH_SIZE },
          display: [{ name: 'Acme University' }],
          credential_configurations_supported: {
            UniversityDegree: {
              format: 'dc+sd-jwt',
              vct: 'https://credentials.example.com/degree',
              cryptographic_binding_methods_supported: ['jwk'],
              proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['EdDSA', 'ES256'] } },
            },
          },
        }
      : {
          issuer: ISSUER_EXAMPLE,
          token_endpoint: `${ISSUER_EXAMPLE}/token`,
          grant_types_supported: ['urn:ietf:params:oauth:grant-type:pre-authorized_code'],
          'pre-authorized_grant_anonymous_access_supported': true,
          dpop_signing_alg_values_supported: ['EdDSA', 'ES256'],
          code_challenge_methods_supported: ['S256'],
        };
  const what =
    which === 'issuer'
      ? 'Credential Issuer Metadata (OpenID4VCI 1.0 §12.2)'
      : 'authorization server metadata (RFC 8414)';
  return [
    {
      method: 'get',
      path: `${wellKnown}/oid4vci/{tenant_slug}`,
      operationId: which === 'issuer' ? 'Oid4vciIssuerMetadata' : 'Oid4vciAuthorizationServerMetadata',
      summary: which === 'issuer' ? 'a tenant’s Credential Issuer Metadata' : 'its authorization server metadata',
      description: `The ${what} of the tenant’s issuer {base}/oid4vci/{tenant_slug} (RFC 8615 path insertion).`,
      parameters: [slug],
      responses: metadataResponses(schema, example),
    },
    {
      method: 'get',
      path: wellKnown,
      operationId: which === 'issuer' ? 'Oid4vciDomainIssuerMetadata' : 'Oid4vciDomainAuthorizationServerMetadata',
      summary: `the ${which === 'issuer' ? 'issuer' : 'authorization server'} metadata of a verified domain`,
      description: `The ${what} of the tenant whose verified custom domain the request came in on: there the issuer identifier is https://{domain}. Any other host: 404.`,
      parameters: [],
      responses: metadataResponses(schema, example),
    },
  ];
});

const endpoint = (
  name: string,
  operation: Omit<PublicOperation, 'method' | 'path' | 'parameters'> & { parameters?: unknown[] },
): PublicOperation => ({
  method: 'post',
  path: `/oid4vci/{tenant_slug}/${name}`,
  parameters: [slug, ...(operation.parameters ?? [])],
  ...operation,
  responses: {
    ...operation.responses,
    '404': {
      description: '`credential issuer not found`: no such tenant.',
      mediaTypes: ['application/json'],
      schema: errorRef,
    },
  },
});

const accessTokenHeaders = [
  {
    name: 'Authorization',
    in: 'header',
    required: true,
    description:
      '`DPoP <access token>` for a DPoP-bound token (with a DPoP proof header), `Bearer <access token>` otherwise.',
    schema: { type: 'string' },
  },
  {
    name: 'DPoP',
    in: 'header',
    required: false,
    description: 'The DPoP proof (RFC 9449 §4) with ath of the token and a server-provided nonce.',
    schema: { type: 'string' },
  },
];

const unauthorized = {
  description:
    'invalid_token (unknown, expired, another tenant’s, or in the wrong scheme), invalid_dpop_proof or use_dpop_nonce (with DPoP-Nonce).',
  mediaTypes: ['application/json'],
  schema: oauthError(['invalid_token', 'invalid_dpop_proof', 'use_dpop_nonce']),
  headers: { ...noStore, ...challenge, ...dpopNonce },
};

/** A deferred answer (OpenID4VCI §8.3, §9.2): the transaction_id to poll with, and how long to wait. */
const deferredAnswer = (description: string) => ({
  description: `${description} Encrypted (application/jwt) when the request asked for it.`,
  mediaTypes: ['application/json', 'application/jwt'],
  schema: {
    anyOf: [jsonSchema(z.object({ transaction_id: z.string(), interval: z.int().positive() })), compactJwe],
  },
  headers: { ...noStore, ...dpopNonce },
});

const redirectResponse = (description: string) => ({
  description,
  mediaTypes: ['text/plain'],
  schema: { type: 'string', maxLength: 0 },
  headers: {
    Location: { description: 'Where the browser goes next.', schema: { type: 'string' } },
    ...noStore,
  },
});

const browserRefusal = (codes: string[], description: string) => ({
  description,
  mediaTypes: ['application/json'],
  schema: oauthError(codes),
  headers: noStore,
});

/** The authorization code flow (src/modules/oid4vci/authorization.routes.ts). */
const AUTHORIZATION_CODE_OPERATIONS: PublicOperation[] = [
  endpoint('par', {
    operationId: 'Oid4vciPushedAuthorizationRequest',
    summary: 'the pushed authorization request endpoint (RFC 9126)',
    description:
      'A public client’s authorization request (OpenID4VCI §5.1.4): response_type=code, client_id, redirect_uri, ' +
      'code_challenge with code_challenge_method=S256 (plain is refused), state, and scope and/or ' +
      'authorization_details of type openid_credential; issuer_state from an offer. Only with the tenant’s login ' +
      'page set. The request_uri is valid once, for 60 seconds.',
    requestBody: {
      description: 'The authorization request parameters, form-encoded.',
      mediaTypes: ['application/x-www-form-urlencoded'],
      schema: jsonSchema(
        z
          .object({
            response_type: z.literal('code'),
            client_id: z.string(),
            redirect_uri: z.string(),
            code_challenge: z.string(),
            code_challenge_method: z.literal('S256'),
            state: z.string().optional(),
            scope: z.string().optional(),
            authorization_details: z.string().optional(),
            issuer_state: z.string().optional(),
          })
          .loose(),
      ),
    },
    responses: {
      '201': {
        description: 'The request_uri to send the browser with.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ request_uri: z.string(), expires_in: z.int() })),
        headers: noStore,
      },
      '400': browserRefusal(
        [
          'invalid_request',
          'unauthorized_client',
          'unsupported_response_type',
          'invalid_scope',
          'invalid_authorization_details',
          'request_not_supported',
        ],
        'invalid_request (a missing or malformed parameter, plain PKCE, an unknown issuer_state), ' +
          'unauthorized_client (no login page set), invalid_scope, invalid_authorization_details.',
      ),
    },
  }),
  {
    ...endpoint('authorize', {
      operationId: 'Oid4vciAuthorize',
      summary: 'the authorization endpoint (pushed requests only)',
      description:
        'The holder’s browser with request_uri and client_id (RFC 9126 §4): redirected to the tenant’s login page ' +
        'with authorization_id, configuration_ids (space-separated) and offer_id (with an issuer_state). Refusals ' +
        'are shown, never redirected.',
      parameters: [
        { name: 'request_uri', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'client_id', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '302': redirectResponse('To the tenant’s login page.'),
        '400': browserRefusal(
          ['invalid_request', 'invalid_request_uri', 'unauthorized_client'],
          'invalid_request_uri: unknown, another client’s, used or expired.',
        ),
      },
    }),
    method: 'get',
  },
  {
    ...endpoint('authorize/return', {
      operationId: 'Oid4vciAuthorizationReturn',
      summary: 'the browser’s return after the tenant’s decision',
      description:
        'The redirect_to of an approval or denial (POST /v1/oid4vci/authorizations/{id}/approve, …/deny): once, ' +
        'for 5 minutes. Redirects to the wallet’s redirect_uri with code, state and iss (RFC 9207), or ' +
        'error=access_denied.',
      parameters: [{ name: 'session', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        '302': redirectResponse('To the wallet’s redirect_uri (the authorization response).'),
        '400': browserRefusal(['invalid_request'], 'invalid_request: unknown, used or expired.'),
      },
    }),
    method: 'get',
  },
];

export const OID4VCI_OPERATIONS: PublicOperation[] = [
  ...metadataOperations,
  {
    method: 'get',
    path: '/oid4vci/{tenant_slug}/credential-offer/{reference}',
    operationId: 'Oid4vciCredentialOffer',
    summary: 'a credential offer by reference',
    description:
      'The Credential Offer object (OpenID4VCI §4.1.3) a credential_offer_uri names, while its pre-authorized code ' +
      'can be redeemed (then 404). It carries the code: never cached.',
    parameters: [slug, { name: 'reference', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      '200': {
        description: 'The offer object.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(offerObject),
        headers: noStore,
      },
      '404': { description: '`credential offer not found`.', mediaTypes: ['application/json'], schema: errorRef },
    },
  },
  endpoint('token', {
    operationId: 'Oid4vciToken',
    summary: 'the token endpoint (pre-authorized code, authorization code)',
    description:
      'OAuth 2.0 Token Request (RFC 6749 §4.1.3; OpenID4VCI §6) of grant_type ' +
      'urn:ietf:params:oauth:grant-type:pre-authorized_code, with tx_code when the offer asks for one, or of ' +
      'authorization_code with the PKCE code_verifier (RFC 7636), redirect_uri and client_id. Either code is ' +
      'single use; 5 wrong transaction codes lock the offer. With a DPoP header (RFC 9449) the token is DPoP-bound: ' +
      'the first proof without our nonce gets use_dpop_nonce and a DPoP-Nonce to retry with.',
    requestBody: {
      description:
        'grant_type, pre-authorized_code, tx_code; or for authorization_code: code, code_verifier, redirect_uri, ' +
        'client_id.',
      mediaTypes: ['application/x-www-form-urlencoded'],
      schema: jsonSchema(
        z
          .object({
            grant_type: z.string(),
            'pre-authorized_code': z.string().optional(),
            tx_code: z.string().optional(),
            code: z.string().optional(),
            code_verifier: z.string().optional(),
            redirect_uri: z.string().optional(),
            client_id: z.string().optional(),
          })
          .loose(),
      ),
    },
    parameters: [accessTokenHeaders[1]],
    responses: {
      '200': {
        description: 'The access token (short-lived; DPoP or Bearer).',
        mediaTypes: ['application/json'],
        schema: jsonSchema(
          z.object({
            access_token: z.string(),
            token_type: z.enum(['DPoP', 'Bearer']),
            expires_in: z.int(),
            // §6.2: when the wallet asked with authorization_details (authorization code grant).
            authorization_details: z
              .array(
                z.object({
                  type: z.literal('openid_credential'),
                  credential_configuration_id: z.string(),
                  credential_identifiers: z.array(z.string()),
                }),
              )
              .optional(),
          }),
        ),
        headers: { ...noStore, ...dpopNonce },
      },
      '400': {
        description:
          'invalid_request, invalid_grant (unknown, used, expired, cancelled or locked code; wrong tx_code or ' +
          'code_verifier; another redirect_uri or client_id), ' +
          'unsupported_grant_type, invalid_dpop_proof, use_dpop_nonce.',
        mediaTypes: ['application/json'],
        schema: oauthError([
          'invalid_request',
          'invalid_grant',
          'unsupported_grant_type',
          'invalid_dpop_proof',
          'use_dpop_nonce',
        ]),
        headers: { ...noStore, ...dpopNonce },
      },
    },
  }),
  endpoint('nonce', {
    operationId: 'Oid4vciNonce',
    summary: 'the nonce endpoint',
    description:
      'A fresh c_nonce (OpenID4VCI §7): for the key proofs of one credential request, accepted once by any instance, ' +
      'for 5 minutes. Also a DPoP nonce in DPoP-Nonce.',
    responses: {
      '200': {
        description: 'The c_nonce.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ c_nonce: z.string() })),
        headers: { ...noStore, ...dpopNonce },
      },
    },
  }),
  endpoint('credential', {
    operationId: 'Oid4vciCredential',
    summary: 'the credential endpoint',
    description:
      'A Credential Request (OpenID4VCI 1.0 §8.2): credential_configuration_id and proofs.jwt, up to ' +
      `${BATCH_SIZE} key proofs (typ openid4vci-proof+jwt, aud the issuer, nonce a c_nonce), one credential per ` +
      'proof, each bound to its key, issued through the same path as POST /v1/credentials/issue (quota, status ' +
      'list, audit, credential.issued events with channel oid4vci) and refused whole when the quota cannot cover it. ' +
      'Sent as application/jwt (a JWE to the key in the metadata’s credential_request_encryption), it may ask for ' +
      'the response encrypted to a key of the wallet’s (credential_response_encryption), answered as application/jwt.',
    parameters: accessTokenHeaders,
    requestBody: {
      description: 'The credential request: JSON, or a compact JWE of it (application/jwt).',
      mediaTypes: ['application/json', 'application/jwt'],
      schema: {
        anyOf: [
          jsonSchema(
            z
              .object({
                credential_configuration_id: z.string(),
                proofs: z.object({ jwt: z.array(z.string()).min(1).max(BATCH_SIZE) }),
                credential_response_encryption: z
                  .object({ jwk: z.record(z.string(), z.unknown()), enc: z.enum(['A128GCM', 'A256GCM']) })
                  .optional(),
              })
              .loose(),
          ),
          compactJwe,
        ],
      },
    },
    responses: {
      '200': {
        description:
          'The credentials, and the notification_id of this response; encrypted to the wallet’s key (a compact JWE, ' +
          'application/jwt) when it asked.',
        mediaTypes: ['application/json', 'application/jwt'],
        schema: {
          anyOf: [
            jsonSchema(
              z.object({ credentials: z.array(z.object({ credential: z.string() })), notification_id: z.string() }),
            ),
            compactJwe,
          ],
        },
        headers: { ...noStore, ...dpopNonce },
      },
      '202': deferredAnswer(
        'A deferred offer whose claims the tenant has not given yet (OpenID4VCI §8.3): the keys are recorded, the ' +
          'nonces spent, no quota; poll the deferred credential endpoint with the transaction_id after interval seconds.',
      ),
      '400': {
        description: 'The request’s own errors (OpenID4VCI §8.3.1.2); nothing is stored, no quota spent.',
        mediaTypes: ['application/json'],
        schema: oauthError([
          'invalid_credential_request',
          'unknown_credential_configuration',
          'unknown_credential_identifier',
          'invalid_proof',
          'invalid_nonce',
          'invalid_encryption_parameters',
          'credential_request_denied',
        ]),
        headers: noStore,
      },
      '401': unauthorized,
      '403': {
        description: 'insufficient_scope: the token was not issued for this configuration.',
        mediaTypes: ['application/json'],
        schema: oauthError(['insufficient_scope']),
        headers: { ...noStore, ...challenge },
      },
    },
  }),
  endpoint('notification', {
    operationId: 'Oid4vciNotification',
    summary: 'the notification endpoint',
    description:
      'The wallet tells what became of one response’s credentials (OpenID4VCI §11): credential_accepted, ' +
      'credential_failure or credential_deleted. Recorded on the offer and announced as oid4vci.offer.notified; ' +
      'idempotent.',
    parameters: accessTokenHeaders,
    requestBody: {
      description: 'The notification request.',
      mediaTypes: ['application/json'],
      schema: jsonSchema(
        z.object({
          notification_id: z.string(),
          event: z.enum(['credential_accepted', 'credential_failure', 'credential_deleted']),
          event_description: z.string().optional(),
        }),
      ),
    },
    responses: {
      '204': { description: 'Recorded.', mediaTypes: ['text/plain'], schema: { type: 'string', maxLength: 0 } },
      '400': {
        description: 'invalid_notification_id, invalid_notification_request.',
        mediaTypes: ['application/json'],
        schema: oauthError(['invalid_notification_id', 'invalid_notification_request']),
        headers: noStore,
      },
      '401': unauthorized,
    },
  }),
  endpoint('deferred-credential', {
    operationId: 'Oid4vciDeferredCredential',
    summary: 'the deferred credential endpoint',
    description:
      'A Deferred Credential Request (OpenID4VCI 1.0 §9.1) with the access token of the credential request that got ' +
      'the transaction_id: the credentials once the tenant gave the offer’s claims (POST ' +
      '/v1/oid4vci/offers/{id}/claims), each bound to its proof’s key; 202 with the interval before. The ' +
      'transaction_id is spent once the credentials were delivered. Sent as application/jwt (a JWE to the key in ' +
      'the metadata’s credential_request_encryption), it may ask for the response encrypted ' +
      '(credential_response_encryption), answered as application/jwt.',
    parameters: accessTokenHeaders,
    requestBody: {
      description: 'The deferred credential request: JSON, or a compact JWE of it (application/jwt).',
      mediaTypes: ['application/json', 'application/jwt'],
      schema: {
        anyOf: [
          jsonSchema(
            z
              .object({
                transaction_id: z.string(),
                credential_response_encryption: z
                  .object({ jwk: z.record(z.string(), z.unknown()), enc: z.enum(['A128GCM', 'A256GCM']) })
                  .optional(),
              })
              .loose(),
          ),
          compactJwe,
        ],
      },
    },
    responses: {
      '200': {
        description:
          'The credentials, and the notification_id of this response; encrypted to the wallet’s key (a compact JWE, ' +
          'application/jwt) when it asked.',
        mediaTypes: ['application/json', 'application/jwt'],
        schema: {
          anyOf: [
            jsonSchema(
              z.object({ credentials: z.array(z.object({ credential: z.string() })), notification_id: z.string() }),
            ),
            compactJwe,
          ],
        },
        headers: { ...noStore, ...dpopNonce },
      },
      '202': deferredAnswer('The tenant has not given the claims yet: ask again after interval seconds.'),
      '400': {
        description:
          'invalid_transaction_id (unknown, another session’s, or spent), invalid_credential_request, ' +
          'invalid_encryption_parameters, credential_request_denied (the offer was withdrawn or its subject erased: ' +
          'stop polling).',
        mediaTypes: ['application/json'],
        schema: oauthError([
          'invalid_transaction_id',
          'invalid_credential_request',
          'invalid_encryption_parameters',
          'credential_request_denied',
        ]),
        headers: noStore,
      },
      '401': unauthorized,
    },
  }),
  ...AUTHORIZATION_CODE_OPERATIONS,
];
