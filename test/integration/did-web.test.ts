// did:web on a verified custom domain: creating one (the domain must be the tenant's and verified;
// a path; the DID limit; 409 on the same place twice), its document served at did.json under the domain's Host
// and resolved at /1.0/identifiers, credentials of both formats with kid did:web:…#key-1 and status lists under
// https://<domain>, verified by our own endpoint and by did-jwt-vc with web-did-resolver reaching the service
// over TLS, deactivation, the /v1 API and status lists on the custom domain, and the TLS terminator's ask.
import https from 'node:https';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import { getResolver } from 'web-did-resolver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOnHost, type OnHostOptions } from '../support/on-host.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { makeTestPki } from '../support/test-pki.js';
import { agentVia, startTlsTerminator } from '../support/tls-terminator.js';

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

/** A request to the service (on loopback) as if it came in on `host`: what a TLS terminator in front passes on. */
const onHost = (host: string, method: string, path: string, options: OnHostOptions = {}) =>
  requestOnHost(app, host, method, path, options);

/** A Business tenant holding a freshly verified domain. */
async function tenantWithDomain(plan = 'business') {
  const owner = await tenantOnPlan(app, plan);
  const domain = `vc-${uniqueSuffix()}.example.com`;
  const created = await ok(call(owner, 'POST', '/v1/domains', { domain }));
  dns.setTxt(created.verification.name, [created.verification.value]);
  expect((await ok(call(owner, 'POST', `/v1/domains/${created.id}/verify`))).status).toBe('verified');
  return { owner, domain, domainId: created.id as string };
}

/**
 * A verifier's view of our did:web DIDs: web-did-resolver itself, fetching https://<domain>/…/did.json over
 * real TLS through a terminator on loopback (as Caddy would stand in front of the service), the domains
 * pointed at it by the https agent and the terminator's certificate (*.example.com) from a test CA.
 */
async function withWebDidResolver<T>(
  use: (resolver: Parameters<typeof verifyCredential>[1]) => Promise<T>,
): Promise<T> {
  const pki = makeTestPki(['*.example.com']);
  const terminator = await startTlsTerminator(new URL(app.url), pki);
  const previous = https.globalAgent;
  https.globalAgent = agentVia(terminator, pki);
  try {
    const registry = getResolver() as unknown as ConstructorParameters<typeof Resolver>[0];
    return await use(new Resolver(registry) as unknown as Parameters<typeof verifyCredential>[1]);
  } finally {
    https.globalAgent = previous;
    await terminator.close();
  }
}

describe('POST /v1/dids with method web', () => {
  it('creates did:web:<domain> and did:web:<domain>:<path…> with keys held as for did:key', async () => {
    const { owner, domain } = await tenantWithDomain();
    const root = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    expect(root).toMatchObject({
      did: `did:web:${domain}`,
      verification_method: `did:web:${domain}#key-1`,
      key_type: 'Ed25519',
      status: 'active',
      did_document: {
        id: `did:web:${domain}`,
        verificationMethod: [
          {
            id: `did:web:${domain}#key-1`,
            type: 'JsonWebKey2020',
            controller: `did:web:${domain}`,
            publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: expect.any(String) },
          },
        ],
        assertionMethod: [`did:web:${domain}#key-1`],
      },
    });
    const nested = await ok(
      call(owner, 'POST', '/v1/dids', { method: 'web', domain, path: 'issuers/degrees', key_type: 'P-256' }),
    );
    expect(nested.did).toBe(`did:web:${domain}:issuers:degrees`);
    expect(nested.did_document.verificationMethod[0].publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect((await ok(call(owner, 'GET', '/v1/admin/usage'))).active_dids).toBe(2);
    // did:key stays the default.
    expect((await ok(call(owner, 'POST', '/v1/dids', {}))).did).toMatch(/^did:key:z/);
    expectError(
      await call(owner, 'POST', '/v1/dids', { method: 'web', domain }),
      409,
      `DID did:web:${domain} already exists`,
    );
  });

  it('refuses a domain that is not the tenant’s verified one, and a missing or misplaced domain', async () => {
    const { owner, domain } = await tenantWithDomain();
    const other = await tenantWithDomain();
    const pending = `pending-${uniqueSuffix()}.example.com`;
    await ok(call(owner, 'POST', '/v1/domains', { domain: pending }));
    for (const name of [other.domain, pending, 'unclaimed.example.com']) {
      expectError(
        await call(owner, 'POST', '/v1/dids', { method: 'web', domain: name }),
        400,
        `${name} is not a verified domain of the tenant (POST /v1/domains)`,
      );
    }
    expectError(await call(owner, 'POST', '/v1/dids', { method: 'web' }), 400, 'domain is required for a did:web');
    expectError(await call(owner, 'POST', '/v1/dids', { domain }), 400, 'domain and path are for did:web (method web)');
    expectError(await call(owner, 'POST', '/v1/dids', { method: 'peer' }), 400, 'method must be key or web');
    expectError(
      await call(owner, 'POST', '/v1/dids', { method: 'web', domain, path: '../etc' }),
      400,
      "path must be up to 8 segments separated by /, each of letters, digits, '.', '_', '~' or '-'",
    );
  });
});

