// Trust attestations end to end: the contract's boundaries over REST and GraphQL, the score
// arithmetic against hand-computed cases, the attestation credential in independent verifiers (did-jwt-vc,
// key-did-resolver, jose, vc-bitstring-status-list), the trust check changing verify's answer, the public
// signed trust list, events, audit, quota and tenant isolation.
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import * as jose from 'jose';
import { getResolver } from 'key-did-resolver';
import { base58btc } from 'multiformats/bases/base58';
// @ts-expect-error -- the @digitalbazaar packages ship no type declarations
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, usingRedis, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  registerUser,
  tenantOnPlan,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError } from '../support/contract.js';

const keyDidResolver = new Resolver(getResolver()) as unknown as Parameters<typeof verifyCredential>[1];

let app: TestApp;
let owner: RegisteredUser;
let viewerToken: string;
let attester: string;
let otherIssuer: RegisteredUser;
let otherDid: string;

const call = (method: string, path: string, body?: unknown, token = owner.token) =>
  app.request(method, path, { token, body });

async function ok(response: Promise<{ status: number; text: string; body: any }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

async function createDid(token: string) {
  return (await ok(app.request('POST', '/v1/dids', { token, body: { key_type: 'Ed25519' } }))).did as string;
}

/** A fresh subject DID (syntactically valid; nobody need hold its key). */
let subjects = 0;
const newSubject = () => `did:example:subject-${Date.now().toString(36)}-${++subjects}`;

const attest = (body: Record<string, unknown>, token = owner.token) =>
  ok(
    call('POST', '/v1/trust/attestations', { score: 80, weight: 0.5, assurance_level: 'substantial', ...body }, token),
  );

const GQL_CREATE = `mutation ($input: CreateTrustAttestationInput!) { createTrustAttestation(input: $input) { id score weight assuranceLevel status } }`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'business');
  attester = await createDid(owner.token);
  viewerToken = (await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer)).token;
  otherIssuer = await registerUser(app);
  otherDid = await createDid(otherIssuer.token);
});
afterAll(() => app?.close());

