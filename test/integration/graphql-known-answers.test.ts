// GraphQL requests Yoga has answered from a compiled operation are answered again without Yoga
// (src/graphql/known-answers.ts): every answer must be the one Yoga gives, byte for byte with its headers, run
// afresh for each request, and errors must still come out as Yoga words them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/graphql/context.js';
import { serveGraphQL } from '../../src/graphql/http.js';
import { createKnownAnswers } from '../../src/graphql/known-answers.js';
import { schema } from '../../src/graphql/schema.js';
import { createGraphQLHandler } from '../../src/graphql/yoga.js';
import { createLogger } from '../../src/lib/logger.js';
import { addMember, BUILTIN_ROLE_IDS, registerUser, tenantOnPlan } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const TYPENAME = JSON.stringify({ query: '{ __typename }' });

describe('the transport on its own (no database)', () => {
  const knownAnswers = createKnownAnswers();
  const yoga = createGraphQLHandler(schema, { production: false, graphiql: false, log: createLogger('silent') });
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const context = {
        principal: null,
        requestId: 'test',
        idempotencyKey: (request.headers['idempotency-key'] as string | undefined) ?? null,
        setResponseHeader: (name: string, value: string) => response.setHeader(name, value),
        chargeOperations: async () => {},
        markMutation: () => {},
      } as unknown as RequestContext;
      await serveGraphQL(yoga, knownAnswers, request, response, new URL(request.url!, 'http://x'), context);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  const post = async (body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      contentLength: response.headers.get('content-length'),
      text: await response.text(),
    };
  };
  const keyOf = (body: string, headers: Record<string, string>) =>
    knownAnswers.keyOf('POST', { accept: '*/*', 'content-type': 'application/json', ...headers }, Buffer.from(body))!;

  it.each<Record<string, string>>([
    {},
    { accept: 'application/json' },
    { accept: 'application/graphql-response+json' },
  ])('answers a document as Yoga did, headers and bytes, once Yoga answered it compiled (%o)', async (headers) => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post(TYPENAME, headers));
    expect(answers[0]).toMatchObject({ status: 200, text: '{"data":{"__typename":"Query"}}' });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // Learnt from the second (the first compiled) answer, so the last two came without Yoga.
    expect(knownAnswers.get(keyOf(TYPENAME, headers))).toBeDefined();
  });

  it('keeps the content type Yoga chose for each Accept', async () => {
    expect((await post(TYPENAME, { accept: 'application/json' })).contentType).toMatch(/^application\/json/);
    expect((await post(TYPENAME, { accept: 'application/graphql-response+json' })).contentType).toMatch(
      /^application\/graphql-response\+json/,
    );
  });

  it('never takes a request with an Idempotency-Key, variables or an error', async () => {
    for (let i = 0; i < 3; i++) await post(TYPENAME);
    const withKey = await post(TYPENAME, { 'idempotency-key': 'k-1' });
    expect(JSON.parse(withKey.text).errors[0].message).toMatch(/Idempotency-Key/);

    const withVariables = JSON.stringify({
      query: 'query ($skip: Boolean!) { __typename @skip(if: $skip) }',
      variables: { skip: false },
    });
    const failing = JSON.stringify({ query: '{ me { email } }' });
    for (let i = 0; i < 3; i++) {
      expect((await post(withVariables)).text).toBe('{"data":{"__typename":"Query"}}');
      expect(JSON.parse((await post(failing)).text).errors[0].message).toBe('unauthorized');
    }
    expect(knownAnswers.get(keyOf(withVariables, {}))).toBeUndefined();
    expect(knownAnswers.get(keyOf(failing, {}))).toBeUndefined();
  });
});

describe('through the service', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('runs a known document for every request: each answer holds the data of its moment', async () => {
    const owner = await registerUser(app);
    const DIDS = '{ dids { dids { did keyType } nextCursor } }';
    const before = [];
    for (let i = 0; i < 3; i++) before.push(await app.graphql(DIDS, undefined, owner.token));
    for (const answer of before) expect(answer.text).toBe(before[0]!.text);
    expect(before[0]!.body.data.dids.dids).toEqual([]);

    const created = await app.request('POST', '/v1/dids', { token: owner.token, body: { key_type: 'Ed25519' } });
    expect(created.status).toBe(200);
    const after = await app.graphql(DIDS, undefined, owner.token);
    expect(after.body.data.dids.dids).toEqual([{ did: created.body.did, keyType: 'Ed25519' }]);
  });

  it('answers a caller the document fails for as Yoga does, error texts, codes and locations', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    const API_KEYS = '{ apiKeys { apiKeys { id } nextCursor } }';
    for (let i = 0; i < 3; i++) expect((await app.graphql(API_KEYS, undefined, owner.token)).status).toBe(200);

    const refused = await app.graphql(API_KEYS, undefined, viewer.token);
    // The same document with a trailing space is another body, never seen: graphql-js answers it.
    const fresh = await app.graphql(`${API_KEYS} `, undefined, viewer.token);
    expect(refused.body.errors[0]).toMatchObject({
      message: "role 'viewer' lacks permission: api_keys:manage",
      path: ['apiKeys'],
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'FORBIDDEN', status: 403 },
    });
    expect({ status: refused.status, text: refused.text }).toEqual({ status: fresh.status, text: fresh.text });
    expect(refused.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
  });
});
