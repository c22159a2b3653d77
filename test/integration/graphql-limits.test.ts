// One GraphQL request may not do more than the contract counts: each mutation root field spends a token of
// the caller's bucket (all before anything runs, or nothing runs), at most one password mutation per request,
// documents bounded in tokens, depth, aliases and cost, and every bad request a 4xx in the service's form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  newRegistration,
  registerUser,
  tenantOnPlan,
  uniqueSuffix,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';

let app: TestApp;
let enterprise: RegisteredUser;
beforeAll(async () => {
  // Production: field suggestions off, as a deployment runs. A per-address bucket of 43 (an unusual policy is a bucket of its own, also in Redis): room for this file's
  // registrations, not for the unauthenticated request of 45 operations.
  app = await startTestApp({
    production: true,
    env: { AUTH_RATE_LIMIT_BURST: '43', AUTH_RATE_LIMIT_PER_MINUTE: '41' },
  });
  enterprise = await tenantOnPlan(app, 'enterprise');
});
afterAll(() => app?.close());

/** `count` aliased issueCredential of one input: a document with an $input variable. */
const issueMany = (count: number) =>
  `mutation($input: IssueCredentialInput!) { ${Array.from({ length: count }, (_, i) => `i${i}: issueCredential(input: $input) { id }`).join(' ')} }`;
const jwtInput = (did: string) => ({ input: { format: 'jwt_vc_json', issuer: did } });

async function developerWithDid() {
  const owner = await registerUser(app);
  const did = (await app.request('POST', '/v1/dids', { token: owner.token, body: {} })).body.did as string;
  return { owner, did };
}

const credentialsOf = (tenantId: string) => app.database.prisma.credential.count({ where: { tenantId } });

async function issuedThisMonth(tenantId: string) {
  const { _sum } = await app.database.prisma.usageCounter.aggregate({
    where: { tenantId, month: new Date().toISOString().slice(0, 7) },
    _sum: { credentialsIssued: true },
  });
  return _sum.credentialsIssued ?? 0;
}

describe('each mutation root field is one operation of the rate limit', () => {
  it('95 aliased issueCredential on a Developer tenant (burst 20) are refused whole with 429: nothing issued', async () => {
    const { owner, did } = await developerWithDid();
    const response = await app.graphql(issueMany(95), jwtInput(did), owner.token);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(response.body.errors[0]).toMatchObject({ message: 'rate limit exceeded', extensions: { status: 429 } });
    expect(response.body.data).toBeUndefined();
    expectSecurityHeaders(response.headers);
    expect(await credentialsOf(owner.tenant_id)).toBe(0);
    expect(await issuedThisMonth(owner.tenant_id)).toBe(0);
  });

  it('three aliased mutations spend three tokens, and all three results come back', async () => {
    const { owner, did } = await developerWithDid();
    // register + DID creation spent 2 of the 20 (the register one from the address bucket): 19 left.
    const before = Number(
      (await app.request('GET', '/v1/auth/me', { token: owner.token })).headers.get('ratelimit-remaining'),
    );
    const response = await app.graphql(issueMany(3), jwtInput(did), owner.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data)).toEqual(['i0', 'i1', 'i2']);
    expect(Number(response.headers.get('ratelimit-remaining'))).toBe(before - 3);
    expect(await credentialsOf(owner.tenant_id)).toBe(3);
  });

  it('a bucket that covers the request only in part refuses all of it', async () => {
    const { owner, did } = await developerWithDid();
    // Spend down to 4 tokens, then ask for 5 operations.
    let remaining = Number(
      (await app.request('GET', '/v1/auth/me', { token: owner.token })).headers.get('ratelimit-remaining'),
    );
    while (remaining > 4) {
      remaining = Number(
        (await app.request('GET', '/v1/auth/me', { token: owner.token })).headers.get('ratelimit-remaining'),
      );
    }
    const response = await app.graphql(issueMany(5), jwtInput(did), owner.token);
    expect(response.status).toBe(429);
    expect(await credentialsOf(owner.tenant_id)).toBe(0);
  });

  it('quota spent part-way: every credential issued is in the response, the rest are errors', async () => {
    const owner = await tenantOnPlan(app, 'startup'); // 1,000 a month, burst 200
    const did = (await app.request('POST', '/v1/dids', { token: owner.token, body: {} })).body.did as string;
    await app.database.prisma.usageCounter.upsert({
      where: {
        tenantId_month_shard: { tenantId: owner.tenant_id, month: new Date().toISOString().slice(0, 7), shard: 0 },
      },
      create: {
        tenantId: owner.tenant_id,
        month: new Date().toISOString().slice(0, 7),
        shard: 0,
        credentialsIssued: 998,
      },
      update: { credentialsIssued: 998 },
    });
    const response = await app.graphql(issueMany(4), jwtInput(did), owner.token);
    const returned = Object.values(response.body.data as Record<string, { id: string } | null>).filter(Boolean);
    expect(returned).toHaveLength(2);
    expect(response.body.errors).toHaveLength(2);
    for (const error of response.body.errors)
      expect(error.message).toBe('monthly credential issuance limit reached (1000)');
    // What was counted is exactly what the client received.
    const stored = await app.database.prisma.credential.findMany({
      where: { tenantId: owner.tenant_id },
      select: { id: true },
    });
    expect(stored.map((row) => row.id).sort()).toEqual(returned.map((c) => c!.id).sort());
    expect(await issuedThisMonth(owner.tenant_id)).toBe(1000);
  });

  it('unauthenticated mutations spend the client address bucket the same way', async () => {
    // The address bucket here holds 43; 45 operations in one request cannot be covered.
    const fields = Array.from(
      { length: 45 },
      (_, i) => `v${i}: verifyCredential(input: {credential: "x"}) { verified }`,
    );
    const response = await app.graphql(`mutation { ${fields.join(' ')} }`);
    expect(response.status).toBe(429);
    expect(response.body.errors[0].message).toBe('too many requests from this address');
  });
});

