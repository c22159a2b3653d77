// Credentials: issuing jwt_vc_json and vc+sd-jwt (the exact token structure), validation and lookup errors,
// the monthly quota under concurrency, listing, revocation with the published status lists, verification,
// outbox events and permissions, over REST and GraphQL.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { gunzipSync, inflateSync } from 'node:zlib';
import { compactVerify, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  changePlan,
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  registerUser,
  tenantOnPlan,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError, expectSecurityHeaders, UUID } from '../support/contract.js';
import { readVector } from '../support/vectors.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const VCDM_1_1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
const STATUS_CONTEXT = 'https://www.w3.org/ns/credentials/status/v1';
// A valid did:key that no tenant in these tests owns.
const UNOWNED_DID = Object.keys(JSON.parse(readVector('did-key/ed25519-x25519.json')))[0]!;
const CREDENTIAL_FIELDS =
  'id format credential issuer credentialType subjectId status { type uri index } issuedAt expiresAt revokedAt';
const ISSUE = `mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { ${CREDENTIAL_FIELDS} } }`;

type Did = { did: string; verification_method: string; key_type: string };

async function newDid(token: string, keyType: 'Ed25519' | 'P-256' = 'Ed25519'): Promise<Did> {
  const response = await app.request('POST', '/v1/dids', { token, body: { key_type: keyType } });
  if (response.status !== 200) throw new Error(`create DID failed: ${response.status} ${response.text}`);
  return response.body;
}

/** An enterprise tenant (no quota, a large burst) with an Ed25519 and a P-256 DID. */
async function issuerTenant() {
  const owner = await tenantOnPlan(app, 'enterprise');
  const [ed25519, p256] = await Promise.all([newDid(owner.token), newDid(owner.token, 'P-256')]);
  return { owner, ed25519, p256 };
}

const issue = (token: string, body: Record<string, unknown>) =>
  app.request('POST', '/v1/credentials/issue', { token, body });