describe('creating attestations: the contract’s boundaries', () => {
  it.each([
    [{ score: 0 }],
    [{ score: 100 }],
    [{ weight: 0 }],
    [{ weight: 0.0 }],
    [{ weight: 1.0 }],
    [{ assurance_level: 'low' }],
    [{ assurance_level: 'high' }],
  ])('accepts %j over REST', async (values) => {
    const subject = newSubject();
    const created = await attest({ subject_did: subject, ...values });
    expect(created).toMatchObject({
      id: expect.any(String),
      subject_did: subject,
      attester_did: attester,
      status: 'active',
      credential: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      credential_status: { type: 'BitstringStatusListEntry', uri: expect.any(String), index: expect.any(Number) },
      created_at: expect.any(String),
      ...values,
    });
  });

  it.each([
    ['score', -1, 'score must be 0-100'],
    ['score', 101, 'score must be 0-100'],
    ['score', 1.5, 'score must be 0-100'],
    ['score', '50', 'score must be 0-100'],
    ['score', null, 'score must be 0-100'],
    ['weight', -0.01, 'weight must be 0.0-1.0'],
    ['weight', 1.01, 'weight must be 0.0-1.0'],
    ['weight', '1', 'weight must be 0.0-1.0'],
    ['weight', null, 'weight must be 0.0-1.0'],
    ['assurance_level', 'HIGH', 'invalid assurance level'],
    ['assurance_level', '', 'invalid assurance level'],
    ['assurance_level', 3, 'invalid assurance level'],
  ])('refuses %s %j over REST with the exact text', async (field, value, text) => {
    const body = { subject_did: newSubject(), score: 50, weight: 0.5, assurance_level: 'low', [field]: value };
    expectError(await call('POST', '/v1/trust/attestations', body), 400, text);
  });

  it.each([
    ['score', -1, 'score must be 0-100'],
    ['score', 101, 'score must be 0-100'],
    ['weight', -0.01, 'weight must be 0.0-1.0'],
    ['weight', 1.01, 'weight must be 0.0-1.0'],
  ])('refuses %s %j over GraphQL with the exact text', async (field, value, text) => {
    const input = { subjectDid: newSubject(), score: 50, weight: 0.5, assuranceLevel: 'low', [field]: value };
    const response = await app.graphql(GQL_CREATE, { input }, owner.token);
    expect(response.body.errors?.[0]?.message).toBe(text);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
  });

  it.each([
    ['score', 1.5, 'score must be 0-100'],
    ['score', '50', 'score must be 0-100'],
    ['score', null, 'score must be 0-100'],
    ['weight', '1', 'weight must be 0.0-1.0'],
    ['weight', null, 'weight must be 0.0-1.0'],
    ['assuranceLevel', 'HIGH', 'invalid assurance level'],
    ['assuranceLevel', '', 'invalid assurance level'],
  ])(
    'refuses %s %j over GraphQL with the exact text (a value of the wrong GraphQL type, refused before the service)',
    async (field, value, text) => {
      const input = { subjectDid: newSubject(), score: 50, weight: 0.5, assuranceLevel: 'low', [field]: value };
      const response = await app.graphql(GQL_CREATE, { input }, owner.token);
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.message).toBe(text);
      expect(response.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
      expect(response.body.data?.createTrustAttestation ?? null).toBeNull();
    },
  );

  it('accepts the boundaries over GraphQL', async () => {
    const response = await app.graphql(
      GQL_CREATE,
      { input: { subjectDid: newSubject(), score: 100, weight: 1.0, assuranceLevel: 'high' } },
      owner.token,
    );
    expect(response.body.data.createTrustAttestation).toMatchObject({
      score: 100,
      weight: 1,
      assuranceLevel: 'high',
      status: 'active',
    });
  });

  it('refuses a subject that is not a DID, an attester that is not the tenant’s or is deactivated, and a tenant without a DID', async () => {
    const base = { score: 50, weight: 0.5, assurance_level: 'low' };
    for (const subject of ['alice', 'did:', 'did:example:', 'DID:example:x', 'did:example:a b']) {
      const response = await call('POST', '/v1/trust/attestations', { ...base, subject_did: subject });
      expect(response.status, subject).toBe(400);
      expect(response.body.error).toMatch(/^subject_did must be a DID/);
    }
    expectError(
      await call('POST', '/v1/trust/attestations', { ...base, subject_did: newSubject(), attester_did: otherDid }),
      404,
      `DID ${otherDid} not found in tenant`,
    );
    const retired = await createDid(owner.token);
    await ok(call('POST', `/v1/dids/${encodeURIComponent(retired)}/deactivate`));
    expectError(
      await call('POST', '/v1/trust/attestations', { ...base, subject_did: newSubject(), attester_did: retired }),
      400,
      'issuer DID is deactivated',
    );
    const empty = await registerUser(app);
    expectError(
      await call('POST', '/v1/trust/attestations', { ...base, subject_did: newSubject() }, empty.token),
      400,
      'the tenant has no active DID to attest with: create one first (POST /v1/dids)',
    );
  });
});

