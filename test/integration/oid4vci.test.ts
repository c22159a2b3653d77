// OpenID4VCI 1.0 issuance, end to end: the tenant's door (credential configurations, offers) over REST and GraphQL,
// every tenant's Credential Issuer metadata, and the pre-authorized code flow driven by a wallet written from the
// specification (test/support/oid4vci-wallet.ts: jose and node:crypto, never the @openid4vc libraries the service
// uses), with DPoP and as a bearer, one credential and a batch, in both formats. Each credential is verified with
// the independent libraries of independent-verifiers.test.ts, and its status read after a revocation. The app has a
// database of its own and a clock the file moves (the expiry sweep is global by design).
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import * as jose from 'jose';
import { getResolver } from 'key-did-resolver';
// @ts-expect-error -- the @digitalbazaar packages ship no type declarations
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oid4vciJobs } from '../../src/modules/oid4vci/oid4vci.jobs.js';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { capturingLogger } from '../support/log-sink.js';
import { privatePostgresDatabase, usingPostgres } from '../support/test-database.js';
import { createWallet, keyProof, walletKey, type WalletKey } from '../support/oid4vci-wallet.js';
import { readVector } from '../support/vectors.js';
import { algOf, digitalBazaarJwk } from '../support/independent-keys.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { requestOnHost } from '../support/on-host.js';
import { uniqueSuffix } from '../support/factories.js';

const MINUTE = 60_000;
/** The service's clock: real time plus what the file has moved it by. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

let app: TestApp;
let dns: TestDnsServer;
let database: Awaited<ReturnType<typeof privatePostgresDatabase>> | undefined;
let owner: RegisteredUser;
let edDid: string;
let p256Did: string;

const VCT = 'https://credentials.example.com/degree';
const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

async function ok(response: Promise<HttpResult>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}
const post = (path: string, body?: unknown) => app.request('POST', path, { token: owner.token, body });
const get = (path: string) => ok(app.request('GET', path, { token: owner.token }));

const degreeConfiguration = (configurationId: string, issuer: string, extra: Record<string, unknown> = {}) => ({
  configuration_id: configurationId,
  format: 'dc+sd-jwt',
  issuer,
  vct: VCT,
  claims: [
    { name: 'given_name', mandatory: true, display: [{ name: 'Given name', locale: 'en' }] },
    { name: 'degree', display: [{ name: 'Degree', locale: 'en' }] },
    { name: 'student_id', disclosable: false },
  ],
  display: [{ name: 'University degree', locale: 'en', background_color: '#12107c', text_color: '#ffffff' }],
  validity_seconds: 365 * 24 * 3600,
  binding_methods: ['jwk', 'did:key'],
  ...extra,
});

const membershipConfiguration = (configurationId: string, issuer: string) => ({
  configuration_id: configurationId,
  format: 'jwt_vc_json',
  issuer,
  types: ['MembershipCredential'],
  claims: [{ name: 'member_since', mandatory: true }, { name: 'level' }],
  display: [{ name: 'Membership', locale: 'en' }],
});

async function offer(configurationIds: string[], claims: Record<string, object>, extra: Record<string, unknown> = {}) {
  return ok(
    post('/v1/oid4vci/offers', {
      configuration_ids: configurationIds,
      subject_id: 'did:example:alice',
      claims,
      ...extra,
    }),
  );
}

const degreeClaims = { given_name: 'Alice', degree: 'BSc Mathematics', student_id: 'S-1234' };

beforeAll(async () => {
  database = usingPostgres ? await privatePostgresDatabase() : undefined;
  dns = await startDnsServer();
  app = await startTestApp({
    databaseUrl: database?.url,
    ownDatabase: true,
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DNS_SERVERS: dns.address },
    background: { clock, poll: false },
  });
  owner = await tenantOnPlan(app, 'business');
  edDid = (await ok(post('/v1/dids', { key_type: 'Ed25519' }))).did;
  p256Did = (await ok(post('/v1/dids', { key_type: 'P-256' }))).did;
  await ok(post('/v1/oid4vci/credential-configurations', degreeConfiguration('Degree', edDid)));
  await ok(post('/v1/oid4vci/credential-configurations', membershipConfiguration('Membership', p256Did)));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await dns?.close();
  await database?.drop();
});

// ─── Independent verification ─────────────────────────────────────────────────────────────────────────

const keyDidResolver = new Resolver(getResolver()) as unknown as Parameters<typeof verifyCredential>[1];

/** The issuer's key as @digitalbazaar/did-method-key resolves its did:key. */
const issuerKey = async (kid: string) => jose.importJWK(await digitalBazaarJwk(kid), algOf(kid));

function sdJwtVerifier() {
  return new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    verifier: async (data, signature) => {
      const { kid } = jose.decodeProtectedHeader(`${data}.${signature}`);
      await jose.compactVerify(`${data}.${signature}`, await issuerKey(kid!));
      return true;
    },
    // A list under the app's address, or under a verified domain of the tenant (fetched with that Host).
    statusListFetcher: async (uri) => {
      const url = new URL(uri);
      return uri.startsWith(app.url)
        ? (await app.request('GET', url.pathname)).text
        : (await requestOnHost(app, url.host, 'GET', url.pathname)).text;
    },
    loadTypeMetadataFormat: false,
  });
}

