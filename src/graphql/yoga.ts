// GraphQL over HTTP at /graphql. Errors are masked: only AppErrors (the contract's texts) and GraphQL's own
// request errors (syntax, validation, variable values) reach clients; anything else becomes a generic 500
// whose cause is logged. GraphiQL is served from this origin (graphiql.ts) when the config turns it on, and
// introspection is off in production unless GraphiQL is on. Limits on what one request may ask for are in
// limits.ts.
import { getOperationAST, GraphQLError, NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql';
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
    ...graphqlLimitPlugins(options.production),
    idempotencyKeyPlugin(),
    errorHeadersPlugin(),
    mutationSignalPlugin(),
  ];
  // Introspection is off in production: the schema is not advertised to whoever asks. GraphiQL turned on
  // there explicitly turns it on too, for everyone (GraphiQL's own requests carry no credential): GraphiQL
  // builds its editor's completion, validation and docs from an introspection query, and without one it is a
  // text box. Turning GraphiQL on in production is the decision to publish the schema (it is committed
  // anyway, src/graphql/schema.graphql); field suggestions stay off there (limits.ts).
  if (options.production && !graphiql) {
    plugins.push({ onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) });
  }
  if (graphiql) plugins.push(graphiqlPageHeadersPlugin());
  return createYoga<RequestContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: graphiql && { title: 'GraphiQL · Identity and Credential Service' },
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
        // Errors GraphQL itself raises (syntax, validation) carry no original error: keep them.
        if (!original) return error as Error;
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
        options.log.error({ err: original }, 'unexpected error in GraphQL operation');
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