describe('retries', () => {
  it('honours Idempotency-Key: the same attestation, made once', async () => {
    const subject = newSubject();
    const body = { subject_did: subject, score: 42, weight: 0.5, assurance_level: 'low' };
    const headers = { 'idempotency-key': `trust-${subject}` };
    const first = await ok(app.request('POST', '/v1/trust/attestations', { token: owner.token, body, headers }));
    const again = await app.request('POST', '/v1/trust/attestations', { token: owner.token, body, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first);
    const listed = await ok(call('GET', `/v1/trust/attestations?subject_did=${encodeURIComponent(subject)}`));
    expect(listed.attestations).toHaveLength(1);
  });
});

describe('the attestation credential', () => {
  it('verifies with did-jwt-vc and key-did-resolver, and its revocation shows in its status list', async () => {
    const subject = newSubject();
    const created = await attest({
      subject_did: subject,
      score: 70,
      weight: 0.25,
      credential_types: ['KycCredential'],
      evidence: 'https://audits.example.com/1',
    });
    const verified = await verifyCredential(created.credential, keyDidResolver);
    expect(verified.issuer).toBe(attester);
    expect(verified.payload.jti).toBe(`urn:uuid:${created.id}`);
    expect(verified.verifiableCredential.type).toEqual(['VerifiableCredential', 'TrustAttestation']);
    expect(verified.verifiableCredential.credentialSubject).toEqual({
      id: subject,
      score: 70,
      weight: 0.25,
      assurance_level: 'substantial',
      credential_types: ['KycCredential'],
      evidence: 'https://audits.example.com/1',
    });
    const { uri, index } = created.credential_status;
    expect(verified.verifiableCredential.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusListIndex: String(index),
      statusListCredential: uri,
    });

    const bit = async () => {
      const response = await app.request('GET', uri.slice(app.url.length));
      expect(response.status).toBe(200);
      const { payload } = await jose.jwtVerify(response.text, await publicKeyOf(attester), { issuer: attester });
      const list = await decodeList({
        encodedList: (payload.credentialSubject as { encodedList: string }).encodedList,
      });
      return list.getStatus(index);
    };
    expect(await bit()).toBe(false);
    const revoked = await ok(call('POST', `/v1/trust/attestations/${created.id}/revoke`));
    expect(revoked).toMatchObject({ id: created.id, status: 'revoked', revoked_at: expect.any(String) });
    expect(await bit()).toBe(true);
    // Our own verifier sees it revoked too.
    const checked = await ok(call('POST', '/v1/credentials/verify', { credential: created.credential }));
    expect(checked.verified).toBe(false);
    expect(checked.checks.find((c: any) => c.name === 'status')).toMatchObject({ status: 'failed' });

    expectError(
      await call('POST', `/v1/trust/attestations/${created.id}/revoke`),
      404,
      'attestation not found or already revoked',
    );
    expectError(
      await call('GET', `/v1/trust/attestations/${created.id}`),
      404,
      'attestation not found or already revoked',
    );
  });

  it('consumes no credential quota, and records its events and audit entries', async () => {
    const tenantId = owner.tenant_id;
    const prisma = app.database.prisma;
    const usageBefore = await ok(call('GET', '/v1/admin/usage'));
    const created = await attest({ subject_did: newSubject() });
    await ok(call('POST', `/v1/trust/attestations/${created.id}/revoke`));
    const usageAfter = await ok(call('GET', '/v1/admin/usage'));
    expect(usageAfter.credentials_issued_this_month).toBe(usageBefore.credentials_issued_this_month);
    expect(await prisma.credential.count({ where: { tenantId } })).toBe(0);

    const events = await prisma.outboxEvent.findMany({ where: { tenantId, type: { startsWith: 'trust.' } } });
    const mine = events.filter((event) => (event.payload as any).attestation_id === created.id);
    expect(mine.map((event) => event.type).sort()).toEqual(['trust.attestation.created', 'trust.attestation.revoked']);
    expect(mine.find((e) => e.type === 'trust.attestation.created')!.payload).toMatchObject({
      attester_did: attester,
      score: 80,
      weight: 0.5,
      assurance_level: 'substantial',
    });
    const listed = await ok(call('GET', '/v1/events?type=trust.attestation.revoked'));
    expect(listed.events.map((event: any) => event.data.attestation_id)).toContain(created.id);
    const audit = await prisma.auditEvent.findMany({ where: { tenantId, targetId: created.id } });
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'trust.attestation.created',
      'trust.attestation.revoked',
    ]);
  });
});

