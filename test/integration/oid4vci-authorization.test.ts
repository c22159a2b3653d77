// OpenID4VCI 1.0's authorization code flow, end to end through a real redirect chain: a wallet written from the
// specifications (test/support/oid4vci-wallet.ts: PKCE with node:crypto, PAR, a browser following Location headers
// with node:http) pushes its request, its browser goes to the issuer's authorization endpoint, from there to the
// tenant's login page (a node:http server on loopback that, as the tenant's backend, approves or denies through the
// API and redirects), back through the service, and on to the wallet's redirect_uri (another loopback server that
// captures the code). Then token (DPoP or bearer), nonce, credential, verified with @sd-jwt/sd-jwt-vc. Both starts:
// an offer's issuer_state and the wallet's own scope. Then the refusals, each storing nothing.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { bytesAsHex, unchangedState } from '../support/rows.js';
import { algOf, digitalBazaarJwk } from '../support/independent-keys.js';
import {
  createWallet,
  followRedirects,
  keyProof,
  pkcePair,
  walletKey,
  type WalletKey,
} from '../support/oid4vci-wallet.js';

/** The service's clock: real time plus what the file has moved it by. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

let app: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let edDid: string;
let issuer: string;
let loginPage: LoopbackServer;
let walletRedirect: LoopbackServer;

const VCT = 'https://credentials.example.com/degree';
const CLIENT_ID = 'https://wallet.example.com';
const degreeClaims = { given_name: 'Alice', degree: 'BSc Mathematics' };

type LoopbackServer = { url: string; server: Server; requests: URL[] };

/** A server on loopback; `handle` answers each request (its URL recorded first). */
async function loopbackServer(handle: (url: URL, response: ServerResponse) => Promise<void> | void) {
  const requests: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    Promise.resolve(handle(url, response)).catch((error) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, requests };
}

/** What the tenant's login page does when the browser arrives: its backend decides, then redirects the browser. */
let decide: (authorizationId: string) => Promise<HttpResult> = () => {
  throw new Error('no decision set');
};

async function ok(response: Promise<HttpResult>, status = 200) {
  const result = await response;
  expect(result.status, result.text).toBe(status);
  return result.body;
}
const post = (path: string, body?: unknown, token = owner.token) => app.request('POST', path, { token, body });
const get = (path: string, token = owner.token) => app.request('GET', path, { token });

const approveWith = (body: object) => (id: string) => post(`/v1/oid4vci/authorizations/${id}/approve`, body);

beforeAll(async () => {
  app = await startTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    background: { clock, poll: false },
  });
  [owner, other] = await Promise.all([tenantOnPlan(app, 'business'), tenantOnPlan(app, 'business')]);
  edDid = (await ok(post('/v1/dids', { key_type: 'Ed25519' }))).did;
  await ok(
    post('/v1/oid4vci/credential-configurations', {
      configuration_id: 'Degree',
      format: 'dc+sd-jwt',
      issuer: edDid,
      vct: VCT,
      claims: [{ name: 'given_name', mandatory: true }, { name: 'degree' }],
    }),
  );
  issuer = `${app.url}/oid4vci/${owner.tenant_slug}`;
  loginPage = await loopbackServer(async (url, response) => {
    const decision = await decide(url.searchParams.get('authorization_id')!);
    if (decision.status !== 200) return void response.writeHead(500).end(decision.text);
    // The tenant's page sends the browser on with a 303 (RFC 9110 §15.4.4), as after a login form's POST.
    response.writeHead(303, { Location: decision.body.redirect_to }).end();
  });
  walletRedirect = await loopbackServer((_url, response) => void response.writeHead(200).end('wallet'));
}, 60_000);

afterAll(async () => {
  await app?.close();
  for (const server of [loginPage, walletRedirect]) await new Promise((resolve) => server?.server.close(resolve));
});

const sdJwtVerifier = () =>
  new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    verifier: async (data, signature) => {
      const { kid } = jose.decodeProtectedHeader(`${data}.${signature}`);
      const key = await jose.importJWK(await digitalBazaarJwk(kid!), algOf(kid!));
      await jose.compactVerify(`${data}.${signature}`, key);
      return true;
    },
    statusListFetcher: async (uri) => (await app.request('GET', new URL(uri).pathname)).text,
    loadTypeMetadataFormat: false,
  });

async function expectDegree(credential: string, holder: WalletKey) {
  const { payload } = await sdJwtVerifier().verify(credential);
  expect(payload).toMatchObject({ iss: edDid, vct: VCT, ...degreeClaims, cnf: { jwk: holder.publicJwk } });
}

