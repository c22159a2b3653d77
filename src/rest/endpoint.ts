// What a REST endpoint is: a fixed GraphQL operation plus mappers between the contract's JSON and it.
// The router executes the operation against the same schema, so scope-auth decides access for REST too.
import { badRequest } from '../lib/errors.js';
import { snakeCaseName } from '../lib/validation.js';
import { boundedMemo } from '../lib/memo.js';

export type RestRequest = {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
};

/** A table path (`/v1/dids/:did`) as OpenAPI writes it (`/v1/dids/{did}`): the form the document and metrics use. */
export const openApiPath = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

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
  /**
   * A rule of the service that decides before any other (e.g. an unsupported credential format): run on the
   * mapped body before its field types are checked, so its answer comes first whatever else the body holds.
   */
  checkFirst?: (input: Record<string, unknown>) => void;
  /** Builds the operation's variables; by default `{ input: <mapped body> }` when bodyInput is set. */
  variables?: (request: RestRequest, input: Record<string, unknown> | undefined) => Record<string, unknown>;
  /**
   * A POST that changes nothing and records no event (verification): the webhook dispatcher is not woken after
   * it, as it is after every other non-GET request (app.ts).
   */
  writesNothing?: true;
  /** Shapes the operation's data into the contract's response body. */
  result: (data: Record<string, unknown>) => unknown;
  /**
   * Top-level fields of the response body that `result` leaves out when they have nothing to say (the issue
   * answer's `delivery`, there only when the request asked for one): the OpenAPI document does not require them.
   */
  optionalResultFields?: readonly string[];
  /** Statuses the operation's own rules answer beyond the common ones (ERROR_RESPONSES), with what they say. */
  refusals?: Readonly<Record<string, string>>;
  /** Top-level fields of the response body that may be null (the tenant's trust policy before one is set). */
  nullableResultFields?: readonly string[];
};

/** The contract's names of the schema's fields, converted once each (bounded: data may carry keys of its own). */
const snakeName = boundedMemo(4_096, snakeCaseName);

/** Deep copy with object keys in snake_case: GraphQL's camelCase data as the REST contract's JSON. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // A client's own "__proto__" key (in claims, say) stays a key, as Object.fromEntries would keep it.
    if (key === '__proto__')
      Object.defineProperty(result, key, {
        value: snakeKeys(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else result[snakeName(key)] = snakeKeys(inner);
  }
  return result;
}

/** `{ input }` from the body plus one path parameter as the named variable. */
export const withParam =
  (variable: string, param: string) => (request: RestRequest, input: Record<string, unknown> | undefined) => ({
    [variable]: request.params[param],
    ...(input && { input }),
  });

/** An optional non-negative integer query parameter; anything else is a 400 naming it. */
export function intQuery(request: RestRequest, name: string): number | null {
  const raw = request.query.get(name);
  if (raw === null || raw === '') return null;
  if (!/^\d{1,6}$/.test(raw)) throw badRequest(`${name} must be a non-negative integer`);
  return Number(raw);
}

/** `?limit=&cursor=` of a paged list (src/lib/pagination.ts) as the operation's variables. */
export const pageQuery = (request: RestRequest) => ({
  limit: intQuery(request, 'limit'),
  cursor: request.query.get('cursor'),
});
