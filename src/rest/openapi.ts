// The OpenAPI 3.1 document of the /v1 REST API, generated from the same definitions that serve it
// (conventions §3: never written twice): paths and methods from the endpoint table, request bodies from the
// GraphQL input types they map onto, response bodies by running each endpoint's own result mapper over a
// typed sample of its operation's selection, and the required permission from the field's scope-auth
// declaration.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { accessOf } from '../graphql/access.js';
import type { RestEndpoint } from './endpoint.js';
import { snakeCase } from './endpoint.js';
import { honoursIdempotencyKey, IDEMPOTENT_REPLAYED_HEADER } from '../graphql/idempotency.js';

type JsonSchema = Record<string, unknown>;

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'Human-readable message; fixed texts are listed in the contract.' },
    code: { type: 'string', description: 'Machine-readable category, e.g. FORBIDDEN.' },
    request_id: { type: 'string', description: 'Echoes X-Request-Id; quote it to support.' },
  },
};

const ERROR_RESPONSES = {
  '400': 'Missing or invalid field, unsupported value, or `invalid role_id`.',
  '401': '`unauthorized`: missing, invalid, expired or revoked session token or API key.',
  '403': "`role '<role>' lacks permission: <permission>`, `API key missing scope: <permission>`, or a plan limit.",
  '404': 'Not found, or belongs to another tenant.',
  '409': 'Conflicts with an existing resource.',
  '429': 'Rate limit exceeded; see Retry-After.',
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
  for (const endpoint of endpoints) {
    const openApiPath = endpoint.path.replace(/:([a-z_]+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][endpoint.method.toLowerCase()] = describeEndpoint(schema, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Identity and Credential Service',
      version,
      description:
        'Multi-tenant verifiable credentials and DIDs. Authenticate with `Authorization: Bearer <session token or API key>`. ' +
        'Every error is JSON with an `error` text. Authenticated responses carry RateLimit-Limit, RateLimit-Remaining, ' +
        'RateLimit-Reset and RateLimit-Policy.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Session token (bss_…) or API key (bsk_live_…).' },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}

function describeEndpoint(schema: GraphQLSchema, endpoint: RestEndpoint) {
  const operation = parse(endpoint.operation).definitions[0] as OperationDefinitionNode;
  const rootType = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const rootSelection = operation.selectionSet.selections[0]!;
  if (rootSelection.kind !== Kind.FIELD) throw new Error(`${endpoint.path}: expected a field selection`);
  const field = rootType.getFields()[rootSelection.name.value]!;
  const permission = requiredPermission(field);
  const idempotent = honoursIdempotencyKey(field);
  const pathParams = [...endpoint.path.matchAll(/:([a-z_]+)/g)].map((match) => match[1]!);
  const queryParams = pathParams.length
    ? []
    : (operation.variableDefinitions ?? [])
        .map((variable) => variable.variable.name.value)
        .filter((name) => name !== 'input');

  const markers: JsonSchema[] = [];
  const sample = { [rootSelection.name.value]: sampleOf(field.type, rootSelection.selectionSet, markers) };
  const description = [field.description, permission && `Requires the permission \`${permission}\`.`]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: operation.name?.value,
    summary: operation.name?.value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    ...(description && { description }),
    ...(accessOf(field)?.kind === 'public' ? { security: [] } : { security: [{ bearer: [] }] }),
    parameters: [
      ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...queryParams.map((name) => ({ name, in: 'query', required: false, schema: scalarFor(operation, name) })),
      ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ],
    ...(endpoint.bodyInput && {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: inputSchema(schema.getType(endpoint.bodyInput) as GraphQLInputType) },
        },
      },
    }),
    responses: {
      '200': {
        description: 'OK',
        ...(idempotent && { headers: { [IDEMPOTENT_REPLAYED_HEADER]: IDEMPOTENT_REPLAYED } }),
        content: { 'application/json': { schema: schemaOfSample(endpoint.result(sample), markers) } },
      },
      ...Object.fromEntries(
        Object.entries({ ...ERROR_RESPONSES, ...(idempotent && IDEMPOTENCY_ERROR_RESPONSES) }).map(([status, text]) => [
          status,
          { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

function requiredPermission(field: GraphQLField<unknown, unknown>): string | undefined {
  const access = accessOf(field);
  return access?.kind === 'permission' ? access.permission : undefined;
}

function scalarFor(operation: OperationDefinitionNode, name: string): JsonSchema {
  const variable = operation.variableDefinitions?.find((definition) => definition.variable.name.value === name);
  let type = variable?.type;
  while (type && type.kind !== Kind.NAMED_TYPE) type = type.type;
  return SCALARS[type?.name.value ?? 'String'] ?? { type: 'string' };
}

/** A sample of the operation's data whose leaves are markers standing for their JSON Schema. */
function sampleOf(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, markers: JsonSchema[]): unknown {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleOf(inner.ofType, selectionSet, markers)];
  if (isObjectType(inner) && selectionSet) {
    const fields = inner.getFields();
    const sample: Record<string, unknown> = {};
    for (const selection of selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const child = fields[selection.name.value]!;
      sample[selection.alias?.value ?? selection.name.value] = sampleOf(child.type, selection.selectionSet, markers);
    }
    return sample;
  }
  const named = getNamedType(inner);
  const base = isEnumType(named)
    ? { type: 'string', enum: named.getValues().map((value) => value.name) }
    : (SCALARS[named.name] ?? {});
  markers.push(withNull(base, nullable));
  return `\u0000${markers.length - 1}`;
}

function schemaOfSample(value: unknown, markers: JsonSchema[]): JsonSchema {
  if (typeof value === 'string' && value.startsWith('\u0000')) return markers[Number(value.slice(1))]!;
  if (Array.isArray(value)) return { type: 'array', items: value.length ? schemaOfSample(value[0], markers) : {} };
  if (value && typeof value === 'object') {
    const properties = Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, schemaOfSample(inner, markers)]),
    );
    return { type: 'object', required: Object.keys(properties), properties };
  }
  return value === null ? { type: 'null' } : { type: typeof value, const: value };
}

function inputSchema(type: GraphQLInputType): JsonSchema {
  const inner = getNullableType(type);
  if (isListType(inner)) return { type: 'array', items: inputSchema(inner.ofType) };
  if (isInputObjectType(inner)) {
    return {
      type: 'object',
      ...(inner.description && { description: inner.description }),
      properties: Object.fromEntries(
        Object.values(inner.getFields()).map((field) => [
          snakeCase(field.name),
          { ...inputSchema(field.type), ...(field.description && { description: field.description }) },
        ]),
      ),
    };
  }
  const named = getNamedType(inner);
  return SCALARS[named.name] ?? { type: 'string' };
}

function withNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable || typeof schema.type !== 'string') return schema;
  return { ...schema, type: [schema.type, 'null'] };
}
