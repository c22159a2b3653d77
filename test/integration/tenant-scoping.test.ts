// Tenancy lives in the data layer: every statement the service sends to a tenant-scoped table names the
// tenant, except a short list of lookups that are global by design (test/support/tenant-scope.ts, each with
// its reason). The database the app opens is wrapped so that every
// statement is recorded — Prisma model operations, raw SQL and the issue path's prepared statements — and the
// flows below drive the real service over HTTP, as a client would.
import { randomUUID } from 'node:crypto';
import { startReceiver } from '../support/webhook-receiver.js';
import { deleteEventsPublishedBefore } from '../../src/modules/outbox/outbox.repository.js';
import { deleteFinishedDeliveriesBefore } from '../../src/modules/webhooks/delivery/dispatch.repository.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as idempotencyRepository from '../../src/modules/idempotency/idempotency.repository.js';
import { dataSubjectRequestStats } from '../../src/modules/compliance/data-subjects.repository.js';
import {
  allowancesUsed,
  inspectDatabase,
  GLOBAL_BY_DESIGN,
  takeStatements,
  tenantScopeViolations,
  type Statement,
} from '../support/tenant-scope.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { makeTestCa } from '../support/test-ca.js';
import { verifiedDomainsCheckedBefore } from '../../src/modules/domains/domains.repository.js';
import { BUILTIN_ROLE_IDS, changePlan, newRegistration, registerUser, uniqueSuffix } from '../support/factories.js';
import { createWallet, dpopProof, keyProof, pkcePair, walletKey } from '../support/oid4vci-wallet.js';
import { oid4vciJobs } from '../../src/modules/oid4vci/oid4vci.jobs.js';
import { systemClock } from '../../src/modules/jobs/clock.js';
import { capturingLogger } from '../support/log-sink.js';
import { answer, newHolderKey, openRequest, presentSdJwt } from '../support/oid4vp-wallet.js';
import { sweepOverdueRequests } from '../../src/modules/oid4vp/oid4vp.jobs.js';

let app: TestApp;
/** Everything recorded in this file, for the check that every global-by-design entry is still in use. */
const recorded: Statement[] = [];

let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  app = await startTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DNS_SERVERS: dns.address },
    wrapDatabase: inspectDatabase,
  });
});
afterAll(async () => {
  await app?.close();
  await dns?.close();
});

/** The statements recorded since the last call. */
function collect(): Statement[] {
  const taken = takeStatements();
  recorded.push(...taken);
  return taken;
}

async function ok(response: Promise<{ status: number; text: string; body: any }>, what: string) {
  const result = await response;
  expect(result.status, `${what}: ${result.text}`).toBe(200);
  return result.body;
}

const get = (path: string, token?: string) => ok(app.request('GET', path, { token }), `GET ${path}`);
/** A list's first page of one and the page after it: the keyset condition is in the statement too. */
async function getTwoPages(path: string, token: string) {
  const first = await get(`${path}?limit=1`, token);
  expect(first.next_cursor, path).toEqual(expect.any(String));
  await get(`${path}?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`, token);
}
const send = (method: string, path: string, token: string | undefined, body?: unknown, idempotencyKey?: string) =>
  ok(
    app.request(method, path, { token, body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} }),
    `${method} ${path}`,
  );

