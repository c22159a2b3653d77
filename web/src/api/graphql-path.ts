/** The service's GraphQL endpoint, on the dashboard's own origin. */
export const GRAPHQL_PATH = '/graphql';
