// The OpenAPI 3.1 document of the REST API, generated from the same definitions that serve it
// (conventions §3: never written twice): paths and methods from the endpoint table, request bodies from the
// zod schemas the service validates them with (zod's own JSON Schema output, in the REST field names, closed
// to unknown fields as the router is), response bodies by running each endpoint's own result mapper over a
// typed sample of its operation's selection, the access from the field's declaration (src/graphql/access.ts),
// and the public documents from their own table (openapi-public.ts). Every response lists the headers the
// service sends on all of them: the six security headers, X-Request-Id and the RateLimit fields.
import { PRODUCT_NAME } from '../lib/product.js';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  typeFromAST,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { z } from 'zod';
import { accessOf } from '../graphql/access.js';
import { honoursIdempotencyKey, IDEMPOTENT_REPLAYED_HEADER } from '../graphql/idempotency.js';
import { zodSchemaOfInput } from '../graphql/zod-types.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';
import { snakeCaseName } from '../lib/validation.js';
import { openApiPath, type RestEndpoint } from './endpoint.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../lib/pagination.js';
import { PUBLIC_OPERATIONS } from './openapi-public.js';
import { describeWebhooks } from './openapi-webhooks.js';
import { PUBLIC_ROUTES } from '../http/public-routes.js';

/** Every list's `limit` (src/lib/pagination.ts), as JSON Schema. */
const PAGE_LIMIT_SCHEMA = { minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE };

type JsonSchema = Record<string, unknown>;

/** The version of the REST contract this document describes. */
export const API_VERSION = '1.0.0';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'Human-readable message; fixed texts are listed in the contract.' },
    code: { type: 'string', description: 'Machine-readable category, e.g. FORBIDDEN.' },
    request_id: { type: 'string', description: 'Echoes X-Request-Id; quote it to support.' },
    details: {
      type: 'array',
      description: 'Every problem found when a body breaks several rules; `error` is the first.',
      items: {
        type: 'object',
        required: ['message'],
        properties: { field: { type: 'string', examples: ['tenant_slug'] }, message: { type: 'string' } },
      },
    },
  },
  examples: [{ error: 'unknown field: subjectid', code: 'BAD_REQUEST', request_id: '5f1c0b0e-…' }],
};

// Sent on every response (spec §4) and described once, referenced by each response.
const HEADERS: Record<string, JsonSchema> = {
  ...Object.fromEntries(
    Object.entries(SECURITY_HEADERS).map(([name, value]) => [
      name,
      { description: 'Sent on every response.', schema: { type: 'string', const: value } },
    ]),
  ),
  'X-Request-Id': {
    description: 'The request’s id: the client’s own X-Request-Id when it sent a usable one, else a new UUID.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'The caller’s bucket size (requests).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the bucket now.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again.', schema: { type: 'integer' } },
  'RateLimit-Policy': {
    description: 'The bucket’s policy, e.g. `100;w=60;burst=20`.',
    schema: { type: 'string' },
  },
};
const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } };
const headerRefs = (extra: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(Object.keys(HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }])),
  ...extra,
});

const ERROR_RESPONSES = {
  '400': 'Missing or invalid field, unknown field, unsupported value, or `invalid role_id`.',
  '401': '`unauthorized`: missing, invalid, expired or revoked session token or API key.',
  '403': "`role '<role>' lacks permission: <permission>`, `API key missing scope: <permission>`, or a plan limit.",
  '404': 'Not found, or belongs to another tenant.',
  '409': 'Conflicts with an existing resource.',
  '421':
    "Misdirected Request: the request came in on another tenant's verified custom domain. A verified domain " +
    "serves its own tenant only: call the service's own address or one of your verified domains.",
  '429': 'Rate limit exceeded; see Retry-After.',
  '503': 'The database is unreachable or the service is busy; see Retry-After.',
  '500': '`internal server error`: an unexpected failure, logged with its cause under `request_id`.',
};

/** Answers of an endpoint that takes a body, beside ERROR_RESPONSES. */
const BODY_ERROR_RESPONSES = {
  '413': '`request body exceeds 1048576 bytes`.',
};

// Endpoints whose resolver honours Idempotency-Key (src/graphql/idempotency.ts) say so: the header, the
// replay marker and the two answers the key adds (README "Idempotent retries").
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes retries safe: the same key with the same request within 24 hours returns the first response ' +
    '(marked `Idempotent-Replayed: true`) instead of acting again. Scoped to the tenant; 1 to 255 printable ' +
    'ASCII characters (a UUID is a good choice). Failed requests are not recorded: a retry runs again.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[ -~]+$' },
};

