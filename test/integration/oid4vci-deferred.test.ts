// OpenID4VCI 1.0 deferred issuance (§8.3, §9), end to end with the wallet written from the specification
// (test/support/oid4vci-wallet.ts): an offer made without its claims answers the credential request 202 with a
// transaction_id (keys recorded, nonces spent, no quota, an event for the tenant), the tenant gives the claims through
// the API (issued then: quota, status list, credential.issued), and the wallet's poll of the deferred credential
// endpoint collects them once. The claims API's refusals and the endpoint's token rules; refusals store nothing.
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageMonth } from '../../src/modules/plans/plans.js';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { createWallet, keyProof, walletKey, type WalletKey } from '../support/oid4vci-wallet.js';
import { algOf, digitalBazaarJwk } from '../support/independent-keys.js';

const DAY = 24 * 3600_000;
/** The service's clock: real time plus what the file has moved it by. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

let app: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let did: string;
let issuer: string;

const VCT = 'https://credentials.example.com/degree';
const claims = { Degree: { given_name: 'Alice', degree: 'BSc Mathematics' } };

async function ok(response: Promise<HttpResult>, status = 200) {
  const result = await response;
  expect(result.status, result.text).toBe(status);
  return result.body;
}
const as = (user: RegisteredUser) => ({
  post: (path: string, body?: unknown) => app.request('POST', path, { token: user.token, body }),
  get: (path: string) => ok(app.request('GET', path, { token: user.token })),
});
const tenant = () => as(owner);

/** A deferred offer of Degree (no claims) for `subject`. */
const deferredOffer = (subject = 'did:example:alice', user = owner) =>
  ok(as(user).post('/v1/oid4vci/offers', { configuration_ids: ['Degree'], subject_id: subject, deferred: true }));

const supplyClaims = (offerId: string, body: unknown = { claims }, user = owner) =>
  as(user).post(`/v1/oid4vci/offers/${offerId}/claims`, body);

/** What a refusal must leave as it was: the tenant's credentials, usage, outbox events and its offers. */
const snapshot = async (user: RegisteredUser) => {
  const where = { tenantId: user.tenant_id };
  const prisma = app.database.prisma;
  return Promise.all([
    prisma.credential.count({ where }),
    prisma.usageCounter.findMany({ where, select: { credentialsIssued: true } }),
    prisma.outboxEvent.count({ where }),
    prisma.oid4vciOffer.findMany({ where, orderBy: { id: 'asc' } }),
  ]);
};

function sdJwtVerifier() {
  return new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    verifier: async (data, signature) => {
      const { kid } = jose.decodeProtectedHeader(`${data}.${signature}`);
      await jose.compactVerify(`${data}.${signature}`, await jose.importJWK(await digitalBazaarJwk(kid!), algOf(kid!)));
      return true;
    },
    statusListFetcher: async (uri) => (await app.request('GET', new URL(uri).pathname)).text,
    loadTypeMetadataFormat: false,
  });
}

async function expectSdJwtVc(credential: string, holder: WalletKey) {
  const { payload, header } = await sdJwtVerifier().verify(credential);
  expect(header).toMatchObject({ typ: 'dc+sd-jwt', alg: 'EdDSA' });
  expect(payload).toMatchObject({ iss: did, vct: VCT, ...claims.Degree, cnf: { jwk: holder.publicJwk } });
}

beforeAll(async () => {
  app = await startTestApp({ ownDatabase: true, background: { clock, poll: false } });
  owner = await tenantOnPlan(app, 'business');
  other = await tenantOnPlan(app, 'business');
  for (const user of [owner, other]) {
    const userDid = (await ok(as(user).post('/v1/dids', { key_type: 'Ed25519' }))).did;
    if (user === owner) did = userDid;
    await ok(
      as(user).post('/v1/oid4vci/credential-configurations', {
        configuration_id: 'Degree',
        format: 'dc+sd-jwt',
        issuer: userDid,
        vct: VCT,
        claims: [{ name: 'given_name', mandatory: true }, { name: 'degree' }],
      }),
    );
  }
  issuer = `${app.url}/oid4vci/${owner.tenant_slug}`;
}, 60_000);
afterAll(() => app?.close());

