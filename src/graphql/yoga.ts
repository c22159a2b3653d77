// GraphQL over HTTP at /graphql. Errors are masked: only AppErrors (the contract's texts) and GraphQL's own
// request errors (syntax, validation, variable values) reach clients; anything else becomes a generic 500
// whose cause is logged. GraphiQL is served from this origin (graphiql.ts) when the config turns it on, and
// introspection is off in production unless GraphiQL is on. Limits on what one request may ask for are in
// limits.ts.
import { PRODUCT_NAME } from '../lib/product.js';
import {
  getLocation,
  getOperationAST,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  visit,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type GraphQLSchema,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import { databaseErrorAnswer } from '../db/unavailable.js';
import { findAppError } from '../lib/errors.js';
import { graphQLErrorOf } from './errors.js';
import { MESSAGES } from '../lib/messages.js';
import type { Logger } from '../lib/logger.js';
import type { RequestContext } from './context.js';
import { graphiqlPageHeadersPlugin, renderGraphiQLPage } from './graphiql.js';
import { idempotencyKeyPlugin } from './idempotency.js';
import { graphqlLimitPlugins } from './limits.js';
import { contractTextOfVariableError } from './zod-types.js';

export const GRAPHQL_PATH = '/graphql';

export type GraphQLHandlerOptions = {
  production: boolean;
  /**
   * Serve GraphiQL at GET /graphql (Accept: text/html): Config `graphiql`, on in development, off in
   * production unless GRAPHIQL=true.
   */
  graphiql: boolean;
  log: Logger;
};

export function createGraphQLHandler(schema: GraphQLSchema, options: GraphQLHandlerOptions) {
  const { graphiql } = options;
  const plugins: Plugin[] = [
    ...graphqlLimitPlugins(),
    idempotencyKeyPlugin(),
    errorHeadersPlugin(),
    mutationSignalPlugin(),
    compiledExecutionPlugin(),
  ];
  // Introspection is off in production: the schema is not advertised to whoever asks. GraphiQL turned on
  // there explicitly turns it on too, for everyone (GraphiQL's own requests carry no credential): GraphiQL
  // builds its editor's completion, validation and docs from an introspection query, and without one it is a
  // text box. Turning GraphiQL on in production is the decision to publish the schema (it is committed
  // anyway, src/graphql/schema.graphql); suggestions of names are off everywhere (limits.ts).
  if (options.production && !graphiql) {
    plugins.push({ onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) });
  }
  if (graphiql) plugins.push(graphiqlPageHeadersPlugin());
  return createYoga<RequestContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: graphiql && { title: `GraphiQL · ${PRODUCT_NAME}` },
    renderGraphiQL: renderGraphiQLPage,
    // CORS is the app's (src/http/cors.ts: exact origins from CORS_ORIGINS); Yoga's default would reflect
    // any Origin with credentials allowed.
    cors: false,
    landingPage: false,
    logging: false,
    // The app has read the body already, bounded by the same 1 MiB as REST (http.ts); Yoga's own limit piped
    // every request's body through a TransformStream, some 5% of a GraphQL read's CPU in a profile.
    maxRequestBodySize: false,
    plugins,
    maskedErrors: {
      maskError: (error) => {
        const appError = findAppError(error);
        if (appError) return graphQLErrorOf(appError, error instanceof GraphQLError ? error : undefined);
        const original = (error as { originalError?: unknown }).originalError;
        // Errors GraphQL itself raises (syntax, validation) carry no original error: keep them. Anything else
        // thrown while parsing or validating (a RangeError from a recursion, a bug) is ours, as below.
        if (!original && error instanceof GraphQLError) return error;
        const answer = databaseErrorAnswer(original);
        if (answer) {
          options.log.warn({ err: original }, 'database refused the request');
          return graphQLErrorOf(answer, error as GraphQLError);
        }
        // A variable of the wrong type or with an unknown field, a document over a limit: graphql-js (or
        // GraphQL Armor) raised its own error and nothing ran. A 400, over HTTP too.
        if (raisedByGraphQL(error)) {
          const message = (error as Error).message;
          const contract = contractTextOfVariableError(message);
          return createGraphQLError(contract?.message ?? message, {
            extensions: {
              code: 'BAD_REQUEST',
              status: 400,
              http: { status: 400 },
              // The field, as REST's details name it (the contract's text alone may not).
              ...(contract && { details: [contract] }),
            },
          });
        }
        options.log.error({ err: original ?? error }, 'unexpected error in GraphQL operation');
        return createGraphQLError(MESSAGES.internal, { extensions: { code: 'INTERNAL', status: 500 } });
      },
    },
  });
}