describe('scores', () => {
  it('is the weighted mean over attestations in force, with hand-computed cases', async () => {
    const subject = newSubject();
    const score = (query = '') => ok(call('GET', `/v1/trust/score?subject_did=${encodeURIComponent(subject)}${query}`));
    expect(await score()).toMatchObject({ subject_did: subject, score: null, count: 0, attestations: [] });

    // Weight 0 alone: counted, but Σweight = 0 → null.
    await attest({ subject_did: subject, score: 10, weight: 0, assurance_level: 'low' });
    expect(await score()).toMatchObject({ score: null, count: 1, lowest_assurance_level: 'low' });

    // (80·0.5 + 60·1.0 + 10·0) / 1.5 = 100 / 1.5 = 66.67
    await attest({ subject_did: subject, score: 80, weight: 0.5, assurance_level: 'high' });
    await attest({ subject_did: subject, score: 60, weight: 1.0, assurance_level: 'substantial' });
    expect(await score()).toMatchObject({
      score: 66.67,
      count: 3,
      lowest_assurance_level: 'low',
      highest_assurance_level: 'high',
    });

    // Revoked, expired and not-yet-valid attestations do not count.
    const revoked = await attest({ subject_did: subject, score: 0, weight: 1 });
    const expired = await attest({ subject_did: subject, score: 0, weight: 1, valid_until: '2099-01-01T00:00:00Z' });
    await attest({ subject_did: subject, score: 0, weight: 1, valid_from: '2099-01-01T00:00:00Z' });
    expect((await score()).score).toBe(28.57); // (40 + 60 + 0 + 0) / 3.5
    await ok(call('POST', `/v1/trust/attestations/${revoked.id}/revoke`));
    await app.database.prisma.trustAttestation.update({
      where: { id: expired.id },
      data: { validUntil: new Date(Date.now() - 1000) },
    });
    expect(await score()).toMatchObject({ score: 66.67, count: 3 });
    const expiredList = await ok(
      call('GET', `/v1/trust/attestations?subject_did=${encodeURIComponent(subject)}&status=expired`),
    );
    expect(expiredList.attestations.map((a: any) => a.id)).toEqual([expired.id]);

    // credential_type: attestations without types apply to every type; typed ones only to theirs.
    await attest({ subject_did: subject, score: 20, weight: 1, credential_types: ['KycCredential'] });
    expect((await score()).score).toBe(48); // (40 + 60 + 0 + 20) / 2.5
    expect((await score('&credential_type=KycCredential')).score).toBe(48);
    const other = await score('&credential_type=OtherCredential');
    expect(other).toMatchObject({ score: 66.67, count: 3, credential_type: 'OtherCredential' });
    expect(other.attestations).toHaveLength(3);
  });

  it('needs a subject_did', async () => {
    expectError(await call('GET', '/v1/trust/score'), 400, 'subject_did is required');
  });
});

describe('listing and reading', () => {
  it('filters by subject, level and status and pages with limit and cursor', async () => {
    const subject = newSubject();
    const a = await attest({ subject_did: subject, assurance_level: 'low' });
    const b = await attest({ subject_did: subject, assurance_level: 'high' });
    const c = await attest({ subject_did: subject, assurance_level: 'high' });
    await ok(call('POST', `/v1/trust/attestations/${c.id}/revoke`));
    const q = `subject_did=${encodeURIComponent(subject)}`;
    const first = await ok(call('GET', `/v1/trust/attestations?${q}&limit=2`));
    expect(first.attestations.map((x: any) => x.id)).toEqual([c.id, b.id]);
    const second = await ok(call('GET', `/v1/trust/attestations?${q}&limit=2&cursor=${first.next_cursor}`));
    expect(second).toEqual({ attestations: [expect.objectContaining({ id: a.id })], next_cursor: null });
    const high = await ok(call('GET', `/v1/trust/attestations?${q}&assurance_level=high&status=active`));
    expect(high.attestations.map((x: any) => x.id)).toEqual([b.id]);
    const revoked = await ok(call('GET', `/v1/trust/attestations?${q}&status=revoked`));
    expect(revoked.attestations.map((x: any) => [x.id, x.status])).toEqual([[c.id, 'revoked']]);
    const byAttester = await ok(
      call('GET', `/v1/trust/attestations?${q}&attester_did=${encodeURIComponent(attester)}`),
    );
    expect(byAttester.attestations).toHaveLength(3);
    expectError(await call('GET', `/v1/trust/attestations?assurance_level=HIGH`), 400, 'invalid assurance level');
    expect(await ok(call('GET', `/v1/trust/attestations/${a.id}`))).toMatchObject({ id: a.id, status: 'active' });
  });
});

describe('permissions and isolation', () => {
  it('a viewer reads but cannot attest, revoke or set the policy', async () => {
    const created = await attest({ subject_did: newSubject() });
    await ok(call('GET', '/v1/trust/attestations', undefined, viewerToken));
    await ok(call('GET', `/v1/trust/attestations/${created.id}`, undefined, viewerToken));
    await ok(
      call('GET', `/v1/trust/score?subject_did=${encodeURIComponent(created.subject_did)}`, undefined, viewerToken),
    );
    await ok(call('GET', '/v1/trust/policy', undefined, viewerToken));
    const denied = "role 'viewer' lacks permission: trust:write";
    expectError(
      await call(
        'POST',
        '/v1/trust/attestations',
        { subject_did: newSubject(), score: 1, weight: 1, assurance_level: 'low' },
        viewerToken,
      ),
      403,
      denied,
    );
    expectError(await call('POST', `/v1/trust/attestations/${created.id}/revoke`, undefined, viewerToken), 403, denied);
    expectError(
      await call(
        'PUT',
        '/v1/trust/policy',
        { min_score: 1, min_assurance_level: 'low', require_attested_issuer: false },
        viewerToken,
      ),
      403,
      denied,
    );
  });

  it('another tenant sees none of it', async () => {
    const subject = newSubject();
    const created = await attest({ subject_did: subject, score: 90, weight: 1 });
    const stranger = otherIssuer.token;
    expectError(await call('GET', `/v1/trust/attestations/${created.id}`, undefined, stranger), 404);
    expectError(await call('POST', `/v1/trust/attestations/${created.id}/revoke`, undefined, stranger), 404);
    const listed = await ok(
      call('GET', `/v1/trust/attestations?subject_did=${encodeURIComponent(subject)}`, undefined, stranger),
    );
    expect(listed.attestations).toEqual([]);
    const scored = await ok(
      call('GET', `/v1/trust/score?subject_did=${encodeURIComponent(subject)}`, undefined, stranger),
    );
    expect(scored).toMatchObject({ score: null, count: 0 });
    // Still the owner's.
    await ok(call('GET', `/v1/trust/attestations/${created.id}`));
  });
});

