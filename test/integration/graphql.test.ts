// The same operations over GraphQL: same rules, same texts in errors[].message, the HTTP-like status in
// extensions.
import { readdir, readFile } from 'node:fs/promises';
import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { newRegistration, registerUser } from '../support/factories.js';
import { NAMED_PERMISSIONS } from '../support/contract.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { token userId tenantId role } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token userId tenantId role } }`;
const ME = `{ me { userId email displayName tenantId role permissions tenants { id name slug role } } }`;

function graphQLInput(registration: Record<string, unknown>) {
  return {
    email: registration.email,
    password: registration.password,
    displayName: registration.display_name,
    tenantName: registration.tenant_name,
    tenantSlug: registration.tenant_slug,
  };
}

function expectGraphQLError(body: any, status: number, message: string) {
  expect(body.errors?.[0]?.message).toBe(message);
  expect(body.errors[0].extensions).toMatchObject({ status });
}

describe('GraphQL auth operations', () => {
  it('register, me, login and logout behave as over REST', async () => {
    const registration = newRegistration();
    const registered = await app.graphql(REGISTER, { input: graphQLInput(registration) });
    expect(registered.status).toBe(200);
    const payload = registered.body.data.register;
    expect(payload.role).toBe('owner');

    const me = await app.graphql(ME, {}, payload.token);
    expect(me.body.data.me).toMatchObject({
      userId: payload.userId,
      email: registration.email,
      displayName: registration.display_name,
      tenantId: payload.tenantId,
      role: 'owner',
      tenants: [
        { id: payload.tenantId, name: registration.tenant_name, slug: registration.tenant_slug, role: 'owner' },
      ],
    });
    expect(me.body.data.me.permissions).toEqual(expect.arrayContaining(NAMED_PERMISSIONS));

    const loggedIn = await app.graphql(LOGIN, {
      input: { email: registration.email, password: registration.password },
    });
    expect(loggedIn.body.data.login).toMatchObject({ userId: payload.userId, tenantId: payload.tenantId });

    const loggedOut = await app.graphql('mutation { logout { status } }', {}, payload.token);
    expect(loggedOut.body.data.logout).toEqual({ status: 'logged_out' });
    expectGraphQLError((await app.graphql(ME, {}, payload.token)).body, 401, 'unauthorized');
    // The REST view agrees: the token is dead for both transports.
    expect((await app.request('GET', '/v1/auth/me', { token: payload.token })).status).toBe(401);
  });

  it('uses the contract texts for registration errors', async () => {
    const taken = await registerUser(app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ password: 'short' }, 400, 'email required, password must be >= 8 chars'],
      // The schema says email is required: GraphQL itself refuses a null before anything runs.
      [
        { email: null },
        400,
        'Variable "$input" got invalid value null at "input.email"; Expected non-nullable type "String!" not to be null.',
      ],
      [{ email: taken.email.toUpperCase() }, 409, 'email already registered'],
      [{ tenant_slug: taken.tenant_slug }, 409, 'tenant slug already taken'],
      [
        { tenant_slug: 'Bad Slug' },
        400,
        'tenant_slug must be lowercase letters and digits, separated by single hyphens',
      ],
      [{ display_name: '' }, 400, 'display_name is required'],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await app.graphql(REGISTER, { input: graphQLInput({ ...newRegistration(), ...overrides }) });
      expectGraphQLError(response.body, status, message);
      // Mutation fields are nullable: a failed one is null beside the others, never the whole data. A request
      // refused before execution (bad variables) has no data at all.
      expect(response.body.data).toEqual(overrides.email === null ? undefined : { register: null });
    }
  });

  it('answers a bad login with 401 unauthorized', async () => {
    const user = await registerUser(app);
    const response = await app.graphql(LOGIN, { input: { email: user.email, password: 'wrong password' } });
    expectGraphQLError(response.body, 401, 'unauthorized');
  });

  it('requires authentication for me and logout', async () => {
    expectGraphQLError((await app.graphql(ME)).body, 401, 'unauthorized');
    expectGraphQLError((await app.graphql('mutation { logout { status } }')).body, 401, 'unauthorized');
  });

  it('allows introspection and GraphiQL outside production', async () => {
    const introspection = await app.graphql('{ __schema { queryType { name } } }');
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
    const graphiql = await app.request('GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(graphiql.status).toBe(200);
    expect(graphiql.text).toMatch(/graphiql/i);
  });
});

describe('GraphQL in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({ production: true });
  });
  afterAll(() => production?.close());

  it('refuses introspection and serves no GraphiQL', async () => {
    const introspection = await production.graphql('{ __schema { queryType { name } } }');
    expect(introspection.body.data).toBeUndefined();
    expect(introspection.body.errors[0].message).toMatch(/introspection/i);
    const graphiql = await production.request('GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(graphiql.text).not.toMatch(/graphiql/i);
  });

  it('still serves operations', async () => {
    const registration = newRegistration();
    const response = await production.graphql(REGISTER, { input: graphQLInput(registration) });
    expect(response.body.data.register.role).toBe('owner');
  });
});

describe('no suggestions of names, in development or production, to anyone', () => {
  // graphql-js proposes a near name ("Did you mean …?") for a field, an argument, an enum value, a type or an
  // input field: a guessing game that maps a schema with introspection off. Asked unauthenticated.
  const cases: [string, string, Record<string, unknown> | undefined, string][] = [
    ['a field', '{ mee { userId } }', undefined, 'me'],
    ['an argument', '{ dids(statu: active) { nextCursor } }', undefined, 'status'],
    ['an enum value', '{ dids(status: activ) { nextCursor } }', undefined, 'active'],
    ['a type', 'query ($x: Strin) { __typename }', undefined, 'String'],
    [
      'an enum value in a variable',
      'query ($s: DidStatus) { dids(status: $s) { nextCursor } }',
      { s: 'activ' },
      'active',
    ],
    [
      'an input field in a variable',
      'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }',
      { input: { nam: 'x' } },
      'name',
    ],
  ];
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({ production: true });
  });
  afterAll(() => production?.close());

  it.each(cases)('%s', async (_case, query, variables, suggestion) => {
    for (const target of [app, production]) {
      const response = await target.graphql(query, variables);
      expect(response.body.errors?.length, response.text).toBeGreaterThan(0);
      for (const { message } of response.body.errors) {
        expect(message).not.toMatch(/Did you mean|Suggestion/);
        expect(message).not.toContain(`"${suggestion}"`);
      }
    }
  });
});

describe("the dashboard's operations (web/src/graphql, input of codegen.yml)", () => {
  it('are valid against the schema', async () => {
    const dir = new URL('../../web/src/graphql/', import.meta.url);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.graphql'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const document = parse(await readFile(new URL(file, dir), 'utf8'));
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    }
  });
});