/** An SD-JWT VC of ours, verified by @sd-jwt/sd-jwt-vc: bound to `holder`'s key, with the offered claims. */
async function expectSdJwtVc(credential: string, holder: WalletKey) {
  const { payload, header } = await sdJwtVerifier().verify(credential);
  expect(header).toMatchObject({ typ: 'dc+sd-jwt', alg: 'EdDSA' });
  expect(payload).toMatchObject({ iss: edDid, vct: VCT, ...degreeClaims, cnf: { jwk: holder.publicJwk } });
  expect(payload.exp! - payload.nbf!).toBe(365 * 24 * 3600);
  // student_id is not disclosable: it is in the issuer-signed JWT itself.
  const signed = jose.decodeJwt(credential.split('~')[0]!);
  expect(signed.student_id).toBe('S-1234');
  expect(signed).not.toHaveProperty('given_name');
}

/** A jwt_vc_json of ours, verified by did-jwt-vc with key-did-resolver: credentialSubject.id is the holder's did:key. */
async function expectJwtVc(credential: string, holder: WalletKey) {
  const verified = await verifyCredential(credential, keyDidResolver);
  expect(verified.issuer).toBe(p256Did);
  expect(verified.payload.sub).toBe(holder.did);
  expect(verified.verifiableCredential.type).toEqual(['VerifiableCredential', 'MembershipCredential']);
  expect(verified.verifiableCredential.credentialSubject).toEqual({
    id: holder.did,
    member_since: 2019,
    level: 'gold',
  });
}

// ─── Credential configurations ────────────────────────────────────────────────────────────────────────

describe('credential configurations', () => {
  it('create, read, list, change and delete, over REST', async () => {
    const created = await ok(post('/v1/oid4vci/credential-configurations', degreeConfiguration('Scratch', edDid)));
    expect(created).toMatchObject({
      configuration_id: 'Scratch',
      format: 'dc+sd-jwt',
      issuer: edDid,
      vct: VCT,
      validity_seconds: 365 * 24 * 3600,
      binding_methods: ['jwk', 'did:key'],
      proof_algs: ['EdDSA', 'ES256'],
      metadata: {
        format: 'dc+sd-jwt',
        vct: VCT,
        credential_signing_alg_values_supported: ['EdDSA'],
        cryptographic_binding_methods_supported: ['jwk', 'did:key'],
        proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['EdDSA', 'ES256'] } },
        credential_metadata: {
          display: [{ name: 'University degree', locale: 'en', background_color: '#12107c', text_color: '#ffffff' }],
          claims: [
            { path: ['given_name'], mandatory: true, display: [{ name: 'Given name', locale: 'en' }] },
            { path: ['degree'], display: [{ name: 'Degree', locale: 'en' }] },
            { path: ['student_id'] },
          ],
        },
      },
    });
    expect(await get('/v1/oid4vci/credential-configurations/Scratch')).toEqual(created);
    const listed = await get('/v1/oid4vci/credential-configurations?limit=100');
    expect(listed.configurations.map((c: any) => c.configuration_id)).toEqual(['Scratch', 'Membership', 'Degree']);
    const changed = await ok(
      app.request('PATCH', '/v1/oid4vci/credential-configurations/Scratch', {
        token: owner.token,
        body: { display: [{ name: 'Diploma', locale: 'fr' }], proof_algs: ['ES256'] },
      }),
    );
    expect(changed).toMatchObject({ display: [{ name: 'Diploma', locale: 'fr' }], proof_algs: ['ES256'] });
    const deleted = await ok(
      app.request('DELETE', '/v1/oid4vci/credential-configurations/Scratch', { token: owner.token }),
    );
    expect(deleted.configuration_id).toBe('Scratch');
    const gone = await app.request('GET', '/v1/oid4vci/credential-configurations/Scratch', { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('credential configuration not found');
  });

  it.each([
    [{ vct: undefined }, 'vct is required for dc+sd-jwt'],
    [
      { binding_methods: ['jwk'], format: 'jwt_vc_json', vct: undefined, claims: [] },
      'jwt_vc_json binds to did:key only',
    ],
    [{ claims: [{ name: 'iss' }] }, 'claims[].name may not be a reserved claim (iss, sub, vct, cnf, status, id, …)'],
    [{ claims: [{ name: 'a' }, { name: 'a' }] }, 'claims names a claim twice'],
    [{ configuration_id: 'has space' }, expect.stringMatching(/^configuration_id must be/)],
    [{ proof_algs: ['RS256'] }, 'proof_algs may hold EdDSA and ES256'],
    [
      { display: [{ name: 'x', background_color: 'red' }] },
      'display[].background_color must be a CSS colour such as #12107c',
    ],
  ])('refuses %j: 400 %s', async (change, error) => {
    const body = { ...degreeConfiguration('Refused', edDid), ...change };
    const response = await post('/v1/oid4vci/credential-configurations', body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.error).toEqual(error);
  });

  it('refuses a second configuration of the same id (409) and another tenant’s DID (404)', async () => {
    const again = await post('/v1/oid4vci/credential-configurations', degreeConfiguration('Degree', edDid));
    expect([again.status, again.body.error]).toEqual([409, 'credential configuration already exists']);
    const foreign = 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp';
    const other = await post('/v1/oid4vci/credential-configurations', degreeConfiguration('Other', foreign));
    expect([other.status, other.body.error]).toEqual([404, `DID ${foreign} not found in tenant`]);
  });

  it('the same over GraphQL', async () => {
    const created = await app.graphql(
      `mutation ($input: CreateOid4vciCredentialConfigurationInput!) {
        createOid4vciCredentialConfiguration(input: $input) { configurationId format bindingMethods metadata } }`,
      {
        input: {
          configurationId: 'ViaGraphQL',
          format: 'jwt_vc_json',
          issuer: p256Did,
          types: ['ClubCredential'],
          bindingMethods: ['did_key'],
        },
      },
      owner.token,
    );
    expect(created.body.errors, created.text).toBeUndefined();
    expect(created.body.data.createOid4vciCredentialConfiguration).toMatchObject({
      configurationId: 'ViaGraphQL',
      format: 'jwt_vc_json',
      bindingMethods: ['did:key'],
      metadata: { format: 'jwt_vc_json', credential_definition: { type: ['VerifiableCredential', 'ClubCredential'] } },
    });
    const removed = await app.graphql(
      'mutation { deleteOid4vciCredentialConfiguration(configurationId: "ViaGraphQL") { configurationId } }',
      {},
      owner.token,
    );
    expect(removed.body.data.deleteOid4vciCredentialConfiguration.configurationId).toBe('ViaGraphQL');
  });
});