/** A wallet's authorization request, pushed: its PKCE pair, state and redirect_uri, and the request_uri. */
async function push(
  wallet: ReturnType<typeof createWallet>,
  parameters: Record<string, string>,
  asMetadata: { pushed_authorization_request_endpoint: string },
) {
  const pkce = pkcePair();
  const state = `st-${Math.random().toString(36).slice(2)}`;
  const redirectUri = `${walletRedirect.url}/callback`;
  const response = await wallet.pushAuthorizationRequest(asMetadata.pushed_authorization_request_endpoint, {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
    ...parameters,
  });
  expect(response.status, response.text).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.body.request_uri).toMatch(/^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{43}$/);
  expect(response.body.expires_in).toBe(60);
  return { pkce, state, redirectUri, requestUri: response.body.request_uri as string };
}

/** The browser from the authorization endpoint to wherever the chain ends. */
function browse(asMetadata: { authorization_endpoint: string }, requestUri: string, clientId = CLIENT_ID) {
  const url = new URL(asMetadata.authorization_endpoint);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('request_uri', requestUri);
  return followRedirects(url.toString());
}

/** The wallet's redirect_uri as the chain reached it, with the authorization response's parameters. */
function arrival(hops: Awaited<ReturnType<typeof followRedirects>>) {
  const last = hops.at(-1)!;
  expect(last.url.startsWith(`${walletRedirect.url}/callback?`), hops.map((hop) => hop.url).join('\n')).toBe(true);
  expect(last.status).toBe(200);
  return new URL(last.url).searchParams;
}

async function credentialWith(
  wallet: ReturnType<typeof createWallet>,
  metadata: { nonce_endpoint: string; credential_endpoint: string },
  accessToken: string,
  request: Record<string, string>,
  holder: WalletKey,
) {
  const cNonce = await wallet.nonce(metadata.nonce_endpoint);
  const proof = await keyProof(holder, { aud: issuer, nonce: cNonce });
  return wallet.credentialRequest(metadata.credential_endpoint, accessToken, { ...request, proofs: { jwt: [proof] } });
}

