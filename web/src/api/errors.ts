// What the dashboard shows for a failed request: the service's own `error` text (a GraphQL error's message
// is that text; src/graphql/errors.ts), never urql's "[GraphQL] …" wrapping.
import type { CombinedError } from '@urql/core';

type GraphQLErrorLike = { message: string; extensions?: Record<string, unknown> };

export function errorText(error: CombinedError | Error | null | undefined): string | null {
  if (!error) return null;
  const graphQLErrors = (error as Partial<CombinedError>).graphQLErrors as GraphQLErrorLike[] | undefined;
  if (graphQLErrors?.length) return graphQLErrors[0]!.message;
  const networkError = (error as Partial<CombinedError>).networkError;
  if (networkError) return `The service could not be reached: ${networkError.message}`;
  return error.message;
}

/** The service refused the credential itself (401): the session is over, whatever the page asked. */
export function isUnauthenticated(error: CombinedError | null | undefined): boolean {
  if (!error) return false;
  if ((error.response as Response | undefined)?.status === 401) return true;
  return (error.graphQLErrors as GraphQLErrorLike[]).some(
    (graphQLError) =>
      graphQLError.extensions?.status === 401 ||
      graphQLError.extensions?.code === 'UNAUTHORIZED' ||
      graphQLError.extensions?.code === 'UNAUTHENTICATED',
  );
}