describe('the checker', () => {
  it('flags statements that do not name the tenant and passes those that do', () => {
    const tenantId = randomUUID();
    const id = randomUUID();
    const model = (model: string, operation: string, args: unknown): Statement => ({
      kind: 'model',
      model,
      operation,
      args,
    });
    const sql = (text: string): Statement => ({ kind: 'sql', via: '$executeRaw', text });
    expect(
      tenantScopeViolations([
        model('ApiKey', 'findUniqueOrThrow', { where: { id } }),
        model('Role', 'delete', { where: { id } }),
        model('Invitation', 'update', { where: { id }, data: {} }),
        model('Tenant', 'update', { where: { slug: 'x' }, data: {} }),
        model('AuditEvent', 'create', { data: { action: 'x' } }),
        model('Role', 'findMany', { where: { OR: [{ tenantId: null }, { name: 'x' }] } }),
        sql('UPDATE idempotency_keys SET response = $1 WHERE id = $2::uuid AND lease_token = $3::uuid'),
        sql('WITH a AS (SELECT id FROM dids WHERE id = $1) INSERT INTO outbox_events (tenant_id) VALUES ($2)'),
      ]),
    ).toHaveLength(8);
    expect(
      tenantScopeViolations([
        model('ApiKey', 'updateMany', { where: { tenantId, id } }),
        model('Membership', 'update', { where: { tenantId_userId: { tenantId, userId: id } }, data: {} }),
        model('Role', 'findFirst', { where: { id, OR: [{ tenantId: null }, { tenantId }] } }),
        model('Tenant', 'updateMany', { where: { id: tenantId }, data: {} }),
        model('AuditEvent', 'create', { data: { tenantId, action: 'x' } }),
        model('User', 'findUnique', { where: { id } }),
        sql('SELECT plan FROM tenants WHERE id = $1::uuid FOR UPDATE'),
        sql('DELETE FROM idempotency_keys WHERE tenant_id = $1::uuid AND id = $2::uuid'),
      ]),
    ).toEqual([]);
  });
});

