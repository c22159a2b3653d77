// A verified custom domain belongs to one tenant: on it, another tenant's credentials are refused with 421
// Misdirected Request (RFC 9110 §15.5.20) before anything is done or any URL is minted, another tenant's public
// documents (trust list, status lists) are not there (404), and a request naming two hosts is a 400 (RFC 9112
// §3.2). The TLS terminator's ask spends the per-address public bucket. A deleted domain's did:web DIDs are
// deactivated with it, and the name's next owner can create them anew.
import { randomInt } from 'node:crypto';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { requestOnHost } from '../support/on-host.js';
import { rawRequest } from '../support/raw-http.js';

const MISDIRECTED = "this host is another tenant's custom domain: use the service's own address or a domain of yours";

let app: TestApp;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer('NXDOMAIN');
  app = await startTestApp({ env: { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await app?.close();
  await dns?.close();
});

async function ok(response: Promise<{ status: number; text: string; body: any }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

const call = (tenant: RegisteredUser, method: string, path: string, body?: unknown) =>
  app.request(method, path, { token: tenant.token, body });

const onHost = (host: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  requestOnHost(app, host, method, path, options);

/** Claims `domain` for the tenant and verifies it against the test DNS server. */
async function verifyDomain(tenant: RegisteredUser, domain: string) {
  const created = await ok(call(tenant, 'POST', '/v1/domains', { domain }));
  dns.setTxt(created.verification.name, [created.verification.value]);
  expect((await ok(call(tenant, 'POST', `/v1/domains/${created.id}/verify`))).status).toBe('verified');
  return created.id as string;
}

/** A Business tenant holding a freshly verified domain, with a did:key. */
async function tenantWithDomain() {
  const owner = await tenantOnPlan(app, 'business');
  const domain = `hosts-${uniqueSuffix()}.example.com`;
  const domainId = await verifyDomain(owner, domain);
  const { did } = await ok(call(owner, 'POST', '/v1/dids', {}));
  return { owner, domain, domainId, did: did as string };
}

const claimsOf = (jwt: string) => jose.decodeJwt(jwt);

async function viewerRoleId(owner: RegisteredUser): Promise<string> {
  const roles = await ok(call(owner, 'GET', '/v1/roles'));
  return roles.roles.find((role: { name: string }) => role.name === 'viewer').id;
}

describe('another tenant on a verified domain', () => {
  it('is refused with 421 on /v1 and /graphql, before anything is written or any URL minted', async () => {
    const a = await tenantWithDomain();
    const b = await tenantWithDomain();
    const issue = { format: 'jwt_vc_json', issuer: b.did, claims: { degree: 'BSc' } };
    const refusals = [
      await onHost(a.domain, 'GET', '/v1/auth/me', { token: b.owner.token }),
      await onHost(a.domain, 'POST', '/v1/credentials/issue', { token: b.owner.token, body: issue }),
      await onHost(a.domain, 'POST', '/v1/trust/attestations', {
        token: b.owner.token,
        body: { subject_did: 'did:example:supplier', score: 80, weight: 0.5, assurance_level: 'substantial' },
      }),
      await onHost(a.domain, 'POST', '/v1/compliance/reports', { token: b.owner.token, body: { framework: 'hipaa' } }),
      await onHost(`${a.domain.toUpperCase()}.:443`, 'GET', '/v1/dids', { token: b.owner.token }),
      await onHost(a.domain, 'POST', '/graphql', {
        token: b.owner.token,
        body: {
          query: 'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id } }',
          variables: { input: { format: 'jwt_vc_json', issuer: b.did, claims: { degree: 'BSc' } } },
        },
      }),
    ];
    for (const refused of refusals) expectError(refused, 421, MISDIRECTED);
    // Nothing was issued, attested or reported for B.
    expect((await ok(call(b.owner, 'GET', '/v1/credentials'))).credentials).toEqual([]);
    expect((await ok(call(b.owner, 'GET', '/v1/trust/attestations'))).attestations).toEqual([]);
    expect((await ok(call(b.owner, 'GET', '/v1/compliance/reports'))).reports).toEqual([]);

    // B on its own domain and on the service's address: its own URLs.
    const onOwn = await onHost(b.domain, 'POST', '/v1/credentials/issue', { token: b.owner.token, body: issue });
    expect(onOwn.status, onOwn.text).toBe(200);
    expect(onOwn.body.status.uri.startsWith(`https://${b.domain}/v1/status-lists/`)).toBe(true);
    const plain = await ok(call(b.owner, 'POST', '/v1/credentials/issue', issue));
    expect(plain.status.uri.startsWith(`${app.url}/v1/status-lists/`)).toBe(true);
    // A on its own domain is served; no credential at all on it is a 401, as anywhere.
    expect((await onHost(a.domain, 'GET', '/v1/auth/me', { token: a.owner.token })).body.tenant_id).toBe(
      a.owner.tenant_id,
    );
    expect((await onHost(a.domain, 'GET', '/v1/auth/me')).status).toBe(401);
  });

  it('finds none of its public documents there: trust list and status lists are 404', async () => {
    const a = await tenantWithDomain();
    const b = await tenantWithDomain();
    const issued = await ok(
      call(b.owner, 'POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: b.did, claims: { a: 1 } }),
    );
    const listPath = new URL(issued.status.uri).pathname;
    expectError(await onHost(a.domain, 'GET', listPath), 404);
    expect((await app.request('GET', listPath)).status).toBe(200);

    const bList = `/v1/trust/lists/${b.owner.tenant_slug}`;
    expectError(await onHost(a.domain, 'GET', bList), 404, 'trust list not found');
    // On the service's address and on B's own domain, B's list names where it was fetched.
    const plain = await app.request('GET', bList);
    expect(plain.status, plain.text).toBe(200);
    expect(claimsOf(plain.text).sub).toBe(`${app.url}${bList}`);
    const own = await onHost(b.domain, 'GET', bList);
    expect(own.status, own.text).toBe(200);
    expect(claimsOf(own.text).sub).toBe(`https://${b.domain}${bList}`);
    // A's own list on A's domain.
    const aList = `/v1/trust/lists/${a.owner.tenant_slug}`;
    expect(claimsOf((await onHost(a.domain, 'GET', aList)).text).sub).toBe(`https://${a.domain}${aList}`);
  });

  it('signs in there to the domain’s tenant only: a member of it gets a session in it, anyone else a 401', async () => {
    const a = await tenantWithDomain();
    const b = await tenantOnPlan(app, 'business');
    const login = (user: { email: string; password: string }, tenantSlug?: string) =>
      onHost(a.domain, 'POST', '/v1/auth/login', {
        body: { email: user.email, password: user.password, ...(tenantSlug && { tenant_slug: tenantSlug }) },
      });
    // B's owner, a member of B only: no session there (it could not be used there: 421).
    expectError(await login(b), 401);
    expectError(await login(b, b.tenant_slug), 401);
    // Once B's owner is also a member of A (B remains their first tenant), a sign-in there opens a session in A.
    const invitation = await ok(
      call(a.owner, 'POST', '/v1/members/invitations', { email: b.email, role_id: await viewerRoleId(a.owner) }),
    );
    await ok(app.request('POST', '/v1/invitations/accept', { token: b.token, body: { token: invitation.token } }));
    const session = await login(b);
    expect(session.status, session.text).toBe(200);
    expect(session.body.tenant_id).toBe(a.owner.tenant_id);
    expect((await onHost(a.domain, 'GET', '/v1/auth/me', { token: session.body.token })).status).toBe(200);
    expectError(await login(b, b.tenant_slug), 401);
    // On the service's own address, nothing changes: their first tenant.
    expect((await ok(app.request('POST', '/v1/auth/login', { body: { email: b.email, password: b.password } })))
      .tenant_id).toBe(b.tenant_id);
  });
});

describe('the Host of a request', () => {
  const raw = (head: string) => rawRequest(app.url, `${head}\r\nConnection: close\r\n\r\n`);

  it('is refused with 400 when given twice, even twice the same', async () => {
    const a = await tenantWithDomain();
    const { host } = new URL(app.url);
    const path = `/v1/trust/lists/${a.owner.tenant_slug}`;
    for (const hosts of [
      [a.domain, host],
      [host, a.domain],
      [a.domain, a.domain],
    ]) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: ${hosts[0]}\r\nHost: ${hosts[1]}`);
      expect(answer.status, hosts.join(', ')).toBe(400);
      expect(JSON.parse(answer.body).error).toBe('a request must carry exactly one Host header');
    }
    expect((await raw(`GET ${path} HTTP/1.1\r\nHost: ${a.domain}`)).status).toBe(200);
  });

  it('is the authority of an absolute-form target, whatever the Host header says (RFC 9112 §3.2.2)', async () => {
    const a = await tenantWithDomain();
    const b = await tenantWithDomain();
    const { host } = new URL(app.url);
    const aList = `/v1/trust/lists/${a.owner.tenant_slug}`;
    const onA = await raw(`GET https://${a.domain}${aList} HTTP/1.1\r\nHost: ${host}`);
    expect(onA.status).toBe(200);
    expect(claimsOf(onA.body).sub).toBe(`https://${a.domain}${aList}`);
    const bList = `/v1/trust/lists/${b.owner.tenant_slug}`;
    expect((await raw(`GET https://${a.domain}${bList} HTTP/1.1\r\nHost: ${host}`)).status).toBe(404);
    const onService = await raw(`GET ${app.url}${bList} HTTP/1.1\r\nHost: ${a.domain}`);
    expect(onService.status).toBe(200);
    expect(claimsOf(onService.body).sub).toBe(`${app.url}${bList}`);
  });
});

describe('GET /internal/tls/ask', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      env: { TRUST_PROXY_HOPS: '1', PUBLIC_RATE_LIMIT_BURST: '5', PUBLIC_RATE_LIMIT_PER_MINUTE: '5' },
    });
  });
  afterAll(() => limited?.close());

  it('spends the per-address public bucket', async () => {
    const address = `198.51.100.${randomInt(1, 255)}`;
    const ask = (from: string) =>
      limited.request('GET', `/internal/tls/ask?domain=never-${uniqueSuffix()}.example.com`, {
        headers: { 'x-forwarded-for': from },
      });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask(address));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('5;w=60;burst=5');
    expectError(answers[5]!, 429, 'too many requests from this address');
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address has a bucket of its own.
    expect((await ask(`203.0.113.${randomInt(1, 255)}`)).status).toBe(404);
  });
});
describe('a deleted domain', () => {
  it('deactivates its did:web DIDs, and the name’s next owner can create them', async () => {
    const a = await tenantWithDomain();
    const root = await ok(call(a.owner, 'POST', '/v1/dids', { method: 'web', domain: a.domain }));
    const nested = await ok(call(a.owner, 'POST', '/v1/dids', { method: 'web', domain: a.domain, path: 'issuers' }));
    const signed = await ok(
      call(a.owner, 'POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: root.did, claims: { a: 1 } }),
    );
    expect((await ok(call(a.owner, 'GET', '/v1/admin/usage'))).active_dids).toBe(3);

    await ok(call(a.owner, 'DELETE', `/v1/domains/${a.domainId}`));
    for (const did of [root.did, nested.did]) {
      const view = await ok(call(a.owner, 'GET', `/v1/dids/${encodeURIComponent(did)}`));
      expect(view).toMatchObject({ did, status: 'deactivated', deactivated_at: expect.any(String) });
    }
    expect((await ok(call(a.owner, 'GET', '/v1/admin/usage'))).active_dids).toBe(1);
    expect(
      (await ok(call(a.owner, 'GET', '/v1/events?type=did.deactivated'))).events.map((e: any) => e.data.did).sort(),
    ).toEqual([root.did, nested.did].sort());

    // The name moves to B, who makes did:web:<domain> anew: its own key, served on the domain.
    const b = await tenantOnPlan(app, 'business');
    await verifyDomain(b, a.domain);
    const reborn = await ok(call(b, 'POST', '/v1/dids', { method: 'web', domain: a.domain }));
    expect(reborn).toMatchObject({ did: root.did, status: 'active' });
    expect(reborn.did_document).not.toEqual(root.did_document);
    const served = await onHost(a.domain, 'GET', '/.well-known/did.json');
    expect(served.status, served.text).toBe(200);
    expect(served.body).toEqual(reborn.did_document);
    const resolved = await ok(app.request('GET', `/1.0/identifiers/${encodeURIComponent(root.did)}`));
    expect(resolved).toMatchObject({ didDocument: reborn.did_document, didDocumentMetadata: {} });
    // Nested paths A had are not B's: not served until B makes them.
    expect((await onHost(a.domain, 'GET', '/issuers/did.json')).status).toBe(404);
    // One active DID per name: B cannot make it twice, and A's history stays A's.
    expectError(
      await call(b, 'POST', '/v1/dids', { method: 'web', domain: a.domain }),
      409,
      `DID ${root.did} already exists`,
    );
    expect((await ok(call(a.owner, 'GET', `/v1/dids/${encodeURIComponent(root.did)}`))).status).toBe('deactivated');
    expect((await ok(call(b, 'GET', `/v1/dids/${encodeURIComponent(root.did)}`))).status).toBe('active');
    // What A signed with the old key no longer verifies against the name's document.
    const verified = await ok(call(b, 'POST', '/v1/credentials/verify', { credential: signed.credential }));
    expect(verified.verified).toBe(false);
  });
});

describe('a did:web created while its domain is deleted', () => {
  it('is refused or deactivated with the domain, never left active, and nothing fails', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await tenantWithDomain();
      const [removed, ...created] = await Promise.all([
        call(a.owner, 'DELETE', `/v1/domains/${a.domainId}`),
        ...Array.from({ length: 6 }, (_, i) =>
          call(a.owner, 'POST', '/v1/dids', { method: 'web', domain: a.domain, path: `p${i}` }),
        ),
      ]);
      expect(removed!.status, removed!.text).toBe(200);
      for (const answer of created) {
        expect([200, 400], answer.text).toContain(answer.status);
        if (answer.status === 400)
          expect(answer.body.error).toBe(`${a.domain} is not a verified domain of the tenant (POST /v1/domains)`);
      }
      const active = (await ok(call(a.owner, 'GET', '/v1/dids?status=active'))).dids.map((d: any) => d.did);
      expect(active).toEqual([a.did]);
    }
  });
});

describe('a domain deleted and verified again by the same tenant', () => {
  it('keeps its deactivated DIDs deactivated: the tenant makes new ones, not the same DID twice', async () => {
    const a = await tenantWithDomain();
    const root = await ok(call(a.owner, 'POST', '/v1/dids', { method: 'web', domain: a.domain }));
    await ok(call(a.owner, 'DELETE', `/v1/domains/${a.domainId}`));
    await verifyDomain(a.owner, a.domain);
    // Deactivation is final (its document says so on the domain again), and a tenant holds a DID string once.
    expect((await onHost(a.domain, 'GET', '/.well-known/did.json')).status).toBe(410);
    expectError(
      await call(a.owner, 'POST', '/v1/dids', { method: 'web', domain: a.domain }),
      409,
      `DID ${root.did} already exists`,
    );
    const next = await ok(call(a.owner, 'POST', '/v1/dids', { method: 'web', domain: a.domain, path: 'v2' }));
    expect(next).toMatchObject({ did: `${root.did}:v2`, status: 'active' });
  });
});
