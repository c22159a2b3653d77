// Custom domains end to end: claim, the TXT record served by a real DNS server on loopback (reached
// through DNS_SERVERS by node:dns), verify's answers for a match, a wrong value, a missing record, NXDOMAIN and a
// timeout; plan gating with its texts; the 409s, the race of two tenants verifying one name; events and audit;
// GraphQL parity; the downgrade refused while a domain is verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, changePlan, tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';

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

const newDomain = () => `id-${uniqueSuffix()}.example.com`;

/** Claims `domain` for the tenant and publishes its TXT record on the test DNS server. */
async function claimWithRecord(tenant: RegisteredUser, domain = newDomain()) {
  const created = await ok(call(tenant, 'POST', '/v1/domains', { domain }));
  dns.setTxt(created.verification.name, [created.verification.value]);
  return created;
}

describe('POST /v1/domains', () => {
  it('claims a domain pending, with the TXT record that proves it', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const domain = newDomain();
    const created = await ok(call(owner, 'POST', '/v1/domains', { domain }));
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain,
      status: 'pending',
      verification: {
        type: 'TXT',
        name: `_credential-service.${domain}`,
        value: expect.stringMatching(/^credential-service-verification=[A-Za-z0-9_-]{32}$/),
      },
      created_at: expect.any(String),
      verified_at: null,
      checked_at: null,
      last_seen_at: null,
    });
    expect(await ok(call(owner, 'GET', `/v1/domains/${created.id}`))).toEqual(created);
    expect((await ok(call(owner, 'GET', '/v1/domains'))).domains).toEqual([created]);
  });

  it('is refused on Developer and Startup with the plan requirement, and allowed on Enterprise', async () => {
    for (const plan of ['developer', 'startup']) {
      const owner = await tenantOnPlan(app, plan);
      expectError(
        await call(owner, 'POST', '/v1/domains', { domain: newDomain() }),
        403,
        'custom domains require the business or enterprise plan',
      );
    }
    const enterprise = await tenantOnPlan(app, 'enterprise');
    await ok(call(enterprise, 'POST', '/v1/domains', { domain: newDomain() }));
  });

  it('refuses names that are not lowercase DNS names of two or more labels', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const rule = 'domain must be a lowercase DNS name of two or more labels, e.g. credentials.example.com';
    const cases: [unknown, string][] = [
      ['localhost', rule],
      ['Credentials.Example.com', rule],
      ['-bad.example.com', rule],
      ['bad-.example.com', rule],
      ['a..example.com', rule],
      ['example.com.', rule],
      ['under_score.example.com', rule],
      ['1.2.3.4', 'an IP address is not a domain'],
      ['10.0.0.300', rule],
      ['::1', 'an IP address is not a domain'],
      ['*.example.com', 'a wildcard is not a domain: claim each name'],
      [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.com`, 'domain must be at most 253 characters'],
      [`${'a'.repeat(64)}.example.com`, rule],
      [undefined, 'domain is required'],
      [42, 'domain must be a string'],
    ];
    for (const [domain, error] of cases) {
      expectError(await call(owner, 'POST', '/v1/domains', { domain }), 400, error);
    }
    // 253 characters exactly is a name.
    await ok(call(owner, 'POST', '/v1/domains', { domain: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com` }));
  });

  it('answers 409 domain already claimed for a name the tenant holds, or another tenant verified', async () => {
    const a = await tenantOnPlan(app, 'business');
    const b = await tenantOnPlan(app, 'business');
    const domain = newDomain();
    await ok(call(a, 'POST', '/v1/domains', { domain }));
    expectError(await call(a, 'POST', '/v1/domains', { domain }), 409, 'domain already claimed');
    // A pending claim does not stop another tenant's.
    const bClaim = await ok(call(b, 'POST', '/v1/domains', { domain }));
    dns.setTxt(bClaim.verification.name, [bClaim.verification.value]);
    expect((await ok(call(b, 'POST', `/v1/domains/${bClaim.id}/verify`))).status).toBe('verified');
    const c = await tenantOnPlan(app, 'enterprise');
    expectError(await call(c, 'POST', '/v1/domains', { domain }), 409, 'domain already claimed');
    // A's pending claim ended when B verified the name.
    expect((await ok(call(a, 'GET', '/v1/domains'))).domains).toEqual([]);
    const events = await ok(call(a, 'GET', '/v1/events?type=domain.removed'));
    expect(events.events.map((event: any) => event.data)).toEqual([
      { domain_id: expect.any(String), domain, reason: 'claimed_by_another_tenant', removed_at: expect.any(String) },
    ]);
  });
});