const IDEMPOTENT_REPLAYED: JsonSchema = {
  description: '`true` when this is the stored response of an earlier request with the same Idempotency-Key.',
  schema: { type: 'string', enum: ['true'] },
};

const IDEMPOTENCY_ERROR_RESPONSES = {
  '409': 'Conflicts with an existing resource, or a request with this Idempotency-Key is still in progress.',
  '422': '`Idempotency-Key was already used with a different request`.',
};

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
  JSON: {},
};

export function buildOpenApiDocument(schema: GraphQLSchema, endpoints: RestEndpoint[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const namedSchemas: Record<string, JsonSchema> = {};
  for (const endpoint of endpoints) {
    const documentPath = openApiPath(endpoint.path);
    paths[documentPath] ??= {};
    paths[documentPath][endpoint.method.toLowerCase()] = describeEndpoint(schema, endpoint, namedSchemas);
  }
  for (const operation of PUBLIC_OPERATIONS) {
    const route = PUBLIC_ROUTES.find((candidate) => candidate.path === operation.path);
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = describePublic(operation, route?.reason);
  }
  // Every public route is in the document: one the document does not describe stops the service at start-up.
  const undescribed = PUBLIC_ROUTES.filter(
    (route) => !PUBLIC_OPERATIONS.some((operation) => operation.path === route.path),
  );
  if (undescribed.length) {
    throw new Error(
      `public routes without an OpenAPI description: ${undescribed.map((route) => route.path).join(', ')}`,
    );
  }
  // What the service POSTs to subscribed endpoints, one entry per event type (OpenAPI 3.1 `webhooks`).
  const webhooks = describeWebhooks((json) => withComponents(json, namedSchemas));
  return {
    openapi: '3.1.0',
    info: {
      title: PRODUCT_NAME,
      version,
      description:
        'Multi-tenant verifiable credentials and DIDs. Authenticate with `Authorization: Bearer <session token or API key>`. ' +
        'Every error is JSON with an `error` text. Every response carries the six security headers and X-Request-Id; ' +
        'rate-limited ones RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy.',
    },
    servers: [{ url: '/', description: 'This service: paths are relative to where this document was fetched.' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Session token (bss_…) or API key (bsk_live_…).' },
      },
      schemas: { Error: ERROR_SCHEMA, ...namedSchemas },
      headers: { ...HEADERS, 'Retry-After': RETRY_AFTER },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    webhooks,
  };
}

function errorResponses(texts: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(texts).map(([status, text]) => [
      status,
      {
        description: text,
        headers: headerRefs(
          status === '429' || status === '503' ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {},
        ),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

/**
 * The operation's variables that an endpoint fills from its path parameters: found by running its variables
 * mapper on a request whose parameters are markers and whose query is empty. Every other variable (but
 * `input`) is a query parameter.
 */
function pathVariables(endpoint: RestEndpoint, pathParams: string[]): Set<string> {
  if (!pathParams.length) return new Set();
  const marker = (name: string) => `\u0000path:${name}`;
  const params = Object.fromEntries(pathParams.map((name) => [name, marker(name)]));
  const variables =
    endpoint.variables?.({ params, query: new URLSearchParams(), body: {} }, undefined) ??
    Object.fromEntries(pathParams.map((name) => [name, marker(name)]));
  const markers = new Set(pathParams.map(marker));
  return new Set(Object.keys(variables).filter((name) => markers.has(variables[name] as string)));
}

function describeEndpoint(schema: GraphQLSchema, endpoint: RestEndpoint, namedSchemas: Record<string, JsonSchema>) {
  const operation = parse(endpoint.operation).definitions[0] as OperationDefinitionNode;
  const rootType = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const rootSelection = operation.selectionSet.selections[0]!;
  if (rootSelection.kind !== Kind.FIELD) throw new Error(`${endpoint.path}: expected a field selection`);
  const field = rootType.getFields()[rootSelection.name.value]!;
  const permission = requiredPermission(field);
  const idempotent = honoursIdempotencyKey(field);
  const pathParams = [...endpoint.path.matchAll(/:([a-z_]+)/g)].map((match) => match[1]!);
  const fromPath = pathVariables(endpoint, pathParams);
  const queryParams = (operation.variableDefinitions ?? [])
    .map((variable) => variable.variable.name.value)
    .filter((name) => name !== 'input' && !fromPath.has(name));

  const markers: JsonSchema[] = [];
  const sample = { [rootSelection.name.value]: sampleOf(field.type, rootSelection.selectionSet, markers) };
  const description = [field.description, permission && `Requires the permission \`${permission}\`.`]
    .filter(Boolean)
    .join('\n\n');
  const errors: Record<string, string> = {
    ...ERROR_RESPONSES,
    ...(endpoint.bodyInput && BODY_ERROR_RESPONSES),
    ...(idempotent && IDEMPOTENCY_ERROR_RESPONSES),
  };
  // A public operation has no permission to lack and no tenant to misdirect: a 403 is then only one its own
  // rule answers (refusals).
  if (accessOf(field)?.kind === 'public') {
    delete errors['403'];
    delete errors['421'];
  }
  Object.assign(errors, endpoint.refusals);
  return {
    operationId: operation.name?.value,
    summary: operation.name?.value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    ...(description && { description }),
    ...(accessOf(field)?.kind === 'public' ? { security: [] } : { security: [{ bearer: [] }] }),
    parameters: [
      ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...queryParams.map((name) => {
        // A query parameter is the field's argument of the same name (snake_case in REST, as bodies are), and
        // says what that argument says; required when its variable is.
        const description = field.args.find((argument) => argument.name === name)?.description;
        const definition = operation.variableDefinitions?.find((variable) => variable.variable.name.value === name);
        return {
          name: snakeCaseName(name),
          in: 'query',
          required: definition?.type.kind === Kind.NON_NULL_TYPE,
          ...(description && { description: description.replace('nextCursor', 'next_cursor') }),
          schema: { ...variableSchema(schema, operation, name), ...(name === 'limit' && PAGE_LIMIT_SCHEMA) },
        };
      }),
      ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ],
    ...(endpoint.bodyInput && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: requestBodySchema(endpoint.bodyInput, namedSchemas) } },
      },
    }),
    responses: {
      '200': {
        description: 'OK',
        headers: headerRefs(idempotent ? { [IDEMPOTENT_REPLAYED_HEADER]: IDEMPOTENT_REPLAYED } : {}),
        content: {
          'application/json': {
            schema: resultFieldsAsDeclared(schemaOfSample(endpoint.result(sample), markers), endpoint),
          },
        },
      },
      ...errorResponses(errors),
    },
  };
}

function describePublic(operation: (typeof PUBLIC_OPERATIONS)[number], reason: string | undefined) {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: [operation.description, reason && `Public: ${reason}.`].filter(Boolean).join('\n\n'),
    security: [],
    parameters: operation.parameters,
    ...(operation.requestBody && {
      requestBody: {
        description: operation.requestBody.description,
        required: true,
        content: Object.fromEntries(
          operation.requestBody.mediaTypes.map((mediaType) => [mediaType, { schema: operation.requestBody!.schema }]),
        ),
      },
    }),
    responses: {
      // Every route is rate limited and may fail unexpectedly; an operation describing either itself wins.
      ...errorResponses({ '429': ERROR_RESPONSES['429'], '500': ERROR_RESPONSES['500'] }),
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            headers: headerRefs(response.headers ?? {}),
            content: Object.fromEntries(
              response.mediaTypes.map((mediaType) => [
                mediaType,
                { schema: response.schema, ...(response.example !== undefined && { example: response.example }) },
              ]),
            ),
          },
        ]),
      ),
    },
  };
}

