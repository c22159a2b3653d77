// The documents the service publishes to anyone, described for the OpenAPI document beside the /v1 table:
// DID resolution, status lists, this document, and GraphQL's endpoint. Their response shapes are zod schemas
// turned into JSON Schema by zod itself, as the request bodies are.
import { z } from 'zod';
import { OID4VCI_OPERATIONS } from './openapi-oid4vci.js';

type Schema = Record<string, unknown>;
const jsonSchema = (schema: z.ZodType): Schema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Schema;
  return rest;
};

const errorRef = { $ref: '#/components/schemas/Error' };

// W3C DID Resolution: the result of resolving a DID (§7.1), as the Universal Resolver's HTTP binding returns it.
const didDocument = z
  .object({
    '@context': z.union([z.string(), z.array(z.unknown())]),
    id: z.string().meta({ examples: ['did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp'] }),
    verificationMethod: z.array(z.object({ id: z.string(), type: z.string(), controller: z.string() }).loose()),
    authentication: z.array(z.string()).optional(),
    assertionMethod: z.array(z.string()).optional(),
  })
  .loose();
const resolutionResult = z.object({
  '@context': z.string().optional(),
  didDocument: didDocument.nullable(),
  didResolutionMetadata: z.object({ contentType: z.string().optional(), error: z.string().optional() }).loose(),
  didDocumentMetadata: z.record(z.string(), z.unknown()),
});

/** A document that answers a failure with the service's error fields beside its own (as the Error schema has them). */
const withErrorFields = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.extend({ error: z.string(), code: z.string().optional(), request_id: z.string().optional() });

// A resolution that failed: the result with its error, and the service's error text.
const resolutionFailure = withErrorFields(resolutionResult);

// SD-JWT VC §4.2: the issuer identifier and its keys by value (never jwks_uri here).
const jwtVcIssuerMetadata = z.object({
  issuer: z.string().meta({ examples: ['https://credentials.example.com/oid4vci/acme'] }),
  jwks: z.object({
    keys: z.array(
      z
        .object({
          kid: z.string(),
          kty: z.string(),
          crv: z.string(),
          x: z.string(),
          y: z.string().optional(),
          alg: z.enum(['EdDSA', 'ES256']),
          use: z.literal('sig'),
        })
        .strict(),
    ),
  }),
});

// One check of /readyz (src/observability/health.ts).
const readinessCheck = z
  .object({
    status: z.enum(['up', 'down']),
    latency_ms: z.number(),
    error: z.string().optional().meta({ description: 'Why the check failed (never a secret).' }),
  })
  .loose();

const didParameter = {
  name: 'did',
  in: 'path',
  required: true,
  description: 'The DID to resolve, percent-encoded.',
  schema: { type: 'string', examples: ['did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp'] },
};

type PublicResponse = {
  description: string;
  mediaTypes: string[];
  schema: Schema;
  example?: unknown;
  headers?: Record<string, unknown>;
};
export type PublicOperation = {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  parameters: unknown[];
  /** What a POST takes, for the routes that take a body (OpenID4VCI's token, credential, notification). */
  requestBody?: { description: string; mediaTypes: string[]; schema: Schema };
  responses: Record<string, PublicResponse>;
};

const cacheHeaders = {
  'Cache-Control': { description: 'How long the document may be cached.', schema: { type: 'string' } },
};

/** A GraphQL response (GraphQL spec §7.1): data, errors, or both. */
const GRAPHQL_RESPONSE = jsonSchema(
  z.object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z
      .array(
        z.object({
          message: z.string(),
          // Where in the query the error is (GraphQL spec §7.1.2): request errors, and field errors
          // whose field the query names.
          locations: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional(),
          path: z.array(z.union([z.string(), z.number()])).optional(),
          // The service's errors carry the REST status too; the GraphQL engine's own (validation) only a code.
          extensions: z.object({ code: z.string(), status: z.number().int().optional() }).loose().optional(),
        }),
      )
      .optional(),
  }),
);

