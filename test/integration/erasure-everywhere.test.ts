// Erasure reaches every place a claim value or the credential can be (GDPR Art. 17). A tenant touches every feature
// that can carry a credential or its claims (both formats issued with Idempotency-Key, delivered over DIDComm to
// a DID of its own, to another tenant's and to one hosted nowhere, attached to a message by hand, verified,
// exported, attested, reported on, announced to webhook receivers that echo every body back), erases the subject,
// and then every row of every table is searched, as text, for each claim value: plain, hex (bytea) and base64 /
// base64url at each alignment. The other tenant's inbox keeps its copy until that tenant erases the subject too
// (it is another controller: Art. 19 is a notification, which it gets over DIDComm); then nothing is left.
//
// Every table of the schema must be classified below: a new table fails this test until someone decides whether
// it can hold claims (and makes erasure reach it) or cannot.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import { tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { privatePostgresDatabase, usingPostgres } from '../support/test-database.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { createWallet, walletKey } from '../support/oid4vci-wallet.js';
import { answer, openRequest, presentSdJwt } from '../support/oid4vp-wallet.js';

/**
 * Every table, and why erasure leaves no claim in it. `erased`: it can hold a credential or claims, and erasing
 * the subject removes them; `none`: it never stores a credential or a claim value (the search still looks).
 */
const TABLES: Record<string, 'erased' | 'none'> = {
  _prisma_migrations: 'none',
  api_keys: 'none',
  audit_chain_heads: 'none',
  // Audit details name ids, types and counts, never claims.
  audit_events: 'none',
  // Issued credentials' audit entries waiting for the chain: the same details.
  audit_pending_entries: 'none',
  compliance_adoptions: 'none',
  compliance_attestations: 'none',
  // Evaluations count claim names; the report credential says nothing of subjects.
  compliance_reports: 'none',
  credentials: 'erased',
  custom_domains: 'none',
  data_subject_requests: 'none',
  didcomm_messages: 'erased',
  // Their certificate chains certify the tenant's own keys, not its subjects.
  dids: 'none',
  // Stored responses are AES-GCM ciphertext, and the issue's is redacted too.
  idempotency_keys: 'erased',
  invitations: 'none',
  jobs: 'none',
  memberships: 'none',
  // Claim names and how they show, never a value.
  oid4vci_credential_configurations: 'none',
  // Hashes of single-use nonces and DPoP proof ids.
  oid4vci_nonces: 'none',
  // The wallet's client_id, redirect_uri, state and PKCE challenge, configuration ids, hashes of single-use secrets:
  // the claims an approval supplies are written to the offer it leads to (erased with it), never here.
  oid4vci_authorizations: 'none',
  // The tenant's login page URL.
  oid4vci_issuer_settings: 'none',
  // An offer holds its subject's claims until it is erased (claims emptied, an open one cancelled).
  oid4vci_offers: 'erased',
  // What a wallet presented to the tenant's OpenID4VP requests: claims kept on a verified one, erased with the subject.
  oid4vp_requests: 'erased',
  // Events carry ids, never claims (the event catalogue).
  outbox_events: 'none',
  roles: 'none',
  sessions: 'none',
  status_lists: 'none',
  tenants: 'none',
  // CA certificates a tenant trusts (names of CAs, never a subject's claims).
  trust_anchors: 'none',
  trust_attestations: 'none',
  trust_policies: 'none',
  usage_counters: 'none',
  users: 'none',
  // What receivers answered (last_response_excerpt): they see events only, which carry no claims.
  webhook_deliveries: 'none',
  webhook_endpoints: 'none',
};

const ISSUE_CREDENTIAL = 'https://didcomm.org/issue-credential/3.0/issue-credential';
const REVOCATION_NOTIFICATION = 'https://didcomm.org/revocation_notification/2.0/revoke';