describe('the trust policy and verify’s trust check', () => {
  it('changes verify’s answer: not evaluated, then failed for an unattested issuer, then passed, then failed', async () => {
    // A verifier tenant of its own, so the policy applies only to these requests.
    const verifier = await registerUser(app);
    await createDid(verifier.token);
    const issued = await ok(
      app.request('POST', '/v1/credentials/issue', {
        token: otherIssuer.token,
        body: {
          format: 'jwt_vc_json',
          issuer: otherDid,
          subject_id: 'did:example:holder',
          type: ['KycCredential'],
          claims: { level: 2 },
        },
      }),
    );
    const verify = async () => {
      const result = await ok(
        call('POST', '/v1/credentials/verify', { credential: issued.credential }, verifier.token),
      );
      return { verified: result.verified, trust: result.checks.find((c: any) => c.name === 'trust') };
    };
    expect(await verify()).toEqual({
      verified: true,
      trust: { name: 'trust', status: 'skipped', detail: 'no trust policy' },
    });
    expect(await ok(call('GET', '/v1/trust/policy', undefined, verifier.token))).toEqual({ policy: null });

    const policy = { min_score: 60, min_assurance_level: 'substantial', require_attested_issuer: true };
    const set = await ok(call('PUT', '/v1/trust/policy', policy, verifier.token));
    expect(set.policy).toMatchObject(policy);
    expect(await ok(call('GET', '/v1/trust/policy', undefined, verifier.token))).toEqual(set);
    expect(await verify()).toMatchObject({ verified: false, trust: { status: 'failed' } });

    // Without require_attested_issuer an unattested issuer is not evaluated.
    await ok(call('PUT', '/v1/trust/policy', { ...policy, require_attested_issuer: false }, verifier.token));
    expect(await verify()).toMatchObject({ verified: true, trust: { status: 'skipped' } });
    await ok(call('PUT', '/v1/trust/policy', policy, verifier.token));

    await attest({ subject_did: otherDid, score: 90, weight: 1, assurance_level: 'high' }, verifier.token);
    expect(await verify()).toMatchObject({ verified: true, trust: { status: 'passed' } });

    // An attestation for another type does not apply; one lowering the mean below the policy does.
    await attest({ subject_did: otherDid, score: 0, weight: 1, credential_types: ['OtherCredential'] }, verifier.token);
    expect(await verify()).toMatchObject({ verified: true, trust: { status: 'passed' } });
    await attest({ subject_did: otherDid, score: 10, weight: 1, credential_types: ['KycCredential'] }, verifier.token);
    const low = await verify(); // (90 + 10) / 2 = 50 < 60
    expect(low).toMatchObject({ verified: false, trust: { status: 'failed' } });
    expect(low.trust.detail).toContain("score 50 is below the policy's 60");

    expectError(
      await call('PUT', '/v1/trust/policy', { ...policy, min_assurance_level: 'HIGH' }, verifier.token),
      400,
      'invalid assurance level',
    );
    const gql = await app.graphql(
      'mutation ($input: TrustPolicyInput!) { setTrustPolicy(input: $input) { minScore } }',
      { input: { minScore: 101, minAssuranceLevel: 'low', requireAttestedIssuer: false } },
      verifier.token,
    );
    expect(gql.body.errors?.[0]?.message).toBe('score must be 0-100');
  });
});