/** An OAuth 2.0 error response (RFC 6749 §5.2), as the OpenID4VP wallet-facing routes answer refusals. */
const OAUTH_ERROR = jsonSchema(
  z.object({
    error: z.string().meta({ description: 'The error code: invalid_request, server_error…' }),
    error_description: z.string().meta({ description: 'Why, in words (ASCII).' }),
  }),
);
const oauthError = (description: string): PublicResponse => ({
  description,
  mediaTypes: ['application/json'],
  schema: OAUTH_ERROR,
});
const handleParameter = {
  name: 'handle',
  in: 'path',
  required: true,
  description: 'The request’s public handle: 43 base64url characters (256 random bits), shown once at its creation.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
};
const REQUEST_OBJECT_RESPONSES: Record<string, PublicResponse> = {
  '200': {
    description:
      'The request object (RFC 9101): a JWT of typ oauth-authz-req+jwt signed by the tenant’s DID (kid: its ' +
      'verification method), with client_id, response_type vp_token, response_mode, response_uri, nonce, state, ' +
      'dcql_query, client_metadata (vp_formats_supported; jwks and encrypted_response_enc_values_supported for ' +
      'direct_post.jwt), aud https://self-issued.me/v2, iat, exp and, after a POST, the wallet_nonce.',
    mediaTypes: ['application/oauth-authz-req+jwt'],
    schema: { type: 'string' },
    headers: { 'Cache-Control': { description: '`no-store`.', schema: { type: 'string' } } },
  },
  '400': oauthError('`invalid_request`: expired, answered or cancelled, a request passed by value, or a bad form.'),
  '404': oauthError('`invalid_request`: no such request.'),
};