describe('a deferred offer', () => {
  it('is made with deferred: true and no claims; claims and deferred together, or neither, are refused', async () => {
    const created = await deferredOffer();
    expect(created).toMatchObject({ state: 'offered', deferred: true, claims: {}, claims_supplied_at: null });
    const both = await tenant().post('/v1/oid4vci/offers', {
      configuration_ids: ['Degree'],
      subject_id: 'did:example:alice',
      deferred: true,
      claims,
    });
    expect([both.status, both.body.error]).toEqual([
      400,
      'a deferred offer takes its claims later (POST /v1/oid4vci/offers/{id}/claims): leave claims out',
    ]);
    const neither = await tenant().post('/v1/oid4vci/offers', {
      configuration_ids: ['Degree'],
      subject_id: 'did:example:alice',
    });
    expect([neither.status, neither.body.error]).toEqual([
      400,
      'claims is required (or deferred: true to give them later)',
    ]);
    const viaGraphql = await app.graphql(
      `mutation ($input: CreateOid4vciOfferInput!) { createOid4vciOffer(input: $input) { offer { deferred state } } }`,
      { input: { configurationIds: ['Degree'], subjectId: 'did:example:alice', deferred: true } },
      owner.token,
    );
    expect(viaGraphql.body.errors, viaGraphql.text).toBeUndefined();
    expect(viaGraphql.body.data.createOid4vciOffer.offer).toEqual({ deferred: true, state: 'offered' });
  });

  it('end to end: 202 with a transaction_id, the tenant told, claims given, the poll collects them once', async () => {
    const created = await deferredOffer('did:example:deferred-e2e');
    const wallet = createWallet(app, { dpop: walletKey('EdDSA') });
    const holders = [walletKey('EdDSA'), walletKey('ES256')];
    const before = await snapshot(owner);
    const asked = await wallet.ask(created.offer_uri, 'Degree', holders);
    expect(asked.issuerMetadata.deferred_credential_endpoint).toBe(`${issuer}/deferred-credential`);
    expect(asked.response.status, asked.response.text).toBe(202);
    expect(asked.response.body).toEqual({ transaction_id: expect.any(String), interval: 60 });
    expect(asked.response.headers.get('cache-control')).toBe('no-store');
    const transactionId = asked.response.body.transaction_id as string;
    const accessToken = asked.token.access_token;
    const deferredEndpoint = asked.issuerMetadata.deferred_credential_endpoint as string;

    // Waiting: no credential, no quota; the keys recorded (public), never the transaction_id itself.
    const waiting = await tenant().get(`/v1/oid4vci/offers/${created.id}`);
    expect(waiting).toMatchObject({ state: 'credential_pending', credential_ids: [], claims_supplied_at: null });
    const [credentialsBefore, usageBefore] = before;
    const [credentialsNow, usageNow] = await snapshot(owner);
    expect([credentialsNow, usageNow]).toEqual([credentialsBefore, usageBefore]);
    const stored = await app.database.prisma.oid4vciOffer.findFirst({
      where: { tenantId: owner.tenant_id, id: created.id },
    });
    expect(JSON.stringify(stored!.deferredTransactions)).not.toContain(transactionId);
    expect((stored!.deferredTransactions as any[])[0].holders.map((holder: any) => holder.jwk)).toEqual(
      holders.map((holder) => holder.publicJwk),
    );
    const [pendingEvent] = (await tenant().get('/v1/events?type=oid4vci.offer.credential_pending&limit=100')).events
      .map((event: any) => event.data)
      .filter((data: any) => data.offer_id === created.id);
    expect(pendingEvent).toEqual({
      offer_id: created.id,
      subject_id: 'did:example:deferred-e2e',
      configuration_ids: ['Degree'],
      configuration_id: 'Degree',
      credentials_requested: 2,
      waits_until: expect.any(String),
    });

    // Polled before the claims: 202 again, the same transaction.
    const early = await wallet.deferredRequest(deferredEndpoint, accessToken, transactionId);
    expect([early.status, early.body]).toEqual([202, { transaction_id: transactionId, interval: 60 }]);

    // A second request for the same configuration is refused: it waits already.
    const cNonce = await wallet.nonce(asked.issuerMetadata.nonce_endpoint);
    const again = await wallet.credentialRequest(asked.issuerMetadata.credential_endpoint, accessToken, {
      credential_configuration_id: 'Degree',
      proofs: { jwt: [await keyProof(holders[0]!, { aud: issuer, nonce: cNonce })] },
    });
    expect([again.status, again.body.error]).toEqual([400, 'credential_request_denied']);

    // The tenant gives the claims: issued now (quota, status list, credential.issued with channel oid4vci).
    const supplied = await ok(supplyClaims(created.id));
    expect(supplied).toMatchObject({
      state: 'credential_pending',
      claims,
      claims_supplied_at: expect.any(String),
      issued_configuration_ids: ['Degree'],
    });
    expect(supplied.credential_ids).toHaveLength(2);
    const usage = await ok(app.request('GET', '/v1/admin/usage', { token: owner.token }));
    expect(usage.credentials_issued_this_month).toBe(
      (usageBefore as { credentialsIssued: number }[]).reduce((sum, row) => sum + row.credentialsIssued, 0) + 2,
    );
    const issuedEvents = (await tenant().get('/v1/events?type=credential.issued&limit=100')).events
      .map((event: any) => event.data)
      .filter((data: any) => data.offer_id === created.id);
    expect(issuedEvents).toHaveLength(2);
    expect(issuedEvents[0]).toMatchObject({ channel: 'oid4vci', subject_id: 'did:example:deferred-e2e' });

    // The poll collects them, each bound to its proof's key.
    const collected = await wallet.deferredRequest(deferredEndpoint, accessToken, transactionId);
    expect(collected.status, collected.text).toBe(200);
    expect(collected.body).toEqual({
      credentials: [{ credential: expect.any(String) }, { credential: expect.any(String) }],
      notification_id: expect.any(String),
    });
    for (const [index, holder] of holders.entries()) {
      await expectSdJwtVc(collected.body.credentials[index].credential, holder);
    }
    const done = await tenant().get(`/v1/oid4vci/offers/${created.id}`);
    expect(done).toMatchObject({ state: 'credential_issued', credential_issued_at: expect.any(String) });
    expect(done.notifications).toEqual([expect.objectContaining({ notification_id: collected.body.notification_id })]);

    // Spent: the same transaction_id again is invalid_transaction_id.
    const replayed = await wallet.deferredRequest(deferredEndpoint, accessToken, transactionId);
    expect([replayed.status, replayed.body.error]).toEqual([400, 'invalid_transaction_id']);
    // Its notification works as after an immediate response.
    const notified = await wallet.credentialRequest(`${issuer}/notification`, accessToken, {
      notification_id: collected.body.notification_id,
      event: 'credential_accepted',
    });
    expect(notified.status, notified.text).toBe(204);
  });

  it('claims given before the wallet asks are issued at once by the credential endpoint', async () => {
    const created = await deferredOffer('did:example:early-claims');
    await ok(supplyClaims(created.id));
    const holder = walletKey('EdDSA');
    const received = await createWallet(app).receive(created.offer_uri, 'Degree', [holder]);
    await expectSdJwtVc(received.credentials[0]!, holder);
  });
});

