// Idempotent retries (docs/api.md, "Idempotent retries"): Idempotency-Key on the five POSTs that create something,
// over REST and GraphQL. A replay is the first response byte for byte, marked Idempotent-Replayed; a key used
// for another request is 422, one whose request still runs 409; failures are not recorded; keys are per
// tenant; stored responses are encrypted; and a retry never acts twice — across instances and after kill -9.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/auth/principal.js';
import { completeIdempotentRequest } from '../../src/modules/idempotency/idempotency.service.js';
import { seededDataDir, startService } from '../support/child-service.js';
import { BUILTIN_ROLE_IDS, tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';
import {
  startTestApp,
  TEST_KEY_ENCRYPTION_KEY,
  usingPostgres,
  type HttpResult,
  type TestApp,
} from '../support/harness.js';

// Short, so that tests of a lease running out wait little; long enough for any request of this suite.
const LEASE_SECONDS = 2;
const LEASE = { IDEMPOTENCY_LEASE: `${LEASE_SECONDS}s` };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: LEASE });
});
afterAll(() => app?.close());

const REPLAYED = 'idempotent-replayed';
const IN_PROGRESS = 'a request with this Idempotency-Key is still in progress';
const REUSED = 'Idempotency-Key was already used with a different request';
const INVALID_KEY = 'Idempotency-Key must be 1 to 255 printable ASCII characters';
const ONE_MUTATION = 'a GraphQL request with an Idempotency-Key must hold exactly one mutation field';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(target: TestApp, urlPath: string, token: string, body: unknown, key?: string) {
  return target.request('POST', urlPath, { token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
}

function graphql(target: TestApp, token: string, query: string, variables: Record<string, unknown>, key?: string) {
  return target.request('POST', '/graphql', {
    token,
    body: { query, variables },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

function expectReplayOf(replay: HttpResult, first: HttpResult) {
  expect(first.status, first.text).toBe(200);
  expect(first.headers.get(REPLAYED)).toBeNull();
  expect(replay.status, replay.text).toBe(first.status);
  expect(replay.text).toBe(first.text);
  expect(replay.headers.get(REPLAYED)).toBe('true');
  expectSecurityHeaders(replay.headers);
}

async function newDid(target: TestApp, token: string): Promise<string> {
  const response = await post(target, '/v1/dids', token, { key_type: 'Ed25519' });
  expect(response.status, response.text).toBe(200);
  return response.body.did;
}

const issueBody = (issuer: string, claims: Record<string, unknown> = { name: 'Ada' }) => ({
  format: 'jwt_vc_json',
  issuer,
  subject_id: 'did:example:ada',
  type: ['VerifiableCredential', 'ExampleCredential'],
  claims,
});

const issuedThisMonth = async (target: TestApp, token: string) =>
  (await target.request('GET', '/v1/admin/usage', { token })).body.credentials_issued_this_month as number;

const keyRows = (tenantId: string) => app.database.prisma.idempotencyKey.findMany({ where: { tenantId } });

/** A tenant with room for everything below (custom roles need Business), and a DID to issue with. */
async function businessTenant(target: TestApp = app) {
  const owner = await tenantOnPlan(target, 'business');
  return { owner, did: await newDid(target, owner.token) };
}

/** Takes `key` as a createDid request still running would (its process holds the lease). */
function holdKeyForCreateDid(owner: RegisteredUser, key: string, input: Record<string, unknown>) {
  return app.services.idempotency.begin({
    tenantId: owner.tenant_id,
    key,
    operation: 'createDid',
    args: { input },
    caller: `user:${owner.user_id}`,
  });
}

describe('replay', () => {
  it('the same key and body → the first response, byte for byte, marked; issued and counted once', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const first = await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key);
    const again = await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key);
    expectReplayOf(again, first);
    const third = await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key);
    expectReplayOf(third, first);

    expect(await issuedThisMonth(app, owner.token)).toBe(1);
    expect(await app.database.prisma.credential.count({ where: { tenantId: owner.tenant_id } })).toBe(1);
    const rows = await keyRows(owner.tenant_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key, operation: 'issueCredential' });
    expect(rows[0]!.completedAt).toBeInstanceOf(Date);
    // Sealed: neither the credential nor its id is readable in the row.
    const stored = Buffer.from(rows[0]!.response!).toString('latin1');
    expect(stored).not.toContain(first.body.id);
    expect(stored).not.toContain(first.body.credential.slice(0, 40));
  });

  it('without a key, the same body issues twice', async () => {
    const { owner, did } = await businessTenant();
    const first = await post(app, '/v1/credentials/issue', owner.token, issueBody(did));
    const second = await post(app, '/v1/credentials/issue', owner.token, issueBody(did));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.headers.get(REPLAYED)).toBeNull();
    expect(await keyRows(owner.tenant_id)).toHaveLength(0);
  });

  it('each of the five endpoints creates once and replays its first response', async () => {
    const { owner, did } = await businessTenant();
    const tenantId = owner.tenant_id;
    const prisma = app.database.prisma;
    const cases: [string, unknown, () => Promise<number>][] = [
      ['/v1/credentials/issue', issueBody(did), () => prisma.credential.count({ where: { tenantId } })],
      ['/v1/dids', { key_type: 'P-256' }, () => prisma.did.count({ where: { tenantId, keyType: 'P-256' } })],
      ['/v1/admin/api-keys', { name: 'ci' }, () => prisma.apiKey.count({ where: { tenantId } })],
      [
        '/v1/members/invitations',
        { email: `invitee-${randomUUID()}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer },
        () => prisma.invitation.count({ where: { tenantId } }),
      ],
      [
        '/v1/roles',
        { name: 'auditor', permissions: ['credentials:list'] },
        () => prisma.role.count({ where: { tenantId } }),
      ],
    ];
    for (const [urlPath, body, count] of cases) {
      const key = randomUUID();
      const first = await post(app, urlPath, owner.token, body, key);
      const again = await post(app, urlPath, owner.token, body, key);
      expectReplayOf(again, first);
      expect(await count(), urlPath).toBe(1);
    }
    expect(await keyRows(tenantId)).toHaveLength(cases.length);
  });

  it('an API key replayed is the same working key, and the database holds no plaintext of it', async () => {
    const { owner } = await businessTenant();
    const key = randomUUID();
    const first = await post(app, '/v1/admin/api-keys', owner.token, { name: 'deploy', scopes: ['usage:read'] }, key);
    const again = await post(app, '/v1/admin/api-keys', owner.token, { name: 'deploy', scopes: ['usage:read'] }, key);
    expectReplayOf(again, first);
    expect(again.body.key).toBe(first.body.key);
    expect((await app.request('GET', '/v1/admin/usage', { token: again.body.key })).status).toBe(200);

    const invited = { email: `invitee-${randomUUID()}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer };
    const invitationKey = randomUUID();
    const invitation = await post(app, '/v1/members/invitations', owner.token, invited, invitationKey);
    expectReplayOf(await post(app, '/v1/members/invitations', owner.token, invited, invitationKey), invitation);

    const secrets = [first.body.key, first.body.key.slice('bsk_live_'.length), invitation.body.token];
    const rows = await keyRows(owner.tenant_id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const bytes = Buffer.from(row.response!);
      for (const secret of secrets) {
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
        expect(bytes.toString('base64')).not.toContain(Buffer.from(secret).toString('base64').slice(0, 16));
      }
    }
  });
});

describe('refusals', () => {
  it('the same key with a different body → 422, and nothing happens', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const first = await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key);
    expect(first.status).toBe(200);
    const other = await post(app, '/v1/credentials/issue', owner.token, issueBody(did, { name: 'Grace' }), key);
    expectError(other, 422, REUSED);
    expect(other.headers.get(REPLAYED)).toBeNull();
    // The same key on another endpoint is another request too.
    expectError(await post(app, '/v1/dids', owner.token, {}, key), 422, REUSED);
    expect(await issuedThisMonth(app, owner.token)).toBe(1);
  });

  it('another member of the tenant using the key gets 422, never the first caller’s response', async () => {
    const { owner } = await businessTenant();
    const apiKey = (await post(app, '/v1/admin/api-keys', owner.token, { name: 'admin key' })).body.key as string;
    const key = randomUUID();
    const first = await post(app, '/v1/admin/api-keys', owner.token, {}, key);
    expect(first.status).toBe(200);
    expectError(await post(app, '/v1/admin/api-keys', apiKey, {}, key), 422, REUSED);
  });

  it('a request whose key is held by a request still running → 409; released, the retry runs', async () => {
    const { owner } = await businessTenant();
    const key = randomUUID();
    const begun = await holdKeyForCreateDid(owner, key, { keyType: 'P-256' });
    expect(begun.kind).toBe('execute');
    if (begun.kind !== 'execute') return;
    expectError(await post(app, '/v1/dids', owner.token, { key_type: 'P-256' }, key), 409, IN_PROGRESS);
    // A different body is told so even while the key is held.
    expectError(await post(app, '/v1/dids', owner.token, { key_type: 'Ed25519' }, key), 422, REUSED);
    await app.services.idempotency.release(begun.slot);
    const retried = await post(app, '/v1/dids', owner.token, { key_type: 'P-256' }, key);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.headers.get(REPLAYED)).toBeNull();
  });

  // The two tests that wait for a lease to run out wait side by side (each on a tenant of its own).
  it.concurrent(
    'a lease that ran out (its process died) is taken over; the late first request cannot complete',
    async () => {
      const { owner } = await businessTenant();
      const key = randomUUID();
      const begun = await holdKeyForCreateDid(owner, key, { keyType: 'P-256' });
      if (begun.kind !== 'execute') throw new Error('expected to hold the key');
      await sleep(LEASE_SECONDS * 1000 + 300);
      const retried = await post(app, '/v1/dids', owner.token, { key_type: 'P-256' }, key);
      expect(retried.status, retried.text).toBe(200);
      // The first holder wakes up and tries to commit its effect: refused, and its transaction rolls back.
      await expect(
        app.database.prisma.$transaction(async (tx) => {
          await tx.outboxEvent.create({ data: { tenantId: owner.tenant_id, type: 'probe', payload: {} } });
          await completeIdempotentRequest(tx, begun.slot, { late: true });
        }),
      ).rejects.toMatchObject({ status: 409, message: IN_PROGRESS });
      expect(await app.database.prisma.outboxEvent.count({ where: { tenantId: owner.tenant_id, type: 'probe' } })).toBe(
        0,
      );
      expectReplayOf(await post(app, '/v1/dids', owner.token, { key_type: 'P-256' }, key), retried);
    },
  );

  it.concurrent(
    'the issue statement refuses a lease it lost: no credential, no quota; the new holder’s issue counts',
    async () => {
      const { owner, did } = await businessTenant();
      const key = randomUUID();
      const body = issueBody(did);
      const request = {
        tenantId: owner.tenant_id,
        key,
        operation: 'issueCredential',
        // What the resolver receives for the REST body above.
        args: {
          input: { format: body.format, issuer: did, subjectId: body.subject_id, type: body.type, claims: body.claims },
        },
        caller: `user:${owner.user_id}`,
      };
      const stale = await app.services.idempotency.begin(request);
      await sleep(LEASE_SECONDS * 1000 + 300);
      const current = await app.services.idempotency.begin(request);
      if (stale.kind !== 'execute' || current.kind !== 'execute') throw new Error('expected to hold the key twice');
      const principal = {
        kind: 'session',
        tenantId: owner.tenant_id,
        userId: owner.user_id,
        plan: 'business',
        compliance: { adopted: [] as string[], personalClaims: [] as string[], keyRotationDays: 365 },
      } as unknown as Principal;
      const input = request.args.input;
      await expect(app.services.credentials.issue(principal, input, stale.slot)).rejects.toMatchObject({
        status: 409,
        message: IN_PROGRESS,
      });
      expect(await issuedThisMonth(app, owner.token)).toBe(0);
      expect(await app.database.prisma.credential.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
      const issued = await app.services.credentials.issue(principal, input, current.slot);
      const replay = await post(app, '/v1/credentials/issue', owner.token, body, key);
      expect(replay.headers.get(REPLAYED)).toBe('true');
      expect(replay.body).toMatchObject({ id: issued.id, credential: issued.credential });
      expect(await issuedThisMonth(app, owner.token)).toBe(1);
    },
  );

  it('concurrent duplicates: one runs, the others get 409 or its replay; one credential', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post(app, '/v1/credentials/issue', owner.token, issueBody(did), key)),
    );
    const ran = responses.filter((response) => response.status === 200 && !response.headers.get(REPLAYED));
    expect(ran).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 200) expect(response.text).toBe(ran[0]!.text);
      else expectError(response, 409, IN_PROGRESS);
    }
    expect(await issuedThisMonth(app, owner.token)).toBe(1);
    expectReplayOf(await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key), ran[0]!);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'caf\u00e9'],
    ['a control character', 'a\tb'],
  ])('an invalid key (%s) → 400, nothing created', async (_name, key) => {
    const { owner } = await businessTenant();
    expectError(await post(app, '/v1/dids', owner.token, {}, key), 400, INVALID_KEY);
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id } })).toBe(1);
  });

  it('255 printable characters are a valid key', async () => {
    const { owner } = await businessTenant();
    const key = `${'~ !'.repeat(85)}`;
    const first = await post(app, '/v1/admin/api-keys', owner.token, {}, key);
    expectReplayOf(await post(app, '/v1/admin/api-keys', owner.token, {}, key), first);
  });

  it('other endpoints ignore the header, even an invalid one', async () => {
    const { owner, did } = await businessTenant();
    const credential = (await post(app, '/v1/credentials/issue', owner.token, issueBody(did))).body.credential;
    for (let i = 0; i < 2; i++) {
      const verified = await post(app, '/v1/credentials/verify', owner.token, { credential }, 'same-key');
      expect(verified.status).toBe(200);
      expect(verified.headers.get(REPLAYED)).toBeNull();
    }
    const me = await app.request('GET', '/v1/auth/me', { token: owner.token, headers: { 'idempotency-key': '' } });
    expect(me.status).toBe(200);
    expect(await keyRows(owner.tenant_id)).toHaveLength(0);
  });
});

