// Hostile and broken wallets at the OpenID4VCI endpoints: every refusal is the specification's error JSON with its
// status (OpenID4VCI 1.0 §6.3, §8.3.1; RFC 6749 §5.2, RFC 6750 §3.1, RFC 9449 §7.1), and changes nothing the tenant
// holds: no credential, no status slot, no quota, no event, no consumed nonce, no moved session. Two tenants, so
// that one's codes, tokens and nonces are tried at the other's endpoints.
import { randomUUID } from 'node:crypto';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageMonth } from '../../src/modules/plans/plans.js';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import { auditLogState } from '../support/rows.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { createWallet, dpopProof, keyProof, seconds, walletKey, type WalletKey } from '../support/oid4vci-wallet.js';

const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
const CLAIMS = { given_name: 'Mallory', degree: 'None' };

let app: TestApp;
type Tenant = { owner: RegisteredUser; issuer: string; did: string };
let a: Tenant;
let b: Tenant;

async function ok(response: Promise<HttpResult>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

async function issuerTenant(plan: string): Promise<Tenant> {
  const owner = await tenantOnPlan(app, plan);
  const post = (path: string, body: unknown) => ok(app.request('POST', path, { token: owner.token, body }));
  const did = (await post('/v1/dids', { key_type: 'Ed25519' })).did;
  for (const [id, algs] of [
    ['Degree', ['EdDSA', 'ES256']],
    ['Strict', ['ES256']],
  ] as const) {
    await post('/v1/oid4vci/credential-configurations', {
      configuration_id: id,
      format: 'dc+sd-jwt',
      issuer: did,
      vct: 'https://credentials.example.com/degree',
      claims: [{ name: 'given_name' }, { name: 'degree' }],
      proof_algs: algs,
    });
  }
  return { owner, did, issuer: `${app.url}/oid4vci/${owner.tenant_slug}` };
}

beforeAll(async () => {
  app = await startTestApp();
  a = await issuerTenant('business');
  b = await issuerTenant('business');
}, 60_000);
afterAll(() => app?.close());

/** An offer of `tenant` redeemed for a token (DPoP-bound with `dpop`), and what a wallet needs to go on. */
async function session(tenant: Tenant, options: { dpop?: WalletKey; configurations?: string[] } = {}) {
  const configurations = options.configurations ?? ['Degree'];
  const created = await ok(
    app.request('POST', '/v1/oid4vci/offers', {
      token: tenant.owner.token,
      body: {
        configuration_ids: configurations,
        subject_id: `did:example:${randomUUID()}`,
        claims: Object.fromEntries(configurations.map((id) => [id, CLAIMS])),
      },
    }),
  );
  const wallet = createWallet(app, { dpop: options.dpop ?? null });
  const code = created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'] as string;
  const token = await wallet.tokenRequest(`${tenant.issuer}/token`, code);
  expect(token.status, token.text).toBe(200);
  return {
    created,
    wallet,
    code,
    accessToken: token.body.access_token as string,
    nonce: () => wallet.nonce(`${tenant.issuer}/nonce`),
    credentialEndpoint: `${tenant.issuer}/credential`,
  };
}

/**
 * Everything of both tenants a refused request must leave as it was, as one digest per table (one statement: the
 * file takes it twice per refusal): which table changed is what a failure says.
 */
async function bothTenants() {
  const tenants = [a.owner.tenant_id, b.owner.tenant_id];
  const digest = (rows: string, order: string) =>
    `(SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY ${order}), '')) FROM (${rows}) r)`;
  const [row] = await app.database.prisma.$queryRawUnsafe<Record<string, string>[]>(
    `SELECT ${digest('SELECT * FROM oid4vci_offers WHERE tenant_id = ANY($1::uuid[])', 'r.id')} AS offers,
            ${digest('SELECT * FROM oid4vci_nonces WHERE tenant_id = ANY($1::uuid[])', 'r.value_hash')} AS nonces,
            ${digest('SELECT * FROM credentials WHERE tenant_id = ANY($1::uuid[])', 'r.id')} AS credentials,
            ${digest('SELECT id, next_index, version FROM status_lists WHERE tenant_id = ANY($1::uuid[])', 'r.id')} AS status_lists,
            ${digest('SELECT * FROM usage_counters WHERE tenant_id = ANY($1::uuid[])', 'r.month, r.shard')} AS usage,
            ${digest('SELECT id, type, payload FROM outbox_events WHERE tenant_id = ANY($1::uuid[])', 'r.id')} AS outbox`,
    tenants,
  );
  // The audit log as its entries, waiting or chained: the background chaining is not a change a refusal made.
  const audit = await Promise.all(tenants.map((tenantId) => auditLogState(app.database.prisma, tenantId)));
  return { ...row, audit };
}

/**
 * Runs `act` (a request only: its proofs and nonces made beforehand), which must be refused with `status` and
 * `error`, and checks that neither tenant changed.
 */
async function refused(act: () => Promise<HttpResult>, status: number, error: string, description?: RegExp) {
  const before = await bothTenants();
  const response = await act();
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(Object.keys(response.body).sort()).toEqual(['error', 'error_description']);
  expect(response.body.error).toBe(error);
  if (description) expect(response.body.error_description).toMatch(description);
  expect(await bothTenants()).toEqual(before);
}

const credentialBody = (proofs: string[], configurationId = 'Degree') => ({
  credential_configuration_id: configurationId,
  proofs: { jwt: proofs },
});

describe('the token endpoint', () => {
  it('takes a pre-authorized code once: the second redemption is invalid_grant', async () => {
    const { wallet, code } = await session(a);
    await refused(() => wallet.tokenRequest(`${a.issuer}/token`, code), 400, 'invalid_grant', /already used/);
  });

  it('refuses tenant A’s code at tenant B’s token endpoint, an unknown code, and other grants', async () => {
    const created = await ok(
      app.request('POST', '/v1/oid4vci/offers', {
        token: a.owner.token,
        body: { configuration_ids: ['Degree'], subject_id: 'did:example:x', claims: { Degree: CLAIMS } },
      }),
    );
    const code = created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'];
    const wallet = createWallet(app);
    await refused(() => wallet.tokenRequest(`${b.issuer}/token`, code), 400, 'invalid_grant', /unknown/);
    await refused(() => wallet.tokenRequest(`${a.issuer}/token`, 'x'.repeat(43)), 400, 'invalid_grant');
    await refused(() => wallet.tokenRequest(`${a.issuer}/token`, code, '123456'), 400, 'invalid_request', /no tx_code/);
    const form = (body: string, contentType = 'application/x-www-form-urlencoded') =>
      app.request('POST', `/oid4vci/${a.owner.tenant_slug}/token`, {
        rawBody: body,
        headers: { 'content-type': contentType },
      });
    await refused(() => form('grant_type=refresh_token&refresh_token=abc'), 400, 'unsupported_grant_type');
    // The authorization code grant (oid4vci-authorization.test.ts) needs its client_id, redirect_uri and verifier.
    await refused(() => form('grant_type=authorization_code&code=abc'), 400, 'invalid_request', /client_id/);
    await refused(() => form(`grant_type=${encodeURIComponent(PRE_AUTHORIZED)}`), 400, 'invalid_request');
    await refused(
      () => form(JSON.stringify({ grant_type: PRE_AUTHORIZED }), 'application/json'),
      400,
      'invalid_request',
    );
    // Still redeemable after all that.
    expect((await wallet.tokenRequest(`${a.issuer}/token`, code)).status).toBe(200);
  });

  it('refuses a DPoP proof without our nonce (use_dpop_nonce with one), of another URL, method or key, or replayed', async () => {
    const dpop = walletKey('ES256');
    const created = await ok(
      app.request('POST', '/v1/oid4vci/offers', {
        token: a.owner.token,
        body: { configuration_ids: ['Degree'], subject_id: 'did:example:x', claims: { Degree: CLAIMS } },
      }),
    );
    const code = created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'];
    const endpoint = `${a.issuer}/token`;
    const send = (proof: string) =>
      app.request('POST', endpoint.slice(app.url.length), {
        rawBody: new URLSearchParams({ grant_type: PRE_AUTHORIZED, 'pre-authorized_code': code }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: proof },
      });
    const withoutNonce = await dpopProof(dpop, 'POST', endpoint);
    await refused(() => send(withoutNonce), 400, 'use_dpop_nonce');
    const nonce = (await send(withoutNonce)).headers.get('dpop-nonce')!;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{40,80}$/);
    await refused(
      async () => send(await dpopProof(dpop, 'POST', `${b.issuer}/token`, { nonce })),
      400,
      'invalid_dpop_proof',
      /htu/,
    );
    await refused(
      async () => send(await dpopProof(dpop, 'PUT', endpoint, { nonce })),
      400,
      'invalid_dpop_proof',
      /htm/,
    );
    // B's nonce is not A's.
    const bNonce = (await app.request('POST', `/oid4vci/${b.owner.tenant_slug}/nonce`)).headers.get('dpop-nonce')!;
    await refused(async () => send(await dpopProof(dpop, 'POST', endpoint, { nonce: bNonce })), 400, 'use_dpop_nonce');
    await refused(
      async () => send(await dpopProof(dpop, 'POST', endpoint, { nonce, iat: seconds() - 3600 })),
      400,
      'invalid_dpop_proof',
      /iat/,
    );
    // Signed by another key than the one in its header.
    const forged = await dpopProof(walletKey('ES256'), 'POST', endpoint, { nonce, header: { jwk: dpop.publicJwk } });
    await refused(() => send(forged), 400, 'invalid_dpop_proof');
    await refused(() => send('not.a.jwt'), 400, 'invalid_dpop_proof');
    const good = await dpopProof(dpop, 'POST', endpoint, { nonce });
    expect((await send(good)).status).toBe(200);
    // The same proof again, for another offer: its jti was recorded.
    const other = await ok(
      app.request('POST', '/v1/oid4vci/offers', {
        token: a.owner.token,
        body: { configuration_ids: ['Degree'], subject_id: 'did:example:y', claims: { Degree: CLAIMS } },
      }),
    );
    const otherCode = other.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'];
    await refused(
      () =>
        app.request('POST', endpoint.slice(app.url.length), {
          rawBody: new URLSearchParams({ grant_type: PRE_AUTHORIZED, 'pre-authorized_code': otherCode }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: good },
        }),
      400,
      'invalid_dpop_proof',
      /used before/,
    );
  });
});

