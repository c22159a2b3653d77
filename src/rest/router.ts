// Executes a REST endpoint's fixed GraphQL operation with the request's context and turns the result into
// the contract's body and status. No rule lives here: validation, authorization and storage are all
// behind the schema.
import type { IncomingMessage } from 'node:http';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import {
  GraphQLSchema,
  OperationTypeNode,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';
import { accessFailure, accessOf, type Access } from '../graphql/access.js';
import { AppError, badRequest, findAppError, internalError } from '../lib/errors.js';
import type { RequestContext } from '../graphql/context.js';
import { readJsonObject } from '../http/body.js';
import { databaseErrorAnswer } from '../db/unavailable.js';
import { assertCleanJson } from '../lib/json-guards.js';
import { compileVariables, createBodyMapper, type BodyMapper } from './body-mapping.js';
import { compileResultMapping } from './result-mapping.js';
import { openApiPath, type RestEndpoint, type RestRequest } from './endpoint.js';

type CompiledEndpoint = RestEndpoint & {
  /** The operation compiled to JavaScript once (graphql-jit): the same resolvers, without execute()'s walk. */
  query: CompiledQuery;
  /** The endpoint's variables with closed-set values as GraphQL enum names. */
  toVariables: (variables: Record<string, unknown>) => Record<string, unknown>;
  /** The operation's data with enum names back as the contract's values. */
  fromData: (data: Record<string, unknown>) => Record<string, unknown>;
  access: Access;
  segments: string[];
  /** Literal (1) or parameter (0) per segment: the most specific matching template wins. */
  specificity: string;
  /** The path as the OpenAPI document writes it (`/v1/dids/{did}`): the route label of metrics. */
  documentPath: string;
  mapBody: BodyMapper | undefined;
};

export type RestMatch =
  | { kind: 'found'; endpoint: CompiledEndpoint; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export type RestOutcome = { status: number; body: unknown };

export function createRestRouter(schema: GraphQLSchema, endpoints: RestEndpoint[]) {
  const mutationsAsQueries = mutationRootAsQueryRoot(schema);
  const compiled = endpoints.map((endpoint) => compile(schema, mutationsAsQueries, endpoint));

  // Templates without parameters, by their segments: the most specific match there is, found without a scan.
  const literal = new Map<string, CompiledEndpoint[]>();
  for (const endpoint of compiled) {
    if (!endpoint.specificity.includes('0')) {
      const key = endpoint.segments.join('/');
      literal.set(key, [...(literal.get(key) ?? []), endpoint]);
    }
  }

  /**
   * The endpoints of the most specific template that matches, where a literal segment beats a parameter at
   * the same position: GET /v1/credentials/issue is a 405 of POST /v1/credentials/issue, not a lookup of a
   * credential whose id is "issue".
   */
  function templateAt(pathname: string): { endpoints: CompiledEndpoint[]; params: Record<string, string> } | undefined {
    const parts = pathname.split('/').filter(Boolean);
    const exact = literal.get(parts.join('/'));
    if (exact) return { endpoints: exact, params: {} };
    let best: { template: string; specificity: string; params: Record<string, string> } | undefined;
    const candidates: CompiledEndpoint[] = [];
    for (const endpoint of compiled) {
      const params = matchPath(endpoint.segments, parts);
      if (!params) continue;
      if (!best || endpoint.specificity > best.specificity)
        best = { template: endpoint.path, specificity: endpoint.specificity, params };
      candidates.push(endpoint);
    }
    if (!best) return undefined;
    return { endpoints: candidates.filter((endpoint) => endpoint.path === best.template), params: best.params };
  }

  function match(method: string, pathname: string): RestMatch {
    const at = templateAt(pathname);
    if (!at) return { kind: 'not-found' };
    const endpoint = at.endpoints.find((candidate) => candidate.method === method);
    if (endpoint) return { kind: 'found', endpoint, params: at.params };
    return { kind: 'method-not-allowed', allow: at.endpoints.map((candidate) => candidate.method) };
  }

  /** The methods the table declares for a path, or undefined when no template takes it. */
  function methodsAt(pathname: string): string[] | undefined {
    return templateAt(pathname)?.endpoints.map((endpoint) => endpoint.method);
  }

  async function run(
    endpoint: CompiledEndpoint,
    params: Record<string, string>,
    request: IncomingMessage,
    url: URL,
    context: RequestContext,
  ): Promise<RestOutcome> {
    // Access first (the same answer scope-auth gives during execution), then the body.
    const denied = accessFailure(endpoint.access, context.principal);
    if (denied) throw denied;
    // Path and query strings reach PostgreSQL too: the same NUL rule as bodies.
    assertCleanJson([params, [...url.searchParams.entries()]], 'request');
    const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : await readJsonObject(request);
    const restRequest: RestRequest = { params, query: url.searchParams, body };
    const input = endpoint.mapBody?.(body, endpoint.checkFirst);
    const variables = endpoint.variables ? endpoint.variables(restRequest, input) : input ? { input } : {};
    const variableValues = endpoint.toVariables(variables);
    const result = await endpoint.query.query(undefined, context, variableValues);
    if (result.errors?.length) throw toAppError(result.errors[0], context);
    const data = endpoint.fromData(result.data as Record<string, unknown>);
    return { status: 200, body: endpoint.result(data) };
  }

  return { match, methodsAt, run };
}

/**
 * The schema with its mutation type as the query root, to run a REST endpoint's mutation — one root field, which
 * serial execution does not change — as the equivalent query. graphql-jit runs a mutation's root fields one after
 * another through a queue it adds, with its callbacks, to each request's execution context, and on the issue path
 * that per-request machinery kept every request's objects alive through V8's young-generation collections until
 * a full one: some 2.9 MB promoted per scavenge at 3,500 issues a second, against 0.7 MB run as a query. The
 * resolvers get the same arguments, context and parent type; only `info.operation` and `info.schema` differ.
 */
function mutationRootAsQueryRoot(schema: GraphQLSchema): GraphQLSchema | null {
  const mutation = schema.getMutationType();
  if (!mutation) return null;
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, query: mutation, mutation: null, subscription: null });
}