describe('the tenant’s login page setting', () => {
  it('is off until set; an https URL (loopback http in tests), over REST and GraphQL, audited', async () => {
    const wallet = createWallet(app);
    const before = await wallet.metadata(issuer, 'oauth-authorization-server');
    expect(before).not.toHaveProperty('authorization_endpoint');
    expect(before.grant_types_supported).toEqual(['urn:ietf:params:oauth:grant-type:pre-authorized_code']);
    expect(await ok(get('/v1/oid4vci/authorization-settings'))).toEqual({ login_url: null, updated_at: null });
    const refused = await app.request('PUT', '/v1/oid4vci/authorization-settings', {
      token: owner.token,
      body: { login_url: 'http://login.example.com/start' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('login_url must be an https URL');
    const offerRefused = await post('/v1/oid4vci/offers', {
      configuration_ids: ['Degree'],
      subject_id: 'did:example:alice',
      claims: { Degree: degreeClaims },
      grant_type: 'authorization_code',
    });
    expect(offerRefused.status).toBe(400);
    expect(offerRefused.body.error).toBe('set the issuer’s login_url (PUT /v1/oid4vci/authorization-settings) first');

    const set = await ok(
      app.request('PUT', '/v1/oid4vci/authorization-settings', {
        token: owner.token,
        body: { login_url: `${loginPage.url}/login?tenant=acme` },
      }),
    );
    expect(set.login_url).toBe(`${loginPage.url}/login?tenant=acme`);
    const viaGraphql = await app.graphql('{ oid4vciAuthorizationSettings { loginUrl } }', undefined, owner.token);
    expect(viaGraphql.body.data.oid4vciAuthorizationSettings).toEqual({
      loginUrl: `${loginPage.url}/login?tenant=acme`,
    });
    const audit = await ok(get('/v1/admin/audit-log?limit=100'));
    expect(audit.events.filter((e: any) => e.action === 'oid4vci.authorization_settings.updated')).toMatchObject([
      { target_type: 'oid4vci_issuer_settings', details: { login_url: `${loginPage.url}/login?tenant=acme` } },
    ]);

    const after = await wallet.metadata(issuer, 'oauth-authorization-server');
    expect(after).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      pushed_authorization_request_endpoint: `${issuer}/par`,
      require_pushed_authorization_requests: true,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      grant_types_supported: ['authorization_code', 'urn:ietf:params:oauth:grant-type:pre-authorized_code'],
    });
    const metadata = await wallet.metadata(issuer);
    expect(metadata.credential_configurations_supported.Degree.scope).toBe('Degree');
  });
});

describe('the authorization code flow, through a real redirect chain', () => {
  it('from an offer’s issuer_state: PAR with authorization_details, DPoP token, credential_identifier', async () => {
    const created = await ok(
      post('/v1/oid4vci/offers', {
        configuration_ids: ['Degree'],
        subject_id: 'did:example:alice',
        claims: { Degree: degreeClaims },
        grant_type: 'authorization_code',
      }),
    );
    expect(created.grant_type).toBe('authorization_code');
    expect(created.tx_code_value).toBeNull();
    const dpopKey = walletKey('ES256');
    const wallet = createWallet(app, { dpop: dpopKey });
    const offer = await wallet.offerFrom(created.offer_uri);
    const issuerState = offer.grants.authorization_code!.issuer_state!;
    expect(issuerState).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(offer.grants).not.toHaveProperty(['urn:ietf:params:oauth:grant-type:pre-authorized_code']);
    const asMetadata = await wallet.metadata(offer.credential_issuer, 'oauth-authorization-server');
    const metadata = await wallet.metadata(offer.credential_issuer);

    let seenId = '';
    decide = async (id) => {
      seenId = id;
      // The tenant reads what is asked for, then approves with the offer's claims.
      const read = await ok(get(`/v1/oid4vci/authorizations/${id}`));
      expect(read).toMatchObject({ state: 'pending', offer_id: created.id, configuration_ids: ['Degree'] });
      return post(`/v1/oid4vci/authorizations/${id}/approve`, {});
    };
    const details = JSON.stringify([{ type: 'openid_credential', credential_configuration_id: 'Degree' }]);
    const pushed = await push(wallet, { authorization_details: details, issuer_state: issuerState }, asMetadata);
    const hops = await browse(asMetadata, pushed.requestUri);
    // authorize → the tenant's login page → the service's return → the wallet.
    expect(hops.map((hop) => hop.status)).toEqual([302, 303, 302, 200]);
    const login = new URL(hops[1]!.url);
    expect(login.origin + login.pathname).toBe(`${loginPage.url}/login`);
    expect(login.searchParams.get('tenant')).toBe('acme');
    expect(login.searchParams.get('authorization_id')).toBe(seenId);
    expect(login.searchParams.get('offer_id')).toBe(created.id);
    expect(login.searchParams.get('configuration_ids')).toBe('Degree');
    expect(hops[2]!.url.startsWith(`${issuer}/authorize/return?session=`)).toBe(true);
    const response = arrival(hops);
    expect(response.get('state')).toBe(pushed.state);
    expect(response.get('iss')).toBe(issuer);
    const code = response.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const token = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, {
      code,
      code_verifier: pushed.pkce.verifier,
      redirect_uri: pushed.redirectUri,
      client_id: CLIENT_ID,
    });
    expect(token.status, token.text).toBe(200);
    expect(token.body).toMatchObject({
      token_type: 'DPoP',
      expires_in: 300,
      authorization_details: [
        { type: 'openid_credential', credential_configuration_id: 'Degree', credential_identifiers: ['Degree'] },
      ],
    });
    const holder = walletKey('EdDSA');
    const issued = await credentialWith(
      wallet,
      metadata,
      token.body.access_token,
      { credential_identifier: 'Degree' },
      holder,
    );
    expect(issued.status, issued.text).toBe(200);
    await expectDegree(issued.body.credentials[0].credential, holder);

    expect(await ok(get(`/v1/oid4vci/offers/${created.id}`))).toMatchObject({
      state: 'credential_issued',
      grant_type: 'authorization_code',
      dpop_bound: true,
    });
    expect(await ok(get(`/v1/oid4vci/authorizations/${seenId}`))).toMatchObject({
      state: 'redeemed',
      client_id: CLIENT_ID,
      decided_by_user_id: owner.user_id,
    });
    const events = await ok(get('/v1/events?type=oid4vci.authorization.approved&limit=100'));
    expect(events.events.map((event: any) => event.data)).toContainEqual({
      authorization_id: seenId,
      offer_id: created.id,
      subject_id: 'did:example:alice',
      configuration_ids: ['Degree'],
      approved_at: expect.any(String),
    });
    // The code is spent: again, invalid_grant.
    const again = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, {
      code,
      code_verifier: pushed.pkce.verifier,
      redirect_uri: pushed.redirectUri,
      client_id: CLIENT_ID,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: 'invalid_grant',
      error_description: 'the authorization code was already used',
    });
  });

  it('wallet-initiated with a scope: the tenant approves with the subject and claims; a bearer token', async () => {
    const wallet = createWallet(app);
    const asMetadata = await wallet.metadata(issuer, 'oauth-authorization-server');
    const metadata = await wallet.metadata(issuer);
    decide = approveWith({ subject_id: 'did:example:bob', claims: { Degree: degreeClaims } });
    const pushed = await push(wallet, { scope: 'Degree' }, asMetadata);
    const hops = await browse(asMetadata, pushed.requestUri);
    expect(new URL(hops[1]!.url).searchParams.has('offer_id')).toBe(false);
    const response = arrival(hops);
    expect(response.get('iss')).toBe(issuer);
    const token = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, {
      code: response.get('code')!,
      code_verifier: pushed.pkce.verifier,
      redirect_uri: pushed.redirectUri,
      client_id: CLIENT_ID,
    });
    expect(token.status, token.text).toBe(200);
    expect(token.body.token_type).toBe('Bearer');
    expect(token.body).not.toHaveProperty('authorization_details');
    const holder = walletKey('ES256');
    const issued = await credentialWith(
      wallet,
      metadata,
      token.body.access_token,
      { credential_configuration_id: 'Degree' },
      holder,
    );
    expect(issued.status, issued.text).toBe(200);
    await expectDegree(issued.body.credentials[0].credential, holder);
    // The approval made the offer; the credential is found under the subject the tenant named.
    const offers = await ok(get('/v1/oid4vci/offers?limit=100'));
    expect(offers.offers.find((offer: any) => offer.subject_id === 'did:example:bob')).toMatchObject({
      grant_type: 'authorization_code',
      state: 'credential_issued',
      configuration_ids: ['Degree'],
    });
  });
});

