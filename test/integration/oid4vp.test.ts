// OpenID4VP 1.0 end to end: every tenant a verifier. A wallet written from the spec (test/support/oid4vp-wallet.ts,
// jose and node:crypto) opens the tenant's openid4vp:// link, checks the signed request object, presents only what
// the DCQL query asks, and answers at the response_uri, in both response modes and both formats, for credentials
// this service issued (holder key in cnf, or a holder DID as subject) and one issued elsewhere. Each refusal
// stores a failed verdict with its reason and no claim. On PostgreSQL, a request made on one instance is answered
// on another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usingPostgres, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import {
  answer,
  issueOutside,
  newDidKey,
  newHolderKey,
  openRequest,
  postForm,
  presentJwtVc,
  presentSdJwt,
  type RequestObject,
} from '../support/oid4vp-wallet.js';
import { sweepOverdueRequests } from '../../src/modules/oid4vp/oid4vp.jobs.js';

let app: TestApp;
let verifier: RegisteredUser;
let did: string;
const holder = newHolderKey();
const holderDid = newDidKey();
const VCT = 'https://credentials.example.com/degree';
const CLAIMS = { name: 'Ada Lovelace', degree: 'BSc Mathematics', birthdate: '1815-12-10' };
/** An SD-JWT VC this service issued, bound to `holder`'s key; and a jwt_vc_json about holderDid. */
let sdJwt: string;
let jwtVc: string;

const call = (method: string, path: string, body?: unknown, token = verifier.token) =>
  app.request(method, path, { token, body });

