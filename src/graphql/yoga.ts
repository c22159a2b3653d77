// GraphQL over HTTP at /graphql. Errors are masked: only AppErrors (the contract's texts) reach clients;
// anything else becomes a generic 500-class error whose cause is logged. GraphiQL and introspection are
// off in production.
import { NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import { findAppError } from '../lib/errors.js';
import { MESSAGES } from '../lib/messages.js';
import type { Logger } from '../lib/logger.js';
import type { RequestContext } from './context.js';
import { idempotencyKeyPlugin } from './idempotency.js';

export const GRAPHQL_PATH = '/graphql';

export function createGraphQLHandler(schema: GraphQLSchema, options: { production: boolean; log: Logger }) {
  const plugins: Plugin[] = [idempotencyKeyPlugin()];
  if (options.production) {
    plugins.push({ onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) });
  }
  return createYoga<RequestContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: !options.production,
    landingPage: false,
    logging: false,
    plugins,
    maskedErrors: {
      maskError: (error) => {
        if (findAppError(error)) return error as Error;
        const original = (error as { originalError?: unknown }).originalError;
        // Errors GraphQL itself raises (syntax, validation, variables) carry no original error: keep them.
        if (!original) return error as Error;
        options.log.error({ err: original }, 'unexpected error in GraphQL operation');
        return createGraphQLError(MESSAGES.internal, { extensions: { code: 'INTERNAL', status: 500 } });
      },
    },
  });
}