async function issued(token: string, body: Record<string, unknown>) {
  const response = await issue(token, body);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const getCredential = (token: string, id: string) => app.request('GET', `/v1/credentials/${id}`, { token });
const revoke = (token: string, id: string) => app.request('POST', `/v1/credentials/${id}/revoke`, { token });
const verify = (token: string, body: Record<string, unknown>) =>
  app.request('POST', '/v1/credentials/verify', { token, body });
const usage = async (token: string) => (await app.request('GET', '/v1/admin/usage', { token })).body;

function expectGraphQLError(result: { status: number; body: any }, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

const decodeJson = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

function decodeJwt(jwt: string) {
  const parts = jwt.split('.');
  expect(parts).toHaveLength(3);
  for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
  return { header: decodeJson(parts[0]!), payload: decodeJson(parts[1]!) };
}

/** An SD-JWT without key binding: `<issuer JWT>~<disclosure>~…~`. */
function splitSdJwt(sdJwt: string) {
  expect(sdJwt.endsWith('~')).toBe(true);
  const [jwt, ...rest] = sdJwt.split('~');
  const disclosures = rest.slice(0, -1);
  return {
    jwt: jwt!,
    ...decodeJwt(jwt!),
    disclosures: disclosures.map((encoded) => {
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      const decoded = decodeJson(encoded);
      expect(Array.isArray(decoded) && decoded.length === 3, encoded).toBe(true);
      const [salt, name, value] = decoded;
      return { encoded, salt, name, value, digest: createHash('sha256').update(encoded, 'ascii').digest('base64url') };
    }),
  };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The issuer's public key as the public resolver gives it, for jose. */
async function issuerKey(kid: string, alg: string) {
  const did = kid.split('#')[0]!;
  const resolved = await app.request('GET', `/1.0/identifiers/${encodeURIComponent(did)}`);
  expect(resolved.status).toBe(200);
  const method = resolved.body.didDocument.verificationMethod.find((candidate: any) => candidate.id === kid);
  expect(method, `no verification method ${kid}`).toBeDefined();
  return importJWK(method.publicKeyJwk, alg);
}

async function expectSignedBy(jwt: string, did: Did) {
  const alg = did.key_type === 'Ed25519' ? 'EdDSA' : 'ES256';
  const { protectedHeader } = await compactVerify(jwt, await issuerKey(did.verification_method, alg));
  expect(protectedHeader.kid).toBe(did.verification_method);
  expect(protectedHeader.alg).toBe(alg);
}

const statusListPath = (uri: string) => {
  expect(uri.startsWith(`${app.url}/v1/status-lists/`)).toBe(true);
  expect(uri.slice(`${app.url}/v1/status-lists/`.length)).toMatch(UUID);
  return new URL(uri).pathname;
};
const fetchStatusList = (uri: string, headers: Record<string, string> = {}) =>
  app.request('GET', statusListPath(uri), { headers });

/** Indexes set in a W3C Bitstring Status List JWT (GZIP, MSB-first). */
function bitstringSetIndexes(jwt: string): number[] {
  const { payload } = decodeJwt(jwt);
  const encoded: string = payload.credentialSubject.encodedList;
  expect(encoded.startsWith('u')).toBe(true);
  const bytes = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
  expect(bytes.length * 8).toBeGreaterThanOrEqual(131_072);
  const set: number[] = [];
  for (let i = 0; i < bytes.length * 8; i++) if (bytes[i >> 3]! & (0x80 >> (i & 7))) set.push(i);
  return set;
}

/** Indexes set in an IETF Token Status List JWT (ZLIB, LSB-first, 1 bit). */
function tokenListSetIndexes(jwt: string): number[] {
  const { payload } = decodeJwt(jwt);
  expect(payload.status_list.bits).toBe(1);
  const bytes = inflateSync(Buffer.from(payload.status_list.lst, 'base64url'));
  const set: number[] = [];
  for (let i = 0; i < bytes.length * 8; i++) if (bytes[i >> 3]! & (1 << (i & 7))) set.push(i);
  return set;
}

const currentMonth = () => new Date().toISOString().slice(0, 7);

function setIssuedThisMonth(tenantId: string, credentialsIssued: number) {
  const month = currentMonth();
  // Shard 0 is where a tenant with a quota counts (src/modules/credentials/credentials.repository.ts).
  return app.database.prisma.usageCounter.upsert({
    where: { tenantId_month_shard: { tenantId, month, shard: 0 } },
    create: { tenantId, month, shard: 0, credentialsIssued },
    update: { credentialsIssued },
  });
}

async function counterOf(tenantId: string) {
  const { _sum } = await app.database.prisma.usageCounter.aggregate({
    where: { tenantId, month: currentMonth() },
    _sum: { credentialsIssued: true },
  });
  return _sum.credentialsIssued ?? 0;
}

const credentialCount = (tenantId: string) => app.database.prisma.credential.count({ where: { tenantId } });

describe('issuing jwt_vc_json', () => {
  it.each(['Ed25519', 'P-256'] as const)('issues a VCDM 1.1 JWT signed by an %s DID', async (keyType) => {
    const { owner, ed25519, p256 } = await issuerTenant();
    const did = keyType === 'Ed25519' ? ed25519 : p256;
    const validUntil = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const claims = { given_name: 'Ada', degree: { type: 'BachelorDegree', name: 'Mathematics' }, gpa: 3.9 };
    const response = await issue(owner.token, {
      format: 'jwt_vc_json',
      issuer: did.did,
      subject_id: 'did:example:holder-1',
      type: 'UniversityDegreeCredential',
      claims,
      valid_until: validUntil,
    });
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'credential',
        'credential_type',
        'erased_at',
        'expires_at',
        'format',
        'id',
        'issued_at',
        'issuer',
        'revoked_at',
        'status',
        'subject_id',
      ].sort(),
    );
    expect(body).toMatchObject({
      format: 'jwt_vc_json',
      issuer: did.did,
      credential_type: 'UniversityDegreeCredential',
      subject_id: 'did:example:holder-1',
      expires_at: validUntil,
      revoked_at: null,
      status: { type: 'BitstringStatusListEntry' },
    });
    expect(body.id).toMatch(UUID);
    expect(Number.isInteger(body.status.index) && body.status.index >= 0).toBe(true);
    statusListPath(body.status.uri);
    expect(Math.abs(Date.parse(body.issued_at) - Date.now())).toBeLessThan(60_000);

    const { header, payload } = decodeJwt(body.credential);
    expect(header).toEqual({
      alg: keyType === 'Ed25519' ? 'EdDSA' : 'ES256',
      typ: 'JWT',
      kid: did.verification_method,
    });
    const iat = seconds(body.issued_at);
    expect(payload).toEqual({
      iss: did.did,
      sub: 'did:example:holder-1',
      nbf: iat,
      iat,
      exp: seconds(validUntil),
      jti: `urn:uuid:${body.id}`,
      vc: {
        '@context': [VCDM_1_1_CONTEXT, STATUS_CONTEXT],
        type: ['VerifiableCredential', 'UniversityDegreeCredential'],
        credentialSubject: { id: 'did:example:holder-1', ...claims },
        credentialStatus: {
          id: expect.any(String),
          type: 'BitstringStatusListEntry',
          statusPurpose: 'revocation',
          statusListIndex: String(body.status.index),
          statusListCredential: body.status.uri,
        },
      },
    });
    expect(payload.vc['@context'][0]).toBe(VCDM_1_1_CONTEXT);
    expect(payload.vc.credentialStatus.id).not.toBe(body.status.uri);
    await expectSignedBy(body.credential, did);

    const row = await app.database.prisma.credential.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({
      tenantId: owner.tenant_id,
      format: 'jwt_vc_json',
      credential: body.credential,
      statusIndex: body.status.index,
      revokedAt: null,
    });
  });

  it('leaves out sub, exp and the subject id when not given, and honours valid_from', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const validFrom = new Date(Date.now() + 3_600_000);
    validFrom.setMilliseconds(0);
    const body = await issued(owner.token, {
      format: 'jwt_vc_json',
      issuer: ed25519.did,
      claims: { member: true },
      valid_from: validFrom.toISOString(),
    });
    expect(body).toMatchObject({ credential_type: 'VerifiableCredential', subject_id: null, expires_at: null });
    const { payload } = decodeJwt(body.credential);
    expect(payload.sub).toBeUndefined();
    expect(payload.exp).toBeUndefined();
    expect(payload.nbf).toBe(validFrom.getTime() / 1000);
    expect(payload.iat).toBe(seconds(body.issued_at));
    expect(payload.vc.type).toEqual(['VerifiableCredential']);
    expect(payload.vc.credentialSubject).toEqual({ member: true });
  });

  it('issues over GraphQL as over REST', async () => {
    const { owner, p256 } = await issuerTenant();
    const result = await app.graphql(
      ISSUE,
      { input: { format: 'jwt_vc_json', issuer: p256.did, subjectId: 'did:example:gql', claims: { a: 1 } } },
      owner.token,
    );
    expect(result.body.errors).toBeUndefined();
    const credential = result.body.data.issueCredential;
    expect(credential).toMatchObject({
      format: 'jwt_vc_json',
      issuer: p256.did,
      subjectId: 'did:example:gql',
      revokedAt: null,
      status: { type: 'BitstringStatusListEntry' },
    });
    const { payload } = decodeJwt(credential.credential);
    expect(payload.vc.credentialSubject).toEqual({ id: 'did:example:gql', a: 1 });
    expect(payload.vc.credentialStatus.statusListIndex).toBe(String(credential.status.index));
    await expectSignedBy(credential.credential, p256);
  });
});