describe('POST /v1/dids with method web and a path the did:web URL rule cannot give a place of its own', () => {
  it('refuses a first segment whose did.json is the domain’s root document or a path the service answers', async () => {
    const { owner, domain } = await tenantWithDomain();
    const wellKnown =
      'path may not start with .well-known: did:web maps it under /.well-known/, where did:web:<domain> has its document (/.well-known/did.json) and RFC 8615 reserves the names';
    for (const path of ['.well-known', '/.well-known/', '.well-known/issuers', '.WELL-KNOWN']) {
      expectError(await call(owner, 'POST', '/v1/dids', { method: 'web', domain, path }), 400, wellKnown);
    }
    expectError(
      await call(owner, 'POST', '/v1/dids', { method: 'web', domain, path: 'v1/status-lists' }),
      400,
      'path may not start with v1: did:web maps it under /v1/, where the service answers its API',
    );
    expectError(
      await call(owner, 'POST', '/v1/dids', { method: 'web', domain, path: '1.0/identifiers' }),
      400,
      'path may not start with 1.0: did:web maps it under /1.0/, where the service answers DID resolution',
    );
    // Segments that are no place at all, however spelled.
    const plain = "path must be up to 8 segments separated by /, each of letters, digits, '.', '_', '~' or '-'";
    for (const path of ['%2Ewell-known', '%2e%2e', 'a/./b', 'a/../b', 'a//b', '..', 'a b', 'a\\b']) {
      expectError(await call(owner, 'POST', '/v1/dids', { method: 'web', domain, path }), 400, plain);
    }
    // Nothing was made, and the root DID is still free; a segment merely containing the words is a place.
    expect((await ok(call(owner, 'GET', '/v1/dids'))).dids).toEqual([]);
    const root = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    expect(root.did).toBe(`did:web:${domain}`);
    const fine = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain, path: 'issuers/.well-known' }));
    expect(fine.did).toBe(`did:web:${domain}:issuers:.well-known`);
    expect((await onHost(domain, 'GET', '/issuers/.well-known/did.json')).body).toEqual(fine.did_document);
    expect((await onHost(domain, 'GET', '/.well-known/did.json')).body).toEqual(root.did_document);
    // Nor is there such a DID to resolve here (a did:web resolver would read the root's document for it).
    const resolved = await app.request(
      'GET',
      `/1.0/identifiers/${encodeURIComponent(`did:web:${domain}:.well-known`)}`,
    );
    expect(resolved.status).toBe(404);
    expect(resolved.body.didResolutionMetadata.error).toBe('notFound');
  });
});

