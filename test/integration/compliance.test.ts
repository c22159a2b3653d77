// Compliance frameworks end to end: every framework's evaluation of a fresh tenant, the exact controls
// that flip when a tenant does something non-compliant (and flip back when it is fixed) with the evidence naming
// the objects, adoption refusing issues over REST and GraphQL, attestations, settings, and the signed report
// verified by did-jwt-vc.
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import { getResolver } from 'key-did-resolver';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, createApiKey, tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { createHash } from 'node:crypto';
import { FRAMEWORKS } from '../../src/modules/compliance/frameworks/index.js';
import { jcs } from '../support/jcs.js';
import type { CheckId } from '../../src/modules/compliance/checks/check-library.js';

const keyDidResolver = new Resolver(getResolver()) as unknown as Parameters<typeof verifyCredential>[1];

let app: TestApp;

async function ok(response: Promise<{ status: number; text: string; body: any }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

const call = (tenant: RegisteredUser, method: string, path: string, body?: unknown) =>
  app.request(method, path, { token: tenant.token, body });

/** Issues as a careful integrator does: with an Idempotency-Key (SOC 2 PI1.3 counts them). */
const issueSafely = (tenant: RegisteredUser, body: Record<string, unknown>) =>
  app.request('POST', '/v1/credentials/issue', {
    token: tenant.token,
    body,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

async function createDid(tenant: RegisteredUser) {
  return (await ok(call(tenant, 'POST', '/v1/dids', { key_type: 'Ed25519' }))).did as string;
}

/** A tenant with one DID, as the tests start from. */
async function freshTenant() {
  const owner = await tenantOnPlan(app, 'business');
  const did = await createDid(owner);
  return { owner, did };
}

type Control = {
  id: string;
  reference: string;
  state: string;
  figure: number | null;
  evidence: any;
  remediation: string | null;
};

async function controlsOf(tenant: RegisteredUser, framework: string): Promise<Map<string, Control>> {
  const body = await ok(call(tenant, 'GET', `/v1/compliance/frameworks/${framework}`));
  return new Map(body.controls.map((control: Control) => [control.id, control]));
}

/** control id → state, for every framework. */
async function statesOf(tenant: RegisteredUser) {
  const states: Record<string, string> = {};
  for (const framework of FRAMEWORKS) {
    for (const [id, control] of await controlsOf(tenant, framework.id)) states[`${framework.id}/${id}`] = control.state;
  }
  return states;
}

/** The controls (framework/control) that a check evaluates. */
const controlsChecking = (checks: CheckId[]) =>
  FRAMEWORKS.flatMap((framework) =>
    framework.controls
      .filter((control) => checks.includes(control.check))
      .map((control) => `${framework.id}/${control.id}`),
  );

// What a fresh tenant (one owner, one DID, nothing else) shows under the test deployment: http on loopback and
// test-strength password hashing are facts of this deployment, not of the tenant.
const FRESH_STATE: Record<CheckId, string> = {
  'signing-keys-encrypted': 'met',
  'signing-algorithms': 'met',
  'signing-key-age': 'met',
  'credentials-revocable': 'met',
  'credentials-expire': 'met',
  'personal-data-minimised': 'not_met',
  'owners-limited': 'met',
  'api-keys-scoped': 'met',
  'api-keys-expire': 'met',
  'api-keys-used': 'met',
  'members-active': 'met',
  'session-lifetime': 'met',
  'password-hashing': 'not_met',
  'audit-log-integrity': 'met',
  'audit-log-retention': 'met',
  'data-subject-requests': 'met',
  'webhooks-signed': 'met',
  'transport-encrypted': 'not_met',
  'idempotent-issuance': 'met',
  'trust-policy': 'not_met',
  'tenant-attestation': 'not_met',
};

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('the seven frameworks', () => {
  let tenant: Awaited<ReturnType<typeof freshTenant>>;
  beforeAll(async () => {
    tenant = await freshTenant();
  });

  it('are listed with their fixed ids, none adopted, each with counts over all its controls', async () => {
    const { frameworks } = await ok(call(tenant.owner, 'GET', '/v1/compliance/frameworks'));
    expect(frameworks.map((framework: { id: string }) => framework.id)).toEqual([
      'eidas2',
      'gdpr',
      'soc2',
      'iso27001',
      'nist-800-63',
      'uk-diatf',
      'hipaa',
    ]);
    for (const framework of frameworks) {
      const definition = FRAMEWORKS.find((candidate) => candidate.id === framework.id)!;
      expect(framework).toMatchObject({
        name: definition.name,
        version: definition.version,
        adopted: false,
        adopted_at: null,
      });
      const { met, not_met, partial, attestation } = framework.counts;
      expect(met + not_met + partial + attestation).toBe(definition.controls.length);
      expect(framework).not.toHaveProperty('controls');
    }
  });

  it.each(FRAMEWORKS.map((framework) => [framework.id, framework] as const))(
    '%s: a fresh tenant’s evaluation, control by control',
    async (id, definition) => {
      const body = await ok(call(tenant.owner, 'GET', `/v1/compliance/frameworks/${id}`));
      expect(body.controls).toHaveLength(definition.controls.length);
      definition.controls.forEach((control, index) => {
        const evaluated = body.controls[index];
        expect(evaluated).toMatchObject({
          id: control.id,
          reference: `${definition.citedAs} ${control.clause}`,
          requirement: control.requirement,
          evaluation: expect.any(String),
          state: FRESH_STATE[control.check],
          summary: expect.any(String),
          evidence: expect.any(Object),
        });
        expect(evaluated.remediation === null, `${control.id} remediation`).toBe(evaluated.state === 'met');
      });
      expect(body.counts.not_met).toBe(definition.controls.filter((c) => FRESH_STATE[c.check] === 'not_met').length);
    },
  );

  it('an unknown framework is 404 over REST and GraphQL', async () => {
    expectError(await call(tenant.owner, 'GET', '/v1/compliance/frameworks/pci-dss'), 404, 'framework not found');
    const result = await app.graphql('{ complianceFramework(id: "pci-dss") { id } }', {}, tenant.owner.token);
    expect(result.body.errors[0]).toMatchObject({ message: 'framework not found', extensions: { status: 404 } });
  });
});

describe('non-compliant state flips exactly its controls, with the evidence naming the objects', () => {
  it('an unscoped never-expiring key, a credential without expiry, an old key, exposed personal data', async () => {
    const { owner, did } = await freshTenant();
    const before = await statesOf(owner);

    const key = await createApiKey(app, owner.token, { name: 'ci' });
    await ok(call(owner, 'PUT', '/v1/compliance/settings', { personal_claims: ['birth_date'] }));
    const issued = await ok(
      issueSafely(owner, {
        format: 'jwt_vc_json',
        issuer: did,
        subject_id: 'did:example:alice',
        claims: { birth_date: '1990-01-01', degree: 'BSc' },
      }),
    );
    await app.database.prisma.$executeRaw`UPDATE dids SET created_at = now() - interval '400 days' WHERE did = ${did}`;

    const after = await statesOf(owner);
    const flipped = controlsChecking([
      'api-keys-scoped',
      'api-keys-expire',
      'credentials-expire',
      'signing-key-age',
      'personal-data-minimised',
    ]);
    for (const control of Object.keys(before)) {
      expect(after[control], control).toBe(flipped.includes(control) ? 'not_met' : before[control]);
    }

    const gdpr = await controlsOf(owner, 'gdpr');
    expect(gdpr.get('authorised-access-only')!.evidence).toMatchObject({
      unscoped: 1,
      unscoped_keys: [{ id: key.id, prefix: key.prefix, name: 'ci' }],
    });
    expect(gdpr.get('storage-limitation')!.evidence).toMatchObject({
      active_credentials: 1,
      without_expiry: 1,
      without_expiry_ids: [issued.id],
    });
    expect(gdpr.get('data-minimisation')!.evidence).toMatchObject({
      personal_claims: ['birth_date'],
      active_credentials_with_personal_data: 1,
      exposing_personal_data: 1,
      exposing_ids: [issued.id],
    });
    const iso = await controlsOf(owner, 'iso27001');
    expect(iso.get('key-management')!.evidence).toMatchObject({
      rotation_period_days: 365,
      overdue_count: 1,
      overdue: [{ did, age_days: 400 }],
    });
    expect(iso.get('key-management')!.remediation).toMatch(/deactivate/);

    // Half fixed: a second credential with expiry and personal data disclosable makes both shares partial.
    const newDid = await createDid(owner);
    await ok(
      issueSafely(owner, {
        format: 'vc+sd-jwt',
        issuer: newDid,
        vct: 'https://credentials.example.com/identity',
        claims: { birth_date: '1990-01-01' },
        valid_until: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const halfway = await controlsOf(owner, 'gdpr');
    expect(halfway.get('storage-limitation')).toMatchObject({ state: 'partial', figure: 0.5 });
    expect(halfway.get('data-minimisation')).toMatchObject({ state: 'partial', figure: 0.5 });

    // Fixed: the key revoked, the first credential revoked, the old DID deactivated.
    await ok(call(owner, 'DELETE', `/v1/admin/api-keys/${key.id}`));
    await ok(call(owner, 'POST', `/v1/credentials/${issued.id}/revoke`));
    await ok(call(owner, 'POST', `/v1/dids/${encodeURIComponent(did)}/deactivate`));
    expect(await statesOf(owner)).toEqual({
      ...before,
      // personal claims are declared now, and the one credential carrying one discloses it selectively
      ...Object.fromEntries(controlsChecking(['personal-data-minimised']).map((control) => [control, 'met'])),
    });
  });

  it('an API key unused for 90 days and a member inactive for 90 days', async () => {
    const { owner } = await freshTenant();
    const key = await createApiKey(app, owner.token, {
      scopes: ['usage:read'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    await app.database.prisma
      .$executeRaw`UPDATE api_keys SET created_at = now() - interval '100 days' WHERE id = ${key.id}::uuid`;
    await app.database.prisma.$executeRaw`
      UPDATE sessions SET created_at = now() - interval '120 days' WHERE user_id = ${viewer.user_id}::uuid`;
    await app.database.prisma.$executeRaw`
      UPDATE memberships SET created_at = now() - interval '120 days' WHERE user_id = ${viewer.user_id}::uuid`;
    const soc2 = await controlsOf(owner, 'soc2');
    expect(soc2.get('unused-credentials')).toMatchObject({
      state: 'not_met',
      evidence: { unused: 1, unused_keys: [{ id: key.id, last_used_at: null }] },
    });
    expect(soc2.get('access-removal')).toMatchObject({
      state: 'not_met',
      evidence: { inactive: 1, inactive_members: [{ user_id: viewer.user_id, role: 'viewer' }] },
    });
  });
});

describe('the audit log as evidence', () => {
  it('an audit event edited in SQL turns every audit-integrity control to not_met, naming the break', async () => {
    const { owner } = await freshTenant();
    await createApiKey(app, owner.token, { name: 'one', scopes: ['usage:read'] });
    await createApiKey(app, owner.token, { name: 'two', scopes: ['usage:read'] });
    const before = await statesOf(owner);
    const [edited] = await app.database.prisma.$queryRaw<{ id: string; seq: number }[]>`
      UPDATE audit_events SET details = '{"name":"forged"}'
      WHERE tenant_id = ${owner.tenant_id}::uuid AND seq = 2 RETURNING id::text, seq`;
    const after = await statesOf(owner);
    const integrity = controlsChecking(['audit-log-integrity']);
    for (const control of Object.keys(before)) {
      expect(after[control], control).toBe(integrity.includes(control) ? 'not_met' : before[control]);
    }
    const hipaa = await controlsOf(owner, 'hipaa');
    expect(hipaa.get('audit-controls')!.evidence).toMatchObject({
      chain_valid: false,
      first_break: { seq: 2, event_id: edited!.id, reason: 'hash_mismatch' },
    });
  });
});

describe('adoption enforces the framework’s technical controls at issue time', () => {
  let owner: RegisteredUser;
  let did: string;
  beforeAll(async () => {
    ({ owner, did } = await freshTenant());
    await ok(call(owner, 'PUT', '/v1/compliance/settings', { personal_claims: ['birth_date', 'name'] }));
  });

  const personalJwt = () => ({ format: 'jwt_vc_json', issuer: did, claims: { name: 'Alice', degree: 'BSc' } });
  const future = () => new Date(Date.now() + 86_400_000).toISOString();
  const GQL_ISSUE = `mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id } }`;

  it('adopting gdpr refuses personal claims in jwt_vc_json and credentials without expiry, over REST and GraphQL', async () => {
    const adopted = await ok(call(owner, 'POST', '/v1/compliance/frameworks/gdpr/adopt'));
    expect(adopted).toMatchObject({ id: 'gdpr', adopted: true, adopted_at: expect.any(String) });
    const minimisation =
      'refused by gdpr Art. 5(1)(c): claim name is personal data and a jwt_vc_json credential shows it to every verifier; issue it as vc+sd-jwt with the claim disclosable';
    expectError(await call(owner, 'POST', '/v1/credentials/issue', personalJwt()), 400, minimisation);
    const graphql = await app.graphql(
      GQL_ISSUE,
      { input: { format: 'jwt_vc_json', issuer: did, claims: { name: 'Alice' } } },
      owner.token,
    );
    expect(graphql.body.errors[0]).toMatchObject({ message: minimisation, extensions: { status: 400 } });

    const sdJwt = {
      format: 'vc+sd-jwt',
      issuer: did,
      vct: 'https://credentials.example.com/id',
      claims: { name: 'Alice' },
    };
    expectError(
      await call(owner, 'POST', '/v1/credentials/issue', sdJwt),
      400,
      'refused by gdpr Art. 5(1)(e): credentials must carry valid_until',
    );
    expectError(
      await call(owner, 'POST', '/v1/credentials/issue', { ...sdJwt, disclosable: [], valid_until: future() }),
      400,
      'refused by gdpr Art. 5(1)(c): claim name is personal data and must be disclosable',
    );
    await ok(call(owner, 'POST', '/v1/credentials/issue', { ...sdJwt, valid_until: future() }));
    // Nothing refused was stored or counted.
    const { credentials } = await ok(call(owner, 'GET', '/v1/credentials'));
    expect(credentials).toHaveLength(1);

    const unadopted = await ok(call(owner, 'POST', '/v1/compliance/frameworks/gdpr/unadopt'));
    expect(unadopted).toMatchObject({ adopted: false, adopted_at: null });
    await ok(call(owner, 'POST', '/v1/credentials/issue', personalJwt()));
  });

  it('eidas2 caps key age; adoption and its end are audited and are events', async () => {
    await ok(call(owner, 'POST', '/v1/compliance/frameworks/eidas2/adopt'));
    await ok(call(owner, 'POST', '/v1/compliance/frameworks/eidas2/adopt')); // again: no change, nothing recorded
    await ok(
      call(owner, 'POST', '/v1/credentials/issue', { format: 'jwt_vc_json', issuer: did, valid_until: future() }),
    );
    // A DID made 400 days ago (its age is read when its key is first loaded, here by the refused issue).
    const oldDid = await createDid(owner);
    await app.database.prisma
      .$executeRaw`UPDATE dids SET created_at = now() - interval '400 days' WHERE did = ${oldDid}`;
    const plain = { format: 'jwt_vc_json', issuer: oldDid, claims: { degree: 'BSc' }, valid_until: future() };
    const refused = await call(owner, 'POST', '/v1/credentials/issue', plain);
    expectError(
      refused,
      400,
      "refused by eidas2 Art. 24(2)(e): the issuer DID's key is 400 days old, over the 365-day rotation period",
    );
    await ok(call(owner, 'PUT', '/v1/compliance/settings', { key_rotation_days: 500 }));
    await ok(call(owner, 'POST', '/v1/credentials/issue', plain));
    await ok(call(owner, 'POST', '/v1/compliance/frameworks/eidas2/unadopt'));

    const { events } = await ok(call(owner, 'GET', '/v1/events?limit=100'));
    const types = events.map((event: { type: string }) => event.type);
    expect(types.filter((type: string) => type === 'compliance.framework.adopted')).toHaveLength(2); // gdpr, eidas2
    expect(types.filter((type: string) => type === 'compliance.framework.unadopted')).toHaveLength(2);
    const audit = await ok(call(owner, 'GET', '/v1/admin/audit-log?limit=100'));
    const actions = audit.events.map(
      (event: { action: string; target_id: string }) => `${event.action} ${event.target_id}`,
    );
    expect(actions.filter((action: string) => action.startsWith('compliance.framework.'))).toEqual([
      'compliance.framework.unadopted eidas2',
      'compliance.framework.adopted eidas2',
      'compliance.framework.unadopted gdpr',
      'compliance.framework.adopted gdpr',
    ]);
  });
});

describe('attestations and settings', () => {
  let owner: RegisteredUser;
  let viewerToken: string;
  beforeAll(async () => {
    ({ owner } = await freshTenant());
    viewerToken = (await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer)).token;
  });

  it('records who attested a tenant-asserted control and when; refuses the others', async () => {
    const statement = 'Procedure BP-3 notifies the supervisory authority within 72 hours; drill 2026-10-12.';
    const body = await ok(
      call(owner, 'POST', '/v1/compliance/frameworks/gdpr/attestations', {
        control_id: 'breach-notification',
        statement,
      }),
    );
    const control = body.controls.find((candidate: Control) => candidate.id === 'breach-notification');
    expect(control).toMatchObject({
      state: 'attestation',
      remediation: null,
      evidence: { attestation: { statement, attested_by_user_id: owner.user_id, attested_at: expect.any(String) } },
    });
    expect(body.counts.attestation).toBe(1);
    expectError(
      await call(owner, 'POST', '/v1/compliance/frameworks/gdpr/attestations', { control_id: 'nope', statement }),
      400,
      'control_id names no control of gdpr: nope',
    );
    expectError(
      await call(owner, 'POST', '/v1/compliance/frameworks/gdpr/attestations', {
        control_id: 'data-minimisation',
        statement,
      }),
      400,
      "control data-minimisation is evaluated from the tenant's state; only tenant-asserted controls take attestations",
    );
    expectError(
      await app.request('POST', '/v1/compliance/frameworks/gdpr/attestations', {
        token: viewerToken,
        body: { control_id: 'breach-notification', statement },
      }),
      403,
      "role 'viewer' lacks permission: compliance:manage",
    );
  });

  it('settings: read by a viewer, validated, written by the owner', async () => {
    expect(await ok(app.request('GET', '/v1/compliance/settings', { token: viewerToken }))).toEqual({
      personal_claims: [],
      key_rotation_days: 365,
    });
    expectError(
      await call(owner, 'PUT', '/v1/compliance/settings', { key_rotation_days: 10 }),
      400,
      'key_rotation_days must be an integer from 30 to 1825',
    );
    expectError(await call(owner, 'PUT', '/v1/compliance/settings', { personal_claims: 'name' }), 400);
    expect(
      await ok(call(owner, 'PUT', '/v1/compliance/settings', { personal_claims: ['name', 'name', 'email'] })),
    ).toEqual({ personal_claims: ['name', 'email'], key_rotation_days: 365 });
  });
});

describe('reports', () => {
  it('a signed ComplianceReport credential that did-jwt-vc verifies, with an HTML rendering, costing no quota', async () => {
    const { owner, did } = await freshTenant();
    const usageBefore = await ok(call(owner, 'GET', '/v1/admin/usage'));
    const chain = await ok(call(owner, 'GET', '/v1/admin/audit-log/verify'));
    const report = await ok(call(owner, 'POST', '/v1/compliance/reports', { framework: 'hipaa' }));
    // The audit chain's head when it was computed (the report's own audit event comes after it).
    expect(chain.head).not.toBeNull();
    expect(report.audit_chain_head).toEqual(chain.head);
    expect(report).toMatchObject({
      id: expect.any(String),
      framework: 'hipaa',
      issuer_did: did,
      credential: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      report: { framework: { id: 'hipaa' }, controls: expect.any(Array), issuer_did: did },
    });
    expect(report.report.controls).toHaveLength(FRAMEWORKS.find((f) => f.id === 'hipaa')!.controls.length);
    expect(report.html).toContain('<h1>HIPAA Security Rule compliance report</h1>');
    expect(report.html).not.toMatch(/<script/i);

    const verified = await verifyCredential(report.credential, keyDidResolver);
    expect(verified.verifiableCredential.type).toEqual(['VerifiableCredential', 'ComplianceReport']);
    expect(verified.verifiableCredential.issuer).toEqual({ id: did });
    const subject = verified.verifiableCredential.credentialSubject as any;
    expect(subject.counts).toEqual(report.counts);
    expect(subject.auditChainHead).toEqual(chain.head);
    expect(subject.controls.map((control: { state: string }) => control.state)).toEqual(
      report.report.controls.map((control: { state: string }) => control.state),
    );

    expect(await ok(call(owner, 'GET', `/v1/compliance/reports/${report.id}`))).toEqual(report);
    const list = await ok(call(owner, 'GET', '/v1/compliance/reports?framework=hipaa'));
    expect(list.reports.map((item: { id: string }) => item.id)).toEqual([report.id]);
    expect(list.reports[0]).not.toHaveProperty('html');
    expect(await ok(call(owner, 'GET', '/v1/admin/usage'))).toEqual(usageBefore);

    const graphql = await app.graphql(
      `mutation { createComplianceReport(input: { framework: "gdpr" }) { framework issuerDid counts { met notMet } credential } }`,
      {},
      owner.token,
    );
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.createComplianceReport).toMatchObject({ framework: 'gdpr', issuerDid: did });
    expectError(
      await call(owner, 'GET', '/v1/compliance/reports/00000000-0000-4000-8000-000000000000'),
      404,
      'report not found',
    );
    expectError(
      await call(owner, 'POST', '/v1/compliance/reports', { framework: 'pci' }),
      400,
      'framework must be one of eidas2, gdpr, soc2, iso27001, nist-800-63, uk-diatf, hipaa',
    );
  });

  it('signs reportDigest = base64url(SHA-256(JCS(report))) of the report it serves (RFC 8785)', async () => {
    // The test's own JCS first meets RFC 8785 § 3.2.3's sorting example (UTF-16 code units, not code points).
    expect(jcs(JSON.parse('{"\\u20ac":1,"\\r":2,"\\ufb33":3,"1":4,"\\ud83d\\ude00":5,"\\u0080":6,"\\u00f6":7}'))).toBe(
      '{"\\r":2,"1":4,"\u0080":6,"\u00f6":7,"\u20ac":1,"\ud83d\ude00":5,"\ufb33":3}',
    );
    const { owner } = await freshTenant();
    const created = await ok(call(owner, 'POST', '/v1/compliance/reports', { framework: 'gdpr' }));
    const fetched = await ok(call(owner, 'GET', `/v1/compliance/reports/${created.id}`));
    const verified = await verifyCredential(created.credential, keyDidResolver);
    const { reportDigest } = verified.verifiableCredential.credentialSubject as { reportDigest: string };
    for (const served of [created, fetched]) {
      const digest = createHash('sha256').update(jcs(served.report), 'utf8').digest('base64url');
      expect(digest).toBe(reportDigest);
    }
  });

  it('a tenant without an active DID is told to create one', async () => {
    const owner = await tenantOnPlan(app, 'developer');
    expectError(
      await call(owner, 'POST', '/v1/compliance/reports', { framework: 'gdpr' }),
      400,
      'the tenant has no active DID to sign the report with: create one first (POST /v1/dids)',
    );
  });
});