let app: TestApp;
let database: Awaited<ReturnType<typeof privatePostgresDatabase>> | undefined;
let hooks: Receiver;
let issuer: RegisteredUser;
let issuerDid: string;
let ownHolderDid: string;
let other: RegisteredUser;
let otherDid: string;
/** A did:key whose key nobody here holds: its messages are returned to the caller (no service endpoint). */
let remoteDid: string;

const SUBJECT = `did:example:erase-${uniqueSuffix()}`;
const value = (label: string) => `${label}-${uniqueSuffix()}${uniqueSuffix()}`;
/** The claim values of SUBJECT's credentials, which nothing may keep once both tenants have erased. */
const VALUES = {
  name: value('zelda-name'),
  degree: value('zelda-degree'),
  street: value('zelda-street'),
  nickname: value('zelda-nickname'),
  offered: value('zelda-offered'),
  redeemed: value('zelda-redeemed'),
  deferred: value('zelda-deferred'),
};
/** The issue requests, with their Idempotency-Keys. */
const requests: { body: Record<string, unknown>; key: string }[] = [];
type Issued = { id: string; credential: string; delivery?: { message_id: string | null } };
const issued = {} as Record<'jwt' | 'sd' | 'returned', Issued>;

async function ok(result: Promise<HttpResult>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}
const call = (tenant: RegisteredUser, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  app.request(method, path, { token: tenant.token, body, headers });
const createDid = async (tenant: RegisteredUser) =>
  (await ok(call(tenant, 'POST', '/v1/dids', { key_type: 'Ed25519' }))).did as string;
const erase = (tenant: RegisteredUser) =>
  ok(call(tenant, 'POST', `/v1/compliance/subjects/${encodeURIComponent(SUBJECT)}/erase`));

/**
 * What finds `text` wherever it is stored: as it is, as hex (a bytea column's text), and as base64 and base64url
 * at each of the three alignments it can have inside a longer encoded text (a JWT, an SD-JWT disclosure, a
 * DIDComm attachment or envelope): the characters that depend on its own bytes alone, whatever encloses it.
 */
function needles(text: string): string[] {
  const encoded = (alphabet: 'base64' | 'base64url') =>
    [0, 1, 2].map((pad) => {
      const whole = Buffer.from('x'.repeat(pad) + text, 'utf8').toString(alphabet);
      return whole.slice(pad ? 4 : 0, Math.floor((pad + text.length) / 3) * 4);
    });
  return [text, Buffer.from(text, 'utf8').toString('hex'), ...encoded('base64'), ...encoded('base64url')];
}

/** Every base table of the schema, with the rows' text of those holding any needle of `values`. */
async function search(values: string[]): Promise<{ tables: string[]; holding: Record<string, string[]> }> {
  const prisma = app.database.prisma;
  const tables = (
    await prisma.$queryRaw<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
  ).map((table) => table.name);
  const patterns = values.flatMap(needles);
  const holding: Record<string, string[]> = {};
  for (const name of tables) {
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(
      `SELECT t::text AS text FROM "${name}" t WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE strpos(t::text, n) > 0)`,
      patterns,
    );
    if (rows.length) holding[name] = rows.map((row) => row.text.slice(0, 300));
  }
  return { tables, holding };
}

/** Resolves once no webhook delivery is pending: every event so far has reached the echoing receiver. */
async function webhooksSettled() {
  for (let round = 0; round < 600; round++) {
    const [row] = await app.database.prisma.$queryRaw<{ pending: number; done: number }[]>`
      SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE state <> 'pending')::int AS done
      FROM webhook_deliveries`;
    if (row!.pending === 0 && row!.done > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('webhook deliveries still pending after 30 s');
}

async function inbox(tenant: RegisteredUser, type: string) {
  const listed = await ok(call(tenant, 'GET', `/v1/didcomm/messages?type=${encodeURIComponent(type)}&limit=100`));
  return listed.messages as any[];
}

beforeAll(async () => {
  database = usingPostgres ? await privatePostgresDatabase() : undefined;
  app = await startTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    databaseUrl: database?.url,
    ownDatabase: true,
    webhookDispatcher: true,
  });
  // Echoes every body: what a receiver answers is stored (last_response_excerpt), so it must hold no claim either.
  hooks = await startReceiver((received) => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: received.body,
  }));
  issuer = await tenantOnPlan(app, 'business');
  other = await tenantOnPlan(app, 'business');
  for (const tenant of [issuer, other])
    await ok(call(tenant, 'POST', '/v1/webhooks', { url: hooks.url, events: ['*'] }));
  issuerDid = await createDid(issuer);
  ownHolderDid = await createDid(issuer);
  otherDid = await createDid(other);
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  remoteDid = `did:key:${base58btc.encode(Buffer.concat([Buffer.from([0xed, 0x01]), raw]))}`;

  const issue = (body: Record<string, unknown>) => {
    const request = { body: { issuer: issuerDid, subject_id: SUBJECT, ...body }, key: randomUUID() };
    requests.push(request);
    return ok(call(issuer, 'POST', '/v1/credentials/issue', request.body, { 'Idempotency-Key': request.key }));
  };
  issued.jwt = await issue({
    format: 'jwt_vc_json',
    type: 'UniversityDegreeCredential',
    claims: { name: VALUES.name, degree: VALUES.degree },
    deliver_to: ownHolderDid,
  });
  issued.sd = await issue({
    format: 'vc+sd-jwt',
    vct: 'https://credentials.example.com/address',
    claims: { name: VALUES.name, address: { street: VALUES.street, country: 'NL' } },
    disclosable: ['address'],
    deliver_to: otherDid,
  });
  issued.returned = await issue({
    format: 'jwt_vc_json',
    claims: { nickname: VALUES.nickname },
    deliver_to: remoteDid,
  });
  expect(issued.jwt.delivery).toMatchObject({ status: 'inbox' });
  expect(issued.sd.delivery).toMatchObject({ status: 'inbox' });
  expect(issued.returned.delivery).toMatchObject({ status: 'returned' });
  // The credential attached by hand to a message of the tenant's own (DIDComm § 5.1), as JSON this time.
  await ok(
    call(issuer, 'POST', '/v1/didcomm/messages', {
      from: issuerDid,
      to: otherDid,
      type: 'https://didcomm.org/basicmessage/2.0/message',
      body: { content: 'your degree' },
      attachments: [{ id: 'degree', media_type: 'application/jwt', data: { json: issued.jwt.credential } }],
    }),
  );
  for (const credential of [issued.jwt, issued.sd]) {
    await ok(call(issuer, 'POST', '/v1/credentials/verify', { credential: credential.credential }));
  }
  // Presented to the tenant's own OpenID4VP request (without holder binding, which the query allows): the verdict
  // keeps the disclosed name and street.
  const presentationRequest = await ok(
    call(issuer, 'POST', '/v1/oid4vp/requests', {
      dcql_query: {
        credentials: [
          {
            id: 'address',
            format: 'dc+sd-jwt',
            meta: { vct_values: ['https://credentials.example.com/address'] },
            require_cryptographic_holder_binding: false,
            claims: [{ path: ['address', 'street'] }],
          },
        ],
      },
    }),
  );
  const { request } = await openRequest(app, presentationRequest.authorization_request);
  const presentation = await presentSdJwt(issued.sd.credential, {
    disclose: ['address'],
    holderKey: null,
    aud: request.client_id,
    nonce: request.nonce,
  });
  expect((await answer(app, request, { address: [presentation] })).status).toBe(200);
  const verdict = await ok(call(issuer, 'GET', `/v1/oid4vp/requests/${presentationRequest.id}`));
  expect(verdict.presentations[0].verification.claims).toMatchObject({ address: { street: VALUES.street } });
  // The export (GDPR Art. 15) lists the request the subject's credential was presented to, with what it disclosed.
  const withPresentation = await ok(
    call(issuer, 'GET', `/v1/compliance/subjects/${encodeURIComponent(SUBJECT)}/export`),
  );
  expect(withPresentation.presentation_requests.map((request: { id: string }) => request.id)).toEqual([
    presentationRequest.id,
  ]);
  // The export (GDPR Art. 15) lists the messages that carried the subject's credentials: the four sent and the
  // copy in the tenant's own inbox.
  const exported = await ok(call(issuer, 'GET', `/v1/compliance/subjects/${encodeURIComponent(SUBJECT)}/export`));
  const exportedMessages = exported.didcomm_messages as { id: string; direction: string; message: any }[];
  expect(exportedMessages.map((message) => message.direction).sort()).toEqual([
    'inbound',
    'outbound',
    'outbound',
    'outbound',
    'outbound',
  ]);
  for (const credential of Object.values(issued)) {
    expect(exportedMessages.map((message) => message.id)).toContain(credential.delivery!.message_id);
  }
  await ok(
    call(issuer, 'POST', '/v1/trust/attestations', {
      subject_did: SUBJECT,
      score: 70,
      weight: 1,
      assurance_level: 'low',
    }),
  );
  await ok(call(issuer, 'POST', '/v1/compliance/reports', { framework: 'gdpr' }));
  // OpenID4VCI: an offer still open, and one a wallet redeemed (its credential issued to the subject).
  await ok(
    call(issuer, 'POST', '/v1/oid4vci/credential-configurations', {
      configuration_id: 'Erasable',
      format: 'dc+sd-jwt',
      issuer: issuerDid,
      vct: 'https://credentials.example.com/erasable',
    }),
  );
  const offer = (name: string) =>
    ok(
      call(issuer, 'POST', '/v1/oid4vci/offers', {
        configuration_ids: ['Erasable'],
        subject_id: SUBJECT,
        claims: { Erasable: { name } },
      }),
    );
  await offer(VALUES.offered);
  // A deferred offer, its claims given afterwards.
  const deferred = await ok(
    call(issuer, 'POST', '/v1/oid4vci/offers', {
      configuration_ids: ['Erasable'],
      subject_id: SUBJECT,
      deferred: true,
    }),
  );
  await ok(
    call(issuer, 'POST', `/v1/oid4vci/offers/${deferred.id}/claims`, {
      claims: { Erasable: { name: VALUES.deferred } },
    }),
  );
  const redeemed = await offer(VALUES.redeemed);
  await createWallet(app).receive(redeemed.offer_uri, 'Erasable', [walletKey()]);
  await webhooksSettled();
  // Some thirty requests and their webhook deliveries: longer than one hook's default on a loaded machine.
}, 180_000);
afterAll(async () => {
  await app?.close();
  await hooks?.close();
  await database?.drop();
});

