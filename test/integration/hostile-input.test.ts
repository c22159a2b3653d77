// What an attacker or a careless client sends: request targets and bytes that once ended the process, NUL
// characters and deep nesting that once became 500s, dates past what clients handle, keys that tried to
// mint wider keys, and public routes that were never rate limited. Every answer is a JSON 4xx with the six
// headers, nothing half-written is left behind, and the server keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  newRegistration,
  registerUser,
  tenantOnPlan,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError, SECURITY_HEADERS } from '../support/contract.js';
import { rawGet, rawRequest, type RawResponse } from '../support/raw-http.js';

let app: TestApp;
let owner: RegisteredUser;
let did: string;
beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'enterprise');
  const created = await app.request('POST', '/v1/dids', { token: owner.token, body: {} });
  did = created.body.did;
});
afterAll(() => app?.close());

const issue = (body: Record<string, unknown>, token = owner.token) =>
  app.request('POST', '/v1/credentials/issue', { token, body });

/** The process still serves a normal request. */
async function expectAlive() {
  const response = await app.request('GET', '/v1/auth/me', { token: owner.token });
  expect(response.status).toBe(200);
}

function expectRawJsonError(response: RawResponse, status: number) {
  expect(response.status, response.body).toBe(status);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers[name], name).toBe(value);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof JSON.parse(response.body).error).toBe('string');
}

describe('request targets that once ended the process', () => {
  it.each([
    ['//x:99999/', 404],
    ['//%2500/a', 404],
    ['//[/', 404],
    ['http://[/', 400],
    ['mailto:someone', 400],
    ['/v1/dids/%E0%A4%A', 404],
  ])('%s is answered %i as JSON with the six headers, and the server goes on', async (target, status) => {
    expectRawJsonError(await rawGet(app.url, target), status);
    await expectAlive();
  });

  it('absolute-form targets are served like origin-form ones (RFC 9112 §3.2.2)', async () => {
    const response = await rawGet(app.url, `${app.url}/v1/auth/me`, `Authorization: Bearer ${owner.token}\r\n`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).user_id).toBe(owner.user_id);
  });
});

describe("requests Node's parser refuses", () => {
  const host = () => new URL(app.url).host;

  it('a header section over 16 KiB is 431 in our JSON form', async () => {
    const response = await rawRequest(
      app.url,
      `GET /v1/auth/me HTTP/1.1\r\nHost: ${host()}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectRawJsonError(response, 431);
    expect(JSON.parse(response.body).error).toBe('request header fields too large');
    await expectAlive();
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['a space in the target', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a bad header name', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
    ['broken chunking', 'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['both Content-Length and chunked', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['a NUL byte in the request line', 'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('%s is 400 in our JSON form', async (_case, bytes) => {
    expectRawJsonError(await rawRequest(app.url, bytes), 400);
    await expectAlive();
  });

  it('raw garbage and abrupt disconnects leave the server answering', async () => {
    const garbage = [
      Buffer.from([0, 1, 2, 3, 255, 254, 13, 10, 13, 10]),
      Buffer.from('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03', 'latin1'), // a TLS ClientHello's start
      Buffer.from('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"query":'), // then hang up
      Buffer.from('GET / HTTP/1.1\r\n'), // an unfinished head
    ];
    for (const bytes of garbage) {
      const response = await rawRequest(app.url, bytes, 300);
      if (response.status !== null) expectRawJsonError(response, response.status);
    }
    await expectAlive();
  });
});

describe('NUL characters, which PostgreSQL cannot store, are a 400 everywhere', () => {
  const NUL = 'a\u0000b';

  it.each([
    ['register email', () => app.request('POST', '/v1/auth/register', { body: newRegistration({ email: `x${NUL}@example.com` }) })],
    ['register display name', () => app.request('POST', '/v1/auth/register', { body: newRegistration({ display_name: NUL }) })],
    ['login', () => app.request('POST', '/v1/auth/login', { body: { email: owner.email, password: NUL } })],
    ['issue claims', () => issue({ format: 'jwt_vc_json', issuer: did, claims: { name: NUL } })],
    ['issue claim name', () => issue({ format: 'jwt_vc_json', issuer: did, claims: { [NUL]: 1 } })],
    ['API key name', () => app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: { name: NUL } })],
    ['role description', () => app.request('POST', '/v1/roles', { token: owner.token, body: { name: 'r', description: NUL, permissions: ['credentials:list'] } })],
    ['invitation email', () => app.request('POST', '/v1/members/invitations', { token: owner.token, body: { email: `${NUL}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer } })],
    ['a DID in the path', () => app.request('GET', '/v1/dids/%00', { token: owner.token })],
    ['a query parameter', () => app.request('GET', '/v1/credentials?issuer=%00', { token: owner.token })],
  ])('%s', async (_case, send) => {
    const response = await send();
    expectError(response, 400, 'strings must not contain NUL (\\u0000) characters');
  });

  it('stores nothing for a refused request', async () => {
    const before = await app.database.prisma.apiKey.count({ where: { tenantId: owner.tenant_id } });
    await app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: { name: NUL } });
    expect(await app.database.prisma.apiKey.count({ where: { tenantId: owner.tenant_id } })).toBe(before);
  });
});