describe('issuing vc+sd-jwt', () => {
  it.each(['Ed25519', 'P-256'] as const)('issues an SD-JWT VC signed by an %s DID', async (keyType) => {
    const { owner, ed25519, p256 } = await issuerTenant();
    const did = keyType === 'Ed25519' ? ed25519 : p256;
    const claims = { given_name: 'Ada', family_name: 'Lovelace', address: { locality: 'London' }, age: 36 };
    const vct = 'https://credentials.example.com/identity_credential';
    const response = await issue(owner.token, {
      format: 'vc+sd-jwt',
      issuer: did.did,
      vct,
      subject_id: 'did:example:holder-2',
      claims,
    });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      format: 'vc+sd-jwt',
      issuer: did.did,
      credential_type: vct,
      subject_id: 'did:example:holder-2',
      expires_at: null,
      revoked_at: null,
      status: { type: 'TokenStatusList' },
    });
    statusListPath(body.status.uri);

    const sdJwt = splitSdJwt(body.credential);
    expect(sdJwt.header).toEqual({
      typ: 'dc+sd-jwt',
      alg: keyType === 'Ed25519' ? 'EdDSA' : 'ES256',
      kid: did.verification_method,
    });
    expect(sdJwt.payload).toEqual({
      iss: did.did,
      iat: seconds(body.issued_at),
      vct,
      sub: 'did:example:holder-2',
      status: { status_list: { idx: body.status.index, uri: body.status.uri } },
      _sd: expect.any(Array),
      _sd_alg: 'sha-256',
    });
    // Every claim is a disclosure by default, and nothing else is: vct, iss, status stay in the signed payload.
    expect(sdJwt.disclosures.map((disclosure) => disclosure.name).sort()).toEqual(Object.keys(claims).sort());
    expect(sdJwt.disclosures.map((disclosure) => disclosure.name)).not.toContain('vct');
    for (const disclosure of sdJwt.disclosures) {
      expect(typeof disclosure.salt).toBe('string');
      expect(Buffer.from(disclosure.salt, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(disclosure.value).toEqual(claims[disclosure.name as keyof typeof claims]);
      expect(sdJwt.payload._sd).toContain(disclosure.digest);
    }
    await expectSignedBy(sdJwt.jwt, did);
  });

  it('uses fresh salts for every disclosure of every credential', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const request = { format: 'vc+sd-jwt', issuer: ed25519.did, vct: 'urn:example:vct', claims: { a: 1, b: 1, c: 1 } };
    const [first, second] = [await issued(owner.token, request), await issued(owner.token, request)];
    const salts = [first, second].flatMap((credential) =>
      splitSdJwt(credential.credential).disclosures.map((disclosure) => disclosure.salt),
    );
    expect(salts).toHaveLength(6);
    expect(new Set(salts).size).toBe(6);
    expect(splitSdJwt(first.credential).payload._sd).not.toEqual(splitSdJwt(second.credential).payload._sd);
  });

  it('makes only the `disclosable` claims disclosures; vct and the time claims never', async () => {
    const { owner, p256 } = await issuerTenant();
    const validFrom = new Date(Date.now() - 60_000);
    validFrom.setMilliseconds(0);
    const validUntil = new Date(Date.now() + 86_400_000);
    validUntil.setMilliseconds(0);
    const body = await issued(owner.token, {
      format: 'vc+sd-jwt',
      issuer: p256.did,
      vct: 'urn:example:membership',
      claims: { member_id: 'M-42', tier: 'gold', email: 'ada@example.com' },
      disclosable: ['email'],
      valid_from: validFrom.toISOString(),
      valid_until: validUntil.toISOString(),
    });
    expect(body.expires_at).toBe(validUntil.toISOString());
    const sdJwt = splitSdJwt(body.credential);
    expect(sdJwt.disclosures.map((disclosure) => [disclosure.name, disclosure.value])).toEqual([
      ['email', 'ada@example.com'],
    ]);
    expect(sdJwt.payload).toMatchObject({
      member_id: 'M-42',
      tier: 'gold',
      vct: 'urn:example:membership',
      nbf: validFrom.getTime() / 1000,
      exp: validUntil.getTime() / 1000,
    });
    expect(sdJwt.payload.email).toBeUndefined();
    expect(sdJwt.payload._sd).toEqual([sdJwt.disclosures[0]!.digest]);
  });

  it('binds the holder key in cnf.jwk and can use the vc+sd-jwt typ', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const holderJwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    const body = await issued(owner.token, {
      format: 'vc+sd-jwt',
      issuer: ed25519.did,
      vct: 'urn:example:bound',
      claims: { name: 'Ada' },
      holder_jwk: holderJwk,
      sd_jwt_typ: 'vc+sd-jwt',
    });
    const sdJwt = splitSdJwt(body.credential);
    expect(sdJwt.header.typ).toBe('vc+sd-jwt');
    expect(sdJwt.payload.cnf).toEqual({ jwk: holderJwk });
    expect(sdJwt.disclosures.map((disclosure) => disclosure.name)).toEqual(['name']);
    await expectSignedBy(sdJwt.jwt, ed25519);

    // A private JWK is refused rather than published inside the credential.
    const privateJwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    const refused = await issue(owner.token, {
      format: 'vc+sd-jwt',
      issuer: ed25519.did,
      vct: 'urn:example:bound',
      holder_jwk: privateJwk,
    });
    expectError(refused, 400);
    expect(refused.text).not.toContain(privateJwk.d);
  });
});

