// DIDs (did:key, Ed25519 and P-256): creation, the private key at rest, plan limits, listing, lookup,
// deactivation, the public resolver, outbox events and permissions, over REST and GraphQL.
import { createPrivateKey, createPublicKey, ECDH } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyEncryption, keyAadFor } from '../../src/lib/key-encryption.js';
import { startTestApp, TEST_KEY_ENCRYPTION_KEY, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, registerUser, tenantOnPlan } from '../support/factories.js';
import { expectError, expectSecurityHeaders, UUID } from '../support/contract.js';
import { readVector } from '../support/vectors.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const keyEncryption = createKeyEncryption(Buffer.from(TEST_KEY_ENCRYPTION_KEY, 'base64'));

// Vector DIDs nobody in these tests owns.
const ED25519_VECTORS: Record<string, any> = JSON.parse(readVector('did-key/ed25519-x25519.json'));
const NIST_VECTORS: Record<string, any> = JSON.parse(readVector('did-key/nist-curves.json'));
const P256_VECTOR_DIDS = Object.keys(NIST_VECTORS).filter((did) => did.startsWith('did:key:zDn'));
const SECP256K1_DID = Object.keys(JSON.parse(readVector('did-key/secp256k1.json')))[0]!;
const FOREIGN_DID = Object.keys(ED25519_VECTORS)[0]!;

const DID_FIELDS = 'id did keyType verificationMethod status createdAt deactivatedAt didDocument';

const createDid = (token: string, body: Record<string, unknown> = {}) =>
  app.request('POST', '/v1/dids', { token, body });
const getDid = (token: string, did: string) => app.request('GET', `/v1/dids/${encodeURIComponent(did)}`, { token });
const deactivate = (token: string, did: string) =>
  app.request('POST', `/v1/dids/${encodeURIComponent(did)}/deactivate`, { token });
const resolve = (did: string) => app.request('GET', `/1.0/identifiers/${encodeURIComponent(did)}`);