describe('erasing a subject after every feature has carried their claims', () => {
  it('before: the search finds the claim values, in the credentials and in the DIDComm messages', async () => {
    const { tables, holding } = await search(Object.values(VALUES));
    expect(Object.keys(holding)).toEqual(
      expect.arrayContaining(['credentials', 'didcomm_messages', 'oid4vci_offers', 'oid4vp_requests']),
    );
    // Every table of the schema is classified (a new one must be decided on: may it hold claims?), and the
    // list names no table that is gone.
    expect(tables.filter((table) => !(table in TABLES))).toEqual([]);
    expect(Object.keys(TABLES).filter((table) => !tables.includes(table))).toEqual([]);
    expect(hooks.received.length).toBeGreaterThan(0);
  });

  it('the issuer’s erasure removes every copy in its own tenant and tells the other tenant’s holder', async () => {
    const answer = await erase(issuer);
    // Its outbound copies (own holder, other tenant, the one returned, the one attached by hand) and its own inbox
    // copy; the two that reached the other tenant are notified. The credential a wallet received over OpenID4VCI is
    // the subject's too (the offer's subject_id).
    expect(answer).toMatchObject({
      credentials_erased: 4,
      credentials_revoked: 4,
      messages_erased: 5,
      presentation_requests_erased: 1,
      holders_notified: 2,
    });
    const requests = await ok(call(issuer, 'GET', '/v1/oid4vp/requests'));
    expect(requests.requests[0]).toMatchObject({ status: 'verified', holder: null, erased_at: expect.any(String) });
    expect(requests.requests[0].presentations[0].verification).toMatchObject({
      claims: null,
      payload: null,
      subject: null,
    });
    for (const credential of Object.values(issued)) {
      expectError404(await call(issuer, 'GET', `/v1/didcomm/messages/${credential.delivery!.message_id}`));
    }
    const exported = await ok(call(issuer, 'GET', `/v1/compliance/subjects/${encodeURIComponent(SUBJECT)}/export`));
    expect(exported.didcomm_messages).toEqual([]);
    expect(exported.presentation_requests[0]).toMatchObject({ id: expect.any(String), erased_at: expect.any(String) });
    expect(exported.presentation_requests[0].presentations[0].verification.claims).toBeNull();
    const listed = await ok(call(issuer, 'GET', '/v1/didcomm/messages?limit=100'));
    for (const text of Object.values(VALUES)) expect(JSON.stringify(listed)).not.toContain(text);
    // The other tenant's inbox is its own (another controller): it keeps what it received, and is told, as GDPR
    // Art. 19 asks, by a revocation notification for each credential it was sent.
    const kept = await inbox(other, ISSUE_CREDENTIAL);
    expect(kept.map((message) => message.message.attachments[0].id)).toEqual([issued.sd.id]);
    const notices = await inbox(other, REVOCATION_NOTIFICATION);
    expect(notices.map((notice) => notice.message.body.credential_id).sort()).toEqual([issued.sd.id, 'degree'].sort());
    for (const notice of notices) {
      expect(notice).toMatchObject({ direction: 'inbound', from: issuerDid, did: otherDid });
      expect(notice.message.body.comment).toMatch(/erased/);
    }
    const { holding } = await search(Object.values(VALUES));
    expect(Object.keys(holding)).toEqual(['didcomm_messages']);
  });

  it('once the holder’s tenant erases the subject too, no table holds any claim value in any encoding', async () => {
    // Over GraphQL this time: the same operation the REST endpoint runs.
    const answer = await app.graphql(
      'mutation ($subjectId: String!) { eraseComplianceSubject(subjectId: $subjectId) { credentialsErased messagesErased holdersNotified } }',
      { subjectId: SUBJECT },
      other.token,
    );
    expect(answer.body.errors, answer.text).toBeUndefined();
    // Its inbox copies (the issue-credential and the message with the credential attached); received, so no notice.
    expect(answer.body.data.eraseComplianceSubject).toEqual({
      credentialsErased: 0,
      messagesErased: 2,
      holdersNotified: 0,
    });
    expect(await inbox(other, ISSUE_CREDENTIAL)).toEqual([]);
    await webhooksSettled();
    const { tables, holding } = await search(Object.values(VALUES));
    expect(holding).toEqual({});
    expect(tables.filter((table) => !(table in TABLES))).toEqual([]);
    // Nor the service's log of the whole run.
    for (const needle of Object.values(VALUES).flatMap(needles)) {
      expect(app.logs.filter((line) => line.includes(needle))).toEqual([]);
    }
  });

  it('a retry of each issue with its Idempotency-Key still replays, without the credential', async () => {
    for (const request of requests) {
      const replayed = await call(issuer, 'POST', '/v1/credentials/issue', request.body, {
        'Idempotency-Key': request.key,
      });
      expect(replayed.status, replayed.text).toBe(200);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body.credential).toBeNull();
    }
  });
});

function expectError404(response: HttpResult) {
  expect(response.status, response.text).toBe(404);
}
