// What auditors ask for first is in the audit log (SOC 2 CC7.2, ISO 27001 A.8.15): sign-ups, sign-ins (failed
// ones too), DIDs created and deactivated, credentials issued and revoked (through the API or a wallet's OpenID4VCI
// request, in the name of the offer's creator), OpenID4VCI configurations and offers, what certifies a DID's key and
// which roots a tenant trusts. Issued credentials join the chain a moment after their issue as groups, one per
// tenant for what waited, each entry with its own digest, and still verify one by one: editing an entry of a group
// is named by the verification, dropping one breaks its group.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jcs } from '../support/jcs.js';
import { answer, newHolderKey, openRequest, presentSdJwt } from '../support/oid4vp-wallet.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { auditEntries } from '../support/rows.js';
import { chainPendingAudit } from '../../src/modules/audit/audit-pending.js';
import { makeTestCa } from '../support/test-ca.js';
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

/** The tenant's chain as stored, without prompting the chaining of issued credentials' entries that wait. */
const chainedEvents = async (tenantId: string) =>
  auditEntries(await app.database.prisma.auditEvent.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } }));

/** The tenant's log as stored once what waits is chained, as every read of the log through the API does first. */
const storedEvents = async (tenantId: string) => {
  await chainPendingAudit(app.database.prisma, tenantId);
  return chainedEvents(tenantId);
};

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

  it('chains issued credentials a moment after their issue, with no read of the log to prompt it', async () => {
    const chained = await eventually(
      async () => ({
        waiting: await app.database.prisma.auditPendingEntry.count({ where: { tenantId: owner.tenant_id } }),
        issued: (await chainedEvents(owner.tenant_id)).filter((event) => event.action === 'credential.issued'),
      }),
      ({ waiting, issued }) => waiting === 0 && issued.length === 24,
    );
    expect(chained.waiting).toBe(0);
    expect(chained.issued.map((event) => event.targetId).sort()).toEqual([...credentialIds].sort());
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

  it('shows each issued credential as an entry: its own fields and digest, its group\'s seq and hash', async () => {
    const events = await storedEvents(owner.tenant_id);
    const entry = events.find((event) => event.action === 'credential.issued')!;
    const pages: any[] = [];
    let cursor: string | null = null;
    do {
      const page = await ok(
        app.request('GET', `/v1/admin/audit-log?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { token: owner.token }),
      );
      expect(page.body.events.length).toBeLessThanOrEqual(7);
      pages.push(...page.body.events);
      cursor = page.body.next_cursor;
    } while (cursor);
    // Every entry once, whatever the pages cut through a group.
    expect(pages.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    const shown = pages.find((event) => event.id === entry.id);
    expect(shown).toMatchObject({
      seq: entry.seq,
      hash: entry.hash,
      prev_hash: entry.prevHash,
      group_id: entry.groupId,
      target_id: entry.targetId,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The digest is SHA-256 of the RFC 8785 text of the entry's fields with the tenant (written here from the RFC).
    const text = jcs({
      action: shown.action,
      actor_api_key_id: shown.actor_api_key_id,
      actor_user_id: shown.actor_user_id,
      created_at: shown.created_at,
      details: shown.details,
      id: shown.id,
      request_id: shown.request_id,
      target_id: shown.target_id,
      target_type: shown.target_type,
      tenant_id: owner.tenant_id,
    });
    expect(createHash('sha256').update(text).digest('hex')).toBe(shown.digest);
    // The group's hash over its entries' digests, in order.
    const group = pages.filter((event) => event.group_id === shown.group_id);
    const [row] = await app.database.prisma.auditEvent.findMany({ where: { id: shown.group_id } });
    const digests = (row!.details as any).entries.map((stored: any) => stored.digest);
    expect([...digests].sort()).toEqual(group.map((event) => event.digest).sort());
    const groupText = jcs({
      action: 'credential.issued',
      actor_api_key_id: null,
      actor_user_id: null,
      created_at: row!.createdAt.toISOString(),
      details: { entries: digests },
      id: row!.id,
      prev_hash: row!.prevHash,
      request_id: null,
      seq: row!.seq,
      target_id: null,
      target_type: 'credential',
      tenant_id: owner.tenant_id,
    });
    expect(createHash('sha256').update(groupText).digest('hex')).toBe(row!.hash);
  });

  it('detects an entry of a group edited, dropped, or a whole group deleted', async () => {
    const events = await storedEvents(owner.tenant_id);
    const victim = events.filter((event) => event.action === 'credential.issued')[10]!;
    const { prisma } = app.database;
    const [group] = await prisma.auditEvent.findMany({ where: { id: victim.groupId! } });
    const entries = (group!.details as any).entries as any[];
    const at = entries.findIndex((entry) => entry.id === victim.id);
    const edited = entries.map((entry, index) =>
      index === at ? { ...entry, details: { ...entry.details, subject_id: 'did:example:someone-else' } } : entry,
    );
    const setEntries = (list: unknown[]) => prisma.$executeRaw`
      UPDATE audit_events SET details = jsonb_build_object('entries', ${JSON.stringify(list)}::jsonb)
      WHERE tenant_id = ${owner.tenant_id}::uuid AND id = ${group!.id}::uuid`;
    await setEntries(edited);
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      first_break: { seq: group!.seq, event_id: victim.id, reason: 'hash_mismatch' },
    });
    // Dropped from its group: every remaining entry matches its digest, but the group's hash does not.
    await setEntries(entries.filter((_, index) => index !== at));
    expect(await verify(owner.token)).toMatchObject({
      valid: false,
      first_break: { seq: group!.seq, event_id: group!.id, reason: 'hash_mismatch' },
    });
    await setEntries(entries);
    expect(await verify(owner.token)).toMatchObject({ valid: true });
    await prisma.$executeRaw`DELETE FROM audit_events WHERE tenant_id = ${owner.tenant_id}::uuid AND id = ${group!.id}::uuid`;
    const after = await verify(owner.token);
    expect(after.valid).toBe(false);
    expect(after.first_break).toMatchObject(
      // The last group gone leaves the head naming it; any other leaves a gap.
      group!.seq === events.at(-1)!.seq
        ? { reason: 'head_mismatch' }
        : { seq: group!.seq + 1, reason: 'sequence_gap' },
    );
  });
});

describe('certificates of DID keys and trust anchors', () => {
  it('records a certification request, a chain set and removed, an anchor added and removed, by whom; the chain verifies', async () => {
    const ca = makeTestCa();
    const owner = await registerUser(app);
    const did = (await ok(app.request('POST', '/v1/dids', { token: owner.token, body: {} }))).body.did as string;
    const path = (rest: string) => `/v1/dids/${encodeURIComponent(did)}/${rest}`;
    const request = { token: owner.token, body: { common_name: 'Audited Issuer', organization: 'Audits' } };
    const { csr } = (await ok(app.request('POST', path('certificate-signing-request'), request))).body;
    const leaf = ca.sign(csr, ca.root);
    const chain = (
      await ok(app.request('PUT', path('certificate-chain'), { token: owner.token, body: { certificates: [leaf] } }))
    ).body;
    await ok(app.request('DELETE', path('certificate-chain'), { token: owner.token }));
    const anchor = (
      await ok(app.request('POST', '/v1/trust/anchors', { token: owner.token, body: { certificate: ca.root.pem } }))
    ).body;
    await ok(app.request('DELETE', `/v1/trust/anchors/${anchor.id}`, { token: owner.token }));

    const events = await storedEvents(owner.tenant_id);
    const of = (action: string) => events.filter((event) => event.action === action);
    const leafFacts = {
      did,
      leaf_subject: 'O=Audits, CN=Audited Issuer',
      leaf_issuer: 'CN=Test Root CA',
      leaf_serial_number: chain.certificates[0].serial_number,
      leaf_fingerprint: chain.certificates[0].fingerprint_sha256,
      certificates: 1,
    };
    expect(of('did.certificate_requested')).toEqual([
      expect.objectContaining({
        targetType: 'did',
        targetId: did,
        actorUserId: owner.user_id,
        details: { subject: 'O=Audits, CN=Audited Issuer', dns_names: [], uris: [] },
      }),
    ]);
    for (const action of ['did.certificate_chain.set', 'did.certificate_chain.removed']) {
      expect(of(action), action).toEqual([
        expect.objectContaining({ targetType: 'did', targetId: did, details: expect.objectContaining(leafFacts) }),
      ]);
    }
    const anchorDetails = { subject: 'CN=Test Root CA', fingerprint_sha256: anchor.fingerprint_sha256 };
    for (const action of ['trust.anchor.added', 'trust.anchor.removed']) {
      expect(of(action), action).toEqual([
        expect.objectContaining({ targetType: 'trust_anchor', targetId: anchor.id, details: anchorDetails }),
      ]);
    }
    expect(await verify(owner.token)).toMatchObject({ valid: true, first_break: null });
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
  });
});

describe('OpenID4VP presentation requests', () => {
  it('records requests made and cancelled by whom, verdicts by the wallet (no actor), a response code redeemed', async () => {
    const owner = await tenantOnPlan(app, 'enterprise');
    const did = (await ok(app.request('POST', '/v1/dids', { token: owner.token, body: {} }))).body.did;
    const holder = newHolderKey();
    const vct = 'urn:example:audited';
    const sdJwt = (
      await ok(
        app.request('POST', '/v1/credentials/issue', {
          token: owner.token,
          body: { format: 'vc+sd-jwt', issuer: did, vct, claims: { name: 'Ada' }, holder_jwk: holder.publicJwk },
        }),
      )
    ).body.credential;
    const make = async (body: Record<string, unknown> = {}) =>
      (
        await ok(
          app.request('POST', '/v1/oid4vp/requests', {
            token: owner.token,
            body: { credential: { format: 'dc+sd-jwt', type: vct, claims: ['name'] }, ...body },
          }),
        )
      ).body;
    const verified = await make({ redirect_uri: 'https://rp.example/back' });
    const failed = await make();
    const cancelled = await make();
    await ok(app.request('DELETE', `/v1/oid4vp/requests/${cancelled.id}`, { token: owner.token }));
    for (const [created, nonce] of [
      [verified, null],
      [failed, 'wrong'],
    ] as const) {
      const { request } = await openRequest(app, created.authorization_request);
      const presentation = await presentSdJwt(sdJwt, {
        disclose: ['name'],
        holderKey: holder,
        aud: request.client_id,
        nonce: nonce ?? request.nonce,
      });
      const answered = await answer(app, request, { credential: [presentation] });
      if (created === verified) {
        const code = new URL(answered.body.redirect_uri).hash.slice('#response_code='.length);
        await ok(
          app.request('POST', `/v1/oid4vp/requests/${verified.id}/response-code`, {
            token: owner.token,
            body: { response_code: code },
          }),
        );
      }
    }
    const events = await storedEvents(owner.tenant_id);
    const of = (action: string) => events.filter((event) => event.action === action);
    expect(of('oid4vp.request.created').map((event) => event.targetId)).toEqual([verified.id, failed.id, cancelled.id]);
    expect(of('oid4vp.request.created')[0]).toMatchObject({
      targetType: 'oid4vp_request',
      actorUserId: owner.user_id,
      details: { client_id: `decentralized_identifier:${did}`, response_mode: 'direct_post.jwt' },
    });
    expect(of('oid4vp.request.cancelled')).toEqual([
      expect.objectContaining({ targetId: cancelled.id, actorUserId: owner.user_id }),
    ]);
    expect(of('oid4vp.presentation.verified')).toEqual([
      expect.objectContaining({ targetId: verified.id, actorUserId: null, actorApiKeyId: null }),
    ]);
    expect(of('oid4vp.presentation.failed')).toEqual([
      expect.objectContaining({
        targetId: failed.id,
        actorUserId: null,
        details: { error: 'invalid_request', error_description: 'credential: key_binding: KB-JWT nonce does not match' },
      }),
    ]);
    expect(of('oid4vp.response_code.redeemed')).toEqual([
      expect.objectContaining({ targetId: verified.id, actorUserId: owner.user_id }),
    ]);
    // Never a claim in the log.
    expect(JSON.stringify(events)).not.toContain('Ada');
    expect(await verify(owner.token)).toMatchObject({ valid: true, events_checked: events.length });
  });
});
