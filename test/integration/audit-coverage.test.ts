// What auditors ask for first is in the audit log (SOC 2 CC7.2, ISO 27001 A.8.15): sign-ups, sign-ins (failed
// ones too), DIDs created and deactivated, credentials issued and revoked (through the API or a wallet's OpenID4VCI
// request, in the name of the offer's creator), OpenID4VCI configurations and offers. Issued credentials are chained by the
// batch issue statement, a tenant's batch under one lock of its chain head, and still verify one by one: editing
// or deleting one entry of a batch is named by the verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  newRegistration,
  registerUser,
  tenantOnPlan,
  uniqueSuffix,
  type RegisteredUser,
} from '../support/factories.js';
import { createWallet, keyProof, walletKey } from '../support/oid4vci-wallet.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const storedEvents = (tenantId: string) =>
  app.database.prisma.auditEvent.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } });

const verify = async (token: string) => {
  const response = await app.request('GET', '/v1/admin/audit-log/verify', { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

async function ok(response: Promise<{ status: number; text: string; body: any; headers: Headers }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await read();
    if (done(value) || tries >= 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sign-up and sign-in', () => {
  it('a new tenant’s log starts with its sign-up, by its owner, in its request', async () => {
    const requestId = `req-${uniqueSuffix()}`;
    const slug = `org-${uniqueSuffix()}`;
    const owner = await registerUser(app, { tenant_slug: slug });
    const [first, ...rest] = await storedEvents(owner.tenant_id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      seq: 1,
      action: 'auth.registered',
      actorUserId: owner.user_id,
      targetType: 'member',
      targetId: owner.user_id,
      details: { email: owner.email, tenant_slug: slug, role: 'owner' },
    });
    const again = await app.request('POST', '/v1/auth/register', {
      body: newRegistration(),
      headers: { 'x-request-id': requestId },
    });
    expect(again.status, again.text).toBe(200);
    expect((await storedEvents(again.body.tenant_id))[0]).toMatchObject({ action: 'auth.registered', requestId });
  });

  it('records successful and failed sign-ins in the tenant; an unknown email in no tenant', async () => {
    const owner = await registerUser(app);
    await ok(app.request('POST', '/v1/auth/login', { body: { email: owner.email, password: owner.password } }));
    const failed = await app.request('POST', '/v1/auth/login', { body: { email: owner.email, password: 'wrong' } });
    expect(failed.status).toBe(401);
    const unknownEmail = `nobody-${uniqueSuffix()}@example.com`;
    const unknown = await app.request('POST', '/v1/auth/login', { body: { email: unknownEmail, password: 'wrong' } });
    expect(unknown.status).toBe(401);

    // The failure is recorded without holding the answer (whose timing must not tell known emails from unknown).
    const events = await eventually(
      () => storedEvents(owner.tenant_id),
      (rows) => rows.length >= 3,
    );
    expect(events.map((event) => [event.seq, event.action])).toEqual([
      [1, 'auth.registered'],
      [2, 'auth.login_succeeded'],
      [3, 'auth.login_failed'],
    ]);
    expect(events[1]).toMatchObject({ actorUserId: owner.user_id, targetId: owner.user_id });
    expect(events[2]).toMatchObject({
      actorUserId: null,
      targetType: 'member',
      targetId: owner.user_id,
      details: { email: owner.email, reason: 'wrong_password' },
    });
    const elsewhere = await app.database.prisma.auditEvent.count({
      where: { details: { path: ['email'], equals: unknownEmail } },
    });
    expect(elsewhere).toBe(0);
    expect(await verify(owner.token)).toMatchObject({ valid: true, events_checked: 3 });
  });
});

describe('DIDs and credentials', () => {
  let owner: RegisteredUser;
  let did: string;
  let credentialIds: string[];
  let revoked: string;

  beforeAll(async () => {
    owner = await tenantOnPlan(app, 'enterprise');
    did = (await ok(app.request('POST', '/v1/dids', { token: owner.token, body: {} }))).body.did;
    // Issued together: they reach the database in shared batches.
    const issues = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        ok(
          app.request('POST', '/v1/credentials/issue', {
            token: owner.token,
            body: { issuer: did, format: 'jwt_vc_json', subject_id: `did:example:s${index}`, claims: { n: index } },
          }),
        ),
      ),
    );
    credentialIds = issues.map((response) => response.body.id);
    revoked = credentialIds[3]!;
    await ok(app.request('POST', `/v1/credentials/${revoked}/revoke`, { token: owner.token }));
    const other = (await ok(app.request('POST', '/v1/dids', { token: owner.token, body: {} }))).body.did;
    await ok(app.request('POST', `/v1/dids/${other}/deactivate`, { token: owner.token }));
  });

  it('records DIDs created and deactivated, credentials issued and revoked, each once, by whom', async () => {
    const events = await storedEvents(owner.tenant_id);
    const of = (action: string) => events.filter((event) => event.action === action);
    expect(of('did.created').map((event) => event.targetType)).toEqual(['did', 'did']);
    expect(of('did.created')[0]).toMatchObject({
      targetId: did,
      actorUserId: owner.user_id,
      details: { key_type: 'Ed25519' },
    });
    expect(of('did.deactivated')).toEqual([expect.objectContaining({ targetId: of('did.created')[1]!.targetId })]);
    const issued = of('credential.issued');
    expect(issued.map((event) => event.targetId).sort()).toEqual([...credentialIds].sort());
    const first = issued.find((event) => event.targetId === credentialIds[0])!;
    expect(first).toMatchObject({
      targetType: 'credential',
      actorUserId: owner.user_id,
      actorApiKeyId: null,
      details: {
        format: 'jwt_vc_json',
        credential_type: 'VerifiableCredential',
        issuer: did,
        subject_id: 'did:example:s0',
      },
    });
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(of('credential.revoked')).toEqual([
      expect.objectContaining({ targetId: revoked, actorUserId: owner.user_id, targetType: 'credential' }),
    ]);
    // Shown by the log like any other event, and the whole chain verifies.
    const log = await ok(app.request('GET', '/v1/admin/audit-log?limit=100', { token: owner.token }));
    expect(log.body.events.filter((event: any) => event.action === 'credential.issued')).toHaveLength(24);
    expect(await verify(owner.token)).toMatchObject({ valid: true, events_checked: events.length, first_break: null });
  });

  it('detects one entry of an issue batch edited, or deleted', async () => {
    const events = await storedEvents(owner.tenant_id);
    const victim = events.filter((event) => event.action === 'credential.issued')[10]!;
    const { prisma } = app.database;
    await prisma.$executeRaw`
      UPDATE audit_events SET details = jsonb_set(details, '{subject_id}', '"did:example:someone-else"')
      WHERE tenant_id = ${owner.tenant_id}::uuid AND id = ${victim.id}::uuid`;
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      first_break: { seq: victim.seq, event_id: victim.id, reason: 'hash_mismatch' },
    });
    await prisma.$executeRaw`DELETE FROM audit_events WHERE tenant_id = ${owner.tenant_id}::uuid AND id = ${victim.id}::uuid`;
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      first_break: { seq: victim.seq + 1, reason: 'sequence_gap' },
    });
  });
});