/** A one-field mutation as a query (mutationRootAsQueryRoot); any other operation as it is. */
function executable(document: DocumentNode, asQueries: GraphQLSchema | null, schema: GraphQLSchema) {
  const operation = document.definitions[0] as OperationDefinitionNode;
  if (
    !asQueries ||
    operation.operation !== OperationTypeNode.MUTATION ||
    operation.selectionSet.selections.length !== 1
  ) {
    return { schema, document };
  }
  const asQuery: OperationDefinitionNode = { ...operation, operation: OperationTypeNode.QUERY };
  return { schema: asQueries, document: { ...document, definitions: [asQuery] } };
}

function compile(schema: GraphQLSchema, asQueries: GraphQLSchema | null, endpoint: RestEndpoint): CompiledEndpoint {
  const document = parse(endpoint.operation);
  const errors = validate(schema, document);
  if (errors.length) {
    throw new Error(
      `REST ${endpoint.method} ${endpoint.path}: invalid operation: ${errors.map((e) => e.message).join('; ')}`,
    );
  }
  const operation = document.definitions[0] as OperationDefinitionNode;
  const run = executable(document, asQueries, schema);
  const query = compileQuery(run.schema, run.document);
  if (!isCompiledQuery(query)) {
    throw new Error(`REST ${endpoint.method} ${endpoint.path}: ${query.errors?.map((e) => e.message).join('; ')}`);
  }
  const rootType = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const selection = operation.selectionSet.selections[0] as FieldNode;
  const access = accessOf(rootType!.getFields()[selection.name.value]!);
  if (!access) throw new Error(`REST ${endpoint.method} ${endpoint.path}: its root field declares no access`);
  return {
    ...endpoint,
    query,
    toVariables: compileVariables(schema, operation),
    fromData: compileResultMapping(schema, operation),
    access,
    segments: endpoint.path.split('/').filter(Boolean),
    documentPath: openApiPath(endpoint.path),
    // One character per segment, literal '1' before parameter '0': compared as strings, the greater wins.
    specificity: endpoint.path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '0' : '1'))
      .join(''),
    mapBody: endpoint.bodyInput ? createBodyMapper(schema, endpoint.bodyInput) : undefined,
  };
}

function matchPath(segments: string[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (segment !== part) {
      return null;
    }
  }
  return params;
}

function toAppError(error: unknown, context: RequestContext): AppError {
  const appError = findAppError(error);
  if (appError) return appError;
  // Variable coercion errors cannot normally happen (bodies are checked first); say so plainly if they do.
  const graphQLError = error as { path?: unknown; originalError?: unknown; message?: string };
  if (!graphQLError.path && !graphQLError.originalError) return badRequest(graphQLError.message ?? 'invalid request');
  const answer = databaseErrorAnswer(graphQLError.originalError ?? error);
  if (answer) {
    context.log.warn({ err: graphQLError.originalError ?? error }, 'database refused the request');
    return answer;
  }
  context.log.error({ err: graphQLError.originalError ?? error }, 'unexpected error in REST operation');
  return internalError();
}