describe('issuing errors', () => {
  it('refuses bad requests with the contract texts and consumes nothing', async () => {
    const { owner, ed25519, p256 } = await issuerTenant();
    const other = await registerUser(app);
    const foreign = await newDid(other.token);
    const first = await issued(owner.token, { format: 'jwt_vc_json', issuer: p256.did });
    // p256 has issued (its key may be cached), ed25519 not yet: deactivate both.
    for (const did of [ed25519, p256]) {
      expect(
        (await app.request('POST', `/v1/dids/${encodeURIComponent(did.did)}/deactivate`, { token: owner.token }))
          .status,
      ).toBe(200);
    }
    const active = await newDid(owner.token);
    const outboxBefore = await app.database.prisma.outboxEvent.count({ where: { tenantId: owner.tenant_id } });
    expect((await usage(owner.token)).credentials_issued_this_month).toBe(1);

    expectError(await issue(owner.token, { format: 'ldp_vc', issuer: active.did }), 400, 'unsupported format');
    expectError(await issue(owner.token, { format: 'JWT_VC_JSON', issuer: active.did }), 400, 'unsupported format');
    // GraphQL knows the formats as an enum: an unknown one is refused before anything runs, with the same text.
    const unknownFormat = await app.graphql(ISSUE, { input: { format: 'ldp_vc', issuer: active.did } }, owner.token);
    expect(unknownFormat.status).toBe(400);
    expect(unknownFormat.body.errors[0].message).toBe('unsupported format');
    const noIssuer = await issue(owner.token, { format: 'jwt_vc_json', claims: { a: 1 } });
    expectError(noIssuer, 400);
    expect(noIssuer.body.error).toMatch(/issuer/);
    expectError(await issue(owner.token, { issuer: active.did }), 400);
    const noVct = await issue(owner.token, { format: 'vc+sd-jwt', issuer: active.did, claims: { a: 1 } });
    expectError(noVct, 400);
    expect(noVct.body.error).toMatch(/vct/);
    expectError(
      await issue(owner.token, { format: 'jwt_vc_json', issuer: active.did, valid_until: '2001-01-01T00:00:00Z' }),
      400,
    );
    for (const did of [UNOWNED_DID, foreign.did]) {
      expectError(
        await issue(owner.token, { format: 'jwt_vc_json', issuer: did }),
        404,
        `DID ${did} not found in tenant`,
      );
      expectError(
        await issue(owner.token, { format: 'vc+sd-jwt', issuer: did, vct: 'urn:x' }),
        404,
        `DID ${did} not found in tenant`,
      );
    }
    expectGraphQLError(
      await app.graphql(ISSUE, { input: { format: 'jwt_vc_json', issuer: foreign.did } }, owner.token),
      404,
      `DID ${foreign.did} not found in tenant`,
    );
    for (const did of [ed25519, p256]) {
      expectError(
        await issue(owner.token, { format: 'jwt_vc_json', issuer: did.did }),
        400,
        'issuer DID is deactivated',
      );
      expectError(
        await issue(owner.token, { format: 'vc+sd-jwt', issuer: did.did, vct: 'urn:x' }),
        400,
        'issuer DID is deactivated',
      );
    }
    expectGraphQLError(
      await app.graphql(ISSUE, { input: { format: 'jwt_vc_json', issuer: p256.did } }, owner.token),
      400,
      'issuer DID is deactivated',
    );

    expect((await usage(owner.token)).credentials_issued_this_month).toBe(1);
    expect(await counterOf(owner.tenant_id)).toBe(1);
    expect(await credentialCount(owner.tenant_id)).toBe(1);
    expect(await app.database.prisma.outboxEvent.count({ where: { tenantId: owner.tenant_id } })).toBe(outboxBefore);
    // Nothing was issued with the other tenant's DID either.
    expect(await credentialCount(other.tenant_id)).toBe(0);
    const listed = await app.request('GET', '/v1/credentials', { token: owner.token });
    expect(listed.body.credentials.map((credential: any) => credential.id)).toEqual([first.id]);
  });
});