async function ok(result: Promise<{ status: number; text: string; body: any }>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function issue(token: string, body: Record<string, unknown>, issuer = did) {
  return (await ok(app.request('POST', '/v1/credentials/issue', { token, body: { issuer, ...body } }))) as {
    id: string;
    credential: string;
  };
}

/** A request of the short form for the degree SD-JWT's name and degree, and what the wallet fetched of it. */
async function newRequest(body: Record<string, unknown> = {}, token = verifier.token, on = app) {
  const created = await ok(
    on.request('POST', '/v1/oid4vp/requests', {
      token,
      body: { credential: { format: 'dc+sd-jwt', type: VCT, claims: ['name', 'degree'] }, ...body },
    }),
  );
  const { request } = await openRequest(on, created.authorization_request, { post: true });
  return { created, request };
}

const presentDegree = (request: RequestObject, overrides: Partial<Parameters<typeof presentSdJwt>[1]> = {}) =>
  presentSdJwt(sdJwt, {
    disclose: ['name', 'degree'],
    holderKey: holder,
    aud: request.client_id,
    nonce: request.nonce,
    ...overrides,
  });

const stored = (id: string, token = verifier.token) => ok(call('GET', `/v1/oid4vp/requests/${id}`, undefined, token));

/** A refused answer: 400 invalid_request to the wallet, and the request failed with the reason, no claim kept. */
async function expectRefused(response: { status: number; body: any; text: string }, id: string, reason: RegExp) {
  expect(response.status, response.text).toBe(400);
  expect(response.body.error).toBe('invalid_request');
  expect(response.body.error_description).toMatch(reason);
  const view = await stored(id);
  expect(view).toMatchObject({ status: 'failed', verified: false, error: 'invalid_request', holder: null });
  expect(view.error_description).toMatch(reason);
  for (const presentation of view.presentations) {
    expect(presentation.verification).toMatchObject({ claims: null, payload: null, disclosed: null, subject: null });
  }
  const row = await app.database.prisma.oid4vpRequest.findUniqueOrThrow({ where: { id } });
  expect(JSON.stringify(row.result)).not.toContain(CLAIMS.name);
  expect(row.subjectIds).toEqual([]);
  return view;
}

beforeAll(async () => {
  app = await startTestApp();
  verifier = await tenantOnPlan(app, 'enterprise');
  did = (await ok(call('POST', '/v1/dids', {}))).did;
  sdJwt = (
    await issue(verifier.token, {
      format: 'vc+sd-jwt',
      vct: VCT,
      subject_id: 'did:example:ada',
      claims: CLAIMS,
      holder_jwk: holder.publicJwk,
    })
  ).credential;
  jwtVc = (
    await issue(verifier.token, {
      format: 'jwt_vc_json',
      type: 'UniversityDegreeCredential',
      subject_id: holderDid.did,
      claims: { name: CLAIMS.name, degree: CLAIMS.degree },
    })
  ).credential;
});
afterAll(() => app?.close());

describe('a presentation request', () => {
  it('is signed by the tenant’s DID, served by GET and by POST with the wallet’s nonce, with a QR code', async () => {
    const created = await ok(
      call('POST', '/v1/oid4vp/requests', {
        credential: { format: 'dc+sd-jwt', type: VCT, claims: ['name'] },
        purpose: 'age check',
      }),
    );
    expect(created).toMatchObject({
      status: 'pending',
      client_id: `decentralized_identifier:${did}`,
      did,
      response_mode: 'direct_post.jwt',
      purpose: 'age check',
      verified: null,
      presentations: [],
    });
    expect(created.authorization_request).toMatch(/^openid4vp:\/\/\?client_id=decentralized_identifier%3Adid%3Akey%3A/);
    const link = new URL(created.authorization_request);
    expect(link.searchParams.get('request_uri')).toBe(created.request_uri);
    expect(link.searchParams.get('request_uri_method')).toBe('post');
    expect(created.qr_code.svg).toMatch(/^<svg/);
    expect(created.qr_code.png_data_url).toMatch(/^data:image\/png;base64,/);
    expect(created.dcql_query).toMatchObject({
      credentials: [
        { id: 'credential', format: 'dc+sd-jwt', meta: { vct_values: [VCT] }, claims: [{ path: ['name'] }] },
      ],
    });

    const { request: byGet } = await openRequest(app, created.authorization_request);
    const { request: byPost } = await openRequest(app, created.authorization_request, { post: true });
    for (const request of [byGet, byPost]) {
      expect(request).toMatchObject({
        response_type: 'vp_token',
        response_mode: 'direct_post.jwt',
        client_id: created.client_id,
        aud: 'https://self-issued.me/v2',
      });
      expect(request.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(request.response_uri).toMatch(/\/oid4vp\/responses\/[A-Za-z0-9_-]{43}$/);
      // HAIP: an ephemeral ECDH-ES P-256 key of this request, both content encryptions listed.
      expect(request.client_metadata).toMatchObject({
        jwks: { keys: [{ kty: 'EC', crv: 'P-256', use: 'enc', alg: 'ECDH-ES' }] },
        encrypted_response_enc_values_supported: ['A128GCM', 'A256GCM'],
        vp_formats_supported: { 'dc+sd-jwt': { 'kb-jwt_alg_values': ['EdDSA', 'ES256'] } },
      });
      expect(request.client_metadata.jwks.keys[0].d).toBeUndefined();
    }
    // Shown once: a later read of the request has no link.
    const read = await stored(created.id);
    expect(read).toMatchObject({ authorization_request: null, request_uri: null, qr_code: null, status: 'pending' });
    // The private half of the response key is stored encrypted (not as a JWK with d).
    const row = await app.database.prisma.oid4vpRequest.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row.encryptionJwk)).not.toContain('"d"');
    expect(row.encryptionKeyCiphertext?.length).toBeGreaterThan(100);
  });

  it('refuses what it cannot ask: a bad DCQL query, both forms, an unsupported format, a foreign DID', async () => {
    const refused = async (body: Record<string, unknown>, text: RegExp) => {
      const response = await call('POST', '/v1/oid4vp/requests', body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.error).toMatch(text);
    };
    await refused({ dcql_query: { credentials: [] } }, /not a valid DCQL query/);
    await refused(
      {
        dcql_query: {
          credentials: [{ id: 'x', format: 'mso_mdoc', meta: { doctype_value: 'org.iso.18013.5.1.mDL' } }],
        },
      },
      /supported: dc\+sd-jwt, jwt_vc_json/,
    );
    await refused({}, /exactly one of dcql_query and credential/);
    await refused({ credential: { format: 'ldp_vc', type: 'X' } }, /^unsupported format$/);
    await refused({ credential: { format: 'dc+sd-jwt', type: VCT }, expires_in: 5 }, /expires_in must be between/);
    const foreign = newDidKey().did;
    const response = await call('POST', '/v1/oid4vp/requests', {
      credential: { format: 'dc+sd-jwt', type: VCT },
      did: foreign,
    });
    expect(response.status, response.text).toBe(404);
  });
});

