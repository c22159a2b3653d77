// What a REST endpoint is: a fixed GraphQL operation plus mappers between the contract's JSON and it.
// The router executes the operation against the same schema, so scope-auth decides access for REST too.
export type RestRequest = {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
};

export type RestEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with `:name` parameters, e.g. `/v1/credentials/:id`. */
  path: string;
  /** The GraphQL operation this endpoint runs (parsed and validated once, at start-up). */
  operation: string;
  /**
   * The GraphQL input object type the JSON body maps onto (its camelCase fields ↔ the body's snake_case
   * fields). The body is type-checked against it, so a wrong type is a 400 that names the REST field.
   */
  bodyInput?: string;
  /** Builds the operation's variables; by default `{ input: <mapped body> }` when bodyInput is set. */
  variables?: (request: RestRequest, input: Record<string, unknown> | undefined) => Record<string, unknown>;
  /** Shapes the operation's data into the contract's response body. */
  result: (data: Record<string, unknown>) => unknown;
};

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
