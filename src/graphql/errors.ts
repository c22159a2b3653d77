// The GraphQL face of the service's errors: an AppError becomes a GraphQLError whose message is the
// contract's text and whose extensions carry its code, status and (when there were several problems) details.
import { GraphQLError } from 'graphql';
import type { AppError } from '../lib/errors.js';

export function appErrorExtensions(error: AppError) {
  return { code: error.code, status: error.status, ...(error.details && { details: error.details }) };
}

/** A field's error: keeps GraphQL's location and path of the error it replaces, and the AppError as its cause. */
export function graphQLErrorOf(appError: AppError, raised?: GraphQLError): GraphQLError {
  return new GraphQLError(appError.message, {
    nodes: raised?.nodes,
    source: raised?.source,
    positions: raised?.positions,
    path: raised?.path,
    originalError: appError,
    extensions: appErrorExtensions(appError),
  });
}

/** A refusal of the whole request (nothing ran): the HTTP status and headers are the error's own. */
export function refusal(appError: AppError): GraphQLError {
  return new GraphQLError(appError.message, {
    originalError: appError,
    extensions: { ...appErrorExtensions(appError), http: { status: appError.status, headers: appError.headers } },
  });
}