describe('failures are not recorded', () => {
  it('a refused request (before or inside the service) leaves the key free for the corrected retry', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    // Refused by the REST layer, before the resolver.
    expectError(await post(app, '/v1/credentials/issue', owner.token, { ...issueBody(did), format: 'mdoc' }, key), 400);
    // Refused by the service, after the key was taken: released.
    const unknownIssuer = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    expectError(await post(app, '/v1/credentials/issue', owner.token, issueBody(unknownIssuer), key), 404);
    expect(await keyRows(owner.tenant_id)).toHaveLength(0);
    const corrected = await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key);
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.headers.get(REPLAYED)).toBeNull();
    expectReplayOf(await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key), corrected);
  });

  it('a plan limit hit inside the transaction is not recorded either', async () => {
    const owner = await tenantOnPlan(app, 'developer'); // one DID
    expect((await post(app, '/v1/dids', owner.token, {})).status).toBe(200);
    const key = randomUUID();
    expectError(await post(app, '/v1/dids', owner.token, {}, key), 403, 'DID limit reached (1)');
    expect(await keyRows(owner.tenant_id)).toHaveLength(0);
  });
});

describe('scope', () => {
  it('the same key in two tenants is two requests: two credentials', async () => {
    const a = await businessTenant();
    const b = await businessTenant();
    const key = randomUUID();
    const first = await post(app, '/v1/credentials/issue', a.owner.token, issueBody(a.did), key);
    const second = await post(app, '/v1/credentials/issue', b.owner.token, issueBody(b.did), key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get(REPLAYED)).toBeNull();
    expect(second.body.id).not.toBe(first.body.id);
    expect(await issuedThisMonth(app, a.owner.token)).toBe(1);
    expect(await issuedThisMonth(app, b.owner.token)).toBe(1);
  });
});