describe('the credential endpoint', () => {
  it('refuses a missing, unknown or foreign access token, and a bearer token sent as DPoP (401, WWW-Authenticate)', async () => {
    const { accessToken, nonce } = await session(a);
    const holder = walletKey();
    const proofs = [await keyProof(holder, { aud: a.issuer, nonce: await nonce() })];
    const send = (path: string, authorization?: string) =>
      app.request('POST', path, { body: credentialBody(proofs), headers: authorization ? { authorization } : {} });
    const aPath = `/oid4vci/${a.owner.tenant_slug}/credential`;
    const bPath = `/oid4vci/${b.owner.tenant_slug}/credential`;
    await refused(() => send(aPath), 401, 'invalid_token');
    await refused(() => send(aPath, 'Bearer bsv_unknown'), 401, 'invalid_token', /unknown/);
    await refused(() => send(bPath, `Bearer ${accessToken}`), 401, 'invalid_token', /unknown/);
    await refused(() => send(aPath, `DPoP ${accessToken}`), 401, 'invalid_token', /bearer/);
    const challenged = await send(bPath, `Bearer ${accessToken}`);
    expect(challenged.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="unknown access token"',
    );
  });

  it('refuses a token issued for one configuration asking for another (403 insufficient_scope)', async () => {
    const { accessToken, nonce } = await session(a, { configurations: ['Degree'] });
    const proof = await keyProof(walletKey(), { aud: a.issuer, nonce: await nonce() });
    await refused(
      () =>
        app.request('POST', `/oid4vci/${a.owner.tenant_slug}/credential`, {
          body: credentialBody([proof], 'Strict'),
          headers: { authorization: `Bearer ${accessToken}` },
        }),
      403,
      'insufficient_scope',
    );
  });

  it('refuses nonces used, unknown, of another tenant, missing or expired as the spec names them', async () => {
    const { wallet, accessToken, nonce, credentialEndpoint } = await session(a, {
      configurations: ['Degree', 'Strict'],
    });
    const holder = walletKey();
    const used = await nonce();
    const foreign = await createWallet(app).nonce(`${b.issuer}/nonce`);
    const proofWith = (cNonce: string | undefined) => keyProof(holder, { aud: a.issuer, nonce: cNonce });
    const [usedProof, madeUp, foreignProof, noNonce] = await Promise.all(
      [used, 'made-up', foreign, undefined].map(proofWith),
    );
    const send = (proof: string, configurationId = 'Strict') =>
      wallet.credentialRequest(credentialEndpoint, accessToken, credentialBody([proof], configurationId));
    expect((await send(usedProof!, 'Degree')).status).toBe(200);
    await refused(() => send(usedProof!), 400, 'invalid_nonce');
    await refused(() => send(madeUp!), 400, 'invalid_nonce');
    await refused(() => send(foreignProof!), 400, 'invalid_nonce');
    await refused(() => send(noNonce!), 400, 'invalid_proof', /no nonce/);
    // Two proofs of one batch sharing a nonce consume it once, and are both served (then it is gone).
    const shared = await nonce();
    const batch = await wallet.credentialRequest(
      credentialEndpoint,
      accessToken,
      credentialBody(
        await Promise.all([walletKey(), walletKey()].map((key) => keyProof(key, { aud: a.issuer, nonce: shared }))),
        'Strict',
      ),
    );
    expect(batch.status, batch.text).toBe(200);
    expect(batch.body.credentials).toHaveLength(2);
  });

  it('refuses key proofs for another issuer, of the wrong type, alg or key, stale, or carrying a private key', async () => {
    const { wallet, accessToken, nonce, credentialEndpoint } = await session(a, { configurations: ['Strict'] });
    const holder = walletKey('ES256');
    // Signing a proof touches no row: made inside each refused request.
    const send = async (proof: string | Promise<string>) =>
      wallet.credentialRequest(credentialEndpoint, accessToken, credentialBody([await proof], 'Strict'));
    const cNonce = await nonce();
    await refused(() => send(keyProof(holder, { aud: b.issuer, nonce: cNonce })), 400, 'invalid_proof', /aud/);
    await refused(() => send(keyProof(holder, { aud: a.issuer, nonce: cNonce, typ: 'JWT' })), 400, 'invalid_proof');
    await refused(
      () => send(keyProof(walletKey('EdDSA'), { aud: a.issuer, nonce: cNonce })),
      400,
      'invalid_proof',
      /alg/,
    );
    await refused(
      () => send(keyProof(holder, { aud: a.issuer, nonce: cNonce, iat: seconds() - 3600 })),
      400,
      'invalid_proof',
      /iat/,
    );
    const stranger = walletKey('ES256');
    await refused(
      () => send(keyProof(stranger, { aud: a.issuer, nonce: cNonce, header: { jwk: holder.publicJwk } })),
      400,
      'invalid_proof',
    );
    const privateJwk = holder.privateKey.export({ format: 'jwk' });
    await refused(
      () => send(keyProof(holder, { aud: a.issuer, nonce: cNonce, header: { jwk: privateJwk } })),
      400,
      'invalid_proof',
      /private/,
    );
    await refused(
      () => send(keyProof(holder, { aud: a.issuer, nonce: cNonce, header: { kid: '0' }, as: 'kid' })),
      400,
      'invalid_proof',
    );
    await refused(() => send('not-a-jwt'), 400, 'invalid_credential_request');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'openid4vci-proof+jwt', jwk: holder.publicJwk })).toString('base64url')}.${Buffer.from(JSON.stringify({ aud: a.issuer, iat: seconds(), nonce: cNonce })).toString('base64url')}.`;
    await refused(() => send(unsigned), 400, 'invalid_credential_request');
    // The nonce is still unused: a good proof with it is served.
    expect((await send(keyProof(holder, { aud: a.issuer, nonce: cNonce }))).status).toBe(200);
  });

  it('refuses malformed requests: unknown configuration, identifiers, no proofs, other proof types, encryption, too many proofs', async () => {
    const { wallet, accessToken, nonce, credentialEndpoint } = await session(a);
    const cNonce = await nonce();
    const proof = await keyProof(walletKey(), { aud: a.issuer, nonce: cNonce });
    const send = (body: unknown) => wallet.credentialRequest(credentialEndpoint, accessToken, body);
    await refused(() => send(credentialBody([proof], 'Nope')), 400, 'unknown_credential_configuration');
    await refused(
      () => send({ credential_identifier: 'x', proofs: { jwt: [proof] } }),
      400,
      'unknown_credential_identifier',
    );
    await refused(
      () => send({ credential_configuration_id: 'Degree', credential_identifier: 'x' }),
      400,
      'invalid_credential_request',
    );
    await refused(() => send({ credential_configuration_id: 'Degree' }), 400, 'invalid_proof', /required/);
    await refused(
      () => send({ credential_configuration_id: 'Degree', proof: { proof_type: 'jwt', jwt: proof } }),
      400,
      'invalid_credential_request',
    );
    await refused(() => send({ credential_configuration_id: 'Degree', proofs: { di_vp: [{}] } }), 400, 'invalid_proof');
    await refused(
      () =>
        send({
          ...credentialBody([proof]),
          credential_response_encryption: { jwk: walletKey().publicJwk, alg: 'ECDH-ES', enc: 'A128GCM' },
        }),
      400,
      'invalid_encryption_parameters',
    );
    const eleven = await Promise.all(
      Array.from({ length: 11 }, () => keyProof(walletKey(), { aud: a.issuer, nonce: cNonce })),
    );
    await refused(() => send(credentialBody(eleven)), 400, 'invalid_credential_request', /at most 10/);
    await refused(
      () =>
        app.request('POST', credentialEndpoint.slice(app.url.length), {
          rawBody: '{',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        }),
      400,
      'invalid_credential_request',
    );
    expect((await send(credentialBody([proof]))).status).toBe(200);
  });

  it('refuses DPoP-bound tokens without their proof, as bearer, with a wrong ath or key, and a replayed proof', async () => {
    const dpop = walletKey('EdDSA');
    const { wallet, accessToken, nonce, credentialEndpoint } = await session(a, {
      dpop,
      configurations: ['Degree', 'Strict'],
    });
    const holder = walletKey('ES256');
    const body = async (configurationId = 'Strict') =>
      credentialBody([await keyProof(holder, { aud: a.issuer, nonce: await nonce() })], configurationId);
    const path = credentialEndpoint.slice(app.url.length);
    const strict = await body();
    const dpopNonce = wallet.dpopNonce!;
    const send = async (headers: Record<string, string>, payload?: unknown) =>
      app.request('POST', path, { body: payload ?? strict, headers });
    const proofFor = (options: Parameters<typeof dpopProof>[3] = {}, key = dpop, url = credentialEndpoint) =>
      dpopProof(key, 'POST', url, { nonce: dpopNonce, accessToken, ...options });
    await refused(() => send({ authorization: `Bearer ${accessToken}` }), 401, 'invalid_token', /DPoP-bound/);
    await refused(() => send({ authorization: `DPoP ${accessToken}` }), 401, 'invalid_dpop_proof');
    await refused(
      async () => send({ authorization: `DPoP ${accessToken}`, dpop: await proofFor({ accessToken: 'bsv_other' }) }),
      401,
      'invalid_dpop_proof',
      /ath/,
    );
    await refused(
      async () => send({ authorization: `DPoP ${accessToken}`, dpop: await proofFor({}, walletKey('EdDSA')) }),
      401,
      'invalid_dpop_proof',
      /thumbprint/,
    );
    await refused(
      async () =>
        send({ authorization: `DPoP ${accessToken}`, dpop: await proofFor({}, dpop, `${b.issuer}/credential`) }),
      401,
      'invalid_dpop_proof',
      /htu/,
    );
    const stale = await send({
      authorization: `DPoP ${accessToken}`,
      dpop: await dpopProof(dpop, 'POST', credentialEndpoint, { accessToken }),
    });
    expect([stale.status, stale.body.error]).toEqual([401, 'use_dpop_nonce']);
    expect(stale.headers.get('dpop-nonce')).toEqual(expect.any(String));
    expect(stale.headers.get('www-authenticate')).toMatch(/^DPoP algs="EdDSA ES256", error="use_dpop_nonce"/);
    const good = await proofFor();
    const degree = await body('Degree');
    expect((await send({ authorization: `DPoP ${accessToken}`, dpop: good }, degree)).status).toBe(200);
    await refused(
      async () => send({ authorization: `DPoP ${accessToken}`, dpop: good }),
      401,
      'invalid_dpop_proof',
      /used before/,
    );
  });

  it('refuses a batch the month’s quota cannot cover, whole: nothing issued, nothing counted', async () => {
    const tenant = await issuerTenant('developer'); // 100 a month
    const { wallet, accessToken, nonce, credentialEndpoint } = await session(tenant);
    // The tenant has issued 99 this month (set as the usage counter: issuing 99 first would only cost time).
    await app.database.prisma.usageCounter.create({
      data: { tenantId: tenant.owner.tenant_id, month: usageMonth(), shard: 0, credentialsIssued: 99 },
    });
    const cNonce = await nonce();
    const proofs = await Promise.all(
      [walletKey(), walletKey()].map((key) => keyProof(key, { aud: tenant.issuer, nonce: cNonce })),
    );
    const where = { tenantId: tenant.owner.tenant_id };
    const counts = () =>
      Promise.all([
        app.database.prisma.credential.count({ where }),
        app.database.prisma.usageCounter.findMany({ where, select: { credentialsIssued: true } }),
        app.database.prisma.oid4vciNonce.count({ where }),
        app.database.prisma.outboxEvent.count({ where }),
      ]);
    const before = await counts();
    const response = await wallet.credentialRequest(credentialEndpoint, accessToken, credentialBody(proofs));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'credential_request_denied',
      error_description: 'monthly credential issuance limit reached (100)',
    });
    expect(await counts()).toEqual(before);
    // One still fits.
    const one = await wallet.credentialRequest(credentialEndpoint, accessToken, credentialBody([proofs[0]!]));
    expect(one.status, one.text).toBe(200);
    const usage = await ok(app.request('GET', '/v1/admin/usage', { token: tenant.owner.token }));
    expect(usage.credentials_issued_this_month).toBe(100);
  });

  it('the wallet endpoints of a tenant that does not exist are 404', async () => {
    for (const endpoint of ['token', 'nonce', 'credential', 'notification', 'deferred-credential']) {
      const response = await app.request('POST', `/oid4vci/no-such-tenant/${endpoint}`);
      expect([response.status, response.body.error], endpoint).toEqual([404, 'credential issuer not found']);
    }
    const decoded = jose.decodeProtectedHeader(await keyProof(walletKey(), { aud: a.issuer }));
    expect(decoded.typ).toBe('openid4vci-proof+jwt');
  });
});