describe('POST /v1/domains/{id}/verify', () => {
  it('verifies when the TXT record holds the value, with an event and an audit entry', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const created = await claimWithRecord(owner);
    // Other TXT records at the name (SPF, a previous token) do not matter.
    dns.setTxt(created.verification.name, ['v=spf1 -all', created.verification.value]);
    const verified = await ok(call(owner, 'POST', `/v1/domains/${created.id}/verify`));
    expect(verified).toMatchObject({
      id: created.id,
      status: 'verified',
      verified_at: expect.any(String),
      checked_at: expect.any(String),
      last_seen_at: expect.any(String),
      check: { found: ['v=spf1 -all', created.verification.value], error: null },
    });
    expect(dns.asked).toContain(created.verification.name);
    const events = await ok(call(owner, 'GET', '/v1/events?type=domain.verified'));
    expect(events.events.map((event: any) => event.data)).toEqual([
      { domain_id: created.id, domain: created.domain, verified_at: verified.verified_at },
    ]);
    const audit = await ok(call(owner, 'GET', '/v1/admin/audit-log'));
    const actions = audit.events.filter((e: any) => e.target_id === created.id).map((e: any) => e.action);
    expect(actions.sort()).toEqual(['domain.added', 'domain.verified']);
    // Verifying again is a check: still verified.
    expect((await ok(call(owner, 'POST', `/v1/domains/${created.id}/verify`))).status).toBe('verified');
  });

  it('stays pending with what was found: a wrong value, no TXT record, NXDOMAIN, a timeout', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const created = await ok(call(owner, 'POST', '/v1/domains', { domain: newDomain() }));
    const { name } = created.verification;
    const verify = () => ok(call(owner, 'POST', `/v1/domains/${created.id}/verify`));

    dns.setTxt(name, ['credential-service-verification=someone-elses']);
    expect(await verify()).toMatchObject({
      status: 'pending',
      checked_at: expect.any(String),
      last_seen_at: null,
      check: { found: ['credential-service-verification=someone-elses'], error: null },
    });
    dns.setTxt(name, []);
    expect((await verify()).check).toEqual({ found: [], error: 'no TXT records at this name' });
    dns.remove(name); // the server answers NXDOMAIN for names it does not hold
    expect((await verify()).check).toEqual({ found: [], error: 'no such name (NXDOMAIN)' });
    dns.setSilent(name);
    expect((await verify()).check).toEqual({ found: [], error: 'DNS lookup timed out' });
    dns.setRcode(name, 'SERVFAIL');
    expect((await verify()).check).toEqual({ found: [], error: 'DNS lookup failed (ESERVFAIL)' });
    expect((await ok(call(owner, 'GET', `/v1/domains/${created.id}`))).status).toBe('pending');
  });

  it('lets exactly one of two tenants verifying one name at once win; the other’s claim ends', async () => {
    const a = await tenantOnPlan(app, 'business');
    const b = await tenantOnPlan(app, 'business');
    const domain = newDomain();
    const claimA = await ok(call(a, 'POST', '/v1/domains', { domain }));
    const claimB = await ok(call(b, 'POST', '/v1/domains', { domain }));
    dns.setTxt(claimA.verification.name, [claimA.verification.value, claimB.verification.value]);
    const results = await Promise.all([
      call(a, 'POST', `/v1/domains/${claimA.id}/verify`),
      call(b, 'POST', `/v1/domains/${claimB.id}/verify`),
    ]);
    const winner = results.find((result) => result.status === 200)!;
    const loser = results.find((result) => result !== winner)!;
    expect(winner?.body.status, results.map((r) => r.text).join('\n')).toBe('verified');
    // The loser is told the name is taken; if the winner was done before its request even looked its claim up,
    // the claim has already ended and is not found.
    if (loser.status === 409) expectError(loser, 409, 'domain already claimed');
    else expectError(loser, 404, 'domain not found');
    const loserTenant = winner === results[0] ? b : a;
    expect((await ok(call(loserTenant, 'GET', '/v1/domains'))).domains).toEqual([]);
    const rows = await app.database.prisma.customDomain.findMany({ where: { domain } });
    expect(rows.map((row) => row.status)).toEqual(['verified']);
  });

  it('is 404 for an unknown id and for another tenant’s domain, 403 off the plan', async () => {
    const a = await tenantOnPlan(app, 'business');
    const b = await tenantOnPlan(app, 'business');
    const created = await claimWithRecord(a);
    for (const id of [created.id, crypto.randomUUID(), 'not-a-uuid']) {
      for (const [method, path] of [
        ['GET', `/v1/domains/${id}`],
        ['POST', `/v1/domains/${id}/verify`],
        ['DELETE', `/v1/domains/${id}`],
      ] as const) {
        expectError(await call(b, method, path), 404, 'domain not found');
      }
    }
    expect((await ok(call(a, 'GET', `/v1/domains/${created.id}`))).status).toBe('pending');
  });
});