describe('erasure', () => {
  it('the claims an approval supplied are erased with their subject; the code then buys nothing', async () => {
    const wallet = createWallet(app);
    const asMetadata = await wallet.metadata(issuer, 'oauth-authorization-server');
    const subject = 'did:example:zed';
    const claims = { given_name: 'Zed-erasable-name', degree: 'Zed-erasable-degree' };
    decide = approveWith({ subject_id: subject, claims: { Degree: claims } });
    const pushed = await push(wallet, { scope: 'Degree' }, asMetadata);
    const code = arrival(await browse(asMetadata, pushed.requestUri)).get('code')!;
    await ok(post(`/v1/compliance/subjects/${encodeURIComponent(subject)}/erase`, {}));
    const { prisma } = app.database;
    const [rows] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT ((SELECT count(*) FROM oid4vci_offers WHERE claims::text LIKE '%Zed-erasable%') +
               (SELECT count(*) FROM oid4vci_authorizations a WHERE a::text LIKE '%Zed-erasable%'))::int AS n`,
    );
    expect(rows!.n).toBe(0);
    const token = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, {
      code,
      code_verifier: pushed.pkce.verifier,
      redirect_uri: pushed.redirectUri,
      client_id: CLIENT_ID,
    });
    expect(token.body).toEqual({
      error: 'invalid_grant',
      error_description: 'the offer of this authorization is no longer open',
    });
  });
});

describe('refusals', () => {
  const rows = () =>
    Promise.all([
      app.database.prisma.oid4vciAuthorization
        .findMany({ where: { tenantId: owner.tenant_id }, orderBy: { id: 'asc' } })
        .then(bytesAsHex),
      app.database.prisma.oid4vciOffer
        .findMany({ where: { tenantId: owner.tenant_id }, orderBy: { id: 'asc' } })
        .then(bytesAsHex),
    ]);

  it('PAR: plain or missing PKCE, no redirect_uri, unknown scope or configuration, unknown issuer_state', async () => {
    const wallet = createWallet(app);
    const { challenge } = pkcePair();
    const base = {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${walletRedirect.url}/callback`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'Degree',
    };
    const cases: [Record<string, string | undefined>, string, string][] = [
      [
        { code_challenge_method: 'plain' },
        'invalid_request',
        'code_challenge_method must be S256: plain is not supported',
      ],
      [
        { code_challenge_method: undefined },
        'invalid_request',
        'code_challenge_method must be S256: plain is not supported',
      ],
      [{ code_challenge: undefined }, 'invalid_request', 'code_challenge is required (PKCE, RFC 7636)'],
      [{ redirect_uri: undefined }, 'invalid_request', 'redirect_uri is required'],
      [
        { redirect_uri: 'http://wallet.example.com/cb' },
        'invalid_request',
        'redirect_uri must be https, a loopback http address or an app’s own scheme',
      ],
      [{ client_id: undefined }, 'invalid_request', 'client_id is required'],
      [{ response_type: 'token' }, 'unsupported_response_type', 'response_type must be code'],
      [{ scope: 'Nothing' }, 'invalid_scope', 'unknown scope: Nothing'],
      [{ scope: undefined }, 'invalid_request', 'name the credentials with scope or authorization_details'],
      [
        { scope: undefined, authorization_details: '[{"type":"openid_credential","credential_configuration_id":"X"}]' },
        'invalid_authorization_details',
        'unknown credential_configuration_id: X',
      ],
      [{ issuer_state: 'made-up' }, 'invalid_request', 'issuer_state is unknown or its offer is no longer open'],
    ];
    const state = unchangedState(rows);
    for (const [change, error, description] of cases) {
      const parameters = Object.fromEntries(
        Object.entries({ ...base, ...change }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      await state.expectUnchangedBy(async () => {
        const response = await wallet.pushAuthorizationRequest(`${issuer}/par`, parameters);
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.body).toEqual({ error, error_description: description.replace(/’/g, ' ') });
      });
    }
  });

  it('authorize: an unknown, another client’s, used or expired request_uri is shown, not redirected', async () => {
    const wallet = createWallet(app);
    const asMetadata = await wallet.metadata(issuer, 'oauth-authorization-server');
    decide = approveWith({ subject_id: 'did:example:carol', claims: { Degree: degreeClaims } });
    const unknown = await browse(asMetadata, 'urn:ietf:params:oauth:request_uri:' + 'A'.repeat(43));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.status).toBe(400);
    expect(JSON.parse(unknown[0]!.body)).toEqual({
      error: 'invalid_request_uri',
      error_description: 'unknown request_uri',
    });

    const pushed = await push(wallet, { scope: 'Degree' }, asMetadata);
    const otherClient = await browse(asMetadata, pushed.requestUri, 'https://other-wallet.example.com');
    expect(JSON.parse(otherClient[0]!.body).error).toBe('invalid_request_uri');
    arrival(await browse(asMetadata, pushed.requestUri));
    const used = await browse(asMetadata, pushed.requestUri);
    expect(JSON.parse(used[0]!.body)).toEqual({
      error: 'invalid_request_uri',
      error_description: 'the request_uri has expired or was used',
    });

    const late = await push(wallet, { scope: 'Degree' }, asMetadata);
    offset += 61_000;
    try {
      const expired = await browse(asMetadata, late.requestUri);
      expect(expired[0]!.status).toBe(400);
      expect(JSON.parse(expired[0]!.body).error).toBe('invalid_request_uri');
    } finally {
      offset -= 61_000;
    }
  });

  it('token: wrong code_verifier, another redirect_uri or client_id store nothing; an expired code; reuse', async () => {
    const wallet = createWallet(app);
    const asMetadata = await wallet.metadata(issuer, 'oauth-authorization-server');
    decide = approveWith({ subject_id: 'did:example:dave', claims: { Degree: degreeClaims } });
    const pushed = await push(wallet, { scope: 'Degree' }, asMetadata);
    const code = arrival(await browse(asMetadata, pushed.requestUri)).get('code')!;
    const good = {
      code,
      code_verifier: pushed.pkce.verifier,
      redirect_uri: pushed.redirectUri,
      client_id: CLIENT_ID,
    };
    const cases: [Partial<typeof good>, string, string][] = [
      [{ code_verifier: pkcePair().verifier }, 'invalid_grant', 'code_verifier does not match the code_challenge'],
      [
        { redirect_uri: `${walletRedirect.url}/elsewhere` },
        'invalid_grant',
        'redirect_uri does not match the authorization request',
      ],
      [
        { client_id: 'https://other-wallet.example.com' },
        'invalid_grant',
        'the authorization code was issued to another client',
      ],
      [{ code: 'B'.repeat(43) }, 'invalid_grant', 'unknown authorization code'],
      [{ code_verifier: '' }, 'invalid_request', 'code_verifier is required'],
    ];
    const state = unchangedState(rows);
    for (const [change, error, description] of cases) {
      await state.expectUnchangedBy(async () => {
        const parameters = { ...good, ...change };
        const response = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, parameters);
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.body).toEqual({ error, error_description: description });
      });
    }
    // Those refusals left the code as it was: it still buys one token, once.
    expect((await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, good)).status).toBe(200);
    const reused = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, good);
    expect(reused.body.error).toBe('invalid_grant');

    const late = await push(wallet, { scope: 'Degree' }, asMetadata);
    const lateCode = arrival(await browse(asMetadata, late.requestUri)).get('code')!;
    offset += 61_000;
    try {
      const expired = await wallet.authorizationCodeTokenRequest(asMetadata.token_endpoint, {
        ...good,
        code: lateCode,
        code_verifier: late.pkce.verifier,
      });
      expect(expired.body).toEqual({ error: 'invalid_grant', error_description: 'the authorization code has expired' });
    } finally {
      offset -= 61_000;
    }
  });

  it('a denied authorization reaches the wallet as error=access_denied with its state and iss', async () => {
    const wallet = createWallet(app);
    const asMetadata = await wallet.metadata(issuer, 'oauth-authorization-server');
    decide = (id) => post(`/v1/oid4vci/authorizations/${id}/deny`, { reason: 'the holder declined' });
    const pushed = await push(wallet, { scope: 'Degree' }, asMetadata);
    const hops = await browse(asMetadata, pushed.requestUri);
    const response = arrival(hops);
    expect(response.get('error')).toBe('access_denied');
    expect(response.get('state')).toBe(pushed.state);
    expect(response.get('iss')).toBe(issuer);
    expect(response.has('code')).toBe(false);
    // The return URL is single use.
    const replay = await followRedirects(hops[2]!.url);
    expect(replay[0]!.status).toBe(400);
    expect(JSON.parse(replay[0]!.body).error).toBe('invalid_request');
    const events = await ok(get('/v1/events?type=oid4vci.authorization.denied&limit=100'));
    expect(events.events).toHaveLength(1);
  });

  it('the tenant’s API: another tenant’s authorization is 404, a decided one 409, claims are checked', async () => {
    const wallet = createWallet(app);
    const asMetadata = await wallet.metadata(issuer, 'oauth-authorization-server');
    let authorizationId = '';
    decide = async (id) => {
      authorizationId = id;
      for (const path of ['approve', 'deny']) {
        const foreign = await post(`/v1/oid4vci/authorizations/${id}/${path}`, {}, other.token);
        expect(foreign.status).toBe(404);
        expect(foreign.body.error).toBe('authorization not found');
      }
      expect((await get(`/v1/oid4vci/authorizations/${id}`, other.token)).status).toBe(404);
      const viaGraphql = await app.graphql(
        'mutation ($id: String!) { approveOid4vciAuthorization(id: $id, input: {}) { redirectTo } }',
        { id },
        other.token,
      );
      expect(viaGraphql.body.errors[0].extensions.status).toBe(404);
      const missingClaim = await post(`/v1/oid4vci/authorizations/${id}/approve`, {
        subject_id: 'did:example:erin',
        claims: { Degree: { degree: 'BSc' } },
      });
      expect(missingClaim.status).toBe(400);
      const noSubject = await post(`/v1/oid4vci/authorizations/${id}/approve`, { claims: { Degree: degreeClaims } });
      expect(noSubject.body.error).toBe('subject_id is required');
      return app
        .graphql(
          'mutation ($id: String!, $input: ApproveOid4vciAuthorizationInput) { approveOid4vciAuthorization(id: $id, input: $input) { redirectTo authorization { state } } }',
          { id, input: { subjectId: 'did:example:erin', claims: { Degree: degreeClaims } } },
          owner.token,
        )
        .then((result) => ({
          ...result,
          body: { redirect_to: result.body.data.approveOid4vciAuthorization.redirectTo },
        }));
    };
    const pushed = await push(wallet, { scope: 'Degree' }, asMetadata);
    arrival(await browse(asMetadata, pushed.requestUri));
    const twice = await post(`/v1/oid4vci/authorizations/${authorizationId}/approve`, {});
    expect(twice.status).toBe(409);
    const audit = await ok(get('/v1/admin/audit-log?limit=100'));
    expect(audit.events).toContainEqual(
      expect.objectContaining({ action: 'oid4vci.authorization.approved', target_id: authorizationId }),
    );
  });
});