describe('the public trust list', () => {
  it('is a JWT signed by the tenant’s DID, verifying with jose against the did:key, with ETag and Cache-Control', async () => {
    const subject = newSubject();
    const kept = await attest({ subject_did: subject, score: 75, weight: 0.75, assurance_level: 'high' });
    const dropped = await attest({ subject_did: subject });
    await ok(call('POST', `/v1/trust/attestations/${dropped.id}/revoke`));

    const path = `/v1/trust/lists/${owner.tenant_slug}`;
    const response = await app.request('GET', path);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/trust-list+jwt');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    const { payload } = await jose.jwtVerify(response.text, await publicKeyOf(attester), {
      issuer: attester,
      typ: 'trust-list+jwt',
    });
    expect(payload.sub).toBe(`${app.url}${path}`);
    const listed = payload.attestations as any[];
    expect(listed.find((a) => a.id === kept.id)).toMatchObject({
      subject_did: subject,
      score: 75,
      weight: 0.75,
      assurance_level: 'high',
      credential_types: [],
      valid_until: null,
    });
    expect(listed.map((a) => a.id)).not.toContain(dropped.id);
    // Under another DID's key it does not verify.
    await expect(jose.jwtVerify(response.text, await publicKeyOf(otherDid))).rejects.toThrow();

    const again = await app.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expectError(await app.request('GET', '/v1/trust/lists/no-such-tenant-here'), 404, 'trust list not found');
  });
});

/** The public key of an Ed25519 did:key as key-did-resolver resolves it, for jose. */
async function publicKeyOf(did: string) {
  const { didDocument } = await new Resolver(getResolver()).resolve(did);
  const method = didDocument!.verificationMethod![0] as { publicKeyBase58: string };
  const x = Buffer.from(base58btc.baseDecode(method.publicKeyBase58)).toString('base64url');
  return jose.importJWK({ kty: 'OKP', crv: 'Ed25519', x }, 'EdDSA');
}

// The policy rides on the verifier's cached principal (src/auth/principal.ts): a change must still judge the very
// next verification, through a session or an API key, in this instance and in the others.
describe('a policy change and the principals cached a moment before', () => {
  async function verifierWithCredential(target: TestApp = app) {
    const verifier = await registerUser(target);
    const key = await createApiKey(target, verifier.token);
    const issued = await ok(
      target.request('POST', '/v1/credentials/issue', {
        token: otherIssuer.token,
        body: { format: 'jwt_vc_json', issuer: otherDid, subject_id: 'did:example:holder', claims: { level: 1 } },
      }),
    );
    const trustCheck = async (token: string, on: TestApp = target) => {
      const result = await ok(
        on.request('POST', '/v1/credentials/verify', { token, body: { credential: issued.credential } }),
      );
      return result.checks.find((check: { name: string }) => check.name === 'trust').status;
    };
    return { verifier, key: key.key as string, trustCheck };
  }
  const requireAttested = { min_score: 0, min_assurance_level: 'low', require_attested_issuer: true };

  it('judges an API key’s next verification by the policy just set, and just removed from its reach', async () => {
    const { verifier, key, trustCheck } = await verifierWithCredential();
    expect(await trustCheck(key)).toBe('skipped'); // the key's principal is cached now
    await ok(call('PUT', '/v1/trust/policy', requireAttested, verifier.token));
    expect(await trustCheck(key)).toBe('failed');
    await ok(call('PUT', '/v1/trust/policy', { ...requireAttested, require_attested_issuer: false }, verifier.token));
    expect(await trustCheck(key)).toBe('skipped');
  });

  describe.skipIf(!usingRedis || !usingPostgres)('across instances sharing Redis', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await startTestApp();
    });
    afterAll(() => other?.close());

    it('a policy set on one instance judges the next verification on another', async () => {
      const { verifier, trustCheck } = await verifierWithCredential();
      expect(await trustCheck(verifier.token, other)).toBe('skipped'); // cached on the other instance
      await ok(call('PUT', '/v1/trust/policy', requireAttested, verifier.token));
      const changedAt = Date.now();
      // Pub/sub is asynchronous: allow it a few milliseconds, far less than the 2 s the cache would keep it.
      let status = '';
      while (Date.now() - changedAt < 500) {
        status = await trustCheck(verifier.token, other);
        if (status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status).toBe('failed');
    });
  });
});