describe('DELETE /v1/domains/{id}', () => {
  it('removes the domain with an event and an audit entry; the name is free again', async () => {
    const a = await tenantOnPlan(app, 'business');
    const created = await claimWithRecord(a);
    await ok(call(a, 'POST', `/v1/domains/${created.id}/verify`));
    const removed = await ok(call(a, 'DELETE', `/v1/domains/${created.id}`));
    expect(removed).toMatchObject({ id: created.id, domain: created.domain, status: 'verified' });
    expectError(await call(a, 'GET', `/v1/domains/${created.id}`), 404, 'domain not found');
    const events = await ok(call(a, 'GET', '/v1/events?type=domain.removed'));
    expect(events.events.map((event: any) => event.data)).toEqual([
      { domain_id: created.id, domain: created.domain, reason: 'deleted', removed_at: expect.any(String) },
    ]);
    const audit = await ok(call(a, 'GET', '/v1/admin/audit-log'));
    expect(audit.events.map((e: any) => e.action)).toContain('domain.removed');
    const b = await tenantOnPlan(app, 'business');
    await ok(call(b, 'POST', '/v1/domains', { domain: created.domain }));
  });
});

describe('plan changes', () => {
  it('refuse a downgrade below Business while a domain is verified (400 with the reason), allow it after', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const created = await claimWithRecord(owner);
    await ok(call(owner, 'POST', `/v1/domains/${created.id}/verify`));
    expectError(
      await call(owner, 'POST', '/v1/admin/billing/upgrade', { plan: 'startup' }),
      400,
      'cannot move to the startup plan: it has no custom domains and the tenant has 1 verified (DELETE /v1/domains/{id} first)',
    );
    await ok(call(owner, 'POST', '/v1/admin/billing/upgrade', { plan: 'enterprise' }));
    await ok(call(owner, 'DELETE', `/v1/domains/${created.id}`));
    // A pending claim does not hold a downgrade back; verifying it is then refused.
    const pending = await claimWithRecord(owner);
    await changePlan(app, owner.token, 'startup');
    expectError(
      await call(owner, 'POST', `/v1/domains/${pending.id}/verify`),
      403,
      'custom domains require the business or enterprise plan',
    );
  });
});

describe('permissions', () => {
  it('need domains:manage: a viewer and an issuer are refused with the contract’s text', async () => {
    const owner = await tenantOnPlan(app, 'business');
    for (const roleId of [BUILTIN_ROLE_IDS.viewer, BUILTIN_ROLE_IDS.issuer]) {
      const member = await addMember(app, owner.token, roleId);
      const result = await app.request('GET', '/v1/domains', { token: member.token });
      expect(result.status).toBe(403);
      expect(result.body.error).toMatch(/^role '(viewer|issuer)' lacks permission: domains:manage$/);
    }
  });
});

describe('GraphQL', () => {
  it('creates, verifies, lists and deletes with the same rules', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const domain = newDomain();
    const created = await app.graphql(
      'mutation ($input: CreateDomainInput!) { createDomain(input: $input) { id domain status verification { type name value } } }',
      { input: { domain } },
      owner.token,
    );
    expect(created.body.errors).toBeUndefined();
    const { id, verification } = created.body.data.createDomain;
    expect(verification.name).toBe(`_credential-service.${domain}`);
    const again = await app.graphql(
      'mutation ($input: CreateDomainInput!) { createDomain(input: $input) { id } }',
      { input: { domain } },
      owner.token,
    );
    expect(again.body.errors[0]).toMatchObject({
      message: 'domain already claimed',
      extensions: { code: 'CONFLICT', status: 409 },
    });
    dns.setTxt(verification.name, [verification.value]);
    const verified = await app.graphql(
      'mutation ($id: String!) { verifyDomain(id: $id) { status check { found error } } }',
      { id },
      owner.token,
    );
    expect(verified.body.data.verifyDomain).toEqual({ status: 'verified', check: { found: [verification.value], error: null } });
    const listed = await app.graphql('{ domains { id status } }', {}, owner.token);
    expect(listed.body.data.domains).toEqual([{ id, status: 'verified' }]);
    const deleted = await app.graphql('mutation ($id: String!) { deleteDomain(id: $id) { id } }', { id }, owner.token);
    expect(deleted.body.data.deleteDomain).toEqual({ id });
    const developer = await tenantOnPlan(app, 'developer');
    const refused = await app.graphql(
      'mutation ($input: CreateDomainInput!) { createDomain(input: $input) { id } }',
      { input: { domain: newDomain() } },
      developer.token,
    );
    expect(refused.body.errors[0]).toMatchObject({
      message: 'custom domains require the business or enterprise plan',
      extensions: { status: 403 },
    });
  });
});