describe('the claims API', () => {
  it('refuses a missing mandatory claim, an unknown offer, another tenant’s, one not deferred or not waiting', async () => {
    const created = await deferredOffer('did:example:claims-errors');
    const before = await snapshot(owner);
    const missing = await supplyClaims(created.id, { claims: { Degree: { degree: 'BSc' } } });
    expect([missing.status, missing.body.error]).toEqual([
      400,
      'claims for Degree lack the mandatory claim given_name',
    ]);
    const unknown = await supplyClaims(created.id, { claims: { Other: {} } });
    expect([unknown.status, unknown.body.error]).toEqual([
      400,
      'claims names a configuration that is not offered: Other',
    ]);
    expect(await snapshot(owner)).toEqual(before);

    for (const id of ['0195f3c2-8d41-7a3b-9c5e-1f2a3b4c5d6e', 'not-a-uuid']) {
      const response = await supplyClaims(id);
      expect([response.status, response.body.error]).toEqual([404, 'offer not found']);
    }
    const theirs = await supplyClaims(created.id, { claims }, other);
    expect([theirs.status, theirs.body.error]).toEqual([404, 'offer not found']);

    const immediate = await ok(
      tenant().post('/v1/oid4vci/offers', { configuration_ids: ['Degree'], subject_id: 'did:example:x', claims }),
    );
    const notDeferred = await supplyClaims(immediate.id);
    expect([notDeferred.status, notDeferred.body.error]).toEqual([
      409,
      'the offer is not deferred: its claims were given with it',
    ]);
    await ok(supplyClaims(created.id));
    const twice = await supplyClaims(created.id);
    expect([twice.status, twice.body.error]).toEqual([409, 'the offer’s claims were given already']);
    const cancelled = await deferredOffer('did:example:cancelled');
    await ok(app.request('DELETE', `/v1/oid4vci/offers/${cancelled.id}`, { token: owner.token }));
    const ended = await supplyClaims(cancelled.id);
    expect([ended.status, ended.body.error]).toEqual([409, 'the offer is no longer open']);
  });

  it('over GraphQL', async () => {
    const created = await deferredOffer('did:example:graphql-claims');
    const supplied = await app.graphql(
      `mutation ($id: String!, $input: Oid4vciOfferClaimsInput!) {
        supplyOid4vciOfferClaims(id: $id, input: $input) { id claims claimsSuppliedAt } }`,
      { id: created.id, input: { claims } },
      owner.token,
    );
    expect(supplied.body.errors, supplied.text).toBeUndefined();
    expect(supplied.body.data.supplyOid4vciOfferClaims).toMatchObject({ id: created.id, claims });
  });

  it('refuses claims whose credentials the month’s quota cannot cover, whole: nothing issued, nothing counted', async () => {
    const small = await tenantOnPlan(app, 'developer'); // 100 a month
    const smallDid = (await ok(as(small).post('/v1/dids', { key_type: 'Ed25519' }))).did;
    await ok(
      as(small).post('/v1/oid4vci/credential-configurations', {
        configuration_id: 'Degree',
        format: 'dc+sd-jwt',
        issuer: smallDid,
        vct: VCT,
      }),
    );
    const created = await deferredOffer('did:example:quota', small);
    const asked = await createWallet(app).ask(created.offer_uri, 'Degree', [walletKey(), walletKey()]);
    expect(asked.response.status, asked.response.text).toBe(202);
    await app.database.prisma.usageCounter.create({
      data: { tenantId: small.tenant_id, month: usageMonth(), shard: 0, credentialsIssued: 99 },
    });
    const before = await snapshot(small);
    const refused = await supplyClaims(created.id, { claims }, small);
    expect([refused.status, refused.body.error]).toEqual([403, 'monthly credential issuance limit reached (100)']);
    expect(await snapshot(small)).toEqual(before);
  });
});