/** True when every error in the chain is a GraphQLError, i.e. no code of ours (or a library's) threw. */
function raisedByGraphQL(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8; depth++) {
    if (!(current instanceof GraphQLError)) return false;
    if (!current.originalError) return true;
    current = current.originalError;
  }
  return false;
}

/**
 * Runs a document compiled to JavaScript by graphql-jit (the same schema and resolvers, so scope-auth still
 * decides; REST runs its operations the same way, src/rest/router.ts) once it has been asked for before: the
 * dashboard and integrations send the same few documents again and again, and those run without execute()'s
 * walk. A document seen once runs through graphql-js, so a client sending ever new documents cannot make every
 * request pay for a compilation (documents are Yoga's parsed ones, the same object for the same text from its
 * parse cache, remembered weakly). So do variables graphql-js refuses: its messages are the ones clients get.
 */
function compiledExecutionPlugin(): Plugin {
  const seen = new WeakSet<DocumentNode>();
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();
  const compiledFor = (schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined) => {
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    const key = operationName ?? '';
    if (!byName.has(key)) {
      const query = compileQuery(schema, document, operationName);
      byName.set(key, isCompiledQuery(query) ? query : null);
    }
    return byName.get(key)!;
  };
  return {
    onExecute({ args, setExecuteFn }) {
      const { schema, document, variableValues } = args;
      const operationName = args.operationName ?? undefined;
      if (!seen.has(document)) {
        seen.add(document);
        return;
      }
      const operation = getOperationAST(document, operationName);
      if (!operation || operation.operation === 'subscription') return;
      const definitions = operation.variableDefinitions ?? [];
      if (
        definitions.length &&
        getVariableValues(schema, definitions, variableValues ?? {}, { hideSuggestions: true }).errors
      )
        return;
      const query = compiledFor(schema, document, operationName);
      if (!query) return;
      // A query without variables: its answer may be learnt and given again without Yoga (known-answers.ts).
      const plain = operation.operation === 'query' && !definitions.length && isEmpty(variableValues);
      setExecuteFn(async (run) => {
        const { compiledRun } = run.contextValue as RequestContext;
        const done = compiledRun?.done?.query === query ? compiledRun.done.result : undefined;
        const result =
          done ?? ((await query.query(run.rootValue, run.contextValue, run.variableValues ?? {})) as ExecutionResult);
        compiledRun?.ran(query, result, plain);
        if (!result.errors?.length) return result;
        // errors before data, as graphql-js orders them, so the answer's bytes are the same either way
        const { errors, data, ...rest } = result;
        return { errors: errors.map((error) => withFieldNodes(error, document)), data, ...rest };
      });
    },
  };
}

const isEmpty = (values: Record<string, unknown> | null | undefined) => !values || !Object.keys(values).length;

/** A document's fields by where they start (line:column): what a compiled operation's errors point at. */
const fieldsByLocation = new WeakMap<DocumentNode, Map<string, FieldNode>>();

/**
 * A compiled operation's error as graphql-js would have raised it: graphql-jit's errors carry the field's
 * line and column but not its node, and Yoga rebuilds every error from its nodes, which would drop
 * `locations` from the answer. The node is found again by its place in the document.
 */
function withFieldNodes(error: GraphQLError, document: DocumentNode): GraphQLError {
  let fields = fieldsByLocation.get(document);
  if (!fields) {
    const found = new Map<string, FieldNode>();
    visit(document, {
      Field(node) {
        if (!node.loc) return;
        const { line, column } = getLocation(node.loc.source, node.loc.start);
        found.set(`${line}:${column}`, node);
      },
    });
    fieldsByLocation.set(document, (fields = found));
  }
  const nodes = (error.locations ?? []).flatMap(({ line, column }) => fields.get(`${line}:${column}`) ?? []);
  return new GraphQLError(error.message, {
    nodes: nodes.length ? nodes : undefined,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** Tells the request that it executes a mutation (RequestContext.markMutation). */
function mutationSignalPlugin(): Plugin {
  return {
    onExecute: ({ args }) => {
      if (getOperationAST(args.document, args.operationName)?.operation === 'mutation')
        (args.contextValue as unknown as RequestContext).markMutation?.();
    },
  };
}

/**
 * The HTTP headers that belong with an error a field raised (Retry-After on a 429 or a 503) go out on the
 * response, as they do over REST: the status stays in the error (other fields may have succeeded).
 */
function errorHeadersPlugin(): Plugin {
  return {
    onExecute: () => ({
      onExecuteDone({ args, result }) {
        const context = args.contextValue as unknown as RequestContext;
        const errors = 'errors' in result ? (result.errors ?? []) : [];
        for (const error of errors) {
          const appError = findAppError(error);
          if (!appError) continue;
          for (const [name, value] of Object.entries(appError.headers)) context.setResponseHeader(name, value);
        }
      },
    }),
  };
}