describe('the monthly quota', () => {
  it('stops a Developer tenant at 100, counting only what was issued', async () => {
    const owner = await registerUser(app);
    const did = await newDid(owner.token);
    await setIssuedThisMonth(owner.tenant_id, 98);
    await issued(owner.token, { format: 'jwt_vc_json', issuer: did.did });
    // A failed validation consumes nothing.
    expectError(await issue(owner.token, { format: 'vc+sd-jwt', issuer: did.did }), 400);
    await issued(owner.token, { format: 'vc+sd-jwt', issuer: did.did, vct: 'urn:x' });
    expectError(
      await issue(owner.token, { format: 'jwt_vc_json', issuer: did.did }),
      403,
      'monthly credential issuance limit reached (100)',
    );
    expectGraphQLError(
      await app.graphql(ISSUE, { input: { format: 'vc_sd_jwt', issuer: did.did, vct: 'urn:x' } }, owner.token),
      403,
      'monthly credential issuance limit reached (100)',
    );
    expect(await counterOf(owner.tenant_id)).toBe(100);
    expect(await credentialCount(owner.tenant_id)).toBe(2);
    expect(await usage(owner.token)).toMatchObject({
      plan: 'developer',
      credentials_issued_this_month: 100,
      credentials: { limit: 100, remaining: 0 },
    });
  });

  it('counts what a tenant issued while unlimited after it moves to a plan with a quota', async () => {
    // An unlimited tenant counts in several shards (no single hot row); after a downgrade its quota check
    // must still see all of them.
    const owner = await tenantOnPlan(app, 'enterprise');
    const did = await newDid(owner.token);
    await Promise.all(
      Array.from({ length: 12 }, () => issued(owner.token, { format: 'jwt_vc_json', issuer: did.did })),
    );
    const shards = await app.database.prisma.usageCounter.count({ where: { tenantId: owner.tenant_id } });
    expect(shards).toBeGreaterThan(1);
    expect(await counterOf(owner.tenant_id)).toBe(12);
    expect((await usage(owner.token)).credentials_issued_this_month).toBe(12);

    await changePlan(app, owner.token, 'developer'); // 12 of 100 used: allowed
    const shard0 = await app.database.prisma.usageCounter.findUnique({
      where: { tenantId_month_shard: { tenantId: owner.tenant_id, month: currentMonth(), shard: 0 } },
    });
    // Fill the quota to 99 through shard 0, keeping what the other shards hold.
    await setIssuedThisMonth(owner.tenant_id, (shard0?.credentialsIssued ?? 0) + 99 - 12);
    expect(await counterOf(owner.tenant_id)).toBe(99);
    await issued(owner.token, { format: 'jwt_vc_json', issuer: did.did });
    expectError(
      await issue(owner.token, { format: 'jwt_vc_json', issuer: did.did }),
      403,
      'monthly credential issuance limit reached (100)',
    );
    expect(await counterOf(owner.tenant_id)).toBe(100);
  });

  it('lets exactly the remaining quota through when 50 issues race (Startup: 1000)', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const did = await newDid(owner.token);
    await setIssuedThisMonth(owner.tenant_id, 995);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        issue(
          owner.token,
          i % 2
            ? { format: 'jwt_vc_json', issuer: did.did, claims: { n: i } }
            : { format: 'vc+sd-jwt', issuer: did.did, vct: 'urn:x', claims: { n: i } },
        ),
      ),
    );
    const succeeded = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const result of refused) expectError(result, 403, 'monthly credential issuance limit reached (1000)');
    expect(await credentialCount(owner.tenant_id)).toBe(5);
    expect(await counterOf(owner.tenant_id)).toBe(1000);
    const rows = await app.database.prisma.credential.findMany({ where: { tenantId: owner.tenant_id } });
    expect(rows.map((row) => row.id).sort()).toEqual(succeeded.map((result) => result.body.id).sort());
    expect(
      await app.database.prisma.outboxEvent.count({ where: { tenantId: owner.tenant_id, type: 'credential.issued' } }),
    ).toBe(5);
    expect(await usage(owner.token)).toMatchObject({
      credentials_issued_this_month: 1000,
      credentials: { limit: 1000, remaining: 0 },
    });
  });
});