describe('a did:web on its verified domain', () => {
  it('serves its document at did.json with the domain as Host, and nowhere else', async () => {
    const { owner, domain } = await tenantWithDomain();
    const root = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    const nested = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain, path: 'issuers/degrees' }));
    const wellKnown = await onHost(domain, 'GET', '/.well-known/did.json');
    expect(wellKnown.status, wellKnown.text).toBe(200);
    expect(wellKnown.headers.get('content-type')).toBe('application/did+json');
    expect(wellKnown.body).toEqual(root.did_document);
    expect((await onHost(`${domain}:443`, 'GET', '/issuers/degrees/did.json')).body).toEqual(nested.did_document);
    expect((await onHost(domain, 'GET', '/issuers/other/did.json')).status).toBe(404);
    // Not a verified domain, or the service's own address: 404.
    expect((await onHost('unverified.example.com', 'GET', '/.well-known/did.json')).status).toBe(404);
    expect((await app.request('GET', '/.well-known/did.json')).status).toBe(404);
    // Resolution from the database, on any host.
    const resolved = await ok(app.request('GET', `/1.0/identifiers/${encodeURIComponent(root.did)}`));
    expect(resolved).toMatchObject({ didDocument: root.did_document, didDocumentMetadata: {} });
    const unknown = await app.request('GET', `/1.0/identifiers/${encodeURIComponent('did:web:elsewhere.example.com')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.didResolutionMetadata.error).toBe('notFound');
  });

  it('issues both formats with kid did:web:…#key-1 and status lists under https://<domain>; both verify here and with did-jwt-vc', async () => {
    const { owner, domain } = await tenantWithDomain();
    const { did } = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    const jwt = await ok(
      call(owner, 'POST', '/v1/credentials/issue', {
        format: 'jwt_vc_json',
        issuer: did,
        subject_id: 'did:example:alice',
        type: 'UniversityDegreeCredential',
        claims: { degree: 'BSc' },
      }),
    );
    const header = JSON.parse(Buffer.from(jwt.credential.split('.')[0], 'base64url').toString());
    expect(header.kid).toBe(`${did}#key-1`);
    expect(jwt.status.uri).toMatch(
      new RegExp(`^https://${domain.replace(/\./g, '\\.')}/v1/status-lists/[0-9a-f-]{36}$`),
    );
    const sd = await ok(
      call(owner, 'POST', '/v1/credentials/issue', {
        format: 'vc+sd-jwt',
        issuer: did,
        vct: 'https://credentials.example.com/degree',
        claims: { degree: 'BSc' },
        disclosable: ['degree'],
      }),
    );
    expect(sd.status.uri.startsWith(`https://${domain}/v1/status-lists/`)).toBe(true);
    for (const issued of [jwt, sd]) {
      const verified = await ok(call(owner, 'POST', '/v1/credentials/verify', { credential: issued.credential }));
      expect(verified.issuer).toBe(did);
      expect(verified.checks.filter((check: any) => check.status === 'failed')).toEqual([]);
      expect(verified.checks.find((check: any) => check.name === 'status').status).toBe('passed');
      expect(verified.verified).toBe(true);
    }
    // An independent verifier resolving the did:web with web-did-resolver over HTTPS.
    const independent = await withWebDidResolver((resolver) => verifyCredential(jwt.credential, resolver));
    expect(independent.verified).toBe(true);
    expect(independent.issuer).toBe(did);
    // The status list, fetched as a verifier would at its URI, names that URI; another tenant's is not here.
    const path = new URL(jwt.status.uri).pathname;
    const list = await onHost(domain, 'GET', path);
    expect(list.status).toBe(200);
    const claims = JSON.parse(Buffer.from(list.text.split('.')[1]!, 'base64url').toString());
    expect(claims.id ?? claims.vc?.id ?? claims.sub ?? claims.jti, JSON.stringify(claims).slice(0, 300)).toBe(
      jwt.status.uri,
    );
    const other = await tenantWithDomain();
    expect((await onHost(other.domain, 'GET', path)).status).toBe(404);
    // Revoked: the status check fails through the domain's list.
    await ok(call(owner, 'POST', `/v1/credentials/${jwt.id}/revoke`));
    const revoked = await ok(call(owner, 'POST', '/v1/credentials/verify', { credential: jwt.credential }));
    expect(revoked.verified).toBe(false);
    expect(revoked.checks.find((check: any) => check.name === 'status').status).toBe('failed');
  });

  it('signs trust attestations whose status lists live under the domain, as its credentials do', async () => {
    const { owner, domain } = await tenantWithDomain();
    const { did } = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    const attestation = await ok(
      call(owner, 'POST', '/v1/trust/attestations', {
        attester_did: did,
        subject_did: 'did:example:supplier',
        score: 80,
        weight: 0.5,
        assurance_level: 'substantial',
      }),
    );
    const uri: string = attestation.credential_status.uri;
    expect(uri).toMatch(new RegExp(`^https://${domain.replace(/\./g, '\\.')}/v1/status-lists/[0-9a-f-]{36}$`));
    const payload = JSON.parse(Buffer.from(attestation.credential.split('.')[1], 'base64url').toString());
    expect(payload.vc.credentialStatus.statusListCredential).toBe(uri);
    // The list answers on the domain and a verifier finds the attestation in force.
    expect((await onHost(domain, 'GET', new URL(uri).pathname)).status).toBe(200);
    const listed = await ok(call(owner, 'GET', `/v1/trust/attestations/${attestation.id}`));
    expect(listed.credential_status.uri).toBe(uri);
    const verified = await ok(call(owner, 'POST', '/v1/credentials/verify', { credential: attestation.credential }));
    expect(verified.checks.find((check: any) => check.name === 'status')).toMatchObject({ status: 'passed' });
  });

  it('can be deactivated: resolution says so, did.json is gone, issuing is refused', async () => {
    const { owner, domain } = await tenantWithDomain();
    const { did } = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    const deactivated = await ok(call(owner, 'POST', `/v1/dids/${encodeURIComponent(did)}/deactivate`));
    expect(deactivated.status).toBe('deactivated');
    const resolved = await ok(app.request('GET', `/1.0/identifiers/${encodeURIComponent(did)}`));
    expect(resolved.didDocumentMetadata).toEqual({ deactivated: true });
    expect((await onHost(domain, 'GET', '/.well-known/did.json')).status).toBe(410);
    expectError(
      await call(owner, 'POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: did, claims: { a: 1 } }),
      400,
      'issuer DID is deactivated',
    );
  });

  it('stops being served, deactivated, when its domain is removed', async () => {
    const { owner, domain, domainId } = await tenantWithDomain();
    const { did } = await ok(call(owner, 'POST', '/v1/dids', { method: 'web', domain }));
    await ok(call(owner, 'POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: did, claims: { a: 1 } }));
    await ok(call(owner, 'DELETE', `/v1/domains/${domainId}`));
    expect((await onHost(domain, 'GET', '/.well-known/did.json')).status).toBe(404);
    expect((await app.request('GET', `/1.0/identifiers/${encodeURIComponent(did)}`)).status).toBe(404);
    // The name may go to another tenant: the DID went with the domain, and issuing with it is refused.
    expect((await ok(call(owner, 'GET', `/v1/dids/${encodeURIComponent(did)}`))).status).toBe('deactivated');
    expectError(
      await call(owner, 'POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: did, claims: { a: 1 } }),
      400,
      'issuer DID is deactivated',
    );
  });
});

describe('the API on a custom domain', () => {
  it('answers /v1 with the same auth, and writes status list URLs under the domain', async () => {
    const { owner, domain } = await tenantWithDomain();
    const me = await onHost(domain, 'GET', '/v1/auth/me', { token: owner.token });
    expect(me.status).toBe(200);
    expect(me.body.tenant_id).toBe(owner.tenant_id);
    expect((await onHost(domain, 'GET', '/v1/auth/me')).status).toBe(401);
    const { did } = await ok(call(owner, 'POST', '/v1/dids', {}));
    const issued = await onHost(domain, 'POST', '/v1/credentials/issue', {
      token: owner.token,
      body: { format: 'jwt_vc_json', issuer: did, claims: { a: 1 } },
    });
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.status.uri.startsWith(`https://${domain}/v1/status-lists/`)).toBe(true);
    const verified = await ok(call(owner, 'POST', '/v1/credentials/verify', { credential: issued.body.credential }));
    expect(verified.verified).toBe(true);
  });
});

describe('GET /internal/tls/ask', () => {
  it('answers 200 only for verified domains', async () => {
    const { owner, domain } = await tenantWithDomain();
    const ask = (name: string) => app.request('GET', `/internal/tls/ask?domain=${encodeURIComponent(name)}`);
    const yes = await ask(domain);
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({ domain, verified: true });
    const pending = `pending-${uniqueSuffix()}.example.com`;
    await ok(call(owner, 'POST', '/v1/domains', { domain: pending }));
    for (const name of [pending, 'never-claimed.example.com', '127.0.0.1', '', '*.example.com']) {
      expect((await ask(name)).status, name).toBe(404);
    }
    expect((await app.request('GET', '/internal/tls/ask')).status).toBe(404);
  });
});