async function newDid(token: string, keyType?: string) {
  const response = await createDid(token, keyType ? { key_type: keyType } : {});
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function expectGraphQLError(result: { status: number; body: any }, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

/** Every object key anywhere in a JSON value. */
function allKeys(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => allKeys(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      allKeys(item, into);
    }
  }
  return into;
}

const signingMethod = (did: any) =>
  did.did_document.verificationMethod.find((method: any) => method.id === did.verification_method);

describe('POST /v1/dids', () => {
  it.each([
    ['Ed25519 by default', undefined, 'did:key:z6Mk', 'Ed25519', { kty: 'OKP', crv: 'Ed25519' }],
    ['P-256', 'P-256', 'did:key:zDn', 'P-256', { kty: 'EC', crv: 'P-256' }],
  ])('creates a %s did:key with its document', async (_name, keyType, prefix, expectedType, jwkShape) => {
    const owner = await registerUser(app);
    const response = await createDid(owner.token, keyType ? { key_type: keyType } : {});
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual(
      ['created_at', 'deactivated_at', 'did', 'did_document', 'id', 'key_type', 'status', 'verification_method'].sort(),
    );
    expect(body.id).toMatch(UUID);
    expect(body.did.startsWith(prefix)).toBe(true);
    expect(body.key_type).toBe(expectedType);
    expect(body.verification_method).toBe(`${body.did}#${body.did.slice(8)}`);
    expect(body.status).toBe('active');
    expect(body.deactivated_at).toBeNull();
    expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(60_000);
    expect(body.did_document.id).toBe(body.did);
    const method = signingMethod(body);
    expect(method).toMatchObject({ controller: body.did, publicKeyJwk: jwkShape });
    expect(body.did_document.assertionMethod).toContain(body.verification_method);
    expect(body.did_document.authentication).toContain(body.verification_method);
    // The key in the document is the key the DID encodes (the public resolver derives it from the string alone).
    expect((await resolve(body.did)).body.didDocument).toEqual(body.did_document);
    // No private key material in the response, at any depth.
    expect(allKeys(body)).not.toContain('d');
    expect(response.text).not.toMatch(/privateKey|private_key/i);
  });

  it('stores the private key only as ciphertext bound to the tenant and the DID', async () => {
    const owner = await registerUser(app);
    const ed25519 = await newDid(owner.token);
    // Developer allows one active DID: make room for the P-256 one.
    expect((await deactivate(owner.token, ed25519.did)).status).toBe(200);
    const p256 = await newDid(owner.token, 'P-256');

    for (const did of [ed25519, p256]) {
      const row = await app.database.prisma.did.findUniqueOrThrow({ where: { did: did.did } });
      expect(row.tenantId).toBe(owner.tenant_id);
      const jwk = signingMethod(did).publicKeyJwk;
      expect(row.publicJwk).toEqual(jwk);
      const ciphertext = Buffer.from(row.privateKeyCiphertext);
      expect(ciphertext.length).toBeGreaterThanOrEqual(45);
      // Neither coordinate of the public key (part of any PKCS#8 or JWK encoding of the key) appears in clear.
      for (const coordinate of [jwk.x, jwk.y].filter(Boolean)) {
        expect(ciphertext.includes(Buffer.from(coordinate, 'base64url'))).toBe(false);
      }
      expect(() => createPrivateKey({ key: ciphertext, format: 'der', type: 'pkcs8' })).toThrow();

      const pkcs8 = keyEncryption.decrypt(ciphertext, keyAadFor(owner.tenant_id, did.did));
      const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
      expect(privateKey.asymmetricKeyType).toBe(did.key_type === 'Ed25519' ? 'ed25519' : 'ec');
      expect(createPublicKey(privateKey).export({ format: 'jwk' })).toEqual(jwk);
      // The additional data names tenant and DID: either one changed and the ciphertext does not open.
      expect(() => keyEncryption.decrypt(ciphertext, keyAadFor(owner.tenant_id, FOREIGN_DID))).toThrow();
      expect(() => keyEncryption.decrypt(ciphertext, keyAadFor(crypto.randomUUID(), did.did))).toThrow();
    }
  });

  it('refuses a ciphertext moved into another tenant’s row, consuming nothing', async () => {
    const [a, b] = await Promise.all([tenantOnPlan(app, 'enterprise'), tenantOnPlan(app, 'enterprise')]);
    const didA = await newDid(a.token);
    const didB = await newDid(b.token);
    const prisma = app.database.prisma;
    const rowA = await prisma.did.findUniqueOrThrow({ where: { did: didA.did } });
    await prisma.did.update({ where: { did: didB.did }, data: { privateKeyCiphertext: rowA.privateKeyCiphertext } });
    const outboxBefore = await prisma.outboxEvent.count({ where: { tenantId: b.tenant_id } });

    const issued = await app.request('POST', '/v1/credentials/issue', {
      token: b.token,
      body: { format: 'jwt_vc_json', issuer: didB.did, claims: { name: 'B' } },
    });
    expectError(issued, 500, 'internal server error');
    expect(issued.text).not.toContain(didA.did);

    expect(await prisma.credential.count({ where: { tenantId: b.tenant_id } })).toBe(0);
    expect(await prisma.statusList.count({ where: { tenantId: b.tenant_id } })).toBe(0);
    expect(
      await prisma.usageCounter.findMany({ where: { tenantId: b.tenant_id, credentialsIssued: { gt: 0 } } }),
    ).toEqual([]);
    expect(await prisma.outboxEvent.count({ where: { tenantId: b.tenant_id } })).toBe(outboxBefore);
    const usage = await app.request('GET', '/v1/admin/usage', { token: b.token });
    expect(usage.body.credentials_issued_this_month).toBe(0);

    expect(() => keyEncryption.decrypt(rowA.privateKeyCiphertext, keyAadFor(b.tenant_id, didB.did))).toThrow();
    expect(() => keyEncryption.decrypt(rowA.privateKeyCiphertext, keyAadFor(b.tenant_id, didA.did))).toThrow();
    // A's own key still works for A.
    const issuedByA = await app.request('POST', '/v1/credentials/issue', {
      token: a.token,
      body: { format: 'jwt_vc_json', issuer: didA.did },
    });
    expect(issuedByA.status).toBe(200);
  });

  it('rejects an unknown key_type with 400 over REST and GraphQL, creating nothing', async () => {
    const owner = await registerUser(app);
    for (const keyType of ['secp256k1', 'RSA', '', 42]) {
      const response = await createDid(owner.token, { key_type: keyType });
      expectError(response, 400);
      expect(response.body.error).toMatch(/key_type/);
    }
    const viaGraphQL = await app.graphql(
      `mutation ($input: CreateDidInput!) { createDid(input: $input) { did } }`,
      { input: { keyType: 'X25519' } },
      owner.token,
    );
    // GraphQL knows the key types as an enum: an unknown one is refused before anything runs, with REST's text.
    expect(viaGraphQL.status).toBe(400);
    expect(viaGraphQL.body.errors?.[0]?.message).toBe('key_type must be Ed25519 or P-256');
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
  });

  it('creates through GraphQL as through REST', async () => {
    const owner = await registerUser(app);
    const result = await app.graphql(
      `mutation ($input: CreateDidInput!) { createDid(input: $input) { ${DID_FIELDS} } }`,
      { input: { keyType: 'P_256' } },
      owner.token,
    );
    expect(result.body.errors).toBeUndefined();
    const did = result.body.data.createDid;
    // GraphQL's enum names: P_256 is P-256.
    expect(did).toMatchObject({ keyType: 'P_256', status: 'active', deactivatedAt: null });
    expect(did.did.startsWith('did:key:zDn')).toBe(true);
    expect(did.verificationMethod).toBe(`${did.did}#${did.did.slice(8)}`);
    expect(allKeys(did)).not.toContain('d');
    expect((await getDid(owner.token, did.did)).body).toMatchObject({ id: did.id, did: did.did });
  });
});

describe('the DID limit', () => {
  it('allows one active DID on Developer; deactivating frees the slot', async () => {
    const owner = await registerUser(app);
    const first = await newDid(owner.token);
    expectError(await createDid(owner.token, { key_type: 'P-256' }), 403, 'DID limit reached (1)');
    expectGraphQLError(
      await app.graphql(`mutation { createDid(input: {}) { did } }`, {}, owner.token),
      403,
      'DID limit reached (1)',
    );
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id } })).toBe(1);

    expect((await deactivate(owner.token, first.did)).body.status).toBe('deactivated');
    const second = await newDid(owner.token);
    expect(second.did).not.toBe(first.did);
    expectError(await createDid(owner.token), 403, 'DID limit reached (1)');
    const usage = await app.request('GET', '/v1/admin/usage', { token: owner.token });
    expect(usage.body).toMatchObject({ active_dids: 1, dids: { limit: 1, remaining: 0 } });
  });

  it('lets exactly the free slots through when creations race (Startup: 5)', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    for (let i = 0; i < 3; i++) await newDid(owner.token);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createDid(owner.token, i % 2 ? { key_type: 'P-256' } : {})),
    );
    const succeeded = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(succeeded).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const result of refused) expectError(result, 403, 'DID limit reached (5)');
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id, deactivatedAt: null } })).toBe(5);
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id } })).toBe(5);
  });
});