describe('GET /v1/credentials and GET /v1/credentials/:id', () => {
  it('lists newest first with format, issuer and status filters and cursor pages', async () => {
    const { owner, ed25519, p256 } = await issuerTenant();
    const plan: [Did, string][] = [
      [ed25519, 'jwt_vc_json'],
      [p256, 'vc+sd-jwt'],
      [p256, 'jwt_vc_json'],
      [ed25519, 'vc+sd-jwt'],
      [ed25519, 'jwt_vc_json'],
      [p256, 'jwt_vc_json'],
    ];
    const credentials: any[] = [];
    for (const [did, format] of plan) {
      credentials.push(
        await issued(owner.token, { format, issuer: did.did, vct: format === 'vc+sd-jwt' ? 'urn:x' : undefined }),
      );
    }
    const revoked = credentials[2];
    expect((await revoke(owner.token, revoked.id)).status).toBe(200);
    const newestFirst = [...credentials].sort(
      (a, b) => Date.parse(b.issued_at) - Date.parse(a.issued_at) || (b.id < a.id ? -1 : 1),
    );
    const ids = (list: any[]) => list.map((credential) => credential.id);
    const expectIds = (response: any, expected: any[]) => {
      expect(response.status, response.text).toBe(200);
      expect(ids(response.body.credentials)).toEqual(ids(newestFirst.filter((c) => expected.includes(c))));
    };
    const list = (query = '') => app.request('GET', `/v1/credentials${query}`, { token: owner.token });

    const all = await list();
    expectIds(all, credentials);
    expect(all.body.next_cursor).toBeNull();
    const listedRevoked = all.body.credentials.find((credential: any) => credential.id === revoked.id);
    expect(listedRevoked.revoked_at).not.toBeNull();
    const listedFirst = all.body.credentials.find((credential: any) => credential.id === credentials[0].id);
    expect(listedFirst).toEqual(credentials[0]);

    const jwt = credentials.filter((credential) => credential.format === 'jwt_vc_json');
    const sd = credentials.filter((credential) => credential.format === 'vc+sd-jwt');
    expectIds(await list('?format=jwt_vc_json'), jwt);
    expectIds(await list(`?format=${encodeURIComponent('vc+sd-jwt')}`), sd);
    expectIds(
      await list(`?issuer=${encodeURIComponent(ed25519.did)}`),
      credentials.filter((c) => c.issuer === ed25519.did),
    );
    expectIds(await list('?status=revoked'), [revoked]);
    expectIds(
      await list('?status=active'),
      credentials.filter((credential) => credential !== revoked),
    );
    expectIds(await list(`?format=jwt_vc_json&status=active&issuer=${encodeURIComponent(p256.did)}`), [credentials[5]]);
    expectIds(await list(`?issuer=${encodeURIComponent(UNOWNED_DID)}`), []);
    expectError(await list('?format=ldp_vc'), 400, 'unsupported format');
    expectError(await list('?status=expired'), 400);

    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.credentials.length).toBeLessThanOrEqual(2);
      paged.push(...ids(page.body.credentials));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(paged).toEqual(ids(newestFirst));
    expect(new Set(paged).size).toBe(paged.length);

    const firstJwtPage = await list('?format=jwt_vc_json&limit=3');
    const restJwt = await list(
      `?format=jwt_vc_json&limit=3&cursor=${encodeURIComponent(firstJwtPage.body.next_cursor)}`,
    );
    expect([...ids(firstJwtPage.body.credentials), ...ids(restJwt.body.credentials)]).toEqual(
      ids(newestFirst.filter((credential) => jwt.includes(credential))),
    );
    expect(restJwt.body.next_cursor).toBeNull();

    const viaGraphQL = await app.graphql(
      `query { credentials(format: vc_sd_jwt, limit: 1) { credentials { id format } nextCursor } }`,
      {},
      owner.token,
    );
    expect(viaGraphQL.body.data.credentials.credentials).toEqual([
      // GraphQL's enum name for vc+sd-jwt.
      { id: newestFirst.find((credential) => credential.format === 'vc+sd-jwt').id, format: 'vc_sd_jwt' },
    ]);
    expect(viaGraphQL.body.data.credentials.nextCursor).toEqual(expect.any(String));
  });

  it('reads a credential by id; another tenant’s is not found and stays untouched', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const { owner: other, p256: otherDid } = await issuerTenant();
    const mine = await issued(owner.token, {
      format: 'vc+sd-jwt',
      issuer: ed25519.did,
      vct: 'urn:x',
      claims: { a: 1 },
    });
    const theirs = await issued(other.token, { format: 'jwt_vc_json', issuer: otherDid.did });

    const read = await getCredential(owner.token, mine.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(mine);
    const viaGraphQL = await app.graphql(
      `query ($id: String!) { credential(id: $id) { ${CREDENTIAL_FIELDS} } }`,
      { id: mine.id },
      owner.token,
    );
    expect(viaGraphQL.body.data.credential).toMatchObject({
      id: mine.id,
      credential: mine.credential,
      format: 'vc_sd_jwt',
    });

    const before = await app.database.prisma.credential.findUniqueOrThrow({ where: { id: theirs.id } });
    for (const id of [theirs.id, crypto.randomUUID(), 'not-a-uuid']) {
      expectError(await getCredential(owner.token, id), 404, 'credential not found or already revoked');
      expectError(await revoke(owner.token, id), 404, 'credential not found or already revoked');
    }
    expectGraphQLError(
      await app.graphql(`mutation ($id: String!) { revokeCredential(id: $id) { id } }`, { id: theirs.id }, owner.token),
      404,
      'credential not found or already revoked',
    );
    expectGraphQLError(
      await app.graphql(`query ($id: String!) { credential(id: $id) { id } }`, { id: theirs.id }, owner.token),
      404,
      'credential not found or already revoked',
    );
    expect(await app.database.prisma.credential.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(before);
    expect((await getCredential(other.token, theirs.id)).status).toBe(200);
    expect(bitstringSetIndexes((await fetchStatusList(theirs.status.uri)).text)).toEqual([]);
    const listed = await app.request('GET', '/v1/credentials', { token: owner.token });
    expect(listed.body.credentials.map((credential: any) => credential.id)).toEqual([mine.id]);
  });
});

