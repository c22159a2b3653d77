// A bounded fuzz of the whole HTTP surface with a fixed seed, so a failure replays exactly: a few thousand
// requests built from the endpoint table with mutated paths, queries, headers and bodies (wrong types, NUL
// characters, deep nesting, huge numbers, non-JSON bytes), over REST and GraphQL, anonymous and
// authenticated. Whatever arrives, the answer is never a 5xx, always JSON (bar 204/304/HEAD) with the six
// security headers, and the process keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/rest/endpoints.js';
import { PERMISSIONS } from '../../src/auth/permissions.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createApiKey, tenantOnPlan } from '../support/factories.js';
import { SECURITY_HEADERS } from '../support/contract.js';

const SEED = 0x5eed_2026;
const REQUESTS = 2_000;
const CONCURRENCY = 8;

/** mulberry32: a tiny seeded PRNG, so every run sends the same requests. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof prng>;
type FuzzRequest = { method: string; path: string; body?: string; contentType?: string };

const FIELD_NAMES = [
  'email', 'password', 'display_name', 'tenant_name', 'tenant_slug', 'format', 'issuer', 'subject_id', 'claims',
  'type', 'vct', 'valid_from', 'valid_until', 'disclosable', 'holder_jwk', 'sd_jwt_typ', 'credential', 'audience',
  'nonce', 'name', 'scopes', 'expires_at', 'role_id', 'permissions', 'description', 'plan', 'token', 'key_type',
];

const STRINGS = [
  '', ' ', 'a', 'x'.repeat(3000), '\u0000', 'a\u0000b', '%00', '../../etc/passwd', '\u202e\ufeff', '😀',
  'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK', 'did:key:zInvalid', 'jwt_vc_json', 'vc+sd-jwt',
  'ldp_vc', 'owner', 'viewer', 'enterprise', 'developer', '00000000-0000-4000-8000-000000000001',
  '2030-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1969-01-01T00:00:00Z', 'credentials:issue', 'nope:x',
  'eyJhbGciOiJub25lIn0.eyJ9.', 'a.b.c', 'a~b~', '<script>', "' OR 1=1 --", 'user@example.com', 'P-256', 'Ed25519',
];

function randomValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 3 ? 6 : 9)) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return random.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, 131_072, 100]);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return random.pick(STRINGS) + random.int(1000);
    case 5:
      return random.pick(FIELD_NAMES);
    case 6:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    case 7:
      return randomObject(random, depth + 1);
    default: {
      // Deep nesting, past the limits.
      let value: unknown = 1;
      for (let i = 0, n = random.pick([10, 20, 70, 200]); i < n; i++) value = random.chance(0.5) ? [value] : { a: value };
      return value;
    }
  }
}

function randomObject(random: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = 0, n = random.int(6); i < n; i++) {
    object[random.chance(0.8) ? random.pick(FIELD_NAMES) : random.pick(STRINGS)] = randomValue(random, depth);
  }
  return object;
}

function randomBody(random: Random): { body?: string; contentType?: string } {
  switch (random.int(8)) {
    case 0:
      return {};
    case 1:
      return { body: random.pick(['{', 'null', '[]', '"x"', '1', '{"a":\u0000}', '\u0000', '{}}', 'a=b&c=d']), contentType: 'application/json' };
    case 2:
      return { body: JSON.stringify(randomObject(random)), contentType: random.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) };
    case 3:
      return { body: Buffer.from(Array.from({ length: random.int(64) }, () => random.int(256))).toString('latin1'), contentType: 'application/json' };
    default:
      return { body: JSON.stringify(randomObject(random)), contentType: 'application/json' };
  }
}

const GRAPHQL_DOCUMENTS = [
  '{ __typename }',
  '{ me { userId email permissions } }',
  '{ roles { roles { id name } } members(limit: 5) { members { userId } nextCursor } }',
  '{ credentials(limit: 5) { credentials { id } nextCursor } }',
  'query ($id: String!) { credential(id: $id) { id } }',
  'query ($did: String!) { did(did: $did) { did status } }',
  'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id } }',
  'mutation ($input: VerifyCredentialInput!) { verifyCredential(input: $input) { verified } }',
  'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }',
  'mutation ($input: LoginInput!) { login(input: $input) { token } }',
  'mutation ($input: RegisterInput!) { register(input: $input) { token } }',
  'mutation { a: createDid(input: {}) { did } b: createDid(input: {}) { did } }',
  '{ me { userId } ',
  'query { me { nope } }',
  'subscription { x }',
  '{ ' + 'a: __typename '.repeat(300) + '}',
  '{ me { ' + 'tenants { id '.repeat(40) + '}'.repeat(40) + ' } }',
  'fragment F on Query { ...F } { ...F }',
];

function graphqlRequest(random: Random): FuzzRequest {
  const query = random.pick(GRAPHQL_DOCUMENTS);
  const variables = random.chance(0.2) ? random.pick(STRINGS) : { input: randomObject(random), id: randomValue(random), did: randomValue(random) };
  if (random.chance(0.15)) {
    const params = new URLSearchParams({ query });
    if (random.chance(0.5)) params.set('variables', random.chance(0.5) ? 'x' : JSON.stringify(variables));
    return { method: 'GET', path: `/graphql?${params}` };
  }
  const body = random.chance(0.1) ? random.pick(['{', '[]', '{"query":1}', '{"query":"{ me { userId } }","variables":"x"}']) : JSON.stringify({ query, variables });
  return { method: 'POST', path: '/graphql', body, contentType: random.pick(['application/json', 'application/json', 'application/graphql+json', 'text/plain']) };
}

function restRequest(random: Random, context: { did: string }): FuzzRequest {
  const endpoint = random.pick(ENDPOINTS);
  const segment = () =>
    random.pick([
      context.did,
      '00000000-0000-4000-8000-000000000005',
      encodeURIComponent(random.pick(STRINGS)),
      '%00',
      '%E0%A4%A',
      'x'.repeat(random.pick([1, 300, 5000])),
      '..',
    ]);
  let path = endpoint.path.replace(/:[a-z_]+/g, segment);
  if (random.chance(0.3)) {
    const query = new URLSearchParams();
    for (let i = 0, n = 1 + random.int(3); i < n; i++) {
      query.set(random.pick(['limit', 'cursor', 'status', 'format', 'issuer', random.pick(FIELD_NAMES)]), String(randomValue(random)));
    }
    path += `?${query}`;
  }
  const method = random.chance(0.9) ? endpoint.method : random.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
  return { method, path, ...(method === 'GET' || method === 'HEAD' ? {} : randomBody(random)) };
}

function publicRequest(random: Random, context: { did: string; statusList: string }): FuzzRequest {
  const path = random.pick([
    `/1.0/identifiers/${context.did}`,
    `/1.0/identifiers/${encodeURIComponent(random.pick(STRINGS))}`,
    context.statusList,
    `${context.statusList}x`,
    '/v1/status-lists/%00',
    '/v1/openapi.json',
    '/',
    `/${random.pick(STRINGS)}`,
  ]);
  return { method: random.pick(['GET', 'GET', 'HEAD', 'OPTIONS', 'POST']), path };
}

let app: TestApp;
let tokens: (string | undefined)[];
let context: { did: string; statusList: string };

beforeAll(async () => {
  app = await startTestApp();
  const owner = await tenantOnPlan(app, 'enterprise');
  // Everything but billing, so no random request can move the tenant to a plan whose limits would answer
  // every later request with 429 (which would still pass, but test nothing).
  const key = await createApiKey(app, owner.token, { scopes: PERMISSIONS.filter((p) => p !== 'billing:manage') });
  const did = (await app.request('POST', '/v1/dids', { token: owner.token, body: {} })).body.did;
  const issued = await app.request('POST', '/v1/credentials/issue', {
    token: owner.token,
    body: { format: 'jwt_vc_json', issuer: did, claims: { name: 'fuzz' } },
  });
  context = { did, statusList: new URL(issued.body.status.uri).pathname };
  tokens = [undefined, key.key, 'bsk_live_' + '0'.repeat(48), 'not-a-token'];
});
afterAll(() => app?.close());

describe('a bounded fuzz of the HTTP surface', () => {
  it(`answers ${REQUESTS} hostile requests (seed ${SEED}) without a 5xx, always JSON with the six headers`, async () => {
    const random = prng(SEED);
    const requests = Array.from({ length: REQUESTS }, () => {
      const kind = random.next();
      const request: FuzzRequest = kind < 0.6 ? restRequest(random, context) : kind < 0.85 ? graphqlRequest(random) : publicRequest(random, context);
      return { ...request, token: random.pick(tokens), requestId: random.chance(0.1) ? random.pick(STRINGS) : undefined };
    });

    const failures: string[] = [];
    let next = 0;
    async function worker() {
      while (next < requests.length) {
        const request = requests[next++]!;
        const headers: Record<string, string> = {};
        if (request.token) headers.authorization = `Bearer ${request.token}`;
        if (request.contentType) headers['content-type'] = request.contentType;
        if (request.requestId && /^[\x20-\x7e]*$/.test(request.requestId)) headers['x-request-id'] = request.requestId;
        const response = await fetch(app.url + request.path, {
          method: request.method,
          headers,
          body: request.body,
        });
        const text = await response.text();
        const label = `${request.method} ${request.path.slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`;
        if (response.status >= 500) failures.push(label);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
          if (response.headers.get(name) !== value) failures.push(`${label}: header ${name} missing`);
        }
        const bodyless = response.status === 204 || response.status === 304 || request.method === 'HEAD';
        if (!bodyless && response.status >= 400) {
          let error: unknown;
          try {
            const body = JSON.parse(text);
            error = body.error ?? body.errors?.[0]?.message;
          } catch {
            error = undefined;
          }
          if (typeof error !== 'string') failures.push(`${label}: not a JSON error`);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 20)).toEqual([]);
    // Alive and serving.
    expect((await fetch(`${app.url}/1.0/identifiers/${context.did}`)).status).toBe(200);
  }, 120_000);
});