// ─── Metadata ─────────────────────────────────────────────────────────────────────────────────────────

describe('issuer metadata', () => {
  const identifier = () => `${app.url}/oid4vci/${owner.tenant_slug}`;

  it('serves the Credential Issuer Metadata at the RFC 8615 path, cacheable with a strong ETag', async () => {
    const path = `/.well-known/openid-credential-issuer/oid4vci/${owner.tenant_slug}`;
    const response = await app.request('GET', path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.body).toMatchObject({
      credential_issuer: identifier(),
      credential_endpoint: `${identifier()}/credential`,
      nonce_endpoint: `${identifier()}/nonce`,
      deferred_credential_endpoint: `${identifier()}/deferred-credential`,
      notification_endpoint: `${identifier()}/notification`,
      batch_credential_issuance: { batch_size: 10 },
      display: [{ name: owner.tenant_name }],
    });
    expect(Object.keys(response.body.credential_configurations_supported)).toEqual(['Degree', 'Membership']);
    expect(response.body.credential_configurations_supported.Membership).toMatchObject({
      format: 'jwt_vc_json',
      credential_definition: { type: ['VerifiableCredential', 'MembershipCredential'] },
      credential_signing_alg_values_supported: ['ES256'],
      cryptographic_binding_methods_supported: ['did:key'],
    });
    const etag = response.headers.get('etag')!;
    const again = await app.request('GET', path, { headers: { 'if-none-match': etag } });
    expect([again.status, again.text]).toEqual([304, '']);
  });

  it('serves the authorization server metadata (RFC 8414) of the same issuer', async () => {
    const response = await app.request('GET', `/.well-known/oauth-authorization-server/oid4vci/${owner.tenant_slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      issuer: identifier(),
      token_endpoint: `${identifier()}/token`,
      grant_types_supported: [PRE_AUTHORIZED],
      'pre-authorized_grant_anonymous_access_supported': true,
      token_endpoint_auth_methods_supported: ['none'],
      dpop_signing_alg_values_supported: ['EdDSA', 'ES256'],
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('answers 404 for a tenant that does not exist', async () => {
    for (const path of [
      '/.well-known/openid-credential-issuer/oid4vci/no-such-tenant',
      '/.well-known/oauth-authorization-server/oid4vci/no-such-tenant',
      '/.well-known/openid-credential-issuer',
    ]) {
      const response = await app.request('GET', path);
      expect([response.status, response.body.error], path).toEqual([404, 'credential issuer not found']);
    }
  });
});

// ─── Offers ───────────────────────────────────────────────────────────────────────────────────────────

describe('offers', () => {
  it('an offer by value, by reference and as QR codes, with a transaction code shown once', async () => {
    const created = await offer(
      ['Degree'],
      { Degree: degreeClaims },
      { tx_code: { length: 8, description: 'By SMS' } },
    );
    expect(created).toMatchObject({
      state: 'offered',
      subject_id: 'did:example:alice',
      configuration_ids: ['Degree'],
      tx_code: { length: 8, input_mode: 'numeric', description: 'By SMS' },
      credential_issuer: `${app.url}/oid4vci/${owner.tenant_slug}`,
    });
    expect(created.tx_code_value).toMatch(/^\d{8}$/);
    const byValue = new URL(created.offer_by_value_uri);
    expect(JSON.parse(byValue.searchParams.get('credential_offer')!)).toEqual(created.credential_offer);
    expect(created.credential_offer).toEqual({
      credential_issuer: created.credential_issuer,
      credential_configuration_ids: ['Degree'],
      grants: {
        [PRE_AUTHORIZED]: {
          'pre-authorized_code': expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          tx_code: { length: 8, input_mode: 'numeric', description: 'By SMS' },
        },
      },
    });
    expect(created.offer_uri).toBe(
      `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(created.credential_offer_uri)}`,
    );
    const served = await app.request('GET', created.credential_offer_uri.slice(app.url.length));
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(served.body).toEqual(created.credential_offer);
    // Whoever holds the reference holds the code: neither is in the service's log.
    const reference = created.credential_offer_uri.split('/').pop();
    const code = created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'];
    expect(app.logs.filter((line) => line.includes(reference) || line.includes(code))).toEqual([]);
    expect(app.logs.some((line) => line.includes('/credential-offer/…'))).toBe(true);
    expect(created.qr_code.svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    const png = Buffer.from(created.qr_code.png_data_uri.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Read back, it shows neither the code nor the transaction code: only hashes are kept.
    const read = await get(`/v1/oid4vci/offers/${created.id}`);
    expect(read).not.toHaveProperty('tx_code_value');
    expect(JSON.stringify(read)).not.toContain(created.tx_code_value);
    expect(JSON.stringify(read)).not.toContain(created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code']);
  });

  it.each([
    [{ configuration_ids: ['Nope'] }, 'unknown credential configuration: Nope'],
    [{ claims: { Degree: { degree: 'BSc' } } }, 'claims for Degree lack the mandatory claim given_name'],
    [
      { claims: { Degree: { given_name: 'A', shoe_size: 42 } } },
      'claims for Degree hold shoe_size, which the configuration does not describe',
    ],
    [
      { claims: { Degree: degreeClaims, Membership: {} } },
      'claims names a configuration that is not offered: Membership',
    ],
    [{ tx_code: { length: 3 } }, 'tx_code.length must be 4 to 12'],
    [{ expires_in: 10 }, 'expires_in must be 60 to 604800'],
    [{ subject_id: '' }, 'subject_id is required'],
  ])('refuses %j: 400 %s', async (change, error) => {
    const body = {
      configuration_ids: ['Degree'],
      subject_id: 'did:example:alice',
      claims: { Degree: degreeClaims },
      ...change,
    };
    const response = await post('/v1/oid4vci/offers', body);
    expect([response.status, response.body.error]).toEqual([400, error]);
  });

  it('a cancelled offer: its URI is gone, its code refused, and it shows cancelled', async () => {
    const created = await offer(['Degree'], { Degree: degreeClaims });
    const cancelled = await ok(app.request('DELETE', `/v1/oid4vci/offers/${created.id}`, { token: owner.token }));
    expect(cancelled).toMatchObject({ id: created.id, state: 'cancelled', failure_reason: 'cancelled' });
    expect((await app.request('GET', created.credential_offer_uri.slice(app.url.length))).status).toBe(404);
    const wallet = createWallet(app);
    const token = await wallet.tokenRequest(
      `${created.credential_issuer}/token`,
      created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'],
    );
    expect([token.status, token.body]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'the offer was cancelled' },
    ]);
    const again = await app.request('DELETE', `/v1/oid4vci/offers/${created.id}`, { token: owner.token });
    expect([again.status, again.body.error]).toEqual([404, 'offer not found or no longer open']);
    const listed = await get('/v1/oid4vci/offers?state=cancelled&limit=100');
    expect(listed.offers.map((o: any) => o.id)).toContain(created.id);
  });

  it('a configuration named by an open offer cannot be deleted', async () => {
    await ok(post('/v1/oid4vci/credential-configurations', degreeConfiguration('InUse', edDid)));
    const created = await offer(['InUse'], { InUse: degreeClaims });
    const refused = await app.request('DELETE', '/v1/oid4vci/credential-configurations/InUse', { token: owner.token });
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'an open offer names this credential configuration: cancel it first',
    ]);
    await ok(app.request('DELETE', `/v1/oid4vci/offers/${created.id}`, { token: owner.token }));
    await ok(app.request('DELETE', '/v1/oid4vci/credential-configurations/InUse', { token: owner.token }));
  });

  it('over GraphQL: create and read', async () => {
    const created = await app.graphql(
      `mutation ($input: CreateOid4vciOfferInput!) { createOid4vciOffer(input: $input) {
        offer { id state subjectId txCode { length inputMode } } offerUri txCodeValue credentialOffer } }`,
      {
        input: {
          configurationIds: ['Membership'],
          subjectId: 'did:example:bob',
          claims: { Membership: { member_since: 2020 } },
          txCode: { input_mode: 'text', length: 5 },
        },
      },
      owner.token,
    );
    expect(created.body.errors, created.text).toBeUndefined();
    const answer = created.body.data.createOid4vciOffer;
    expect(answer.offer).toMatchObject({
      state: 'offered',
      subjectId: 'did:example:bob',
      txCode: { length: 5, inputMode: 'text' },
    });
    expect(answer.txCodeValue).toMatch(/^[A-HJ-NP-Z2-9]{5}$/);
    const read = await app.graphql(
      'query ($id: String!) { oid4vciOffer(id: $id) { id state } }',
      { id: answer.offer.id },
      owner.token,
    );
    expect(read.body.data.oid4vciOffer).toEqual({ id: answer.offer.id, state: 'offered' });
  });
});

// ─── The pre-authorized code flow ─────────────────────────────────────────────────────────────────────

type Flow = {
  name: string;
  configuration: 'Degree' | 'Membership';
  dpop: boolean;
  holders: number;
  proofAs: 'jwk' | 'kid';
};
const FLOWS: Flow[] = [
  { name: 'dc+sd-jwt, DPoP, a batch of three', configuration: 'Degree', dpop: true, holders: 3, proofAs: 'jwk' },
  { name: 'dc+sd-jwt, bearer, one', configuration: 'Degree', dpop: false, holders: 1, proofAs: 'kid' },
  { name: 'jwt_vc_json, DPoP, one', configuration: 'Membership', dpop: true, holders: 1, proofAs: 'kid' },
  { name: 'jwt_vc_json, bearer, a batch of two', configuration: 'Membership', dpop: false, holders: 2, proofAs: 'jwk' },
];

describe.each(FLOWS)('a wallet redeems an offer: $name', (flow) => {
  const claims = flow.configuration === 'Degree' ? degreeClaims : { member_since: 2019, level: 'gold' };
  let created: any;
  let holders: WalletKey[];
  let received: string[];

  beforeAll(async () => {
    created = await offer([flow.configuration], { [flow.configuration]: claims }, { tx_code: {} });
    holders = Array.from({ length: flow.holders }, (_, i) => walletKey(i % 2 ? 'EdDSA' : 'ES256'));
    const wallet = createWallet(app, { dpop: flow.dpop ? walletKey('EdDSA') : null });
    const offered = await wallet.offerFrom(created.offer_uri);
    const metadata = await wallet.metadata(offered.credential_issuer);
    const as = await wallet.metadata(offered.credential_issuer, 'oauth-authorization-server');
    const token = await wallet.tokenRequest(
      as.token_endpoint,
      offered.grants[PRE_AUTHORIZED]!['pre-authorized_code'],
      created.tx_code_value,
    );
    expect(token.status, token.text).toBe(200);
    expect(token.body).toEqual({
      access_token: expect.stringMatching(/^bsv_/),
      token_type: flow.dpop ? 'DPoP' : 'Bearer',
      expires_in: 300,
    });
    expect(token.headers.get('cache-control')).toBe('no-store');
    const cNonce = await wallet.nonce(metadata.nonce_endpoint);
    const proofs = await Promise.all(
      holders.map((holder) => keyProof(holder, { aud: offered.credential_issuer, nonce: cNonce, as: flow.proofAs })),
    );
    const response = await wallet.credentialRequest(metadata.credential_endpoint, token.body.access_token, {
      credential_configuration_id: flow.configuration,
      proofs: { jwt: proofs },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.notification_id).toEqual(expect.any(String));
    received = response.body.credentials.map((entry: { credential: string }) => entry.credential);
  });

  it('issues one credential per key proof, each bound to its own key, verified by independent libraries', async () => {
    expect(received).toHaveLength(flow.holders);
    for (const [index, credential] of received.entries()) {
      if (flow.configuration === 'Degree') await expectSdJwtVc(credential, holders[index]!);
      else await expectJwtVc(credential, holders[index]!);
    }
  });

  it('the offer shows credential_issued with its credentials, listed under its subject, counted in the quota', async () => {
    const read = await get(`/v1/oid4vci/offers/${created.id}`);
    expect(read).toMatchObject({
      state: 'credential_issued',
      dpop_bound: flow.dpop,
      issued_configuration_ids: [flow.configuration],
      credential_ids: expect.any(Array),
    });
    expect(read.credential_ids).toHaveLength(flow.holders);
    for (const id of read.credential_ids) {
      const credential = await get(`/v1/credentials/${id}`);
      expect(credential).toMatchObject({
        subject_id: 'did:example:alice',
        issuer: flow.configuration === 'Degree' ? edDid : p256Did,
      });
      expect(received).toContain(credential.credential);
    }
  });

  it('announces the session and each credential (channel oid4vci) in the event log', async () => {
    const events = (await get('/v1/events?limit=100')).events as { type: string; data: any }[];
    const ofOffer = events.filter((event) => event.data.offer_id === created.id);
    expect(ofOffer.map((event) => event.type).reverse()).toEqual([
      'oid4vci.offer.created',
      'oid4vci.offer.token_issued',
      ...Array(flow.holders).fill('credential.issued'),
      'oid4vci.offer.credential_issued',
    ]);
    const issued = ofOffer.filter((event) => event.type === 'credential.issued');
    for (const event of issued)
      expect(event.data).toMatchObject({ channel: 'oid4vci', subject_id: 'did:example:alice' });
    expect(ofOffer.at(0)!.data).toMatchObject({ state: 'credential_issued', configuration_id: flow.configuration });
    expect(JSON.stringify(ofOffer)).not.toContain(JSON.stringify(claims).slice(1, -1));
  });

  it('a revocation shows in the status list the credential names, and only for that one', async () => {
    const read = await get(`/v1/oid4vci/offers/${created.id}`);
    // The credentials come back in the order of the proofs, as the offer lists their ids.
    await ok(post(`/v1/credentials/${read.credential_ids[0]}/revoke`));
    const [revoked, ...others] = received;
    if (flow.configuration === 'Degree') {
      await expect(sdJwtVerifier().verify(revoked!)).rejects.toThrow(/Status is not valid/);
      for (const other of others) await expect(sdJwtVerifier().verify(other)).resolves.toBeTruthy();
      return;
    }
    for (const [index, credential] of received.entries()) {
      const { vc } = jose.decodeJwt(credential) as {
        vc: { credentialStatus: { statusListCredential: string; statusListIndex: string } };
      };
      const list = await app.request('GET', vc.credentialStatus.statusListCredential.slice(app.url.length));
      const { credentialSubject } = jose.decodeJwt(list.text) as { credentialSubject: { encodedList: string } };
      const decoded = await decodeList({ encodedList: credentialSubject.encodedList });
      expect(decoded.getStatus(Number(vc.credentialStatus.statusListIndex))).toBe(index === 0);
    }
  });
});

describe('an offer of two configurations', () => {
  it('takes one token for both, each issued once; the state moves on only when both are', async () => {
    const created = await offer(['Degree', 'Membership'], {
      Degree: degreeClaims,
      Membership: { member_since: 2019, level: 'gold' },
    });
    const wallet = createWallet(app);
    const holder = walletKey('ES256');
    const first = await wallet.receive(created.offer_uri, 'Degree', [holder]);
    expect((await get(`/v1/oid4vci/offers/${created.id}`)).state).toBe('token_issued');
    const metadata = first.issuerMetadata;
    const ask = async (configurationId: string) =>
      wallet.credentialRequest(metadata.credential_endpoint, first.token.access_token, {
        credential_configuration_id: configurationId,
        proofs: {
          jwt: [
            await keyProof(holder, {
              aud: first.offer.credential_issuer,
              nonce: await wallet.nonce(metadata.nonce_endpoint),
              as: 'kid',
            }),
          ],
        },
      });
    const second = await ask('Membership');
    expect(second.status, second.text).toBe(200);
    await expectJwtVc(second.body.credentials[0].credential, holder);
    expect((await get(`/v1/oid4vci/offers/${created.id}`)).state).toBe('credential_issued');
    const repeated = await ask('Degree');
    expect([repeated.status, repeated.body.error]).toEqual([400, 'credential_request_denied']);
  });
});

describe('notifications', () => {
  it('records what the wallet says, once, as an event; an unknown id is invalid_notification_id', async () => {
    const created = await offer(['Degree'], { Degree: degreeClaims });
    const wallet = createWallet(app);
    const { token, response, issuerMetadata } = await wallet.receive(created.offer_uri, 'Degree', [walletKey()]);
    const notify = (body: unknown) =>
      app.request('POST', issuerMetadata.notification_endpoint.slice(app.url.length), {
        body,
        headers: { authorization: `Bearer ${token.access_token}` },
      });
    for (let i = 0; i < 2; i++) {
      const answer = await notify({ notification_id: response.notification_id, event: 'credential_accepted' });
      expect([answer.status, answer.text]).toEqual([204, '']);
    }
    const unknown = await notify({ notification_id: 'nope', event: 'credential_accepted' });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_notification_id']);
    const malformed = await notify({ notification_id: response.notification_id, event: 'credential_stolen' });
    expect([malformed.status, malformed.body.error]).toEqual([400, 'invalid_notification_request']);
    const read = await get(`/v1/oid4vci/offers/${created.id}`);
    expect(read.notifications).toEqual([
      expect.objectContaining({
        notification_id: response.notification_id,
        event: 'credential_accepted',
        configuration_id: 'Degree',
      }),
    ]);
    const events = (await get('/v1/events?type=oid4vci.offer.notified&limit=100')).events as { data: any }[];
    expect(events.filter((event) => event.data.offer_id === created.id)).toHaveLength(1);
  });
});

describe('the transaction code', () => {
  it('is required when offered, and five wrong ones lock the offer (failed, with its event)', async () => {
    const created = await offer(['Degree'], { Degree: degreeClaims }, { tx_code: { length: 6 } });
    const code = created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'];
    const wallet = createWallet(app);
    const endpoint = `${created.credential_issuer}/token`;
    const missing = await wallet.tokenRequest(endpoint, code);
    expect([missing.status, missing.body.error]).toEqual([400, 'invalid_request']);
    const wrong = created.tx_code_value === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await wallet.tokenRequest(endpoint, code, wrong);
      expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
      expect(answer.body.error_description).toBe(
        attempt === 5 ? 'wrong tx_code: the offer is now locked' : 'wrong tx_code',
      );
    }
    const right = await wallet.tokenRequest(endpoint, code, created.tx_code_value);
    expect(right.body).toEqual({
      error: 'invalid_grant',
      error_description: 'the offer is locked after too many wrong transaction codes',
    });
    expect(await get(`/v1/oid4vci/offers/${created.id}`)).toMatchObject({
      state: 'failed',
      tx_code_failures: 5,
      failure_reason: 'tx_code_attempts',
    });
    const events = (await get('/v1/events?type=oid4vci.offer.failed&limit=100')).events as { data: any }[];
    expect(events.map((event) => event.data.offer_id)).toContain(created.id);
  });
});

describe('time', () => {
  it('an offer past its expiry is refused and shows expired; the sweep writes it with its event', async () => {
    const created = await offer(['Degree'], { Degree: degreeClaims }, { expires_in: 60 });
    offset += 2 * MINUTE;
    try {
      const token = await createWallet(app).tokenRequest(
        `${created.credential_issuer}/token`,
        created.credential_offer.grants[PRE_AUTHORIZED]['pre-authorized_code'],
      );
      expect(token.body).toEqual({ error: 'invalid_grant', error_description: 'the pre-authorized code has expired' });
      // Read as expired at once; the sweep makes it so in the table, with its event.
      const before = await app.database.prisma.oid4vciOffer.findUniqueOrThrow({ where: { id: created.id } });
      expect(before.state).toBe('offered');
      await oid4vciJobs({ db: app.database.prisma })['oid4vci.expire'].run({}, {
        clock,
        log: capturingLogger([]),
      } as never);
      expect(await get(`/v1/oid4vci/offers/${created.id}`)).toMatchObject({ state: 'expired' });
      const events = (await get('/v1/events?type=oid4vci.offer.expired&limit=100')).events as { data: any }[];
      expect(events.map((event) => event.data.offer_id)).toContain(created.id);
    } finally {
      offset = 0;
    }
  });

  it('an access token and a c_nonce stop working after their lifetimes', async () => {
    const created = await offer(['Degree'], { Degree: degreeClaims });
    const wallet = createWallet(app);
    const offered = await wallet.offerFrom(created.offer_uri);
    const metadata = await wallet.metadata(offered.credential_issuer);
    const token = await wallet.tokenRequest(
      `${offered.credential_issuer}/token`,
      offered.grants[PRE_AUTHORIZED]!['pre-authorized_code'],
    );
    const cNonce = await wallet.nonce(metadata.nonce_endpoint);
    const holder = walletKey();
    offset += 6 * MINUTE;
    try {
      const late = await wallet.credentialRequest(metadata.credential_endpoint, token.body.access_token, {
        credential_configuration_id: 'Degree',
        proofs: { jwt: [await keyProof(holder, { aud: offered.credential_issuer, nonce: cNonce })] },
      });
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ error: 'invalid_token', error_description: 'the access token has expired' });
      expect(late.headers.get('www-authenticate')).toBe(
        'Bearer error="invalid_token", error_description="the access token has expired"',
      );
    } finally {
      offset = 0;
    }
  });
});

describe('the OpenID4VCI 1.0 vectors', () => {
  it('the specification’s jwt_vc_json Credential Response has the shape ours has, and verifies with its issuer key', async () => {
    const text = readVector('oid4vci/credential_response_jwt_vc_json.txt');
    const body = JSON.parse(text.slice(text.indexOf('{')).replace(/\n\s*/g, ''));
    const jwt = readVector('oid4vci/credential_response_jwt_vc_json.jwt').trim();
    expect(body).toEqual({ credentials: [{ credential: jwt }] });
    const { jwks } = JSON.parse(readVector('oid4vci/issuer_jwks.json').replace(/\n\s*/g, ''));
    const key = await jose.importJWK(jwks.keys[0], 'ES256');
    const { payload } = await jose.jwtVerify(jwt, key, { currentDate: new Date('2025-06-01T00:00:00Z') });
    expect(payload.iss).toBe('https://credential-issuer.example.com');
    // Ours: the same members, a compact JWT as the credential, no other member but the notification id.
    const created = await offer(['Membership'], { Membership: { member_since: 2019, level: 'gold' } });
    const { response } = await createWallet(app).receive(created.offer_uri, 'Membership', [walletKey()]);
    expect(Object.keys(response).sort()).toEqual(['credentials', 'notification_id']);
    expect(response.credentials.map((entry) => Object.keys(entry))).toEqual([['credential']]);
    expect(response.credentials[0]!.credential.split('.')).toHaveLength(3);
  });
});

describe('webhooks', () => {
  it('deliver the session’s events to a subscribed endpoint', async () => {
    const hooks = await startReceiver();
    try {
      await ok(post('/v1/webhooks', { url: hooks.url, events: ['oid4vci.offer.created', 'oid4vci.offer.cancelled'] }));
      const created = await offer(['Degree'], { Degree: degreeClaims });
      await ok(app.request('DELETE', `/v1/oid4vci/offers/${created.id}`, { token: owner.token }));
      await app.services.webhookDispatcher.runDue();
      await hooks.waitFor(2);
      // Deliveries go out side by side: in either order.
      const delivered = hooks.received.map((delivery) => JSON.parse(delivery.body));
      expect(delivered.map((event) => [event.type, event.data.offer_id]).sort()).toEqual([
        ['oid4vci.offer.cancelled', created.id],
        ['oid4vci.offer.created', created.id],
      ]);
      const cancelled = delivered.find((event) => event.type === 'oid4vci.offer.cancelled');
      expect(cancelled.data).toMatchObject({ reason: 'cancelled', subject_id: 'did:example:alice' });
    } finally {
      await hooks.close();
    }
  });
});

describe('on the tenant’s verified custom domain', () => {
  let domain: string;
  /** The app as reached through the domain (what a TLS terminator in front passes on). */
  const onDomain = () =>
    ({
      url: `https://${domain}`,
      request: (method: string, path: string, options: Parameters<TestApp['request']>[2] = {}) =>
        requestOnHost(app, domain, method, path, {
          ...options,
          headers: { ...options.headers, ...(options.token && { authorization: `Bearer ${options.token}` }) },
        }),
    }) as unknown as TestApp;

  beforeAll(async () => {
    domain = `issuer-${uniqueSuffix()}.example.com`;
    const claimed = await ok(post('/v1/domains', { domain }));
    dns.setTxt(claimed.verification.name, [claimed.verification.value]);
    expect((await ok(post(`/v1/domains/${claimed.id}/verify`))).status).toBe('verified');
  });

  it('the domain is the issuer: its metadata at the bare well-known paths, endpoints under it', async () => {
    const metadata = await requestOnHost(app, domain, 'GET', '/.well-known/openid-credential-issuer');
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      credential_issuer: `https://${domain}`,
      credential_endpoint: `https://${domain}/oid4vci/${owner.tenant_slug}/credential`,
    });
    const as = await requestOnHost(app, domain, 'GET', '/.well-known/oauth-authorization-server');
    expect(as.body).toMatchObject({
      issuer: `https://${domain}`,
      token_endpoint: `https://${domain}/oid4vci/${owner.tenant_slug}/token`,
    });
    // The slug path names another identifier: not served on the domain (one host, one issuer).
    const bySlug = await requestOnHost(
      app,
      domain,
      'GET',
      `/.well-known/openid-credential-issuer/oid4vci/${owner.tenant_slug}`,
    );
    expect(bySlug.status).toBe(404);
    // Another tenant's issuer is not served on this tenant's domain.
    const other = await tenantOnPlan(app, 'developer');
    const foreign = await requestOnHost(app, domain, 'POST', `/oid4vci/${other.tenant_slug}/nonce`);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'credential issuer not found']);
  });

  it('an offer made on the domain names it, and a wallet redeems it there with DPoP', async () => {
    const created = await ok(
      onDomain().request('POST', '/v1/oid4vci/offers', {
        token: owner.token,
        body: { configuration_ids: ['Degree'], subject_id: 'did:example:alice', claims: { Degree: degreeClaims } },
      }),
    );
    expect(created.credential_issuer).toBe(`https://${domain}`);
    expect(
      created.credential_offer_uri.startsWith(`https://${domain}/oid4vci/${owner.tenant_slug}/credential-offer/`),
    ).toBe(true);
    const holder = walletKey('EdDSA');
    const wallet = createWallet(onDomain(), { dpop: walletKey('ES256') });
    const { credentials } = await wallet.receive(created.offer_uri, 'Degree', [holder]);
    await expectSdJwtVc(credentials[0]!, holder);
    // Its status list is published under the domain too.
    const { status } = jose.decodeJwt(credentials[0]!.split('~')[0]!) as { status: { status_list: { uri: string } } };
    expect(status.status_list.uri.startsWith(`https://${domain}/v1/status-lists/`)).toBe(true);
  });
});