describe('every statement on a tenant-scoped table names the tenant', () => {
  it('register, login, me, plan change, usage, roles, invitations, members, API keys, audit log, events, logout', async () => {
    const registration = newRegistration();
    const owner = await send('POST', '/v1/auth/register', undefined, registration);
    const token: string = owner.token;
    await send('POST', '/v1/auth/login', undefined, { email: registration.email, password: registration.password });
    await send('POST', '/v1/auth/login', undefined, {
      email: registration.email,
      password: registration.password,
      tenant_slug: registration.tenant_slug,
    });
    await get('/v1/auth/me', token);

    await changePlan(app, token, 'business'); // custom roles
    await changePlan(app, token, 'business'); // unchanged: reads the plan's date
    await get('/v1/admin/usage', token);

    // Roles: create (with an Idempotency-Key, and its replay), list, update, delete.
    const roleBody = { name: `auditor-${uniqueSuffix()}`, permissions: ['audit:read', 'usage:read'] };
    const roleKey = randomUUID();
    const role = await send('POST', '/v1/roles', token, roleBody, roleKey);
    await send('POST', '/v1/roles', token, roleBody, roleKey);
    await getTwoPages('/v1/roles', token);
    await send('PATCH', `/v1/roles/${role.id}`, token, { description: 'reads the audit log' });
    await send('DELETE', `/v1/roles/${role.id}`, token);
    // A request that fails after claiming its key releases it.
    const refused = await app.request('POST', '/v1/roles', {
      token,
      body: { name: 'Not A Valid Name', permissions: ['audit:read'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(refused.status).toBe(400);

    // Invitations: invite (idempotently), list, revoke one, accept another by creating an account.
    const invited = await send(
      'POST',
      '/v1/members/invitations',
      token,
      { email: `member-${uniqueSuffix()}@example.com`, role_id: BUILTIN_ROLE_IDS.admin },
      randomUUID(),
    );
    const withdrawn = await send('POST', '/v1/members/invitations', token, {
      email: `withdrawn-${uniqueSuffix()}@example.com`,
      role_id: BUILTIN_ROLE_IDS.viewer,
    });
    await getTwoPages('/v1/members/invitations', token);
    await send('DELETE', `/v1/members/invitations/${withdrawn.id}`, token);
    const admin = await send('POST', '/v1/invitations/accept', undefined, {
      token: invited.token,
      password: `member password ${uniqueSuffix()}`,
      display_name: 'Invited Admin',
    });
    // Accepting while logged in, as someone with an account of their own elsewhere.
    const other = await registerUser(app);
    const invitedOther = await send('POST', '/v1/members/invitations', token, {
      email: other.email,
      role_id: BUILTIN_ROLE_IDS.viewer,
    });
    await send('POST', '/v1/invitations/accept', other.token, { token: invitedOther.token });

    // API keys: create (idempotently), list, authenticate with one (its first use is written), revoke.
    const key = await send('POST', '/v1/admin/api-keys', token, { name: 'ci' }, randomUUID());
    await get('/v1/admin/api-keys', token);
    const flow = collect();
    await get('/v1/members', key.key);
    // The use is written off the request's path: wait for it.
    await vi.waitFor(() => {
      flow.push(...collect());
      expect(flow.some((s) => s.kind === 'model' && s.model === 'ApiKey' && s.operation === 'updateMany')).toBe(true);
    });
    await send('DELETE', `/v1/admin/api-keys/${key.id}`, token);

    // Members: change a role, remove a member (their keys are revoked with them).
    await send('POST', '/v1/admin/api-keys', admin.token, { name: 'leaves with its creator' });
    await getTwoPages('/v1/admin/api-keys', token);
    await getTwoPages('/v1/members', token);
    await send('PATCH', `/v1/members/${other.user_id}`, token, { role_id: BUILTIN_ROLE_IDS.issuer });
    await send('DELETE', `/v1/members/${admin.user_id}`, token);

    const page = await get('/v1/admin/audit-log?limit=2', token);
    await get(`/v1/admin/audit-log?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`, token);
    // The event log (the outbox the changes above wrote to), and one type of it.
    await getTwoPages('/v1/events', token);
    await get('/v1/events?type=member.invited', token);
    await send('POST', '/v1/auth/logout', token);

    expect(tenantScopeViolations([...flow, ...collect()])).toEqual([]);
  });

  // Their repositories are being reworked by their owner at the time of writing: a failure here lists exactly
  // the statements still to convert.
  it('DIDs, credentials and status lists', async () => {
    const owner = await registerUser(app);
    await changePlan(app, owner.token, 'enterprise');
    const did = await send('POST', '/v1/dids', owner.token, { key_type: 'Ed25519' }, randomUUID());
    const didPath = `/v1/dids/${encodeURIComponent(did.did)}`;
    await get('/v1/dids', owner.token);
    await get(didPath, owner.token);
    const claims = { member: true };
    const credential = await send(
      'POST',
      '/v1/credentials/issue',
      owner.token,
      { format: 'jwt_vc_json', issuer: did.did, claims },
      randomUUID(),
    );
    await send('POST', '/v1/credentials/issue', owner.token, {
      format: 'vc+sd-jwt',
      issuer: did.did,
      vct: 'https://credentials.example.com/membership',
      claims,
    });
    await get('/v1/credentials', owner.token);
    await get(`/v1/credentials/${credential.id}`, owner.token);
    await send('POST', `/v1/credentials/${credential.id}/revoke`, owner.token);
    await send('POST', '/v1/credentials/verify', owner.token, { credential: credential.credential });
    await get(new URL(credential.status.uri).pathname); // public: rendered from the row
    await get(new URL(credential.status.uri).pathname); // public: the cached rendering, after its version
    await send('POST', `${didPath}/deactivate`, owner.token);
    await get('/v1/admin/usage', owner.token);
    await get('/metrics'); // the operator's scrape reads the outbox backlog of every tenant, by design

    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('X.509: a DID’s certification request and chain, x5c on issue, trust anchors, JWT VC Issuer Metadata', async () => {
    const ca = makeTestCa();
    const owner = await registerUser(app);
    const did = await send('POST', '/v1/dids', owner.token, { key_type: 'P-256' });
    const path = (rest: string) => `/v1/dids/${encodeURIComponent(did.did)}/${rest}`;
    const { csr } = await send('POST', path('certificate-signing-request'), owner.token, { common_name: 'Scoped' });
    await send('PUT', path('certificate-chain'), owner.token, { certificates: [ca.sign(csr, ca.root), ca.root.pem] });
    await get(path('certificate-chain'), owner.token);
    const sdJwt = { format: 'vc+sd-jwt', issuer: did.did, vct: 'https://credentials.example.com/x', claims: { a: 1 } };
    const issued = await send('POST', '/v1/credentials/issue', owner.token, sdJwt);
    await send('POST', '/v1/credentials/issue', owner.token, { ...sdJwt, issuer_identifier: 'url' });
    const anchor = await send('POST', '/v1/trust/anchors', owner.token, { certificate: ca.root.pem });
    await get('/v1/trust/anchors', owner.token);
    await send('POST', '/v1/credentials/verify', owner.token, { credential: issued.credential });
    await get(`/.well-known/jwt-vc-issuer/oid4vci/${owner.tenant_slug}`); // public, by the slug
    await send('DELETE', `/v1/trust/anchors/${anchor.id}`, owner.token);
    await send('DELETE', path('certificate-chain'), owner.token);

    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('webhooks: endpoints, deliveries (fan-out, claims, attempts), the log, replay, rotation', async () => {
    const hooks = await startReceiver();
    try {
      const owner = await registerUser(app);
      const endpoint = await send('POST', '/v1/webhooks', owner.token, { url: hooks.url, events: ['*'] }, randomUUID());
      await get('/v1/webhooks', owner.token);
      await get(`/v1/webhooks/${endpoint.id}`, owner.token);
      await send('PATCH', `/v1/webhooks/${endpoint.id}`, owner.token, { description: 'scoped' });
      await send('POST', '/v1/dids', owner.token, {});
      await app.services.webhookDispatcher.runDue(); // fan-out, claims, attempts
      await hooks.waitFor(1);
      const { delivery } = await send('POST', `/v1/webhooks/${endpoint.id}/test`, owner.token);
      await getTwoPages(`/v1/webhooks/${endpoint.id}/deliveries`, owner.token);
      await send('POST', `/v1/webhooks/deliveries/${delivery.id}/replay`, owner.token);
      await send('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, owner.token);
      await send('DELETE', `/v1/webhooks/${endpoint.id}`, owner.token);
    } finally {
      await hooks.close();
    }
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('trust: attestations, scores, the policy and verify’s trust check, revocation, the public list', async () => {
    const owner = await registerUser(app);
    const did = await send('POST', '/v1/dids', owner.token, { key_type: 'Ed25519' });
    const body = { subject_did: did.did, score: 70, weight: 0.5, assurance_level: 'high' };
    const attestation = await send('POST', '/v1/trust/attestations', owner.token, body);
    await send('POST', '/v1/trust/attestations', owner.token, { ...body, attester_did: did.did });
    await getTwoPages('/v1/trust/attestations', owner.token);
    const filters = `subject_did=${encodeURIComponent(did.did)}&attester_did=${encodeURIComponent(did.did)}`;
    await get(`/v1/trust/attestations?${filters}&assurance_level=high&status=active`, owner.token);
    await get(`/v1/trust/attestations/${attestation.id}`, owner.token);
    await get(`/v1/trust/score?subject_did=${encodeURIComponent(did.did)}&credential_type=KycCredential`, owner.token);
    const policy = { min_score: 50, min_assurance_level: 'low', require_attested_issuer: true };
    await send('PUT', '/v1/trust/policy', owner.token, policy);
    await get('/v1/trust/policy', owner.token);
    await send('POST', '/v1/credentials/verify', owner.token, { credential: attestation.credential });
    await get(`/v1/trust/lists/${owner.tenant_slug}`); // public
    await send('POST', `/v1/trust/attestations/${attestation.id}/revoke`, owner.token);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('compliance: evaluation, adoption and enforcement, attestations, settings, reports', async () => {
    const owner = await registerUser(app);
    await send('POST', '/v1/dids', owner.token, { key_type: 'Ed25519' });
    await get('/v1/compliance/frameworks', owner.token);
    await send('PUT', '/v1/compliance/settings', owner.token, { personal_claims: ['name'], key_rotation_days: 200 });
    await get('/v1/compliance/settings', owner.token);
    await send('POST', '/v1/compliance/frameworks/gdpr/adopt', owner.token);
    await send('POST', '/v1/compliance/frameworks/gdpr/attestations', owner.token, {
      control_id: 'breach-notification',
      statement: 'Procedure BP-3.',
    });
    await send('POST', '/v1/compliance/frameworks/gdpr/unadopt', owner.token);
    const report = await send('POST', '/v1/compliance/reports', owner.token, { framework: 'gdpr' });
    await send('POST', '/v1/compliance/reports', owner.token, { framework: 'soc2' });
    await getTwoPages('/v1/compliance/reports', owner.token);
    await get(`/v1/compliance/reports/${report.id}`, owner.token);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('didcomm: send to a DID hosted by another tenant (its inbox, the ping answered), list, get', async () => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)];
    const from = (await send('POST', '/v1/dids', alice.token, { key_type: 'Ed25519' })).did;
    const to = (await send('POST', '/v1/dids', bob.token, { key_type: 'Ed25519' })).did;
    const type = 'https://didcomm.org/trust-ping/2.0/ping';
    const sent = await send('POST', '/v1/didcomm/messages', alice.token, { from, to, type, body: {} });
    await get(`/v1/didcomm/messages?direction=inbound&did=${encodeURIComponent(to)}&thid=x&type=y`, bob.token);
    await getTwoPages('/v1/didcomm/messages', alice.token);
    await get(`/v1/didcomm/messages/${sent.id}`, alice.token);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('OpenID4VP: requests made, listed, read, cancelled; a wallet fetches, answers and is verified; the sweep', async () => {
    const owner = await registerUser(app);
    const did = (await send('POST', '/v1/dids', owner.token, {})).did;
    const holder = newHolderKey();
    const vct = 'urn:example:scoping';
    const issued = await send('POST', '/v1/credentials/issue', owner.token, {
      format: 'vc+sd-jwt',
      issuer: did,
      vct,
      claims: { name: 'x' },
      holder_jwk: holder.publicJwk,
    });
    const body = {
      credential: { format: 'dc+sd-jwt', type: vct, claims: ['name'] },
      redirect_uri: 'https://rp.example/back',
    };
    const created = await send('POST', '/v1/oid4vp/requests', owner.token, body);
    const cancelled = await send('POST', '/v1/oid4vp/requests', owner.token, body);
    await getTwoPages('/v1/oid4vp/requests', owner.token);
    await get('/v1/oid4vp/requests?status=pending', owner.token);
    await send('DELETE', `/v1/oid4vp/requests/${cancelled.id}`, owner.token);
    const { request } = await openRequest(app, created.authorization_request, { post: true });
    const presentation = await presentSdJwt(issued.credential, {
      disclose: ['name'],
      holderKey: holder,
      aud: request.client_id,
      nonce: request.nonce,
    });
    const answered = await answer(app, request, { credential: [presentation] });
    expect(answered.status, answered.text).toBe(200);
    const code = new URL(answered.body.redirect_uri).hash.slice('#response_code='.length);
    await send('POST', `/v1/oid4vp/requests/${created.id}/response-code`, owner.token, { response_code: code });
    const overdue = await send('POST', '/v1/oid4vp/requests', owner.token, { ...body, expires_in: 30 });
    await sweepOverdueRequests(app.database.prisma, new Date(Date.parse(overdue.expires_at) + 1000));
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('data subject requests: export (two pages), erase with a redacted Idempotency-Key response, the stats', async () => {
    const owner = await registerUser(app);
    const did = await send('POST', '/v1/dids', owner.token, { key_type: 'Ed25519' });
    const subject = `did:example:scoping-${uniqueSuffix()}`;
    const issue = { issuer: did.did, subject_id: subject, claims: { name: 'Scoped' } };
    await send('POST', '/v1/credentials/issue', owner.token, { format: 'jwt_vc_json', ...issue }, randomUUID());
    await send('POST', '/v1/credentials/issue', owner.token, {
      format: 'vc+sd-jwt',
      vct: 'https://example.com/s',
      ...issue,
    });
    const attestation = { subject_did: subject, score: 50, weight: 1, assurance_level: 'low' };
    await send('POST', '/v1/trust/attestations', owner.token, attestation);
    const path = `/v1/compliance/subjects/${encodeURIComponent(subject)}`;
    const exported = await get(`${path}/export`, owner.token);
    expect(exported.credentials).toHaveLength(2);
    // The page after the newest credential: the keyset condition is in the statement too.
    const newest = exported.credentials[0];
    const cursor = Buffer.from(`${newest.issued_at}|${newest.id}`).toString('base64url');
    expect((await get(`${path}/export?cursor=${cursor}`, owner.token)).credentials).toHaveLength(1);
    const erased = await send('POST', `${path}/erase`, owner.token);
    expect(erased.credentials_erased).toBe(2);
    await send('POST', `${path}/erase`, owner.token);
    await dataSubjectRequestStats(app.database.prisma, owner.tenant_id);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('custom domains and did:web: claim, a rival claim ended, verify, did:web, its document on the domain, issue and verify, the re-check sweep, delete', async () => {
    const owner = await registerUser(app);
    const rival = await registerUser(app);
    await changePlan(app, owner.token, 'business');
    await changePlan(app, rival.token, 'business');
    const name = `scoping-${uniqueSuffix()}.example.com`;
    const domain = await send('POST', '/v1/domains', owner.token, { domain: name });
    await send('POST', '/v1/domains', rival.token, { domain: name });
    dns.setTxt(domain.verification.name, [domain.verification.value]);
    await send('POST', `/v1/domains/${domain.id}/verify`, owner.token);
    await get('/v1/domains', owner.token);
    await get(`/v1/domains/${domain.id}`, owner.token);
    const did = await send('POST', '/v1/dids', owner.token, { method: 'web', domain: name });
    await get(`/1.0/identifiers/${encodeURIComponent(did.did)}`);
    await get(`/internal/tls/ask?domain=${name}`);
    const issued = await send('POST', '/v1/credentials/issue', owner.token, {
      format: 'jwt_vc_json',
      issuer: did.did,
      claims: { name: 'Scoped' },
    });
    await send('POST', '/v1/credentials/verify', owner.token, { credential: issued.credential });
    await verifiedDomainsCheckedBefore(app.database.prisma, new Date(0), 1);
    await send('DELETE', `/v1/domains/${domain.id}`, owner.token);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('OpenID4VCI: configurations, offers, metadata, the wallet’s flow with DPoP, a notification, deferred issuance, cancel, the sweep, erasure', async () => {
    const owner = await registerUser(app);
    const did = await send('POST', '/v1/dids', owner.token, { key_type: 'Ed25519' });
    const configuration = {
      configuration_id: 'Scoped',
      format: 'dc+sd-jwt',
      issuer: did.did,
      vct: 'https://credentials.example.com/scoped',
      claims: [{ name: 'name' }],
    };
    await send('POST', '/v1/oid4vci/credential-configurations', owner.token, configuration);
    await send('POST', '/v1/oid4vci/credential-configurations', owner.token, {
      ...configuration,
      configuration_id: 'Spare',
    });
    await getTwoPages('/v1/oid4vci/credential-configurations', owner.token);
    await get('/v1/oid4vci/credential-configurations/Scoped', owner.token);
    await send('PATCH', '/v1/oid4vci/credential-configurations/Spare', owner.token, { display: [{ name: 'Spare' }] });
    await send('DELETE', '/v1/oid4vci/credential-configurations/Spare', owner.token);
    const subject = `did:example:scoping-${uniqueSuffix()}`;
    const offer = { configuration_ids: ['Scoped'], subject_id: subject, claims: { Scoped: { name: 'Scoped' } } };
    const created = await send('POST', '/v1/oid4vci/offers', owner.token, { ...offer, tx_code: {} });
    const cancelled = await send('POST', '/v1/oid4vci/offers', owner.token, offer);
    await getTwoPages('/v1/oid4vci/offers', owner.token);
    await get('/v1/oid4vci/offers?state=offered', owner.token);
    await get(`/v1/oid4vci/offers/${created.id}`, owner.token);
    await send('DELETE', `/v1/oid4vci/offers/${cancelled.id}`, owner.token);
    await get(`/.well-known/oauth-authorization-server/oid4vci/${owner.tenant_slug}`);
    const wallet = createWallet(app, { dpop: walletKey('EdDSA') });
    const received = await wallet.receive(created.offer_uri, 'Scoped', [walletKey()], created.tx_code_value);
    const notified = await app.request('POST', `/oid4vci/${owner.tenant_slug}/notification`, {
      body: { notification_id: received.response.notification_id, event: 'credential_deleted' },
      headers: {
        authorization: `DPoP ${received.token.access_token}`,
        dpop: await dpopProof(wallet.dpopKey!, 'POST', received.issuerMetadata.notification_endpoint, {
          nonce: wallet.dpopNonce,
          accessToken: received.token.access_token,
        }),
      },
    });
    expect(notified.status, notified.text).toBe(204);
    // Deferred: the wallet waits, polls, the claims are given, the poll collects; the subject's export.
    const deferred = await send('POST', '/v1/oid4vci/offers', owner.token, {
      configuration_ids: ['Scoped'],
      subject_id: subject,
      deferred: true,
    });
    const bearer = createWallet(app);
    const asked = await bearer.ask(deferred.offer_uri, 'Scoped', [walletKey()]);
    expect(asked.response.status, asked.response.text).toBe(202);
    const poll = () =>
      bearer.deferredRequest(
        asked.issuerMetadata.deferred_credential_endpoint,
        asked.token.access_token,
        asked.response.body.transaction_id,
      );
    expect((await poll()).status).toBe(202);
    await send('POST', `/v1/oid4vci/offers/${deferred.id}/claims`, owner.token, { claims: offer.claims });
    expect((await poll()).status).toBe(200);
    await get(`/v1/compliance/subjects/${encodeURIComponent(subject)}/export`, owner.token);
    await oid4vciJobs({ db: app.database.prisma })['oid4vci.expire'].run({}, {
      clock: systemClock,
      log: capturingLogger([]),
    } as never);
    await send('POST', `/v1/compliance/subjects/${encodeURIComponent(subject)}/erase`, owner.token);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('OpenID4VCI’s authorization code flow: the login page, PAR, authorize, approve and deny, return, token', async () => {
    const owner = await registerUser(app);
    const did = await send('POST', '/v1/dids', owner.token, { key_type: 'Ed25519' });
    await send('POST', '/v1/oid4vci/credential-configurations', owner.token, {
      configuration_id: 'Coded',
      format: 'dc+sd-jwt',
      issuer: did.did,
      vct: 'https://credentials.example.com/coded',
    });
    await send('PUT', '/v1/oid4vci/authorization-settings', owner.token, { login_url: 'https://login.example.com/in' });
    await get('/v1/oid4vci/authorization-settings', owner.token);
    const offer = await send('POST', '/v1/oid4vci/offers', owner.token, {
      configuration_ids: ['Coded'],
      subject_id: `did:example:coded-${uniqueSuffix()}`,
      claims: { Coded: { name: 'Coded' } },
      grant_type: 'authorization_code',
    });
    const issuer = `${app.url}/oid4vci/${owner.tenant_slug}`;
    const wallet = createWallet(app, { dpop: walletKey('EdDSA') });
    const issuerState = (await wallet.offerFrom(offer.offer_uri)).grants.authorization_code!.issuer_state!;
    const redirectUri = 'https://wallet.example.com/cb';
    /** PAR, the browser at the authorization endpoint, the tenant's decision, the browser's return: the code. */
    const authorize = async (extra: Record<string, string>, decision: 'approve' | 'deny') => {
      const pkce = pkcePair();
      const pushed = await wallet.pushAuthorizationRequest(`${issuer}/par`, {
        response_type: 'code',
        client_id: 'scoping-wallet',
        redirect_uri: redirectUri,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        ...extra,
      });
      expect(pushed.status, pushed.text).toBe(201);
      const query = new URLSearchParams({ client_id: 'scoping-wallet', request_uri: pushed.body.request_uri });
      const login = await app.request('GET', `/oid4vci/${owner.tenant_slug}/authorize?${query}`);
      const id = new URL(login.headers.get('location')!).searchParams.get('authorization_id')!;
      await get(`/v1/oid4vci/authorizations/${id}`, owner.token);
      const body =
        decision === 'approve' && !extra.issuer_state
          ? { subject_id: 'did:example:w', claims: { Coded: { name: 'W' } } }
          : {};
      const decided = await send('POST', `/v1/oid4vci/authorizations/${id}/${decision}`, owner.token, body);
      const back = await app.request(
        'GET',
        new URL(decided.redirect_to).pathname + new URL(decided.redirect_to).search,
      );
      return { code: new URL(back.headers.get('location')!).searchParams.get('code'), verifier: pkce.verifier };
    };
    const fromOffer = await authorize({ scope: 'Coded', issuer_state: issuerState }, 'approve');
    await authorize({ scope: 'Coded' }, 'deny');
    await authorize({ scope: 'Coded' }, 'approve');
    const token = await wallet.authorizationCodeTokenRequest(`${issuer}/token`, {
      code: fromOffer.code!,
      code_verifier: fromOffer.verifier,
      redirect_uri: redirectUri,
      client_id: 'scoping-wallet',
    });
    expect(token.status, token.text).toBe(200);
    const proof = await keyProof(walletKey(), { aud: issuer, nonce: await wallet.nonce(`${issuer}/nonce`) });
    const issued = await wallet.credentialRequest(`${issuer}/credential`, token.body.access_token, {
      credential_configuration_id: 'Coded',
      proofs: { jwt: [proof] },
    });
    expect(issued.status, issued.text).toBe(200);
    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it("the idempotency lease's changes and the maintenance sweeps", async () => {
    const owner = await registerUser(app);
    const { prisma } = app.database;
    // A lapsed lease taken over, a key past retention started over: a crash or a day away over HTTP, so the
    // repository is driven directly, on a real row, through the service's (inspected) client.
    const request = { tenantId: owner.tenant_id, operation: 'createRole', args: {}, caller: `user:${owner.user_id}` };
    const begun = await app.services.idempotency.begin({ ...request, key: randomUUID() });
    if (begun.kind !== 'execute') throw new Error('expected to hold the key');
    const lease = {
      tenantId: owner.tenant_id,
      key: 'unused',
      requestHash: new Uint8Array(32),
      operation: 'createRole',
      leaseToken: randomUUID(),
      leaseSeconds: 60,
    };
    expect(await idempotencyRepository.replace(prisma, begun.slot.id, begun.slot.leaseToken, lease)).toBe(true);
    const taken = randomUUID();
    expect(
      await idempotencyRepository.takeOver(prisma, owner.tenant_id, begun.slot.id, lease.leaseToken, taken, 60),
    ).toBe(true);
    await app.services.idempotency.release({ ...begun.slot, leaseToken: taken });
    await app.services.auth.purgeExpiredSessions();
    await app.services.idempotency.purgeExpired();
    await deleteEventsPublishedBefore(prisma, new Date(0));
    await deleteFinishedDeliveriesBefore(prisma, new Date(0));

    expect(tenantScopeViolations(collect())).toEqual([]);
  });

  it('uses every global-by-design entry (an unused one is stale: remove it)', () => {
    collect();
    expect(Object.keys(GLOBAL_BY_DESIGN).filter((name) => !allowancesUsed(recorded).has(name))).toEqual([]);
  });
});