describe('OpenID4VCI', () => {
  it('records configurations and offers by whom, and a wallet’s credentials in the name of the offer’s creator', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const key = await ok(app.request('POST', '/v1/admin/api-keys', { token: owner.token, body: { name: 'offers' } }));
    const send = (method: string, path: string, body?: unknown, token = owner.token) =>
      ok(app.request(method, path, { token, body }));
    const did = (await send('POST', '/v1/dids', {})).body.did;
    await send('POST', '/v1/oid4vci/credential-configurations', {
      configuration_id: 'Audited',
      format: 'dc+sd-jwt',
      issuer: did,
      vct: 'https://credentials.example.com/audited',
    });
    await send('PATCH', '/v1/oid4vci/credential-configurations/Audited', { validity_seconds: 3600 });
    const offer = (
      await send(
        'POST',
        '/v1/oid4vci/offers',
        {
          configuration_ids: ['Audited'],
          subject_id: 'did:example:audited',
          claims: { Audited: { name: 'Audited' } },
        },
        key.body.key,
      )
    ).body;
    const wallet = createWallet(app);
    const requestId = `wallet-${uniqueSuffix()}`;
    const offered = await wallet.offerFrom(offer.offer_uri);
    const token = await wallet.tokenRequest(
      `${offered.credential_issuer}/token`,
      offered.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']!['pre-authorized_code'],
    );
    const nonce = await wallet.nonce(`${offered.credential_issuer}/nonce`);
    const issued = await app.request('POST', `/oid4vci/${owner.tenant_slug}/credential`, {
      body: {
        credential_configuration_id: 'Audited',
        proofs: { jwt: [await keyProof(walletKey(), { aud: offered.credential_issuer, nonce })] },
      },
      headers: { authorization: `Bearer ${token.body.access_token}`, 'x-request-id': requestId },
    });
    expect(issued.status, issued.text).toBe(200);
    const cancelled = (
      await send('POST', '/v1/oid4vci/offers', {
        configuration_ids: ['Audited'],
        subject_id: 'did:example:audited',
        claims: { Audited: { name: 'Again' } },
      })
    ).body;
    await send('DELETE', `/v1/oid4vci/offers/${cancelled.id}`);
    await send('DELETE', '/v1/oid4vci/credential-configurations/Audited');

    const events = await storedEvents(owner.tenant_id);
    const of = (action: string) => events.filter((event) => event.action === action);
    expect(of('oid4vci.configuration.created')).toEqual([
      expect.objectContaining({ targetType: 'oid4vci_configuration', targetId: 'Audited', actorUserId: owner.user_id }),
    ]);
    expect(of('oid4vci.configuration.updated')[0]!.details).toEqual({ fields: ['validitySeconds'] });
    expect(of('oid4vci.configuration.deleted')).toHaveLength(1);
    expect(of('oid4vci.offer.created').map((event) => [event.targetId, event.actorApiKeyId])).toEqual([
      [offer.id, key.body.id],
      [cancelled.id, null],
    ]);
    expect(of('oid4vci.offer.cancelled').map((event) => event.targetId)).toEqual([cancelled.id]);
    const [credential] = of('credential.issued');
    expect(credential).toMatchObject({
      actorUserId: owner.user_id,
      actorApiKeyId: key.body.id,
      requestId,
      details: { channel: 'oid4vci', offer_id: offer.id, subject_id: 'did:example:audited', format: 'vc+sd-jwt' },
    });
    expect(await verify(owner.token)).toMatchObject({ valid: true, events_checked: events.length });
  });
});