function requiredPermission(field: GraphQLField<unknown, unknown>): string | undefined {
  const access = accessOf(field);
  return access?.kind === 'permission' ? access.permission : undefined;
}

function variableSchema(schema: GraphQLSchema, operation: OperationDefinitionNode, name: string): JsonSchema {
  const variable = operation.variableDefinitions?.find((definition) => definition.variable.name.value === name);
  const type = variable && typeFromAST(schema, variable.type as never);
  if (!type) return { type: 'string' };
  const named = getNamedType(type);
  if (isEnumType(named)) return { type: 'string', enum: named.getValues().map((value) => value.value) };
  return SCALARS[named.name] ?? { type: 'string' };
}

/**
 * A request body as the contract spells it: zod's JSON Schema of the rules the service applies (io: input),
 * with the REST field names, closed to fields it does not define (the router refuses them).
 */
function requestBodySchema(typeName: string, namedSchemas: Record<string, JsonSchema>): JsonSchema {
  const rules = zodSchemaOfInput(typeName);
  if (!rules) throw new Error(`REST body type ${typeName} was not derived from a zod schema`);
  const json = z.toJSONSchema(rules, {
    io: 'input',
    unrepresentable: 'any',
    // An ISO date-time's format says it all; zod's equivalent pattern is a wall of regex.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
    },
  }) as JsonSchema;
  const body = withComponents(json, namedSchemas);
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...body,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [snakeCaseName(name), property]),
    ),
    ...(Array.isArray(json.required) && { required: (json.required as string[]).map(snakeCaseName) }),
    additionalProperties: false,
  };
}

