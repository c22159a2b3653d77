// OpenID4VCI across instances: two apps behind one PUBLIC_BASE_URL and one PostgreSQL, as a load balancer spreads a
// wallet's requests (skipped on the embedded database, which one process holds). An offer made at
// one is redeemed at the other, a c_nonce handed out by one is accepted by the other, a DPoP nonce minted by one
// verifies at the other (the same KEY_ENCRYPTION_KEY), and a c_nonce sent to both at once buys one response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, type HttpResult, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { createWallet, keyProof, walletKey } from '../support/oid4vci-wallet.js';

const PUBLIC_BASE = 'https://issuer.example.test';
const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

let one: TestApp;
let two: TestApp;
let owner: RegisteredUser;

async function ok(response: Promise<HttpResult>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

beforeAll(async () => {
  if (!usingPostgres) return;
  const env = { PUBLIC_BASE_URL: PUBLIC_BASE };
  [one, two] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
  owner = await tenantOnPlan(one, 'business');
  const did = (await ok(one.request('POST', '/v1/dids', { token: owner.token, body: {} }))).did;
  await ok(
    two.request('POST', '/v1/oid4vci/credential-configurations', {
      token: owner.token,
      body: {
        configuration_id: 'Shared',
        format: 'dc+sd-jwt',
        issuer: did,
        vct: 'https://credentials.example.com/shared',
      },
    }),
  );
}, 60_000);
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
});

const offerAt = async (app: TestApp) =>
  ok(
    app.request('POST', '/v1/oid4vci/offers', {
      token: owner.token,
      body: { configuration_ids: ['Shared'], subject_id: 'did:example:both', claims: { Shared: { name: 'Both' } } },
    }),
  );

describe.skipIf(!usingPostgres)('two instances behind one public base URL', () => {
  it('one makes the offer and hands out the nonces, the other redeems the code and issues (with DPoP)', async () => {
    const created = await offerAt(one);
    expect(created.credential_issuer).toBe(`${PUBLIC_BASE}/oid4vci/${owner.tenant_slug}`);
    // Every wallet request alternates between the instances: the DPoP nonce of each answer is the other's to check.
    let turn = 0;
    const wallet = createWallet(one, {
      dpop: walletKey('ES256'),
      publicBase: PUBLIC_BASE,
      route: () => (turn++ % 2 ? two : one),
    });
    const { credentials, token } = await wallet.receive(created.offer_uri, 'Shared', [walletKey(), walletKey('EdDSA')]);
    expect(token.token_type).toBe('DPoP');
    expect(credentials).toHaveLength(2);
    const read = await ok(two.request('GET', `/v1/oid4vci/offers/${created.id}`, { token: owner.token }));
    expect(read).toMatchObject({ state: 'credential_issued', dpop_bound: true });
    expect(read.credential_ids).toHaveLength(2);
  });

  it('both serve the same metadata (the same ETag): the same request-encryption key, derived, never stored', async () => {
    const path = `/.well-known/openid-credential-issuer/oid4vci/${owner.tenant_slug}`;
    const [first, second] = await Promise.all([one.request('GET', path), two.request('GET', path)]);
    expect(first.body.credential_request_encryption.jwks.keys).toHaveLength(1);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('a c_nonce from one is accepted once by the other: sent to both at once, one response is served', async () => {
    const offers = [await offerAt(two), await offerAt(two)];
    const sessions = await Promise.all(
      offers.map(async (created, index) => {
        const wallet = createWallet(index ? two : one, { publicBase: PUBLIC_BASE });
        const offered = await wallet.offerFrom(created.offer_uri);
        const token = await wallet.tokenRequest(
          `${offered.credential_issuer}/token`,
          offered.grants[PRE_AUTHORIZED]!['pre-authorized_code'],
        );
        expect(token.status, token.text).toBe(200);
        return { wallet, accessToken: token.body.access_token as string, issuer: offered.credential_issuer };
      }),
    );
    const issuer = sessions[0]!.issuer;
    const cNonce = await createWallet(one, { publicBase: PUBLIC_BASE }).nonce(`${issuer}/nonce`);
    const answers = await Promise.all(
      sessions.map(async ({ wallet, accessToken }) =>
        wallet.credentialRequest(`${issuer}/credential`, accessToken, {
          credential_configuration_id: 'Shared',
          proofs: { jwt: [await keyProof(walletKey(), { aud: issuer, nonce: cNonce })] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.error).toBe('invalid_nonce');
    const states = await Promise.all(
      offers.map(
        async (created) =>
          (await ok(one.request('GET', `/v1/oid4vci/offers/${created.id}`, { token: owner.token }))).state,
      ),
    );
    expect(states.sort()).toEqual(['credential_issued', 'token_issued']);
  });
});