describe('nesting depth', () => {
  const nested = (depth: number) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = { a: value };
    return value as Record<string, unknown>;
  };

  it('claims nested 5,000 deep (20 KB) are a 400, not a stack overflow', async () => {
    // Written out by hand: JSON.stringify itself overflows at this depth.
    const claims = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    const response = await app.request('POST', '/v1/credentials/issue', {
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      rawBody: `{"format":"jwt_vc_json","issuer":"${did}","claims":${claims}}`,
    });
    expectError(response, 400, 'request body is nested deeper than 64 levels');
    await expectAlive();
  });

  it('claims are limited to 16 levels (documented), both formats', async () => {
    expect((await issue({ format: 'jwt_vc_json', issuer: did, claims: nested(15) })).status).toBe(200);
    for (const format of ['jwt_vc_json', 'vc+sd-jwt']) {
      const response = await issue({ format, issuer: did, vct: 'https://example.com/t', claims: nested(17) });
      expectError(response, 400, 'claims must be nested at most 16 levels deep');
    }
  });

  it('verifying a credential whose claims are nested 50,000 deep is a 400, and the server goes on', async () => {
    const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const deep = '['.repeat(50_000) + ']'.repeat(50_000); // 100 KB of JSON, 133 KB as base64url
    const jwt = `${segment({ alg: 'EdDSA', typ: 'JWT' })}.${Buffer.from(`{"iss":"${did}","vc":${deep}}`).toString('base64url')}.c2ln`;
    const response = await app.request('POST', '/v1/credentials/verify', {
      token: owner.token,
      body: { credential: jwt, format: 'jwt_vc_json' },
    });
    expectError(response, 400);
    expect(response.body.error).toMatch(/^malformed credential: /);
    await expectAlive();
  });
});

describe('dates beyond what clients handle', () => {
  it.each([
    ['+275760-09-13T00:00:00Z', 'valid_until must be an ISO 8601 date-time, e.g. 2030-01-01T00:00:00Z'],
    ['0001-01-01T00:00:00Z', 'valid_until must be between 1970-01-01 and 9999-12-31'],
  ])('valid_until %s is a 400', async (validUntil, message) => {
    const response = await issue({ format: 'jwt_vc_json', issuer: did, valid_from: '2030-01-01T00:00:00Z', valid_until: validUntil });
    expectError(response, 400, message);
  });

  it('an API key expiring in year 275760, or before 1970, is a 400', async () => {
    const create = (expiresAt: string) =>
      app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: { expires_at: expiresAt } });
    expectError(await create('+275760-09-13T00:00:00Z'), 400, 'expires_at must be an ISO 8601 date-time, e.g. 2030-01-01T00:00:00Z');
    expectError(await create('1960-01-01T00:00:00Z'), 400, 'expires_at must be between 1970-01-01 and 9999-12-31');
  });
});

describe('the subject is named once', () => {
  it.each(['jwt_vc_json', 'vc+sd-jwt'])('%s: claims.id is refused; subject_id names the subject', async (format) => {
    const response = await issue({
      format,
      issuer: did,
      vct: 'https://example.com/t',
      subject_id: 'did:example:alice',
      claims: { id: 'did:example:mallory' },
    });
    expectError(response, 400, 'claims may not contain id: give the subject as subject_id');
  });
});

describe('issuance contract corrections', () => {
  it.each([
    { type: ['VerifiableCredential', 'UniversityDegreeCredential'] },
    { type: 42, issuer: 7, claims: 'x' },
    { subject_id: ['x'], valid_until: 'soon' },
    {},
  ])('an unsupported format is `400 unsupported format` whatever else the body holds: %j', async (rest) => {
    const response = await issue({ issuer: did, ...rest, format: 'ldp_vc' });
    expectError(response, 400, 'unsupported format');
  });

  it('type takes the VC form (a list) as well as a single name, over REST and GraphQL', async () => {
    const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    const list = await issue({
      format: 'jwt_vc_json',
      issuer: did,
      type: ['VerifiableCredential', 'UniversityDegreeCredential'],
    });
    expect(list.status, list.text).toBe(200);
    expect(decode(list.body.credential).vc.type).toEqual(['VerifiableCredential', 'UniversityDegreeCredential']);
    expect(list.body.credential_type).toBe('UniversityDegreeCredential');

    const single = await issue({ format: 'jwt_vc_json', issuer: did, type: 'UniversityDegreeCredential' });
    expect(decode(single.body.credential).vc.type).toEqual(['VerifiableCredential', 'UniversityDegreeCredential']);

    const graphql = await app.graphql(
      `mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { credential credentialType } }`,
      { input: { format: 'jwt_vc_json', issuer: did, type: ['VerifiableCredential', 'AlumniCredential'] } },
      owner.token,
    );
    expect(graphql.body.errors).toBeUndefined();
    expect(decode(graphql.body.data.issueCredential.credential).vc.type).toEqual([
      'VerifiableCredential',
      'AlumniCredential',
    ]);

    expectError(await issue({ format: 'jwt_vc_json', issuer: did, type: ['Not A Type'] }), 400);
    expectError(await issue({ format: 'jwt_vc_json', issuer: did, type: [] }), 400, 'type must name at least one type');
  });
});

