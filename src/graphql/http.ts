// /graphql over node:http. The app reads the body itself (the same 1 MiB limit as REST, whether or not the
// client declared a length), hands Yoga a Fetch Request, and writes Yoga's Response. Owning both ends means
// every answer is the service's: a JSON error envelope with the request id even where Yoga answers with an
// empty body (415, 406, 405), and a 400 rather than a 500 for GET parameters that are not JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { YogaServerInstance } from 'graphql-yoga';
import { readBody } from '../http/body.js';
import { sendJson } from '../http/respond.js';
import { AppError, badRequest } from '../lib/errors.js';
import type { RequestContext } from './context.js';
import type { KnownAnswers } from './known-answers.js';

type Yoga = YogaServerInstance<RequestContext, {}>;

const ORIGIN = 'http://service.invalid';

/** Texts for the statuses Yoga answers without a body. */
const EMPTY_ANSWERS: Record<number, { error: string; code: string }> = {
  405: { error: 'method not allowed', code: 'METHOD_NOT_ALLOWED' },
  406: {
    error: 'not acceptable: accept application/json or application/graphql-response+json',
    code: 'NOT_ACCEPTABLE',
  },
  415: {
    error: 'unsupported media type: send the request as application/json',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
};

/**
 * Headers of Yoga's answer that are not about its content but about one connection (RFC 9110 § 7.6.1) or its
 * framing: the answer goes out whole with its own Content-Length, so a Transfer-Encoding beside it would give
 * the message two framings (RFC 9112 § 6.1 forbids it: a proxy trusting the other one desyncs), and
 * Yoga's `Connection: keep-alive` on a streamed answer would override a client's `Connection: close`.
 * Compared in lower case: the Fetch Headers of Yoga's server adapter keep the case a plugin wrote.
 */
const FRAMING_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
]);

export async function serveGraphQL(
  yoga: Yoga,
  knownAnswers: KnownAnswers,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  context: RequestContext,
): Promise<void> {
  const method = request.method ?? 'GET';
  // HEAD is GET without the content (RFC 9110 §9.3.2): Yoga runs it as a GET, and send() leaves the body out.
  const asked = method === 'HEAD' ? 'GET' : method;
  if (asked === 'GET') assertJsonParameters(url.searchParams);
  else if (asked === 'POST') assertJsonBody(request.headers['content-type']);
  const body = asked === 'GET' ? undefined : new Uint8Array(await readBody(request));
  const key = knownAnswers.keyOf(asked, request.headers, body);
  const known = key === null ? undefined : knownAnswers.get(key);
  let ran: { query: CompiledQuery; result: ExecutionResult; plain: boolean } | undefined;
  // A run that throws (rather than answering with errors) leaves the request to Yoga, which runs it again.
  const result =
    known &&
    ((await Promise.resolve(known.query.query(undefined, context, {})).catch(() => null)) as ExecutionResult | null);
  if (known && result) {
    if (!result.errors?.length) {
      for (const [name, value] of known.headers) response.setHeader(name, value);
      send(response, method, 200, Buffer.from(JSON.stringify(result)));
      return;
    }
    context.compiledRun = { done: { query: known.query, result }, ran: () => undefined };
  } else if (key !== null) {
    context.compiledRun = { ran: (query, result, plain) => void (ran = { query, result, plain }) };
  }
  const headers = new yoga.fetchAPI.Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const answer = await yoga.fetch(
    new yoga.fetchAPI.Request(`${ORIGIN}${url.pathname}${url.search}`, { method: asked, headers, body }),
    context,
  );
  const payload = Buffer.from(await answer.arrayBuffer());
  const isJson = /json/i.test(answer.headers.get('content-type') ?? '');
  if (answer.status >= 400 && (!isJson || payload.length === 0)) {
    const known = EMPTY_ANSWERS[answer.status] ?? { error: 'bad request', code: 'BAD_REQUEST' };
    const extra: Record<string, string> = {};
    const allow = answer.headers.get('allow');
    if (allow) extra.Allow = allow;
    sendJson(response, answer.status, { ...known, request_id: context.requestId }, extra);
    return;
  }
  if (ran?.plain) knownAnswers.learn(key!, ran.query, ran.result, answer, payload);
  answer.headers.forEach((value, name) => {
    if (!FRAMING_HEADERS.has(name.toLowerCase())) response.setHeader(name, value);
  });
  send(response, method, answer.status, payload);
}

function send(response: ServerResponse, method: string, status: number, payload: Buffer) {
  response.writeHead(status, { 'Content-Length': payload.length });
  response.end(method === 'HEAD' ? undefined : payload);
}

/**
 * A POST is application/json, the one media type the README names (the GraphQL over HTTP draft requires servers
 * to take it; the others are optional). Yoga would also take application/x-www-form-urlencoded,
 * multipart/form-data and application/graphql: the first two are what an HTML form can send cross-site
 * without a CORS preflight, so a page elsewhere could post a mutation with the visitor's credentials.
 */
function assertJsonBody(contentType: string | undefined) {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', EMPTY_ANSWERS[415]!.error);
  }
}

/** GraphQL over HTTP GET carries `variables` and `extensions` as JSON text in the query string. */
function assertJsonParameters(search: URLSearchParams) {
  for (const name of ['variables', 'extensions']) {
    const text = search.get(name);
    if (text === null || text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest(`${name} must be a JSON object`);
    }
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw badRequest(`${name} must be a JSON object`);
    }
  }
}