describe('answers that verify', () => {
  it('dc+sd-jwt over direct_post.jwt: only the asked claims disclosed, KB-JWT bound, events in order', async () => {
    const { created, request } = await newRequest();
    const presentation = await presentDegree(request);
    const answered = await answer(app, request, { credential: [presentation] });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toEqual({});
    expect(answered.headers.get('cache-control')).toBe('no-store');

    const view = await stored(created.id);
    expect(view).toMatchObject({ status: 'verified', verified: true, error: null });
    expect(view.holder).toMatch(/^did:key:zDn/);
    const [only] = view.presentations;
    expect(only).toMatchObject({ credential_query_id: 'credential', holder: view.holder });
    expect(only.verification).toMatchObject({
      verified: true,
      format: 'vc+sd-jwt',
      issuer: did,
      claims: { name: CLAIMS.name, degree: CLAIMS.degree },
    });
    expect([...only.verification.disclosed].sort()).toEqual(['/degree', '/name']);
    expect(only.verification.claims.birthdate).toBeUndefined();
    const checks = Object.fromEntries(only.verification.checks.map((check: any) => [check.name, check.status]));
    expect(checks).toEqual({
      structure: 'passed',
      signature: 'passed',
      disclosures: 'passed',
      validity_period: 'passed',
      status: 'passed',
      key_binding: 'passed',
      trust: 'skipped',
      query: 'passed',
    });
    const events = await ok(call('GET', '/v1/events?limit=100'));
    const mine = events.events
      .filter((event: any) => event.data.request_id === created.id)
      .map((event: any) => event.type)
      .reverse();
    expect(mine).toEqual([
      'oid4vp.presentation.requested',
      'oid4vp.presentation.received',
      'oid4vp.presentation.verified',
    ]);
    expect(JSON.stringify(events.events)).not.toContain(CLAIMS.name);
  });

  it('jwt_vc_json over direct_post: a VP signed by the subject’s DID, claims by path', async () => {
    const created = await ok(
      call('POST', '/v1/oid4vp/requests', {
        response_mode: 'direct_post',
        dcql_query: {
          credentials: [
            {
              id: 'degree',
              format: 'jwt_vc_json',
              meta: { type_values: [['UniversityDegreeCredential']] },
              claims: [{ path: ['credentialSubject', 'degree'], values: [CLAIMS.degree] }],
            },
          ],
        },
      }),
    );
    const { request } = await openRequest(app, created.authorization_request);
    expect(request.response_mode).toBe('direct_post');
    expect(request.client_metadata.jwks).toBeUndefined();
    const vp = await presentJwtVc(jwtVc, holderDid, { aud: request.client_id, nonce: request.nonce });
    const answered = await answer(app, request, { degree: [vp] });
    expect(answered.status, answered.text).toBe(200);
    const view = await stored(created.id);
    expect(view).toMatchObject({ status: 'verified', holder: holderDid.did });
    expect(view.presentations[0].verification).toMatchObject({
      verified: true,
      format: 'jwt_vc_json',
      subject: holderDid.did,
      claims: { degree: CLAIMS.degree },
      credential_types: ['VerifiableCredential', 'UniversityDegreeCredential'],
    });
  });

  it('a credential issued elsewhere, same-device: the redirect carries a response code redeemed once', async () => {
    const outsideIssuer = newDidKey();
    const outside = await issueOutside(outsideIssuer, {
      vct: VCT,
      claims: { name: 'Grace Hopper', degree: 'PhD' },
      holderJwk: holder.publicJwk,
    });
    const { created, request } = await newRequest({ redirect_uri: 'https://shop.example.com/done' });
    const presentation = await presentSdJwt(outside, {
      disclose: ['name', 'degree'],
      holderKey: holder,
      aud: request.client_id,
      nonce: request.nonce,
    });
    const answered = await answer(app, request, { credential: [presentation] }, { enc: 'A128GCM' });
    expect(answered.status, answered.text).toBe(200);
    const redirect = new URL(answered.body.redirect_uri);
    expect(redirect.origin + redirect.pathname).toBe('https://shop.example.com/done');
    const code = new URLSearchParams(redirect.hash.slice(1)).get('response_code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const wrong = await call('POST', `/v1/oid4vp/requests/${created.id}/response-code`, { response_code: 'nope' });
    expect(wrong.status).toBe(400);
    const redeemed = await ok(call('POST', `/v1/oid4vp/requests/${created.id}/response-code`, { response_code: code }));
    expect(redeemed).toMatchObject({ status: 'verified', response_code_redeemed_at: expect.any(String) });
    expect(redeemed.presentations[0].verification).toMatchObject({
      issuer: outsideIssuer.did,
      claims: { name: 'Grace Hopper' },
    });
    const again = await call('POST', `/v1/oid4vp/requests/${created.id}/response-code`, { response_code: code });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid or used response_code');
  });

  it('a redirect_uri client (development): unsigned, by value, bound to its response URI as client_id', async () => {
    const created = await ok(
      call('POST', '/v1/oid4vp/requests', {
        client_id_prefix: 'redirect_uri',
        credential: { format: 'dc+sd-jwt', type: VCT, claims: ['name'] },
      }),
    );
    expect(created).toMatchObject({ did: null, request_uri: null, response_mode: 'direct_post.jwt' });
    expect(created.client_id).toMatch(/^redirect_uri:http:\/\/127\.0\.0\.1:\d+\/oid4vp\/responses\/[A-Za-z0-9_-]{43}$/);
    const { request, jwt } = await openRequest(app, created.authorization_request);
    expect(jwt).toBeNull();
    expect(request.client_id).toBe(created.client_id);
    expect(`redirect_uri:${request.response_uri}`).toBe(created.client_id);
    const presentation = await presentDegree(request, { disclose: ['name'] });
    expect((await answer(app, request, { credential: [presentation] })).status).toBe(200);
    expect(await stored(created.id)).toMatchObject({ status: 'verified', client_id: created.client_id });
  });

  it('credential sets: one alternative answered satisfies the query; GraphQL reads the same verdict', async () => {
    const created = await ok(
      call('POST', '/v1/oid4vp/requests', {
        dcql_query: {
          credentials: [
            { id: 'pid', format: 'dc+sd-jwt', meta: { vct_values: ['urn:example:pid'] }, claims: [{ path: ['name'] }] },
            { id: 'degree', format: 'dc+sd-jwt', meta: { vct_values: [VCT] }, claims: [{ path: ['name'] }] },
          ],
          credential_sets: [{ options: [['pid'], ['degree']] }],
        },
      }),
    );
    const { request } = await openRequest(app, created.authorization_request);
    const presentation = await presentDegree(request, { disclose: ['name'] });
    expect((await answer(app, request, { degree: [presentation] })).status).toBe(200);
    const read = await app.graphql(
      'query ($id: String!) { oid4vpRequest(id: $id) { status verified presentations { credentialQueryId verification { verified claims checks { name status } } } } }',
      { id: created.id },
      verifier.token,
    );
    expect(read.body.data.oid4vpRequest).toMatchObject({
      status: 'verified',
      verified: true,
      presentations: [{ credentialQueryId: 'degree', verification: { verified: true, claims: { name: CLAIMS.name } } }],
    });
  });
});

describe('answers refused, each a failed verdict with its reason and no claim', () => {
  it('a wrong nonce', async () => {
    const { created, request } = await newRequest();
    const presentation = await presentDegree(request, { nonce: 'not-the-nonce' });
    await expectRefused(
      await answer(app, request, { credential: [presentation] }),
      created.id,
      /KB-JWT nonce does not match/,
    );
  });

  it('a wrong aud', async () => {
    const { created, request } = await newRequest();
    const presentation = await presentDegree(request, { aud: 'decentralized_identifier:did:example:other' });
    await expectRefused(
      await answer(app, request, { credential: [presentation] }),
      created.id,
      /KB-JWT aud .* is not ours/,
    );
  });

  it('no KB-JWT, and a KB-JWT not signed by the cnf key', async () => {
    const first = await newRequest();
    const bare = await presentDegree(first.request, { holderKey: null });
    await expectRefused(await answer(app, first.request, { credential: [bare] }), first.created.id, /no KB-JWT/);
    const second = await newRequest();
    const forged = await presentDegree(second.request, { holderKey: newHolderKey() });
    await expectRefused(
      await answer(app, second.request, { credential: [forged] }),
      second.created.id,
      /not signed by the cnf key/,
    );
  });

  it('a revoked credential (its token status list) and an expired one', async () => {
    const revoked = await issue(verifier.token, {
      format: 'vc+sd-jwt',
      vct: VCT,
      claims: CLAIMS,
      holder_jwk: holder.publicJwk,
    });
    await ok(call('POST', `/v1/credentials/${revoked.id}/revoke`));
    const first = await newRequest();
    const presentation = await presentSdJwt(revoked.credential, {
      disclose: ['name', 'degree'],
      holderKey: holder,
      aud: first.request.client_id,
      nonce: first.request.nonce,
    });
    await expectRefused(
      await answer(app, first.request, { credential: [presentation] }),
      first.created.id,
      /status: revoked/,
    );

    const expired = await issueOutside(newDidKey(), {
      vct: VCT,
      claims: { name: 'x', degree: 'y' },
      holderJwk: holder.publicJwk,
      exp: Math.floor(Date.now() / 1000) - 3600,
    });
    const second = await newRequest();
    const late = await presentSdJwt(expired, {
      disclose: ['name', 'degree'],
      holderKey: holder,
      aud: second.request.client_id,
      nonce: second.request.nonce,
    });
    await expectRefused(
      await answer(app, second.request, { credential: [late] }),
      second.created.id,
      /validity_period: expired/,
    );
  });

  it('a revoked jwt_vc_json (its bitstring status list)', async () => {
    const revoked = await issue(verifier.token, {
      format: 'jwt_vc_json',
      type: 'UniversityDegreeCredential',
      subject_id: holderDid.did,
      claims: { degree: 'x' },
    });
    await ok(call('POST', `/v1/credentials/${revoked.id}/revoke`));
    const created = await ok(
      call('POST', '/v1/oid4vp/requests', {
        response_mode: 'direct_post',
        credential: { format: 'jwt_vc_json', type: 'UniversityDegreeCredential', claims: ['degree'] },
      }),
    );
    const { request } = await openRequest(app, created.authorization_request);
    const vp = await presentJwtVc(revoked.credential, holderDid, { aud: request.client_id, nonce: request.nonce });
    await expectRefused(await answer(app, request, { credential: [vp] }), created.id, /status: revoked/);
  });

  it('an untrusted issuer under the tenant’s trust policy', async () => {
    const strict = await tenantOnPlan(app, 'enterprise');
    await ok(app.request('POST', '/v1/dids', { token: strict.token, body: {} }));
    await ok(
      app.request('PUT', '/v1/trust/policy', {
        token: strict.token,
        body: { min_score: 50, min_assurance_level: 'low', require_attested_issuer: true },
      }),
    );
    const { created, request } = await newRequest({}, strict.token);
    const presentation = await presentDegree(request);
    const response = await answer(app, request, { credential: [presentation] });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error_description).toMatch(/credential: trust: /);
    const view = await stored(created.id, strict.token);
    expect(view).toMatchObject({ status: 'failed', holder: null });
    expect(view.presentations[0].verification.checks.at(-1)).toMatchObject({ name: 'trust', status: 'failed' });
    expect(view.presentations[0].verification.claims).toBeNull();
  });

  it('a requested claim not disclosed', async () => {
    const { created, request } = await newRequest();
    const presentation = await presentDegree(request, { disclose: ['name'] });
    await expectRefused(
      await answer(app, request, { credential: [presentation] }),
      created.id,
      /credential: query: requested claims are missing: degree not disclosed/,
    );
  });

  it('a replayed presentation, and a second answer to a request answered already', async () => {
    const first = await newRequest();
    const presentation = await presentDegree(first.request);
    expect((await answer(app, first.request, { credential: [presentation] })).status).toBe(200);
    // The same answer again: refused, the verdict unchanged.
    const again = await answer(app, first.request, { credential: [presentation] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: 'invalid_request',
      error_description: 'the request has been answered already',
    });
    expect((await stored(first.created.id)).status).toBe('verified');
    // The presentation replayed into another transaction: bound to the first request's nonce.
    const second = await newRequest();
    await expectRefused(
      await answer(app, second.request, { credential: [presentation] }),
      second.created.id,
      /KB-JWT nonce does not match/,
    );
  });

  it('an expired request: the late answer refused, the request expired; the sweep announces the rest', async () => {
    const late = await newRequest();
    const sweep = await newRequest();
    await app.database.prisma.oid4vpRequest.updateMany({
      where: { id: { in: [late.created.id, sweep.created.id] } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const presentation = await presentDegree(late.request);
    const response = await answer(app, late.request, { credential: [presentation] });
    expect(response.body).toEqual({ error: 'invalid_request', error_description: 'the request has expired' });
    const view = await stored(late.created.id);
    expect(view).toMatchObject({ status: 'expired', verified: null, error: 'invalid_request', presentations: [] });
    expect(view.error_description).toMatch(/after the request expired/);
    expect(await stored(sweep.created.id)).toMatchObject({ status: 'expired' }); // as shown, before the sweep
    expect(await sweepOverdueRequests(app.database.prisma, new Date())).toBeGreaterThanOrEqual(1);
    const events = await ok(call('GET', '/v1/events?limit=100'));
    const expired = events.events.filter((event: any) => event.type === 'oid4vp.presentation.expired');
    expect(expired.map((event: any) => event.data.request_id)).toEqual(
      expect.arrayContaining([late.created.id, sweep.created.id]),
    );
    const row = await app.database.prisma.oid4vpRequest.findUniqueOrThrow({ where: { id: sweep.created.id } });
    expect(row).toMatchObject({ status: 'expired', encryptionKeyCiphertext: null });
  });

  it('an answer made for another tenant’s request', async () => {
    const other = await tenantOnPlan(app, 'enterprise');
    await ok(app.request('POST', '/v1/dids', { token: other.token, body: {} }));
    const theirs = await newRequest({}, other.token);
    const ours = await newRequest();
    // Bound to their client_id and nonce, sent to our response_uri (encrypted to our key).
    const presentation = await presentDegree(theirs.request);
    await expectRefused(await answer(app, ours.request, { credential: [presentation] }), ours.created.id, /KB-JWT/);
    // Encrypted to their key, sent to ours.
    const third = await newRequest();
    const wrongKey = await answer(
      app,
      { ...third.request, client_metadata: theirs.request.client_metadata },
      {
        credential: [await presentDegree(third.request)],
      },
    );
    await expectRefused(wrongKey, third.created.id, /encrypted to another key/);
    expect((await stored(theirs.created.id, other.token)).status).toBe('pending');
  });

  it('a malformed JWE, an oversized one, and an answer in the clear where encryption was asked', async () => {
    const malformed = await newRequest();
    await expectRefused(
      await postForm(app, malformed.request.response_uri, { response: 'not.a.jwe' }),
      malformed.created.id,
      /not a compact JWE/,
    );
    const oversized = await newRequest();
    const big = ['eyJhbGciOiJFQ0RILUVTIn0', '', 'a'.repeat(16), 'b'.repeat(300 * 1024), 'c'.repeat(22)].join('.');
    await expectRefused(
      await postForm(app, oversized.request.response_uri, { response: big }),
      oversized.created.id,
      /exceeds 262144 bytes/,
    );
    const clear = await newRequest();
    await expectRefused(
      await answer(app, clear.request, { credential: [await presentDegree(clear.request)] }, { plain: true }),
      clear.created.id,
      /must be an encrypted JWT/,
    );
  });

  it('the wallet’s own error (access_denied) is recorded; a cancelled request takes no answer', async () => {
    const denied = await newRequest();
    const response = await answer(app, denied.request, null, {
      parameters: { error: 'access_denied', error_description: 'the user declined', state: denied.request.state },
    });
    expect(response.status, response.text).toBe(200);
    expect(await stored(denied.created.id)).toMatchObject({
      status: 'failed',
      error: 'access_denied',
      error_description: 'the user declined',
      presentations: [],
    });

    const cancelled = await newRequest();
    const afterCancel = await ok(call('DELETE', `/v1/oid4vp/requests/${cancelled.created.id}`));
    expect(afterCancel.status).toBe('cancelled');
    const late = await answer(app, cancelled.request, { credential: [await presentDegree(cancelled.request)] });
    expect(late.body).toEqual({ error: 'invalid_request', error_description: 'the request was cancelled' });
    const refetch = await app.request('GET', new URL(cancelled.created.request_uri).pathname);
    expect(refetch.status).toBe(400);
    expect((await call('DELETE', `/v1/oid4vp/requests/${cancelled.created.id}`)).status).toBe(400);
    const listed = await ok(call('GET', '/v1/oid4vp/requests?status=cancelled'));
    expect(listed.requests.map((request: any) => request.id)).toContain(cancelled.created.id);
  });
});

describe.skipIf(!usingPostgres)('two instances on one PostgreSQL', () => {
  it('a request made on one instance is fetched and answered on the other', async () => {
    // One public base URL for both, as behind a load balancer: status list URLs name it, whichever instance issued.
    const env = { PUBLIC_BASE_URL: 'https://verifier.example' };
    const [first, second] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
    try {
      const tenant = await tenantOnPlan(first, 'enterprise');
      const own = (await ok(first.request('POST', '/v1/dids', { token: tenant.token, body: {} }))).did;
      const issued = await ok(
        first.request('POST', '/v1/credentials/issue', {
          token: tenant.token,
          body: { format: 'vc+sd-jwt', issuer: own, vct: VCT, claims: CLAIMS, holder_jwk: holder.publicJwk },
        }),
      );
      const { created, request } = await newRequest({}, tenant.token, first);
      expect(request.response_uri).toMatch(/^https:\/\/verifier\.example\/oid4vp\/responses\//);
      const reopened = await openRequest(second, created.authorization_request, { post: true });
      expect(reopened.request.nonce).toBe(request.nonce);
      const presentation = await presentSdJwt(issued.credential, {
        disclose: ['name', 'degree'],
        holderKey: holder,
        aud: request.client_id,
        nonce: request.nonce,
      });
      const answered = await answer(second, reopened.request, { credential: [presentation] });
      expect(answered.status, answered.text).toBe(200);
      const view = await ok(first.request('GET', `/v1/oid4vp/requests/${created.id}`, { token: tenant.token }));
      expect(view).toMatchObject({ status: 'verified', verified: true });
      // A replay on the first instance finds it answered.
      expect((await answer(first, request, { credential: [presentation] })).status).toBe(400);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