describe('nobody grants more than they hold', () => {
  it('a key scoped to api_keys:manage mints only keys within its own scopes', async () => {
    const tenantOwner = await registerUser(app);
    const scoped = await createApiKey(app, tenantOwner.token, { scopes: ['api_keys:manage'] });
    const minted = await app.request('POST', '/v1/admin/api-keys', { token: scoped.key, body: {} });
    expect(minted.status, minted.text).toBe(200);
    expect(minted.body.scopes).toEqual(['api_keys:manage']);
    // The minted key cannot reach billing or usage, which the owner's role holds.
    expectError(
      await app.request('GET', '/v1/admin/usage', { token: minted.body.key }),
      403,
      'API key missing scope: usage:read',
    );
    expectError(
      await app.request('POST', '/v1/admin/api-keys', { token: scoped.key, body: { scopes: ['billing:manage'] } }),
      400,
      'scope not permitted, you do not hold it: billing:manage',
    );
    // An unscoped key still mints unscoped keys: it acts with its creator's role.
    const unscoped = await createApiKey(app, tenantOwner.token);
    const fromUnscoped = await app.request('POST', '/v1/admin/api-keys', { token: unscoped.key, body: {} });
    expect(fromUnscoped.body.scopes).toBeNull();
  });

  it("an admin cannot revoke the owner's keys, but can revoke their own and another admin's", async () => {
    const tenantOwner = await tenantOnPlan(app, 'startup');
    const admin = await addMember(app, tenantOwner.token, BUILTIN_ROLE_IDS.admin);
    const otherAdmin = await addMember(app, tenantOwner.token, BUILTIN_ROLE_IDS.admin);
    const ownerKey = await createApiKey(app, tenantOwner.token);
    const adminKey = await createApiKey(app, admin.token);
    const otherAdminKey = await createApiKey(app, otherAdmin.token);

    const denied = await app.request('DELETE', `/v1/admin/api-keys/${ownerKey.id}`, { token: admin.token });
    expectError(denied, 403, "role 'admin' lacks permission: billing:manage");
    expect((await app.request('GET', '/v1/auth/me', { token: ownerKey.key })).status).toBe(200);

    expect((await app.request('DELETE', `/v1/admin/api-keys/${adminKey.id}`, { token: admin.token })).status).toBe(200);
    expect((await app.request('DELETE', `/v1/admin/api-keys/${otherAdminKey.id}`, { token: admin.token })).status).toBe(200);
    expect((await app.request('GET', '/v1/auth/me', { token: otherAdminKey.key })).status).toBe(401);
  });

  it('an admin cannot withdraw an invitation to the owner role, but can withdraw one to a lesser role', async () => {
    const tenantOwner = await tenantOnPlan(app, 'startup');
    const admin = await addMember(app, tenantOwner.token, BUILTIN_ROLE_IDS.admin);
    const invite = async (roleId: string) =>
      (
        await app.request('POST', '/v1/members/invitations', {
          token: tenantOwner.token,
          body: { email: `invitee-${roleId.slice(-1)}-${Date.now()}@example.com`, role_id: roleId },
        })
      ).body.id as string;
    const toOwner = await invite(BUILTIN_ROLE_IDS.owner);
    const toViewer = await invite(BUILTIN_ROLE_IDS.viewer);
    expectError(
      await app.request('DELETE', `/v1/members/invitations/${toOwner}`, { token: admin.token }),
      403,
      "role 'admin' lacks permission: billing:manage",
    );
    expect((await app.request('DELETE', `/v1/members/invitations/${toViewer}`, { token: admin.token })).status).toBe(200);
    const pending = await app.request('GET', '/v1/members/invitations', { token: tenantOwner.token });
    expect(pending.body.invitations.map((invitation: { id: string }) => invitation.id)).toEqual([toOwner]);
  });
});

describe('public routes are rate limited per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { PUBLIC_RATE_LIMIT_BURST: '3', PUBLIC_RATE_LIMIT_PER_MINUTE: '1' } });
  });
  afterAll(() => limited?.close());

  it('status lists, DID resolution and 404s share a bucket; the 4th is 429 with Retry-After and RateLimit-*', async () => {
    const paths = ['/1.0/identifiers/' + did, '/v1/status-lists/00000000-0000-4000-8000-000000000000', '/nowhere'];
    const answers = [];
    for (const path of [...paths, '/1.0/identifiers/' + did]) answers.push(await limited.request('GET', path));
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 404, 429]);
    expect(answers[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(answers[0]!.headers.get('ratelimit-remaining')).toBe('2');
    const refused = answers[3]!;
    expectError(refused, 429, 'too many requests from this address');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    // An authenticated API request spends from its tenant's bucket, not this one.
    const user = await registerUser(limited);
    expect((await limited.request('GET', '/v1/auth/me', { token: user.token })).status).toBe(200);
  });
});