describe('listing, reading and deactivating DIDs', () => {
  it('lists newest first, filters by status and pages with a cursor', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const created: any[] = [];
    for (let i = 0; i < 5; i++) created.push(await newDid(owner.token, i % 2 ? 'P-256' : 'Ed25519'));
    await deactivate(owner.token, created[1].did);
    await deactivate(owner.token, created[3].did);

    const all = await app.request('GET', '/v1/dids', { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.dids.map((did: any) => did.did).sort()).toEqual(created.map((did) => did.did).sort());
    const times = all.body.dids.map((did: any) => Date.parse(did.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(allKeys(all.body)).not.toContain('d');
    expect(all.body.dids.find((did: any) => did.did === created[0].did)).toEqual(created[0]);

    const active = await app.request('GET', '/v1/dids?status=active', { token: owner.token });
    expect(active.body.dids.map((did: any) => did.did).sort()).toEqual(
      [created[0], created[2], created[4]].map((did) => did.did).sort(),
    );
    expect(active.body.dids.every((did: any) => did.status === 'active' && did.deactivated_at === null)).toBe(true);
    const deactivated = await app.request('GET', '/v1/dids?status=deactivated', { token: owner.token });
    expect(deactivated.body.dids.map((did: any) => did.did).sort()).toEqual(
      [created[1], created[3]].map((did) => did.did).sort(),
    );
    expect(deactivated.body.dids.every((did: any) => did.status === 'deactivated' && did.deactivated_at)).toBe(true);
    expectError(await app.request('GET', '/v1/dids?status=revoked', { token: owner.token }), 400);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/v1/dids?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await app.request('GET', query, { token: owner.token });
      expect(page.status).toBe(200);
      expect(page.body.dids.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.dids.map((did: any) => did.did));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.body.dids.map((did: any) => did.did));

    const activePage = await app.request('GET', '/v1/dids?status=active&limit=2', { token: owner.token });
    const activeRest = await app.request(
      'GET',
      `/v1/dids?status=active&limit=2&cursor=${encodeURIComponent(activePage.body.next_cursor)}`,
      { token: owner.token },
    );
    expect([...activePage.body.dids, ...activeRest.body.dids].map((did: any) => did.did)).toEqual(
      active.body.dids.map((did: any) => did.did),
    );
    expect(activeRest.body.next_cursor).toBeNull();

    const viaGraphQL = await app.graphql(
      `query { dids(status: deactivated) { dids { did status } nextCursor } }`,
      {},
      owner.token,
    );
    expect(viaGraphQL.body.data.dids.dids.map((did: any) => did.did)).toEqual(
      deactivated.body.dids.map((did: any) => did.did),
    );
  });

  it('shows only the caller’s own DIDs', async () => {
    const [a, b] = await Promise.all([registerUser(app), registerUser(app)]);
    const didA = await newDid(a.token);
    await newDid(b.token);
    const listed = await app.request('GET', '/v1/dids', { token: a.token });
    expect(listed.body.dids.map((did: any) => did.did)).toEqual([didA.did]);
  });

  it('reads one DID by its (URL-encoded) DID', async () => {
    const owner = await registerUser(app);
    const created = await newDid(owner.token, 'P-256');
    const response = await getDid(owner.token, created.did);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
    const viaGraphQL = await app.graphql(
      `query ($did: String!) { did(did: $did) { ${DID_FIELDS} } }`,
      { did: created.did },
      owner.token,
    );
    expect(viaGraphQL.body.data.did).toMatchObject({
      id: created.id,
      did: created.did,
      keyType: 'P_256',
      verificationMethod: created.verification_method,
      status: 'active',
      didDocument: created.did_document,
    });
  });

  it('answers unknown and foreign DIDs alike: 404 naming the DID as requested', async () => {
    const [owner, other] = await Promise.all([registerUser(app), registerUser(app)]);
    const foreign = await newDid(other.token);
    for (const did of [foreign.did, FOREIGN_DID, 'did:example:123', 'not-a-did']) {
      const text = `DID ${did} not found in tenant`;
      expectError(await getDid(owner.token, did), 404, text);
      expectError(await deactivate(owner.token, did), 404, text);
    }
    expectGraphQLError(
      await app.graphql(`query ($did: String!) { did(did: $did) { did } }`, { did: foreign.did }, owner.token),
      404,
      `DID ${foreign.did} not found in tenant`,
    );
    expectGraphQLError(
      await app.graphql(
        `mutation ($did: String!) { deactivateDid(did: $did) { did } }`,
        { did: foreign.did },
        owner.token,
      ),
      404,
      `DID ${foreign.did} not found in tenant`,
    );
    const row = await app.database.prisma.did.findUniqueOrThrow({ where: { did: foreign.did } });
    expect(row.deactivatedAt).toBeNull();
    expect((await getDid(other.token, foreign.did)).body.status).toBe('active');
  });

  it('deactivates idempotently, and a deactivated DID cannot issue', async () => {
    const owner = await registerUser(app);
    const created = await newDid(owner.token);
    const first = await deactivate(owner.token, created.did);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: created.id, did: created.did, status: 'deactivated' });
    expect(Date.parse(first.body.deactivated_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    const again = await deactivate(owner.token, created.did);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const viaGraphQL = await app.graphql(
      `mutation ($did: String!) { deactivateDid(did: $did) { status deactivatedAt } }`,
      { did: created.did },
      owner.token,
    );
    expect(viaGraphQL.body.data.deactivateDid).toEqual({
      status: 'deactivated',
      deactivatedAt: first.body.deactivated_at,
    });
    expect((await getDid(owner.token, created.did)).body.status).toBe('deactivated');

    const issued = await app.request('POST', '/v1/credentials/issue', {
      token: owner.token,
      body: { format: 'jwt_vc_json', issuer: created.did },
    });
    expectError(issued, 400, 'issuer DID is deactivated');
    expect(await app.database.prisma.credential.count({ where: { tenantId: owner.tenant_id } })).toBe(0);
    const events = await app.database.prisma.outboxEvent.findMany({
      where: { tenantId: owner.tenant_id, type: 'did.deactivated' },
    });
    expect(events).toHaveLength(1);
  });
});

describe('GET /1.0/identifiers/:did (public resolver)', () => {
  function expectResolved(response: { status: number; headers: Headers; body: any }, did: string) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/did-resolution\+json/);
    expect(response.headers.get('cache-control')).toBeTruthy();
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.body['@context']).toBeDefined();
    expect(response.body.didDocument.id).toBe(did);
    expect(response.body.didResolutionMetadata).toBeDefined();
    expect(response.body.didResolutionMetadata.error).toBeUndefined();
    expect(response.body.didDocumentMetadata).toBeDefined();
    return response.body.didDocument;
  }
  const methodById = (document: any, id: string) => document.verificationMethod.find((method: any) => method.id === id);

  it('resolves our DIDs without authentication', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    for (const keyType of ['Ed25519', 'P-256']) {
      const did = await newDid(owner.token, keyType);
      const response = await resolve(did.did);
      expectSecurityHeaders(response.headers);
      expect(expectResolved(response, did.did)).toEqual(did.did_document);
      // Deactivation is the tenant's business; the did:key document stays what the key says.
      await deactivate(owner.token, did.did);
      expect((await resolve(did.did)).body.didDocument).toEqual(did.did_document);
    }
  });

  /** The raw key bytes of a vector's verification method, whichever encoding the vector uses. */
  const vectorKeyBytes = (method: any) =>
    method.publicKeyJwk
      ? Buffer.from(method.publicKeyJwk.x, 'base64url')
      : Buffer.from(base58btc.baseDecode(method.publicKeyBase58));

  it.each(Object.keys(ED25519_VECTORS))('resolves the W3C Ed25519 vector %s', async (did) => {
    const expected = ED25519_VECTORS[did].didDocument;
    const document = expectResolved(await resolve(did), did);
    const signingId = `${did}#${did.slice(8)}`;
    expect(expected.assertionMethod).toEqual([signingId]);
    const signing = methodById(document, signingId);
    expect(signing.publicKeyJwk).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: vectorKeyBytes(methodById(expected, signingId)).toString('base64url'),
    });
    for (const relation of ['assertionMethod', 'authentication', 'capabilityInvocation', 'capabilityDelegation']) {
      expect(document[relation]).toEqual(expected[relation]);
    }
    // The derived X25519 key agreement key, as in the vector.
    expect(document.keyAgreement).toEqual(expected.keyAgreement);
    const agreement = methodById(document, expected.keyAgreement[0]);
    expect(agreement.publicKeyJwk).toEqual({
      kty: 'OKP',
      crv: 'X25519',
      x: vectorKeyBytes(methodById(expected, expected.keyAgreement[0])).toString('base64url'),
    });
    expect(allKeys(document)).not.toContain('d');
  });

  it.each(P256_VECTOR_DIDS)('resolves the W3C P-256 vector %s', async (did) => {
    const vector = NIST_VECTORS[did];
    const document = expectResolved(await resolve(did), did);
    const signing = methodById(document, `${did}#${did.slice(8)}`);
    expect(signing.publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const vectorMethod = vector.verificationMethod;
    if (vectorMethod.publicKeyJwk) {
      expect(signing.publicKeyJwk).toEqual(vectorMethod.publicKeyJwk);
    } else {
      const { x, y } = signing.publicKeyJwk;
      const uncompressed = Buffer.concat([Buffer.of(4), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
      const compressed = ECDH.convertKey(uncompressed, 'prime256v1', undefined, undefined, 'compressed') as Buffer;
      expect(compressed.equals(Buffer.from(base58btc.baseDecode(vectorMethod.publicKeyBase58)))).toBe(true);
    }
    expect(allKeys(document)).not.toContain('d');
  });

  it('answers other key types with 501 and malformed DIDs with 400', async () => {
    for (const did of [SECP256K1_DID, Object.keys(NIST_VECTORS).find((d) => d.startsWith('did:key:z82'))!]) {
      const response = await resolve(did);
      expect(response.status, did).toBe(501);
      expect(typeof response.body.error).toBe('string');
      expect(response.body.didDocument ?? null).toBeNull();
    }
    for (const did of [
      'garbage',
      'did:key:',
      'did:key:z6Mk0OIl',
      'did:key:abc',
      `${FOREIGN_DID}#${FOREIGN_DID.slice(8)}`,
    ]) {
      const response = await resolve(did);
      expect(response.status, did).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('is offered over GraphQL without a credential', async () => {
    const result = await app.graphql(`query ($did: String!) { resolveDid(did: $did) }`, { did: P256_VECTOR_DIDS[0] });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.resolveDid.didDocument.id).toBe(P256_VECTOR_DIDS[0]);
  });
});

describe('outbox events', () => {
  it('records did.created and did.deactivated for the tenant', async () => {
    const [owner, other] = await Promise.all([registerUser(app), registerUser(app)]);
    const created = await newDid(owner.token, 'P-256');
    await deactivate(owner.token, created.did);
    await newDid(other.token);
    const events = await app.database.prisma.outboxEvent.findMany({
      where: { tenantId: owner.tenant_id },
      orderBy: { createdAt: 'asc' },
    });
    expect(events.map((event) => event.type)).toEqual(['did.created', 'did.deactivated']);
    expect(events[0]!.payload).toMatchObject({ did: created.did });
    expect(events[1]!.payload).toMatchObject({ did: created.did });
    expect(JSON.stringify(events.map((event) => event.payload))).not.toMatch(/"d"|private/i);
  });
});

describe('permissions', () => {
  it('lets a viewer list and read DIDs but not create or deactivate them', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const did = await newDid(owner.token);
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);

    expectError(await createDid(viewer.token), 403, "role 'viewer' lacks permission: dids:create");
    expectError(await deactivate(viewer.token, did.did), 403, "role 'viewer' lacks permission: dids:deactivate");
    expectGraphQLError(
      await app.graphql(`mutation { createDid(input: {}) { did } }`, {}, viewer.token),
      403,
      "role 'viewer' lacks permission: dids:create",
    );
    expectGraphQLError(
      await app.graphql(
        `mutation ($did: String!) { deactivateDid(did: $did) { did } }`,
        { did: did.did },
        viewer.token,
      ),
      403,
      "role 'viewer' lacks permission: dids:deactivate",
    );

    const listed = await app.request('GET', '/v1/dids', { token: viewer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.dids.map((item: any) => item.did)).toEqual([did.did]);
    expect((await getDid(viewer.token, did.did)).status).toBe(200);
    expect(await app.database.prisma.did.count({ where: { tenantId: owner.tenant_id } })).toBe(1);
    expect((await getDid(owner.token, did.did)).body.status).toBe('active');
  });

  it('requires a credential for every /v1/dids endpoint', async () => {
    expectError(await app.request('POST', '/v1/dids', { body: {} }), 401, 'unauthorized');
    expectError(await app.request('GET', '/v1/dids'), 401, 'unauthorized');
    expectError(await app.request('GET', `/v1/dids/${encodeURIComponent(FOREIGN_DID)}`), 401, 'unauthorized');
    expectError(
      await app.request('POST', `/v1/dids/${encodeURIComponent(FOREIGN_DID)}/deactivate`, { token: 'bsk_live_nope' }),
      401,
      'unauthorized',
    );
  });
});