export const PUBLIC_OPERATIONS: PublicOperation[] = [
  // Every tenant's OpenID4VCI Credential Issuer (src/modules/oid4vci/oid4vci.routes.ts).
  ...OID4VCI_OPERATIONS,
  {
    method: 'get',
    path: '/1.0/identifiers/{did}',
    operationId: 'ResolveDid',
    summary: 'resolve a DID',
    description:
      'DID resolution for any did:key, and for the did:web DIDs hosted here on verified custom domains (read from ' +
      'the database; a did:web elsewhere is `notFound`). W3C DID Resolution, the Universal Resolver’s path. A ' +
      'deactivated DID resolves with `didDocumentMetadata.deactivated: true`. Public: no credential.',
    parameters: [didParameter],
    responses: {
      '200': {
        description: 'The DID resolution result.',
        mediaTypes: ['application/did-resolution+json'],
        schema: jsonSchema(resolutionResult),
        headers: cacheHeaders,
      },
      '400': {
        description: '`invalidDid`: the resolution result with its error, and the service’s `error` text.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(resolutionFailure),
      },
      '404': {
        description: '`notFound`: a did:web not hosted here (or its domain no longer verified).',
        mediaTypes: ['application/json'],
        schema: jsonSchema(resolutionFailure),
      },
      '501': {
        description: '`methodNotSupported`: a DID method the service does not resolve.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(resolutionFailure),
      },
    },
  },
  ...(['/.well-known/jwt-vc-issuer/oid4vci/{tenant_slug}', '/.well-known/jwt-vc-issuer'] as const).map(
    (path): PublicOperation => ({
      method: 'get',
      path,
      operationId: path === '/.well-known/jwt-vc-issuer' ? 'JwtVcIssuerMetadataOfDomain' : 'JwtVcIssuerMetadata',
      summary:
        path === '/.well-known/jwt-vc-issuer'
          ? 'JWT VC Issuer Metadata of a custom domain'
          : 'a tenant’s JWT VC Issuer Metadata',
      description:
        'SD-JWT VC §4: `issuer` (the tenant’s credential issuer identifier, which credentials issued with ' +
        '`issuer_identifier: "url"` carry as `iss`) and `jwks`, the public keys of its active DIDs, each `kid` the ' +
        'DID URL their JWS headers name. On the service’s host the identifier is {base}/oid4vci/{tenant_slug}; with ' +
        '`Host:` a tenant’s verified custom domain it is https://{domain}, and only the bare path answers there. ' +
        'Public, cacheable, with a strong ETag (304 on If-None-Match).',
      parameters:
        path === '/.well-known/jwt-vc-issuer'
          ? []
          : [{ name: 'tenant_slug', in: 'path', required: true, schema: { type: 'string', examples: ['acme'] } }],
      responses: {
        '200': {
          description: 'The metadata.',
          mediaTypes: ['application/json'],
          schema: jsonSchema(jwtVcIssuerMetadata),
          headers: {
            ...cacheHeaders,
            ETag: { description: 'Changes when a DID of the tenant comes or goes.', schema: { type: 'string' } },
          },
        },
        '304': {
          description: 'Not modified (If-None-Match).',
          mediaTypes: ['text/plain'],
          schema: { type: 'string', maxLength: 0 },
        },
        '404': {
          description: '`JWT VC issuer metadata not found`: no such tenant, or not an identifier of this host.',
          mediaTypes: ['application/json'],
          schema: errorRef,
        },
      },
    }),
  ),
  ...(['/.well-known/did.json', '/{path}/did.json'] as const).map((path): PublicOperation => ({
    method: 'get',
    path,
    operationId: path === '/.well-known/did.json' ? 'DidWebDocument' : 'DidWebDocumentWithPath',
    summary:
      path === '/.well-known/did.json' ? 'the did:web document of a custom domain' : 'a did:web document under a path',
    description:
      'Answered only with `Host:` a tenant’s verified custom domain: the document of ' +
      '`did:web:<domain>` (or `did:web:<domain>:<path…>` for /<path…>/did.json), as the did:web method ' +
      'specification has resolvers fetch it. Any other Host, or no such DID: 404; a deactivated DID: 410.',
    parameters:
      path === '/.well-known/did.json'
        ? []
        : [{ name: 'path', in: 'path', required: true, schema: { type: 'string', examples: ['issuers/degrees'] } }],
    responses: {
      '200': {
        description: 'The DID document.',
        mediaTypes: ['application/did+json'],
        schema: jsonSchema(didDocument),
        headers: cacheHeaders,
      },
      '404': { description: '`DID document not found`.', mediaTypes: ['application/json'], schema: errorRef },
      '410': { description: '`DID deactivated`.', mediaTypes: ['application/json'], schema: errorRef },
    },
  })),
  {
    method: 'get',
    path: '/internal/tls/ask',
    operationId: 'TlsAsk',
    summary: 'may a certificate be issued for this name?',
    description:
      'Caddy’s on-demand TLS `ask` endpoint: 200 when `domain` is a tenant’s verified custom domain, 404 ' +
      'otherwise, so a Caddy in front obtains certificates for exactly those names. Public (it says only yes or no).',
    parameters: [
      { name: 'domain', in: 'query', required: true, schema: { type: 'string', examples: ['credentials.acme.com'] } },
    ],
    responses: {
      '200': {
        description: 'A verified custom domain.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ domain: z.string(), verified: z.literal(true) })),
      },
      '404': { description: '`not a verified domain`.', mediaTypes: ['application/json'], schema: errorRef },
    },
  },
  {
    method: 'get',
    path: '/v1/status-lists/{id}',
    operationId: 'PublishedStatusList',
    summary: 'a published status list',
    description:
      'A status list of an issuer DID, signed by it: a W3C BitstringStatusListCredential (application/vc+jwt) ' +
      'for jwt_vc_json credentials, or an IETF Token Status List token (application/statuslist+jwt) for ' +
      'vc+sd-jwt ones. Public; cacheable, with a strong ETag that changes on every revocation. On a tenant’s ' +
      'verified custom domain only that tenant’s lists are there (any other is 404).',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: {
      '200': {
        description: 'The signed list as a compact JWS: application/vc+jwt or application/statuslist+jwt by its kind.',
        mediaTypes: ['application/vc+jwt', 'application/statuslist+jwt'],
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
        headers: {
          ...cacheHeaders,
          ETag: { description: 'Changes whenever the list does.', schema: { type: 'string' } },
          'Last-Modified': { description: 'When the list last changed.', schema: { type: 'string' } },
        },
      },
      '304': {
        description: 'Not modified (If-None-Match).',
        mediaTypes: ['text/plain'],
        schema: { type: 'string', maxLength: 0 },
      },
      '404': { description: '`status list not found`.', mediaTypes: ['application/json'], schema: errorRef },
    },
  },
  {
    method: 'get',
    path: '/v1/trust/lists/{tenant_slug}',
    operationId: 'PublishedTrustList',
    summary: 'a tenant’s signed trust list',
    description:
      'The tenant’s attestations in force (subject, score, weight, assurance level, credential types, validity, ' +
      'status entry) as a JWT (application/trust-list+jwt) signed by the tenant’s oldest active DID: `iss` is ' +
      'that did:key, `sub` this URL, `exp` 20 minutes after `iat`, `attestations` the list. Public, so relying ' +
      'parties outside the service check it offline against the DID’s key; cacheable, with a strong ETag. On a ' +
      'tenant’s verified custom domain only that tenant’s list is there (any other slug is 404), `sub` under ' +
      'the domain.',
    parameters: [{ name: 'tenant_slug', in: 'path', required: true, schema: { type: 'string', examples: ['acme'] } }],
    responses: {
      '200': {
        description: 'The signed list as a compact JWS.',
        mediaTypes: ['application/trust-list+jwt'],
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
        headers: {
          ...cacheHeaders,
          ETag: { description: 'Changes whenever the list is re-signed.', schema: { type: 'string' } },
        },
      },
      '304': {
        description: 'Not modified (If-None-Match).',
        mediaTypes: ['text/plain'],
        schema: { type: 'string', maxLength: 0 },
      },
      '404': {
        description: '`trust list not found`: no such tenant, or it has no active DID to sign with.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
    },
  },
  {
    method: 'post',
    path: '/didcomm',
    operationId: 'DidcommInbound',
    summary: 'the DIDComm v2 inbox of the DIDs hosted here',
    description:
      'An agent POSTs a DIDComm v2 envelope (application/didcomm-encrypted+json: authcrypt or anoncrypt; ' +
      'application/didcomm-signed+json) for a DID hosted here. It is unpacked with the key of whichever tenant ' +
      'hosts the recipient, stored in that tenant’s inbox (GET /v1/didcomm/messages) and announced as ' +
      'didcomm.message.received; a trust ping is answered, discover-features queries are disclosed. A message id ' +
      'that arrives again is stored once. Public (the envelope is its own proof); rate limited per address, and ' +
      'each recipient DID takes at most DIDCOMM_INBOUND_PER_HOUR messages (default 100) in any hour.',
    parameters: [],
    responses: {
      '202': {
        description: '`accepted`: stored; `duplicate`: this message was stored before.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ status: z.enum(['accepted', 'duplicate']), request_id: z.string() })),
        example: { status: 'accepted', request_id: '9a4bdc64-5c1e-4f3a-8d2b-1e0f9a8b7c6d' },
      },
      '400': {
        description:
          'Not a DIDComm envelope, or it could not be decrypted or verified, or its `from` is not the DID of the key ' +
          'that encrypted (skid) or signed it (the text says why). Nothing is stored.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '404': {
        description: '`no recipient of this message is hosted here`.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '413': { description: 'The body is larger than 1 MiB.', mediaTypes: ['application/json'], schema: errorRef },
      '415': {
        description: 'Not application/didcomm-encrypted+json or application/didcomm-signed+json.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '429': {
        description:
          'The recipient’s inbox has taken DIDCOMM_INBOUND_PER_HOUR messages in the last hour (or the address its ' +
          'rate limit); Retry-After says when one more fits. Nothing is stored.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
    },
  },
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'OpenApiDocument',
    summary: 'this document',
    description: 'The OpenAPI 3.1 document of this service. Public.',
    parameters: [],
    responses: {
      '200': {
        description: 'This document.',
        mediaTypes: ['application/json'],
        schema: { type: 'object' },
        headers: cacheHeaders,
      },
    },
  },
  {
    method: 'get',
    path: '/graphiql/assets/{name}',
    operationId: 'GraphiQLAsset',
    summary: 'a file of the GraphiQL page',
    description:
      'The scripts, stylesheet and icon of the GraphiQL page (GET /graphql with Accept: text/html), served from ' +
      'this origin so the page works offline under its Content-Security-Policy. Only the names the page ' +
      'references exist; they carry a hash of their content and may be cached for a year. Served only where ' +
      'GraphiQL is on (GRAPHIQL; off in production by default); otherwise every name is 404.',
    parameters: [
      {
        name: 'name',
        in: 'path',
        required: true,
        description: 'A file name as the page references it.',
        schema: { type: 'string', examples: ['graphiql.0123456789abcdef.css'] },
      },
    ],
    responses: {
      '200': {
        description: 'The file; gzip-encoded when the request accepts it.',
        mediaTypes: ['text/javascript', 'text/css', 'image/x-icon'],
        schema: { type: 'string' },
        headers: {
          ...cacheHeaders,
          ETag: { description: 'The file’s content hash (per encoding).', schema: { type: 'string' } },
        },
      },
      '304': {
        description: 'Not modified (If-None-Match).',
        mediaTypes: ['text/plain'],
        schema: { type: 'string', maxLength: 0 },
      },
      '404': { description: 'No such file, or GraphiQL is off.', mediaTypes: ['application/json'], schema: errorRef },
    },
  },
  {
    method: 'get',
    path: '/app/{path}',
    operationId: 'Dashboard',
    summary: 'the dashboard',
    description:
      'The team dashboard, a single-page app over GraphQL, built with the service (web/, `npm run build:web`). ' +
      'Its files are the ones the build wrote, listed at start-up: content-hashed names under /app/assets/ may be ' +
      'cached for a year; any other path that names no file is a page of the app and answers its index.html ' +
      '(revalidated on every use). Every answer carries the app’s Content-Security-Policy (no inline script or ' +
      'style, connections to this origin only, never framed).',
    parameters: [
      {
        name: 'path',
        in: 'path',
        required: true,
        description: 'A file of the build, or a page of the app; empty for its start page.',
        schema: { type: 'string', examples: ['assets/index-0123abcd.js', 'dids'] },
      },
    ],
    responses: {
      '200': {
        description: 'The file, or the app’s page; gzip-encoded when the request accepts it.',
        mediaTypes: ['text/html', 'text/javascript', 'text/css', 'image/svg+xml'],
        schema: { type: 'string' },
        headers: {
          ...cacheHeaders,
          ETag: { description: 'The file’s content hash (per encoding).', schema: { type: 'string' } },
          'Content-Security-Policy': { description: 'The app’s policy.', schema: { type: 'string' } },
        },
      },
      '304': {
        description: 'Not modified (If-None-Match).',
        mediaTypes: ['text/plain'],
        schema: { type: 'string', maxLength: 0 },
      },
      '404': {
        description: 'A file name the build does not have.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '503': {
        description: 'The dashboard was not built (an install without development dependencies).',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
    },
  },
  {
    method: 'get',
    path: '/',
    operationId: 'Root',
    summary: 'to the dashboard',
    description: 'Redirects to the dashboard at /app/.',
    parameters: [],
    responses: {
      '302': {
        description: 'To /app/.',
        mediaTypes: ['text/plain'],
        schema: { type: 'string', maxLength: 0 },
        headers: { Location: { description: '/app/', schema: { type: 'string', const: '/app/' } } },
      },
    },
  },
  {
    method: 'get',
    path: '/healthz',
    operationId: 'Liveness',
    summary: 'liveness probe',
    description:
      'The process answers. Checks no dependency, so a database outage does not get healthy instances restarted. ' +
      'Not rate limited; never cached.',
    parameters: [],
    responses: {
      '200': {
        description: 'Alive.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ status: z.literal('ok') })),
        example: { status: 'ok' },
      },
    },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'Readiness',
    summary: 'readiness probe',
    description:
      'This instance can serve: the database answers, every migration of this build is applied, and Redis answers ' +
      'when REDIS_URL is set. 503 once shutdown has begun, so a load balancer drains it. Each check is bounded ' +
      '(2 s) and one answer serves the probes of the same second. Not rate limited; never cached.',
    parameters: [],
    responses: {
      '200': {
        description: 'Ready, with each check.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ status: z.literal('ready'), checks: z.record(z.string(), readinessCheck) })),
        example: {
          status: 'ready',
          checks: {
            database: { status: 'up', latency_ms: 0.8 },
            migrations: { status: 'up', latency_ms: 1.1, applied: 8 },
            redis: { status: 'up', latency_ms: 0.4 },
          },
        },
      },
      '503': {
        description: 'Not ready: `error` names the checks that failed (or `shutting down`).',
        mediaTypes: ['application/json'],
        schema: jsonSchema(
          withErrorFields(z.object({ status: z.literal('unavailable'), checks: z.record(z.string(), readinessCheck) })),
        ),
        example: {
          error: 'not ready: redis',
          code: 'UNAVAILABLE',
          request_id: '2f1c8a7e-0d5b-4c1e-9a51-6f0e1d2c3b4a',
          status: 'unavailable',
          checks: {
            database: { status: 'up', latency_ms: 0.8 },
            migrations: { status: 'up', latency_ms: 1.1, applied: 8 },
            redis: { status: 'down', latency_ms: 500.2, error: 'Connection is closed.' },
          },
        },
      },
    },
  },
  {
    method: 'get',
    path: '/metrics',
    operationId: 'Metrics',
    summary: 'Prometheus metrics',
    description:
      'Prometheus text exposition: HTTP requests and latency by route template and status, rate-limit and quota ' +
      'refusals, credentials issued and verified by format, argon2 queue, PostgreSQL pool, outbox backlog, and ' +
      'the process (CPU, memory, event loop, GC). When METRICS_TOKEN is set it must be sent as a bearer token.',
    parameters: [],
    responses: {
      '200': {
        description: 'The metrics.',
        mediaTypes: ['text/plain; version=0.0.4; charset=utf-8'],
        schema: { type: 'string' },
      },
      '401': {
        description: 'METRICS_TOKEN is set and the request did not bring it (`unauthorized`).',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
    },
  },
  {
    method: 'post',
    path: '/graphql',
    operationId: 'GraphQL',
    summary: 'GraphQL over HTTP',
    description:
      'The same operations as the REST API, for the dashboard (schema: src/graphql/schema.graphql). Each root ' +
      'field requires what its REST endpoint requires; errors carry `extensions.code` and `extensions.status`.',
    parameters: [],
    responses: {
      '200': {
        description: 'A GraphQL response; field errors are in `errors`.',
        mediaTypes: ['application/json'],
        schema: GRAPHQL_RESPONSE,
      },
      '400': {
        description:
          'A request refused before anything ran: a document that does not parse or validate, or an ' +
          'Idempotency-Key beside anything but exactly one mutation field. `data` is absent.',
        mediaTypes: ['application/json'],
        schema: GRAPHQL_RESPONSE,
      },
      '406': {
        description: 'An Accept that names neither `application/json` nor `application/graphql-response+json`.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '413': {
        description: '`request body exceeds 1048576 bytes`.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '415': {
        description: 'A body that is not `application/json`.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '421': {
        description:
          "Misdirected Request: a tenant's credentials on another tenant's verified custom domain (REST error body).",
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
      '429': {
        description: 'Rate limit exceeded; see Retry-After. The error is a GraphQL error.',
        mediaTypes: ['application/json'],
        schema: GRAPHQL_RESPONSE,
        headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
      },
    },
  },
  {
    method: 'get',
    path: '/oid4vp/requests/{handle}',
    operationId: 'Oid4vpRequestObject',
    summary: 'an OpenID4VP request object (request_uri)',
    description:
      'The request_uri of a tenant’s OpenID4VP presentation request (POST /v1/oid4vp/requests): the wallet fetches ' +
      'the signed request object here while the request is pending (OpenID4VP 1.0 §5, RFC 9101 §5.2).',
    parameters: [handleParameter],
    responses: REQUEST_OBJECT_RESPONSES,
  },
  {
    method: 'post',
    path: '/oid4vp/requests/{handle}',
    operationId: 'Oid4vpRequestObjectPost',
    summary: 'an OpenID4VP request object, for the wallet’s metadata (request_uri_method=post)',
    description:
      'OpenID4VP 1.0 §5.10: the wallet POSTs application/x-www-form-urlencoded `wallet_metadata` (JSON) and ' +
      '`wallet_nonce`; the request object answered carries that wallet_nonce.',
    parameters: [handleParameter],
    responses: REQUEST_OBJECT_RESPONSES,
  },
  {
    method: 'post',
    path: '/oid4vp/responses/{handle}',
    operationId: 'Oid4vpResponse',
    summary: 'a wallet’s OpenID4VP answer (response_uri)',
    description:
      'OpenID4VP 1.0 §8.2, §8.3.1: application/x-www-form-urlencoded, `response` (a JWE to the request’s own ' +
      'ECDH-ES P-256 key, A128GCM or A256GCM) for direct_post.jwt, or `vp_token` and `state` for direct_post; or ' +
      'the wallet’s `error` (access_denied…). Taken once, in time: each presentation is verified as ' +
      'POST /v1/credentials/verify verifies (status lists, the tenant’s trust policy) with the holder’s proof bound ' +
      'to the request’s client_id and nonce, and the DCQL query is run again on what was disclosed. The verdict is ' +
      'at GET /v1/oid4vp/requests/{id}.',
    parameters: [handleParameter],
    responses: {
      '200': {
        description:
          'Taken: verified, or the wallet’s own error recorded. Same-device requests (redirect_uri) carry the ' +
          'redirect_uri the wallet sends the user to, with #response_code=… for the tenant’s page.',
        mediaTypes: ['application/json'],
        schema: jsonSchema(z.object({ redirect_uri: z.string().optional() })),
        example: { redirect_uri: 'https://shop.example.com/checkout/verified#response_code=Xb1…' },
      },
      '400': oauthError(
        '`invalid_request`: refused, and recorded as the failed verdict with this reason (wrong nonce or aud, no ' +
          'or bad KB-JWT, revoked, expired, untrusted issuer, a requested claim not disclosed, a malformed or ' +
          'oversized JWE…); or an answer to a request answered, cancelled or expired already (nothing recorded).',
      ),
      '404': oauthError('`invalid_request`: no such request.'),
      '500': oauthError('`server_error`: the answer could not be verified; the request is recorded failed.'),
      '413': {
        description: '`request body exceeds 1048576 bytes`.',
        mediaTypes: ['application/json'],
        schema: errorRef,
      },
    },
  },
];