describe('revocation and the published status lists', () => {
  it('revokes a jwt_vc_json credential and flips its bit in the Bitstring Status List', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const credentials: any[] = [];
    for (let i = 0; i < 3; i++)
      credentials.push(await issued(owner.token, { format: 'jwt_vc_json', issuer: ed25519.did }));
    const target = credentials[1];
    const uri = target.status.uri;

    const before = await fetchStatusList(uri);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/vc\+jwt/);
    expect(before.headers.get('cache-control')).toBe('public, max-age=300');
    const etagBefore = before.headers.get('etag');
    expect(etagBefore).toBeTruthy();
    expect(bitstringSetIndexes(before.text)).toEqual([]);

    const revoked = await revoke(owner.token, target.id);
    expect(revoked.status).toBe(200);
    expect(Object.keys(revoked.body).sort()).toEqual(['id', 'revoked_at', 'status']);
    expect(revoked.body).toMatchObject({ id: target.id, status: 'revoked' });
    expect(Math.abs(Date.parse(revoked.body.revoked_at) - Date.now())).toBeLessThan(60_000);
    expectError(await getCredential(owner.token, target.id), 404, 'credential not found or already revoked');
    expectError(await revoke(owner.token, target.id), 404, 'credential not found or already revoked');
    expect((await getCredential(owner.token, credentials[0].id)).status).toBe(200);

    const after = await fetchStatusList(uri);
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('public, max-age=300');
    const etagAfter = after.headers.get('etag');
    expect(etagAfter).toBeTruthy();
    expect(etagAfter).not.toBe(etagBefore);
    expect(bitstringSetIndexes(after.text)).toEqual([target.status.index]);
    for (const other of [credentials[0], credentials[2]]) {
      if (other.status.uri === uri) expect(bitstringSetIndexes(after.text)).not.toContain(other.status.index);
    }

    const { header, payload } = decodeJwt(after.text);
    expect(header).toMatchObject({ alg: 'EdDSA', kid: ed25519.verification_method });
    expect(payload).toMatchObject({
      iss: ed25519.did,
      issuer: ed25519.did,
      id: uri,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    await expectSignedBy(after.text, ed25519);

    const notModified = await fetchStatusList(uri, { 'if-none-match': etagAfter! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etagAfter);
    expect((await fetchStatusList(uri, { 'if-none-match': etagBefore! })).status).toBe(200);
    expectError(await app.request('GET', `/v1/status-lists/${crypto.randomUUID()}`), 404);
  });

  it('revokes a vc+sd-jwt credential and flips its bit in the Token Status List', async () => {
    const { owner, p256 } = await issuerTenant();
    const credentials: any[] = [];
    for (let i = 0; i < 3; i++) {
      credentials.push(
        await issued(owner.token, { format: 'vc+sd-jwt', issuer: p256.did, vct: 'urn:x', claims: { i } }),
      );
    }
    const target = credentials[2];
    const uri = target.status.uri;
    const before = await fetchStatusList(uri);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/statuslist\+jwt/);
    expect(tokenListSetIndexes(before.text)).toEqual([]);

    expect((await revoke(owner.token, target.id)).status).toBe(200);
    expectGraphQLError(
      await app.graphql(`mutation ($id: String!) { revokeCredential(id: $id) { id } }`, { id: target.id }, owner.token),
      404,
      'credential not found or already revoked',
    );

    const after = await fetchStatusList(uri);
    expect(after.headers.get('cache-control')).toBe('public, max-age=300');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(tokenListSetIndexes(after.text)).toEqual([target.status.index]);
    const { header, payload } = decodeJwt(after.text);
    expect(header).toEqual({ alg: 'ES256', kid: p256.verification_method, typ: 'statuslist+jwt' });
    expect(payload).toMatchObject({ sub: uri, iss: p256.did, ttl: expect.any(Number), iat: expect.any(Number) });
    await expectSignedBy(after.text, p256);
    expect((await fetchStatusList(uri, { 'if-none-match': after.headers.get('etag')! })).status).toBe(304);
  });

  it('revokes over GraphQL', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const credential = await issued(owner.token, { format: 'jwt_vc_json', issuer: ed25519.did });
    const result = await app.graphql(
      `mutation ($id: String!) { revokeCredential(id: $id) { id status revokedAt } }`,
      { id: credential.id },
      owner.token,
    );
    expect(result.body.data.revokeCredential).toMatchObject({ id: credential.id, status: 'revoked' });
    const row = await app.database.prisma.credential.findUniqueOrThrow({ where: { id: credential.id } });
    expect(row.revokedAt?.toISOString()).toBe(result.body.data.revokeCredential.revokedAt);
  });
});

describe('concurrent issuing', () => {
  it('gives 40 concurrent credentials of one DID 40 distinct status entries', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        issue(owner.token, { format: 'jwt_vc_json', issuer: ed25519.did, claims: { n: i } }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(40).fill(200));
    const entries = results.map((result) => `${result.body.status.uri} ${result.body.status.index}`);
    expect(new Set(entries).size).toBe(40);
    expect(new Set(results.map((result) => result.body.id)).size).toBe(40);
    expect(await credentialCount(owner.tenant_id)).toBe(40);
    // The entry in the signed credential is the one reported.
    for (const result of results) {
      const { credentialStatus } = decodeJwt(result.body.credential).payload.vc;
      expect(credentialStatus.statusListCredential).toBe(result.body.status.uri);
      expect(credentialStatus.statusListIndex).toBe(String(result.body.status.index));
    }
  });
});