describe('at most one password mutation per request', () => {
  it('two logins are refused before either runs', async () => {
    const owner = await registerUser(app);
    const login = `login(input: {email: "${owner.email}", password: "${owner.password}"}) { token }`;
    const before = await app.database.prisma.session.count({ where: { userId: owner.user_id } });
    // Authenticated, so that the small address bucket of this file is not what answers.
    const response = await app.graphql(`mutation { a: ${login} b: ${login} }`, {}, enterprise.token);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe(
      'a GraphQL request may hold at most one register, login or acceptInvitation',
    );
    expect(await app.database.prisma.session.count({ where: { userId: owner.user_id } })).toBe(before);
  });

  it('register beside login is refused, and creates no tenant', async () => {
    const registration = newRegistration();
    const response = await app.graphql(
      `mutation { register(input: {email: "${registration.email}", password: "${registration.password}", tenantName: "x", tenantSlug: "${registration.tenant_slug}"}) { token } login(input: {email: "a@b.c", password: "12345678"}) { token } }`,
      {},
      enterprise.token,
    );
    expect(response.status).toBe(400);
    expect(await app.database.prisma.tenant.count({ where: { slug: registration.tenant_slug } })).toBe(0);
  });
});

describe('documents are bounded before they run', () => {
  // Refused in validation: HTTP 400. Refused by the parser (tokens): Yoga answers syntax errors with 200 under
  // application/json, as GraphQL over HTTP allows; the error says 400 either way.
  const expectBadRequest = (response: { status: number; body: any }, text: RegExp, httpStatus = 400) => {
    expect(response.status).toBe(httpStatus);
    expect(response.body.errors[0].message).toMatch(text);
    expect(response.body.errors[0].extensions).toMatchObject({ status: 400 });
    expect(response.body.data).toBeUndefined();
  };

  it('more than 15 aliases', async () => {
    const fields = Array.from({ length: 16 }, (_, i) => `a${i}: me { userId }`).join(' ');
    expectBadRequest(await app.graphql(`{ ${fields} }`, {}, enterprise.token), /Aliases limit of 15 exceeded/);
  });

  it('more than 2,000 tokens', async () => {
    const fields = Array.from({ length: 2_100 }, () => 'userId').join(' ');
    expectBadRequest(
      await app.graphql(`{ me { ${fields} } }`, {}, enterprise.token),
      /Token limit of 2000 exceeded/,
      200,
    );
  });

  it('deeper than 10 levels', async () => {
    const deep = Array.from({ length: 11 }).reduce<string>((inner) => `credentials { credentials { ${inner} } }`, 'id');
    expectBadRequest(await app.graphql(`{ ${deep} }`, {}, enterprise.token), /Query depth limit of 10 exceeded/);
  });

  it('a static cost over 5,000', async () => {
    const fields = Array.from(
      { length: 15 },
      (_, i) =>
        `c${i}: credentials { credentials { id format credential issuer credentialType subjectId issuedAt expiresAt revokedAt status { type uri index } } nextCursor }`,
    ).join(' ');
    const response = await app.graphql(`{ ${fields} ${fields.replaceAll(/c(\d+):/g, 'd$1:')} }`, {}, enterprise.token);
    expect(response.body.errors[0].extensions.status).toBe(400);
  });

  // `{ __typename(x: …) }`: the selection set and the arguments are two levels, the literal the rest.
  it.each([
    ['lists', 1, (n: number) => '['.repeat(n) + ']'.repeat(n)],
    ['objects', 1, (n: number) => `${'{a:'.repeat(n)}1${'}'.repeat(n)}`],
    ['lists and objects', 2, (n: number) => `${'[{a:'.repeat(n)}1${'}]'.repeat(n)}`],
  ])('literals of %s nested at any depth are a 400, never a 500, and log no error', async (_kind, levels, literal) => {
    const document = (n: number) => ({ query: `{ __typename(x: ${literal(n)}) }` });
    for (const n of [Math.floor(62 / levels) + 1, 3_000, 100_000]) {
      const logged = app.logs.length;
      const response = await app.request('POST', '/graphql', { body: document(n) });
      expect(response.status, response.text).toBe(200);
      expect(response.body.errors).toHaveLength(1);
      expect(response.body.errors[0].message).toMatch(
        /^Syntax Error: (the document nests \{, \[ and \( deeper than 64 levels|Token limit of 2000 exceeded)\.$/,
      );
      expect(response.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
      const errors = app.logs.slice(logged).filter((line) => ['error', 'fatal'].includes(JSON.parse(line).level));
      expect(errors).toEqual([]);
    }
    // 64 levels is a document like any other: it parses, and validation says what is wrong with it
    const deepest = await app.request('POST', '/graphql', { body: document(Math.floor(62 / levels)) });
    expect(deepest.body.errors[0].message).toBe('Unknown argument "x" on field "Query.__typename".');
  });

  it('hides field suggestions in production', async () => {
    const response = await app.graphql('{ mee { userId } }', {}, enterprise.token);
    expect(response.body.errors[0].message).not.toContain('Did you mean');
  });
});

describe('bad GraphQL requests are 4xx in the service form, never 500', () => {
  it('a variable of the wrong type, or with an unknown field, is a 400 naming it, and no server error is logged', async () => {
    const logged = app.logs.length;
    const mutation = 'mutation($input: IssueCredentialInput!) { issueCredential(input: $input) { id } }';
    const wrongType = await app.graphql(mutation, { input: { format: 5 } }, enterprise.token);
    expect(wrongType.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST', status: 400 } });
    // The contract's text (as REST answers), and the field in details.
    expect(wrongType.body.errors[0].message).toBe('unsupported format');
    expect(wrongType.body.errors[0].extensions.details).toEqual([
      { message: 'unsupported format', field: 'input.format' },
    ]);
    const unknown = await app.graphql(mutation, { input: { format: 'jwt_vc_json', bogus: 1 } }, enterprise.token);
    expect(unknown.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST', status: 400 } });
    expect(unknown.body.errors[0].message).toContain('bogus');
    const errorLines = app.logs.slice(logged).filter((line) => ['error', 'fatal'].includes(JSON.parse(line).level));
    expect(errorLines).toEqual([]);
  });

  it('GET with variables that are not JSON is a 400', async () => {
    const response = await app.request('GET', '/graphql?query=%7B__typename%7D&variables=x', {
      token: enterprise.token,
    });
    expectError(response, 400, 'variables must be a JSON object');
  });

  it('a body that is not JSON (415) and an Accept it cannot meet (406) are JSON errors with the six headers', async () => {
    const unsupported = await app.request('POST', '/graphql', {
      token: enterprise.token,
      rawBody: '{"query":"{ __typename }"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(unsupported, 415);
    const notAcceptable = await app.request('POST', '/graphql', {
      token: enterprise.token,
      body: { query: '{ __typename }' },
      headers: { accept: 'text/html' },
    });
    expectError(notAcceptable, 406);
  });

  it('form posts (urlencoded, multipart) are 415 and run nothing: a cross-site form cannot send a mutation', async () => {
    const name = `form-${uniqueSuffix()}`;
    const mutation = `mutation { createApiKey(input: {name: "${name}"}) { key } }`;
    const urlencoded = await app.request('POST', '/graphql', {
      token: enterprise.token,
      rawBody: new URLSearchParams({ query: mutation }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(urlencoded, 415, 'unsupported media type: send the request as application/json');
    const form = new FormData();
    form.set('query', mutation);
    form.set('operations', JSON.stringify({ query: mutation }));
    const multipart = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${enterprise.token}` },
      body: form,
    });
    expect(multipart.status).toBe(415);
    expect((await multipart.json()).error).toBe('unsupported media type: send the request as application/json');
    expect(await app.database.prisma.apiKey.count({ where: { tenantId: enterprise.tenant_id, name } })).toBe(0);
    // application/json, with or without a charset, still runs
    const json = await app.request('POST', '/graphql', {
      token: enterprise.token,
      rawBody: JSON.stringify({ query: '{ __typename }' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(json.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('a chunked body over 1 MiB is refused with 413, like a declared one', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${enterprise.token}` },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(big);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('request body exceeds 1048576 bytes');
  });

  it('NUL in a variable or in a literal is a 400, and stores nothing', async () => {
    const name = `nul-${uniqueSuffix()}`;
    const viaVariable = await app.graphql(
      'mutation($n: String) { createApiKey(input: {name: $n}) { key } }',
      { n: `${name}\u0000` },
      enterprise.token,
    );
    expect(viaVariable.body.errors[0]).toMatchObject({
      message: 'strings must not contain NUL (\\u0000) characters',
      extensions: { status: 400 },
    });
    const viaLiteral = await app.graphql(
      `mutation { createApiKey(input: {name: "${name}\\u0000"}) { key } }`,
      {},
      enterprise.token,
    );
    expect(viaLiteral.body.errors[0]).toMatchObject({
      message: 'strings must not contain NUL (\\u0000) characters',
      extensions: { status: 400 },
    });
    expect(await app.database.prisma.apiKey.count({ where: { tenantId: enterprise.tenant_id } })).toBe(0);
  });
});