describe('GraphQL', () => {
  const ISSUE = `mutation Issue($input: IssueCredentialInput!) {
    issueCredential(input: $input) { id credential issuedAt expiresAt status { uri index } } }`;
  const input = (issuer: string) => ({
    format: 'jwt_vc_json',
    issuer,
    subjectId: 'did:example:ada',
    type: ['VerifiableCredential', 'ExampleCredential'],
    claims: { name: 'Ada' },
    validUntil: '2035-01-01T00:00:00Z',
  });

  it('replays a mutation with the header, dates included, byte for byte', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const first = await graphql(app, owner.token, ISSUE, { input: input(did) }, key);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.issueCredential.expiresAt).toBe('2035-01-01T00:00:00.000Z');
    expectReplayOf(await graphql(app, owner.token, ISSUE, { input: input(did) }, key), first);
    expect(await issuedThisMonth(app, owner.token)).toBe(1);
  });

  it('shares keys with REST: the same request by either door is one credential', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const rest = await post(
      app,
      '/v1/credentials/issue',
      owner.token,
      { ...issueBody(did), valid_until: '2035-01-01T00:00:00Z' },
      key,
    );
    expect(rest.status, rest.text).toBe(200);
    const overGraphQL = await graphql(app, owner.token, ISSUE, { input: input(did) }, key);
    expect(overGraphQL.headers.get(REPLAYED)).toBe('true');
    expect(overGraphQL.body.data.issueCredential).toMatchObject({ id: rest.body.id, credential: rest.body.credential });
    expect(await issuedThisMonth(app, owner.token)).toBe(1);
  });

  it('an input field given as null is the same request as one left out', async () => {
    const { owner } = await businessTenant();
    const key = randomUUID();
    const rest = await post(app, '/v1/admin/api-keys', owner.token, { name: 'ci' }, key);
    const CREATE = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }`;
    const input = { name: 'ci', scopes: null, expiresAt: null };
    const overGraphQL = await graphql(app, owner.token, CREATE, { input }, key);
    expect(overGraphQL.headers.get(REPLAYED)).toBe('true');
    expect(overGraphQL.body.data.createApiKey.key).toBe(rest.body.key);
  });

  it('a different input with the key → 422 in the GraphQL error form', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    expect((await graphql(app, owner.token, ISSUE, { input: input(did) }, key)).body.errors).toBeUndefined();
    const other = await graphql(app, owner.token, ISSUE, { input: { ...input(did), claims: { name: 'Grace' } } }, key);
    expect(other.body.errors?.[0]).toMatchObject({ message: REUSED, extensions: { status: 422 } });
  });

  it.each([
    ['two mutation fields', `mutation { a: createDid(input: {}) { id } b: createDid(input: {}) { id } }`],
    [
      'a mutation field beside another through a fragment',
      `mutation { ...F createDid(input: {}) { id } } fragment F on Mutation { logout { status } }`,
    ],
    ['a query', `query { roles { roles { id } } }`],
  ])('with the header, %s → 400 and nothing runs', async (_name, query) => {
    const { owner } = await businessTenant();
    const response = await graphql(app, owner.token, query, {}, randomUUID());
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ message: ONE_MUTATION, extensions: { status: 400 } });
    expect(response.body.data ?? null).toBeNull();
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id } })).toBe(1);
    expect((await app.request('GET', '/v1/auth/me', { token: owner.token })).status).toBe(200); // not logged out
  });
});

describe.skipIf(!usingPostgres)('across two instances on one PostgreSQL database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ env: LEASE });
  });
  afterAll(() => other?.close());

  it('a retry on the other instance replays; a duplicate while one runs is 409 there', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const first = await post(app, '/v1/credentials/issue', owner.token, issueBody(did), key);
    expectReplayOf(await post(other, '/v1/credentials/issue', owner.token, issueBody(did), key), first);

    const held = randomUUID();
    const begun = await holdKeyForCreateDid(owner, held, {});
    expect(begun.kind).toBe('execute');
    expectError(await post(other, '/v1/dids', owner.token, {}, held), 409, IN_PROGRESS);
  });

  it('concurrent duplicates spread over both instances: one credential', async () => {
    const { owner, did } = await businessTenant();
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? other : app, '/v1/credentials/issue', owner.token, issueBody(did), key),
      ),
    );
    const ran = responses.filter((response) => response.status === 200 && !response.headers.get(REPLAYED));
    expect(ran).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 200) expect(response.text).toBe(ran[0]!.text);
      else expectError(response, 409, IN_PROGRESS);
    }
    expect(await issuedThisMonth(app, owner.token)).toBe(1);
  });
});

describe('after kill -9', () => {
  const KILL_AFTER_ACKNOWLEDGED = 30;
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('retrying every key once the service is back issues each exactly once', async () => {
    const dataDir = await seededDataDir('idempotency-kill-');
    dirs.push(dataDir);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      IDEMPOTENCY_LEASE: '1s',
      ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
      ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    };
    const call = async (url: string, urlPath: string, token: string | null, body: unknown, key?: string) => {
      const response = await fetch(url + urlPath, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token && { authorization: `Bearer ${token}` }),
          ...(key && { 'idempotency-key': key }),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, replayed: response.headers.get(REPLAYED), text: await response.text() };
    };

    const service = await startService(env);
    let killedAt = Number.POSITIVE_INFINITY;
    let owner!: RegisteredUser;
    let did!: string;
    const sent: { key: string; body: unknown; acknowledged?: string }[] = [];
    try {
      const registration = {
        email: `kill-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        display_name: 'Kill',
        tenant_name: 'Kill',
        tenant_slug: `kill-${randomUUID().slice(0, 8)}`,
      };
      const registered = await call(service.url, '/v1/auth/register', null, registration);
      owner = { ...registration, ...JSON.parse(registered.text) };
      expect((await call(service.url, '/v1/admin/billing/upgrade', owner.token, { plan: 'enterprise' })).status).toBe(
        200,
      );
      did = JSON.parse((await call(service.url, '/v1/dids', owner.token, {})).text).did;

      let stop = false;
      let acknowledgedCount = 0;
      let enoughAcknowledged!: () => void;
      const killTime = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
      const writer = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const entry = {
            key: `kill-${worker}-${i}-${randomUUID()}`,
            body: issueBody(did, { worker, i }),
          } as (typeof sent)[number];
          sent.push(entry);
          try {
            const response = await call(service.url, '/v1/credentials/issue', owner.token, entry.body, entry.key);
            if (response.status === 200) {
              entry.acknowledged = response.text;
              if (++acknowledgedCount === KILL_AFTER_ACKNOWLEDGED) enoughAcknowledged();
            }
          } catch {
            return; // the process died under this request: not acknowledged
          }
        }
      };
      const writers = Array.from({ length: 6 }, (_, worker) => writer(worker));
      // Killed once enough issues are acknowledged (after 2.5 s at the latest), the writers' next ones in
      // flight: the kill landing mid-request is the test; more issues only add keys to retry.
      await Promise.race([killTime, sleep(2500)]);
      service.process.kill('SIGKILL');
      killedAt = Date.now();
      stop = true;
      await Promise.all(writers);
    } finally {
      service.process.kill('SIGKILL');
      await service.exited;
    }
    const acknowledged = sent.filter((entry) => entry.acknowledged !== undefined);
    expect(acknowledged.length).toBeGreaterThan(5);

    const restarted = await startService(env);
    try {
      // The dead process's leases (1 s, taken before the kill) have run out by now, or do after this wait.
      await sleep(killedAt + 1100 - Date.now());
      const ids = new Set<string>();
      let replayedUnacknowledged = 0;
      for (let start = 0; start < sent.length; start += 6) {
        await Promise.all(
          sent.slice(start, start + 6).map(async (entry) => {
            const retried = await call(restarted.url, '/v1/credentials/issue', owner.token, entry.body, entry.key);
            expect(retried.status, retried.text).toBe(200);
            if (entry.acknowledged !== undefined) {
              expect(retried.replayed).toBe('true');
              expect(retried.text).toBe(entry.acknowledged);
            } else if (retried.replayed) {
              replayedUnacknowledged++; // committed, never acknowledged: the case this is for
            }
            ids.add(JSON.parse(retried.text).id);
          }),
        );
      }
      expect(ids.size).toBe(sent.length);
      const usage = await fetch(`${restarted.url}/v1/admin/usage`, {
        headers: { authorization: `Bearer ${owner!.token}` },
      });
      expect((await usage.json()).credentials_issued_this_month).toBe(sent.length);
      let listed = 0;
      let cursor: string | null = null;
      do {
        const page: any = await (
          await fetch(`${restarted.url}/v1/credentials?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
            headers: { authorization: `Bearer ${owner!.token}` },
          })
        ).json();
        listed += page.credentials.length;
        cursor = page.next_cursor;
      } while (cursor);
      expect({ sent: sent.length, listed }).toEqual({ sent: sent.length, listed: sent.length });
      console.log(
        `kill -9: ${sent.length} keys sent, ${acknowledged.length} acknowledged, ${replayedUnacknowledged} committed but unacknowledged`,
      );
    } finally {
      restarted.process.kill('SIGTERM');
      await restarted.exited;
    }
  }, 180_000);
});