/**
 * zod's JSON Schema of a body without its `$defs`: named schemas (a z.enum with .meta({ id })) become
 * components, shared by every body that uses them, and are referenced there.
 */
function withComponents(json: JsonSchema, namedSchemas: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _schema, $defs, ...rest } = json;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    namedSchemas[name] ??= pointDefsAtComponents(definition) as JsonSchema;
  }
  return pointDefsAtComponents(rest) as JsonSchema;
}

function pointDefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointDefsAtComponents);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/$defs/', '#/components/schemas/')
        : pointDefsAtComponents(inner),
    ]),
  );
}

/**
 * A sample of the operation's data whose leaves are markers standing for their JSON Schema. A field's
 * description goes with its marker; a list of scalars is one marker, so that it can say it may be null.
 */
function sampleOf(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  markers: JsonSchema[],
  description?: string | null,
): unknown {
  const inner = getNullableType(type);
  if (isListType(inner) && !isLeafType(getNamedType(inner))) return [sampleOf(inner.ofType, selectionSet, markers)];
  if (isObjectType(inner) && selectionSet) {
    const fields = inner.getFields();
    const sample: Record<string, unknown> = {};
    for (const selection of selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const child = fields[selection.name.value]!;
      const value = sampleOf(child.type, selection.selectionSet, markers, child.description);
      // A nullable object field says so through the result mapper by a key no mapper renames (schemaOfSample).
      const nullableObject = !isNonNullType(child.type) && isObjectType(getNullableType(child.type));
      sample[selection.alias?.value ?? selection.name.value] =
        nullableObject && selection.selectionSet ? { [NULLABLE_OBJECT]: true, ...(value as object) } : value;
    }
    return sample;
  }
  markers.push({ ...leafSchema(type), ...(description && { description }) });
  return `\u0000${markers.length - 1}`;
}

/** The sample key that marks an object the operation may answer null for. */
const NULLABLE_OBJECT = '\u0000nullable';

function leafSchema(type: GraphQLOutputType): JsonSchema {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  if (isListType(inner)) return withNull({ type: 'array', items: leafSchema(inner.ofType) }, nullable);
  const named = getNamedType(inner);
  // REST answers a closed set by its values (`vc+sd-jwt`), not GraphQL's enum names (src/rest/result-mapping.ts).
  const base = isEnumType(named)
    ? { type: 'string', enum: named.getValues().map((value) => value.value) }
    : (SCALARS[named.name] ?? {});
  return withNull(base, nullable);
}

function schemaOfSample(value: unknown, markers: JsonSchema[]): JsonSchema {
  if (typeof value === 'string' && value.startsWith('\u0000')) return markers[Number(value.slice(1))]!;
  if (Array.isArray(value)) return { type: 'array', items: value.length ? schemaOfSample(value[0], markers) : {} };
  if (value && typeof value === 'object') {
    const { [NULLABLE_OBJECT]: nullable, ...fields } = value as Record<string, unknown>;
    const properties = Object.fromEntries(
      Object.entries(fields).map(([key, inner]) => [key, schemaOfSample(inner, markers)]),
    );
    // Closed: a field the service adds to an answer without its documentation is drift, and the suite's check
    // of every answer against this document (test/support/openapi-responses.ts) then fails.
    return {
      type: nullable ? ['object', 'null'] : 'object',
      required: Object.keys(properties),
      properties,
      additionalProperties: false,
    };
  }
  return value === null ? { type: 'null' } : { type: typeof value, const: value };
}

/**
 * The body's schema as the endpoint declares its top-level fields: not required where it leaves them out when
 * they have nothing to say, null allowed where they may be null (the sample cannot show either).
 */
function resultFieldsAsDeclared(schema: JsonSchema, endpoint: RestEndpoint): JsonSchema {
  const { optionalResultFields: optional = [], nullableResultFields: nullable = [] } = endpoint;
  if (!optional.length && !nullable.length) return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const name of nullable) properties[name] = withNull(properties[name]!, true);
  return {
    ...schema,
    properties,
    required: ((schema.required ?? []) as string[]).filter((name) => !optional.includes(name)),
  };
}

function withNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable || typeof schema.type !== 'string') return schema;
  return {
    ...schema,
    type: [schema.type, 'null'],
    ...(Array.isArray(schema.enum) && { enum: [...schema.enum, null] }),
  };
}
