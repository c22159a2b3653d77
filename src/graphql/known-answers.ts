// GraphQL requests that Yoga has already answered from a compiled operation are answered again without Yoga:
// the same compiled operation (yoga.ts, compiledExecutionPlugin) runs with the request's context, as REST runs
// its operations (src/rest/router.ts), and the answer goes out with the headers Yoga gave. Yoga's Request and
// Response objects, its plugin chain and its copy of the context per request were about a third of a GraphQL
// read's event-loop time in a profile of `{ me }`, where REST, running the same resolvers, pays none of it.
//
// Only requests whose answer cannot differ from Yoga's are taken: a query (never a mutation, which has
// idempotency, events and the dispatcher to mind), without variables or an Idempotency-Key, whose whole body,
// Accept and Content-Type equal those of a request Yoga answered with 200 and with exactly the bytes of the
// compiled result. Parsing, validation and the document limits are functions of the document and the schema,
// so they pass again. A result with errors goes to Yoga after all, carrying the result so nothing runs twice,
// and the error texts, masking, status and headers are Yoga's.
import type { ExecutionResult } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';

type KnownAnswer = { query: CompiledQuery; headers: [string, string][] };

/** What the compiled-execution plugin tells the transport, and what the transport hands it (RequestContext). */
export type CompiledRun = {
  /** An execution already run for this request by `query`: the plugin hands it to Yoga instead of running again. */
  done?: { query: CompiledQuery; result: ExecutionResult };
  /** Hears of each compiled run; `plain`: a query without variables, whose answer may be learnt. */
  ran(query: CompiledQuery, result: ExecutionResult, plain: boolean): void;
};

/** Dashboards and integrations send a few small documents again and again; these bound what is kept. */
const MAX_BODY_BYTES = 8 * 1024;
const MAX_ANSWERS = 500;

export type KnownAnswers = ReturnType<typeof createKnownAnswers>;

export function createKnownAnswers() {
  const answers = new Map<string, KnownAnswer>();
  return {
    /** The request's key, or null for one that is never taken (not a POST, too large, an Idempotency-Key). */
    keyOf(method: string, headers: Record<string, string | string[] | undefined>, body: Uint8Array | undefined) {
      if (method !== 'POST' || !body || body.length > MAX_BODY_BYTES || headers['idempotency-key'] !== undefined) {
        return null;
      }
      const { accept = '', 'content-type': contentType = '' } = headers;
      return `${String(accept)}\n${String(contentType)}\n${Buffer.from(body).toString('utf8')}`;
    },
    get: (key: string) => answers.get(key),
    /** Keeps Yoga's answer to `key` when it was exactly the compiled result, with its headers. */
    learn(key: string, query: CompiledQuery, result: ExecutionResult, answer: Response, payload: Buffer) {
      if (answer.status !== 200 || result.errors?.length || !payload.equals(Buffer.from(JSON.stringify(result)))) {
        return;
      }
      const headers: [string, string][] = [];
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.push([name, value]);
      });
      if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
      answers.set(key, { query, headers });
    },
  };
}