describe('encrypted credential requests and responses', () => {
  let metadata: any;
  let walletEncryption: Awaited<ReturnType<typeof jose.generateKeyPair>>;
  let walletJwk: jose.JWK;

  beforeAll(async () => {
    metadata = (await app.request('GET', `/.well-known/openid-credential-issuer/oid4vci/${owner.tenant_slug}`)).body;
    walletEncryption = await jose.generateKeyPair('ECDH-ES', { extractable: true });
    walletJwk = { ...(await jose.exportJWK(walletEncryption.publicKey)), alg: 'ECDH-ES', kid: 'wallet-1' };
  });

  /** A session of the Degree configuration: its token, a c_nonce and one proof. */
  async function session() {
    const created = await offer(['Degree'], { Degree: degreeClaims });
    const wallet = createWallet(app);
    const offered = await wallet.offerFrom(created.offer_uri);
    const token = await wallet.tokenRequest(
      `${offered.credential_issuer}/token`,
      offered.grants[PRE_AUTHORIZED]!['pre-authorized_code'],
    );
    const holder = walletKey();
    const proof = await keyProof(holder, {
      aud: offered.credential_issuer,
      nonce: await wallet.nonce(metadata.nonce_endpoint),
    });
    return { accessToken: token.body.access_token as string, holder, proof };
  }

  /** The request as a JWE to `key` (the issuer's, from its metadata), sent as application/jwt. */
  async function sendEncrypted(
    accessToken: string,
    request: object,
    key: jose.JWK = metadata.credential_request_encryption.jwks.keys[0],
  ) {
    const jwe = await new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify(request)))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: key.kid })
      .encrypt(await jose.importJWK(key, 'ECDH-ES'));
    return app.request('POST', metadata.credential_endpoint.slice(app.url.length), {
      rawBody: jwe,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/jwt' },
    });
  }

  it('are offered in the metadata: a P-256 key of the issuer’s, ECDH-ES with A128GCM or A256GCM', () => {
    expect(metadata.credential_request_encryption).toEqual({
      jwks: {
        keys: [
          expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ECDH-ES', use: 'enc', kid: expect.any(String) }),
        ],
      },
      enc_values_supported: ['A128GCM', 'A256GCM'],
      encryption_required: false,
    });
    expect(metadata.credential_response_encryption).toEqual({
      alg_values_supported: ['ECDH-ES'],
      enc_values_supported: ['A128GCM', 'A256GCM'],
      encryption_required: false,
    });
  });

  it('an encrypted request gets the response encrypted to the wallet’s key', async () => {
    const { accessToken, holder, proof } = await session();
    const response = await sendEncrypted(accessToken, {
      credential_configuration_id: 'Degree',
      proofs: { jwt: [proof] },
      credential_response_encryption: { jwk: walletJwk, enc: 'A256GCM' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/jwt');
    const { plaintext, protectedHeader } = await jose.compactDecrypt(response.text, walletEncryption.privateKey);
    expect(protectedHeader).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM', kid: 'wallet-1' });
    const body = JSON.parse(new TextDecoder().decode(plaintext));
    expect(body).toEqual({ credentials: [{ credential: expect.any(String) }], notification_id: expect.any(String) });
    await expectSdJwtVc(body.credentials[0].credential, holder);
  });

  it('an encrypted request without asking for an encrypted response is answered in the clear', async () => {
    const { accessToken, proof } = await session();
    const response = await sendEncrypted(accessToken, {
      credential_configuration_id: 'Degree',
      proofs: { jwt: [proof] },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.credentials).toHaveLength(1);
  });

  it('refuses a request to another key, a response key without its alg, an enc or compression not offered', async () => {
    const { accessToken, proof } = await session();
    const stranger = {
      ...(await jose.exportJWK((await jose.generateKeyPair('ECDH-ES', { extractable: true })).publicKey)),
      kid: 'other',
    };
    const base = { credential_configuration_id: 'Degree', proofs: { jwt: [proof] } };
    const { alg: _alg, ...withoutAlg } = walletJwk;
    for (const [request, key] of [
      [base, stranger],
      [{ ...base, credential_response_encryption: { jwk: withoutAlg, enc: 'A256GCM' } }, undefined],
      [{ ...base, credential_response_encryption: { jwk: walletJwk, enc: 'A192CBC-HS384' } }, undefined],
      [{ ...base, credential_response_encryption: { jwk: walletJwk, enc: 'A256GCM', zip: 'DEF' } }, undefined],
    ] as const) {
      const refused = await sendEncrypted(accessToken, request, key);
      expect([refused.status, refused.body?.error]).toEqual([400, 'invalid_encryption_parameters']);
    }
    // The proof's nonce is still unused: the same request, right, is served.
    expect((await sendEncrypted(accessToken, base)).status).toBe(200);
  });
});