describe('POST /v1/credentials/verify', () => {
  const expectVerified = (body: any) => {
    expect(body.verified).toBe(true);
    for (const check of body.checks) expect(['passed', 'skipped'], check.name).toContain(check.status);
    const byName = Object.fromEntries(body.checks.map((check: any) => [check.name, check.status]));
    expect(byName).toMatchObject({
      structure: 'passed',
      signature: 'passed',
      validity_period: 'passed',
      status: 'passed',
    });
  };

  it('verifies fresh credentials of both formats, and refuses them once revoked', async () => {
    const { owner, ed25519, p256 } = await issuerTenant();
    const jwt = await issued(owner.token, {
      format: 'jwt_vc_json',
      issuer: p256.did,
      subject_id: 'did:example:s',
      claims: { score: 7 },
    });
    const sd = await issued(owner.token, {
      format: 'vc+sd-jwt',
      issuer: ed25519.did,
      vct: 'urn:example:v',
      claims: { name: 'Ada', tier: 'gold' },
      disclosable: ['name'],
    });

    const verifiedJwt = await verify(owner.token, { credential: jwt.credential });
    expect(verifiedJwt.status).toBe(200);
    expectVerified(verifiedJwt.body);
    expect(verifiedJwt.body).toMatchObject({ format: 'jwt_vc_json', issuer: p256.did, subject: 'did:example:s' });
    expect(verifiedJwt.body).toMatchObject({ claims: { score: 7 }, disclosed: [] });

    const verifiedSd = await verify(owner.token, { credential: sd.credential, format: 'vc+sd-jwt' });
    expect(verifiedSd.status).toBe(200);
    expectVerified(verifiedSd.body);
    expect(verifiedSd.body).toMatchObject({ format: 'vc+sd-jwt', issuer: ed25519.did });
    expect(verifiedSd.body).toMatchObject({
      claims: { name: 'Ada', tier: 'gold' },
      disclosed: ['/name'],
      credential_types: ['urn:example:v'],
      payload: { name: 'Ada', tier: 'gold', vct: 'urn:example:v', iss: ed25519.did },
    });

    // A changed signature no longer verifies.
    const [head, payload, signature] = jwt.credential.split('.');
    const flipped = signature[10] === 'A' ? 'B' : 'A';
    const tampered = `${head}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
    const tamperedResult = await verify(owner.token, { credential: tampered });
    expect(tamperedResult.body.verified).toBe(false);
    expect(tamperedResult.body.checks.find((check: any) => check.name === 'signature').status).toBe('failed');

    for (const credential of [jwt, sd]) {
      expect((await revoke(owner.token, credential.id)).status).toBe(200);
      const result = await verify(owner.token, { credential: credential.credential });
      expect(result.status).toBe(200);
      expect(result.body.verified).toBe(false);
      expect(result.body.checks.find((check: any) => check.name === 'status').status).toBe('failed');
      expect(result.body.checks.find((check: any) => check.name === 'signature').status).toBe('passed');
    }
  });

  it('answers malformed or missing input with 400', async () => {
    const owner = await registerUser(app);
    for (const credential of ['this is not a credential', 'a.b', '~~~']) {
      const response = await verify(owner.token, { credential });
      expectError(response, 400);
      expect(response.body.error.startsWith('malformed credential:'), response.body.error).toBe(true);
    }
    const missing = await verify(owner.token, {});
    expectError(missing, 400);
    expect(missing.body.error).toMatch(/credential/);
    const viaGraphQL = await app.graphql(
      `mutation ($input: VerifyCredentialInput!) { verifyCredential(input: $input) { verified } }`,
      { input: { credential: 'random text' } },
      owner.token,
    );
    expect(viaGraphQL.body.errors?.[0]?.message.startsWith('malformed credential:')).toBe(true);
    expect(viaGraphQL.body.errors[0].extensions).toMatchObject({ status: 400 });
  });
});

describe('outbox events', () => {
  it('records credential.issued and credential.revoked for the tenant', async () => {
    const { owner, ed25519 } = await issuerTenant();
    const credential = await issued(owner.token, {
      format: 'vc+sd-jwt',
      issuer: ed25519.did,
      vct: 'urn:example:event',
      claims: { secret: 'not in the event' },
    });
    await revoke(owner.token, credential.id);
    const events = await app.database.prisma.outboxEvent.findMany({
      where: { tenantId: owner.tenant_id, type: { startsWith: 'credential.' } },
      orderBy: { createdAt: 'asc' },
    });
    expect(events.map((event) => event.type)).toEqual(['credential.issued', 'credential.revoked']);
    expect(events[0]!.payload).toMatchObject({
      credential_id: credential.id,
      format: 'vc+sd-jwt',
      issuer: ed25519.did,
    });
    expect(events[1]!.payload).toMatchObject({ credential_id: credential.id, revoked_at: expect.any(String) });
    expect(JSON.stringify(events[0]!.payload)).not.toContain('not in the event');
  });
});

describe('permissions', () => {
  async function startupWithCredential(): Promise<{ owner: RegisteredUser; did: Did; credential: any }> {
    const owner = await tenantOnPlan(app, 'startup');
    const did = await newDid(owner.token);
    const credential = await issued(owner.token, { format: 'jwt_vc_json', issuer: did.did });
    return { owner, did, credential };
  }

  it('lets a viewer list and read but not issue, revoke or verify', async () => {
    const { owner, did, credential } = await startupWithCredential();
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    expectError(
      await issue(viewer.token, { format: 'jwt_vc_json', issuer: did.did }),
      403,
      "role 'viewer' lacks permission: credentials:issue",
    );
    expectError(await revoke(viewer.token, credential.id), 403, "role 'viewer' lacks permission: credentials:revoke");
    expectError(
      await verify(viewer.token, { credential: credential.credential }),
      403,
      "role 'viewer' lacks permission: credentials:verify",
    );
    expectGraphQLError(
      await app.graphql(ISSUE, { input: { format: 'jwt_vc_json', issuer: did.did } }, viewer.token),
      403,
      "role 'viewer' lacks permission: credentials:issue",
    );
    const listed = await app.request('GET', '/v1/credentials', { token: viewer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.credentials.map((item: any) => item.id)).toEqual([credential.id]);
    expect((await getCredential(viewer.token, credential.id)).status).toBe(200);
    expect(await credentialCount(owner.tenant_id)).toBe(1);
    expect((await getCredential(owner.token, credential.id)).status).toBe(200);
  });

  it('holds a scoped API key to its scopes', async () => {
    const { owner, did } = await startupWithCredential();
    const key = await createApiKey(app, owner.token, { name: 'issuer only', scopes: ['credentials:issue'] });
    expectError(
      await app.request('GET', '/v1/credentials', { token: key.key }),
      403,
      'API key missing scope: credentials:list',
    );
    const byKey = await issue(key.key, { format: 'jwt_vc_json', issuer: did.did });
    expect(byKey.status).toBe(200);
    expectError(await revoke(key.key, byKey.body.id), 403, 'API key missing scope: credentials:revoke');
    expect(await credentialCount(owner.tenant_id)).toBe(2);
  });

  it('requires a credential', async () => {
    expectError(
      await app.request('POST', '/v1/credentials/issue', { body: { format: 'jwt_vc_json' } }),
      401,
      'unauthorized',
    );
    expectError(await app.request('GET', '/v1/credentials'), 401, 'unauthorized');
    expectError(
      await app.request('POST', '/v1/credentials/verify', { body: { credential: 'x' } }),
      401,
      'unauthorized',
    );
  });
});
