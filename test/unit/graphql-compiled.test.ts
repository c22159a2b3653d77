// GraphQL documents asked for again run compiled (graphql-jit, src/graphql/yoga.ts): every answer must be the
// one graphql-js gave the first time, errors with their locations, paths and contract texts included.
import { describe, expect, it } from 'vitest';
import { createGraphQLHandler } from '../../src/graphql/yoga.js';
import { schema } from '../../src/graphql/schema.js';
import { createLogger } from '../../src/lib/logger.js';
import type { RequestContext } from '../../src/graphql/context.js';

const yoga = createGraphQLHandler(schema, { production: false, graphiql: false, log: createLogger('silent') });

async function ask(query: string, variables?: Record<string, unknown>) {
  const context = { principal: null, setResponseHeader: () => {}, markMutation: () => {} } as unknown as RequestContext;
  const response = await yoga.fetch(
    new Request('http://service.invalid/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
    context,
  );
  const text = await response.text(); // compared too: the bytes, key order included, are graphql-js's
  return { status: response.status, text, body: JSON.parse(text) };
}

/** The first answer (graphql-js) and two more (compiled) of the same request. */
async function thrice(query: string, variables?: Record<string, unknown>) {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await ask(query, variables));
  return answers;
}

describe('documents asked for again', () => {
  it('answer data as graphql-js did', async () => {
    const [first, ...again] = await thrice('{ __schema { queryType { name } mutationType { name } } }');
    expect(first!.body).toEqual({
      data: { __schema: { queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } } },
    });
    for (const answer of again) expect(answer).toEqual(first);
  });

  it("answer a field's error with the same text, code, path and locations", async () => {
    const [first, ...again] = await thrice('query One {\n  me { email }\n  did(did: "did:key:z6Mk") { id }\n}');
    expect(first!.body.errors[0]).toMatchObject({
      message: 'unauthorized',
      path: ['me'],
      locations: [{ line: 2, column: 3 }],
      extensions: { code: 'UNAUTHORIZED', status: 401 },
    });
    for (const answer of again) expect(answer).toEqual(first);
  });

  it("answer variables graphql-js refuses with graphql-js's own message", async () => {
    const query = 'mutation ($input: LoginInput!) { login(input: $input) { token } }';
    const [first, ...again] = await thrice(query, { input: { email: null } });
    expect(first!.status).toBe(400);
    expect(first!.body.errors[0].message).toMatch(/^Variable "\$input" got invalid value/);
    for (const answer of again) expect(answer).toEqual(first);
  });
});