describe('the deferred credential endpoint', () => {
  /** A deferred offer its wallet asked for: the wallet, its token and transaction_id. */
  async function waitingSession(subject: string) {
    const created = await deferredOffer(subject);
    const wallet = createWallet(app);
    const asked = await wallet.ask(created.offer_uri, 'Degree', [walletKey()]);
    expect(asked.response.status, asked.response.text).toBe(202);
    return {
      created,
      wallet,
      accessToken: asked.token.access_token,
      transactionId: asked.response.body.transaction_id as string,
    };
  }
  const endpoint = () => `${issuer}/deferred-credential`;

  it('takes only the access token of the transaction’s session', async () => {
    const first = await waitingSession('did:example:token-a');
    const second = await waitingSession('did:example:token-b');
    const none = await app.request('POST', `/oid4vci/${owner.tenant_slug}/deferred-credential`, {
      body: { transaction_id: first.transactionId },
    });
    expect([none.status, none.body.error]).toEqual([401, 'invalid_token']);
    // Another session's token: that session has no such transaction.
    const crossed = await second.wallet.deferredRequest(endpoint(), second.accessToken, first.transactionId);
    expect([crossed.status, crossed.body.error]).toEqual([400, 'invalid_transaction_id']);
    // Another tenant's endpoint: the token is unknown there.
    const elsewhere = await first.wallet.deferredRequest(
      `${app.url}/oid4vci/${other.tenant_slug}/deferred-credential`,
      first.accessToken,
      first.transactionId,
    );
    expect([elsewhere.status, elsewhere.body.error]).toEqual([401, 'invalid_token']);
    const malformed = await first.wallet.credentialRequest(endpoint(), first.accessToken, { transaction: 1 });
    expect([malformed.status, malformed.body.error]).toEqual([400, 'invalid_credential_request']);
    const unknown = await first.wallet.deferredRequest(endpoint(), first.accessToken, 'nope');
    expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_transaction_id']);
  });

  it('a cancelled offer’s transaction is credential_request_denied', async () => {
    const session = await waitingSession('did:example:withdrawn');
    await ok(app.request('DELETE', `/v1/oid4vci/offers/${session.created.id}`, { token: owner.token }));
    const response = await session.wallet.deferredRequest(endpoint(), session.accessToken, session.transactionId);
    expect([response.status, response.body.error]).toEqual([400, 'credential_request_denied']);
  });

  it('a transaction lapses after seven days: its token expires and the offer takes no claims', async () => {
    const session = await waitingSession('did:example:lapsed');
    offset += 7 * DAY + 60_000;
    try {
      const response = await session.wallet.deferredRequest(endpoint(), session.accessToken, session.transactionId);
      expect([response.status, response.body.error]).toEqual([401, 'invalid_token']);
      const late = await supplyClaims(session.created.id);
      expect([late.status, late.body.error]).toEqual([409, 'the offer is no longer open']);
    } finally {
      offset = 0;
    }
  });

  it('an encrypted poll gets the credentials encrypted to the wallet’s key', async () => {
    const session = await waitingSession('did:example:encrypted');
    await ok(supplyClaims(session.created.id));
    const metadata = await session.wallet.metadata(issuer);
    const walletEncryption = await jose.generateKeyPair('ECDH-ES', { extractable: true });
    const walletJwk = { ...(await jose.exportJWK(walletEncryption.publicKey)), alg: 'ECDH-ES', kid: 'wallet-1' };
    const key = metadata.credential_request_encryption.jwks.keys[0];
    const request = {
      transaction_id: session.transactionId,
      credential_response_encryption: { jwk: walletJwk, enc: 'A256GCM' },
    };
    const jwe = await new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify(request)))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: key.kid })
      .encrypt(await jose.importJWK(key, 'ECDH-ES'));
    const response = await app.request('POST', `/oid4vci/${owner.tenant_slug}/deferred-credential`, {
      rawBody: jwe,
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/jwt' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/jwt');
    const { plaintext } = await jose.compactDecrypt(response.text, walletEncryption.privateKey);
    const body = JSON.parse(new TextDecoder().decode(plaintext));
    expect(body).toEqual({ credentials: [{ credential: expect.any(String) }], notification_id: expect.any(String) });
  });
});
