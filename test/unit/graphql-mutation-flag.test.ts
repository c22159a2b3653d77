// The app wakes the webhook dispatcher after a GraphQL request only when it executed a mutation (app.ts): a
// query cannot have recorded events, and every wake costs the dispatcher a pass over the outbox.
import { describe, expect, it } from 'vitest';
import { createGraphQLHandler } from '../../src/graphql/yoga.js';
import { schema } from '../../src/graphql/schema.js';
import { createLogger } from '../../src/lib/logger.js';
import type { RequestContext } from '../../src/graphql/context.js';

const yoga = createGraphQLHandler(schema, {
  production: false,
  graphiql: false,
  log: createLogger('silent'),
});

async function run(query: string) {
  let ranMutation = false;
  const context = {
    principal: null,
    setResponseHeader: () => {},
    markMutation: () => {
      ranMutation = true;
    },
  } as unknown as RequestContext;
  const response = await yoga.fetch(
    new Request('http://service.invalid/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    }),
    context,
  );
  return { status: response.status, body: await response.json(), ranMutation };
}

describe('RequestContext.markMutation', () => {
  it('is set by a mutation, even one refused to an anonymous caller', async () => {
    const result = await run('mutation { createDid(input: {}) { did } }');
    expect(result.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(result.ranMutation).toBe(true);
  });

  it('is not set by a query, nor by a document that does not validate', async () => {
    expect(await run('{ __typename }')).toMatchObject({ status: 200, ranMutation: false });
    expect(await run('mutation { noSuchField }')).toMatchObject({ ranMutation: false });
  });
});
