// Data subject rights (GDPR Art. 15 export, Art. 17 erasure), end to end over REST and GraphQL:
// the export holds exactly one subject's data of one tenant, claims decoded for both formats; erasure revokes
// as the revoke endpoint does, leaves no claim value in any row of any table (searched in SQL, as plain text
// and as base64url), keeps the status bit in the public list, redacts the issue's Idempotency-Key response,
// and is recorded (requests, audit, event). Another tenant holding the same subject id is untouched.
import { createHash, randomUUID } from 'node:crypto';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
// @ts-expect-error -- the @digitalbazaar packages ship no type declarations
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSubjectRequestStats } from '../../src/modules/compliance/data-subjects.repository.js';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';

let app: TestApp;

async function ok(result: Promise<HttpResult>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

type Tenant = { owner: RegisteredUser; did: string };
type Issued = { id: string; credential: string; status: { uri: string; index: number } };

async function newTenant(): Promise<Tenant> {
  const owner = await tenantOnPlan(app, 'business');
  const did = (await ok(app.request('POST', '/v1/dids', { token: owner.token, body: {} }))).did as string;
  return { owner, did };
}

function issue(tenant: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.request('POST', '/v1/credentials/issue', {
    token: tenant.owner.token,
    headers,
    body: { format: 'jwt_vc_json', issuer: tenant.did, ...body },
  });
}

const secret = (label: string) => `${label}-${uniqueSuffix()}${uniqueSuffix()}`;
const path = (subject: string, action: 'export' | 'erase') =>
  `/v1/compliance/subjects/${encodeURIComponent(subject)}/${action}`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What finds `value` wherever it is stored: as it is, and as base64url at each of the three alignments a JWT
 * or SD-JWT disclosure may put it in (the characters that depend on the value's bytes alone).
 */
function needles(value: string): string[] {
  return [
    value,
    ...[0, 1, 2].map((pad) => {
      const encoded = Buffer.from('x'.repeat(pad) + value, 'utf8').toString('base64url');
      return encoded.slice(pad ? 4 : 0, Math.floor((pad + value.length) / 3) * 4);
    }),
  ];
}

/** Every table of the database whose rows' text holds any of `values` (plain or base64url). */
async function tablesHolding(values: string[]): Promise<string[]> {
  const prisma = app.database.prisma;
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['credentials', 'outbox_events', 'jobs']));
  const patterns = values.flatMap(needles).map((needle) => `%${needle}%`);
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${name}" t WHERE t::text LIKE ANY($1::text[])`,
      patterns,
    );
    if (row!.n > 0) found.push(name);
  }
  return found;
}

/** Whether the public status list at `uri` has the bit of `index` set, decoded by independent libraries. */
async function statusBitSet(uri: string, index: number, format: 'jwt_vc_json' | 'vc+sd-jwt'): Promise<boolean> {
  const response = await app.request('GET', new URL(uri).pathname);
  expect(response.status, response.text).toBe(200);
  if (format === 'vc+sd-jwt') return getListFromStatusListJWT(response.text).getStatus(index) === 1;
  const encodedList = (decodeJwt(response.text).credentialSubject as { encodedList: string }).encodedList;
  return (await decodeList({ encodedList })).getStatus(index) as boolean;
}

let a: Tenant;
let b: Tenant;
let viewerToken: string;
const SUBJECT = `did:example:dsr-${uniqueSuffix()}`;
const OTHER_SUBJECT = `did:example:dsr-other-${uniqueSuffix()}`;
/** Claim values of SUBJECT's credentials in A, which erasure must remove from every table. */
const A_VALUES = { name: secret('alice-name'), street: secret('alice-street'), degree: secret('alice-degree') };
const B_VALUE = secret('b-holder');
const OTHER_VALUE = secret('other-holder');
const IDEMPOTENCY_KEY = randomUUID();
let jwt: Issued;
let sd: Issued;
let revokedEarlier: Issued;
let otherSubjects: Issued;
let bSame: Issued;
let attestationId: string;

const SD_BODY = {
  format: 'vc+sd-jwt',
  subject_id: SUBJECT,
  vct: 'https://credentials.example.com/address',
  claims: { name: A_VALUES.name, address: { street: A_VALUES.street, country: 'NL' } },
  disclosable: ['address'],
};

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant();
  b = await newTenant();
  viewerToken = (await addMember(app, a.owner.token, BUILTIN_ROLE_IDS.viewer)).token;
  jwt = await ok(
    issue(a, {
      subject_id: SUBJECT,
      type: 'UniversityDegreeCredential',
      claims: { name: A_VALUES.name, degree: A_VALUES.degree },
    }),
  );
  sd = await ok(issue(a, SD_BODY, { 'Idempotency-Key': IDEMPOTENCY_KEY }));
  revokedEarlier = await ok(issue(a, { subject_id: SUBJECT, claims: { nickname: A_VALUES.name } }));
  await ok(app.request('POST', `/v1/credentials/${revokedEarlier.id}/revoke`, { token: a.owner.token }));
  otherSubjects = await ok(issue(a, { subject_id: OTHER_SUBJECT, claims: { name: OTHER_VALUE } }));
  bSame = await ok(issue(b, { subject_id: SUBJECT, claims: { name: B_VALUE } }));
  const attest = (tenant: Tenant, subject: string) =>
    ok(
      app.request('POST', '/v1/trust/attestations', {
        token: tenant.owner.token,
        body: { subject_did: subject, score: 70, weight: 1, assurance_level: 'low' },
      }),
    );
  attestationId = (await attest(a, SUBJECT)).id;
  await attest(a, OTHER_SUBJECT);
  await attest(b, SUBJECT);
});
afterAll(() => app?.close());

const EXPORT_QUERY = `query ($subjectId: String!, $cursor: String) { complianceSubjectExport(subjectId: $subjectId, cursor: $cursor) {
  subjectId exportedAt nextCursor truncated
  credentials { id format credentialType credentialTypes issuerDid status { type uri index } issuedAt expiresAt revokedAt erasedAt claims credential credentialSha256 }
  trustAttestations { id subjectDid status } events { id type data } requests { id kind credentialsCount completedAt } } }`;
const ERASE_MUTATION = `mutation ($subjectId: String!) { eraseComplianceSubject(subjectId: $subjectId) { subjectId erasedAt credentialsErased credentialsRevoked credentialIds } }`;

describe('export (GDPR Art. 15)', () => {
  it('holds exactly the subject’s credentials of this tenant, both formats with their claims decoded', async () => {
    const exported = await ok(app.request('GET', path(SUBJECT, 'export'), { token: a.owner.token }));
    expect(exported).toMatchObject({ subject_id: SUBJECT, exported_at: expect.any(String), next_cursor: null });
    expect(exported.truncated).toEqual([]);
    const byId = new Map(exported.credentials.map((c: any) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual([jwt.id, sd.id, revokedEarlier.id].sort());
    expect(byId.get(jwt.id)).toEqual({
      id: jwt.id,
      format: 'jwt_vc_json',
      credential_type: 'UniversityDegreeCredential',
      credential_types: ['VerifiableCredential', 'UniversityDegreeCredential'],
      issuer_did: a.did,
      status: jwt.status,
      issued_at: expect.any(String),
      expires_at: null,
      revoked_at: null,
      erased_at: null,
      // The claims' own names, not snake_cased.
      claims: { name: A_VALUES.name, degree: A_VALUES.degree },
      credential: jwt.credential,
      credential_sha256: sha256(jwt.credential),
    });
    expect(byId.get(sd.id)).toMatchObject({
      format: 'vc+sd-jwt',
      credential_types: [SD_BODY.vct],
      // The disclosable claim resolved beside the one issued in the clear.
      claims: { name: A_VALUES.name, address: { street: A_VALUES.street, country: 'NL' } },
      credential: sd.credential,
    });
    expect(byId.get(revokedEarlier.id)).toMatchObject({ revoked_at: expect.any(String), erased_at: null });
    expect(exported.trust_attestations.map((t: any) => t.id)).toEqual([attestationId]);
    expect(exported.trust_attestations[0]).toMatchObject({ subject_did: SUBJECT, status: 'active' });
    const events = exported.events.map((e: any) => [e.type, e.data.credential_id ?? e.data.attestation_id]);
    expect(events.sort()).toEqual(
      [
        ['credential.issued', jwt.id],
        ['credential.issued', sd.id],
        ['credential.issued', revokedEarlier.id],
        ['credential.revoked', revokedEarlier.id],
        ['trust.attestation.created', attestationId],
      ].sort(),
    );
    expect(exported.events[0]).toMatchObject({ tenant_id: a.owner.tenant_id, created_at: expect.any(String) });
    // Nothing of another subject of the tenant, nor of the other tenant holding the same subject id.
    for (const foreign of [otherSubjects.id, OTHER_VALUE, OTHER_SUBJECT, bSame.id, B_VALUE, b.owner.tenant_id, b.did]) {
      expect(JSON.stringify(exported)).not.toContain(foreign);
    }
  });

  it('answers the same over GraphQL, and lists the earlier requests', async () => {
    const rest = await ok(app.request('GET', path(SUBJECT, 'export'), { token: a.owner.token }));
    const response = await app.graphql(EXPORT_QUERY, { subjectId: SUBJECT }, a.owner.token);
    expect(response.body.errors, response.text).toBeUndefined();
    const graphql = response.body.data.complianceSubjectExport;
    const sorted = (list: any[]) => [...list].sort((x, y) => x.id.localeCompare(y.id));
    expect(sorted(graphql.credentials)).toEqual(
      sorted(rest.credentials).map((c: any) => ({
        id: c.id,
        format: c.format === 'vc+sd-jwt' ? 'vc_sd_jwt' : c.format,
        credentialType: c.credential_type,
        credentialTypes: c.credential_types,
        issuerDid: c.issuer_did,
        status: c.status,
        issuedAt: c.issued_at,
        expiresAt: c.expires_at,
        revokedAt: c.revoked_at,
        erasedAt: c.erased_at,
        claims: c.claims,
        credential: c.credential,
        credentialSha256: c.credential_sha256,
      })),
    );
    expect(graphql.events.map((e: any) => e.id).sort()).toEqual(rest.events.map((e: any) => e.id).sort());
    // The REST export just made is one of the GraphQL one's earlier requests, answered.
    expect(graphql.requests[0]).toMatchObject({ kind: 'export', credentialsCount: 3, completedAt: expect.any(String) });
    expect(graphql.requests.length).toBe(rest.requests.length + 1);
  });

  it('takes the subject id percent-encoded or with its colons as they are; unknown subjects are empty', async () => {
    const raw = await ok(app.request('GET', `/v1/compliance/subjects/${SUBJECT}/export`, { token: a.owner.token }));
    expect(raw.credentials).toHaveLength(3);
    const url = `https://people.example.com/p/${uniqueSuffix()}?x=1`;
    const empty = await ok(app.request('GET', path(url, 'export'), { token: a.owner.token }));
    expect(empty).toMatchObject({ subject_id: url, credentials: [], trust_attestations: [], events: [], requests: [] });
  });

  it('pages the credentials of a subject with more than 1,000, 1,000 at a time', async () => {
    const tenant = await newTenant();
    const many = `did:example:many-${uniqueSuffix()}`;
    const first: Issued = await ok(issue(tenant, { subject_id: many, claims: { n: 0 } }));
    // 1,000 more rows of the subject, copies of the real one in slots of their own (issuing them one by one
    // over HTTP would take the suite's time for nothing the export does differently). Status indexes are
    // drawn at random, so the real one may lie anywhere: the copies skip its slot.
    await app.database.prisma.$executeRaw`
      INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
                               status_index, credential, issued_at)
      SELECT gen_random_uuid(), tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
             slot, credential, issued_at - make_interval(secs => slot - 100000)
      FROM credentials, generate_series(100001, 101001) AS slot
      WHERE tenant_id = ${tenant.owner.tenant_id}::uuid AND id = ${first.id}::uuid AND slot <> status_index
      ORDER BY slot
      LIMIT 1000`;
    const page1 = await ok(app.request('GET', path(many, 'export'), { token: tenant.owner.token }));
    expect(page1.credentials).toHaveLength(1000);
    expect(page1.credentials[0].id).toBe(first.id);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await ok(
      app.request('GET', `${path(many, 'export')}?cursor=${encodeURIComponent(page1.next_cursor)}`, {
        token: tenant.owner.token,
      }),
    );
    expect(page2.credentials).toHaveLength(1);
    expect(page2.next_cursor).toBeNull();
    expect(new Set([...page1.credentials, ...page2.credentials].map((c: any) => c.id)).size).toBe(1001);
    expectError(
      await app.request('GET', `${path(many, 'export')}?cursor=nonsense`, { token: tenant.owner.token }),
      400,
      'invalid cursor',
    );
  });
});

describe('who may', () => {
  it.each(['export', 'erase'] as const)(
    'a viewer is refused %s over REST and GraphQL, and nothing is recorded',
    async (action) => {
      const before = await dataSubjectRequestStats(app.database.prisma, a.owner.tenant_id);
      const denied = "role 'viewer' lacks permission: compliance:manage";
      expectError(
        await app.request(action === 'export' ? 'GET' : 'POST', path(SUBJECT, action), { token: viewerToken }),
        403,
        denied,
      );
      const response = await app.graphql(
        action === 'export' ? EXPORT_QUERY : ERASE_MUTATION,
        { subjectId: SUBJECT },
        viewerToken,
      );
      expect(response.body.errors?.[0]).toMatchObject({ message: denied, extensions: { status: 403 } });
      expect(await dataSubjectRequestStats(app.database.prisma, a.owner.tenant_id)).toEqual(before);
      // The subject's credential is untouched.
      expect(await ok(app.request('GET', `/v1/credentials/${jwt.id}`, { token: a.owner.token }))).toMatchObject({
        credential: jwt.credential,
        erased_at: null,
      });
    },
  );
});

describe('erase (GDPR Art. 17)', () => {
  let erasure: any;

  it('before: the claim values are stored (the search finds them)', async () => {
    expect(await tablesHolding([A_VALUES.name, A_VALUES.street, A_VALUES.degree])).toEqual(['credentials']);
    expect(await tablesHolding([B_VALUE])).toEqual(['credentials']);
  });

  it('revokes the active credentials and erases all of the subject’s in this tenant', async () => {
    erasure = await ok(app.request('POST', path(SUBJECT, 'erase'), { token: a.owner.token }));
    expect(erasure).toEqual({
      subject_id: SUBJECT,
      erased_at: expect.any(String),
      credentials_erased: 3,
      credentials_revoked: 2,
      credential_ids: expect.arrayContaining([jwt.id, sd.id, revokedEarlier.id]),
      // None was sent over DIDComm here (test/integration/erasure-everywhere.test.ts has those that were).
      messages_erased: 0,
      presentation_requests_erased: 0,
      holders_notified: 0,
    });
    expect(erasure.credential_ids).toHaveLength(3);
  });

  it('leaves no claim value (nor a credential body) in any row of any table; the other tenant keeps its own', async () => {
    const bodies = [jwt, sd, revokedEarlier].map((c) => c.credential.split('~')[0]!.split('.')[2]!);
    expect(await tablesHolding([A_VALUES.name, A_VALUES.street, A_VALUES.degree, ...bodies])).toEqual([]);
    expect(await tablesHolding([B_VALUE, OTHER_VALUE])).toEqual(['credentials']);
    const rows = await app.database.prisma.credential.findMany({
      where: { tenantId: a.owner.tenant_id, subjectId: SUBJECT },
    });
    for (const row of rows) {
      const issued = [jwt, sd, revokedEarlier].find((c) => c.id === row.id)!;
      expect(row).toMatchObject({ credential: null, erasedAt: expect.any(Date), revokedAt: expect.any(Date) });
      expect(Buffer.from(row.credentialSha256!).toString('hex')).toBe(sha256(issued.credential));
    }
  });

  it('keeps the status bits set in the public lists, and verification sees the credentials revoked', async () => {
    expect(await statusBitSet(jwt.status.uri, jwt.status.index, 'jwt_vc_json')).toBe(true);
    expect(await statusBitSet(sd.status.uri, sd.status.index, 'vc+sd-jwt')).toBe(true);
    const verified = await ok(
      app.request('POST', '/v1/credentials/verify', { token: a.owner.token, body: { credential: sd.credential } }),
    );
    expect(verified.verified).toBe(false);
    expect(verified.checks).toContainEqual(expect.objectContaining({ name: 'status', status: 'failed' }));
    // The other tenant's credential of the same subject id is as issued.
    expect(await statusBitSet(bSame.status.uri, bSame.status.index, 'jwt_vc_json')).toBe(false);
    expect(await ok(app.request('GET', `/v1/credentials/${bSame.id}`, { token: b.owner.token }))).toMatchObject({
      credential: bSame.credential,
      revoked_at: null,
      erased_at: null,
    });
  });

  it('shows erased credentials with credential null and erased_at; a lookup or revoke is the revoked 404', async () => {
    const list = await ok(app.request('GET', '/v1/credentials?status=revoked&limit=100', { token: a.owner.token }));
    const shown = list.credentials.filter((c: any) => erasure.credential_ids.includes(c.id));
    expect(shown).toHaveLength(3);
    for (const credential of shown) {
      expect(credential).toMatchObject({
        credential: null,
        erased_at: erasure.erased_at,
        revoked_at: expect.any(String),
      });
    }
    const graphql = await app.graphql(
      '{ credentials(status: revoked, limit: 100) { credentials { id credential erasedAt } } }',
      {},
      a.owner.token,
    );
    expect(graphql.body.data.credentials.credentials).toContainEqual({
      id: jwt.id,
      credential: null,
      erasedAt: erasure.erased_at,
    });
    // Spec §3: a revoked credential's lookup and a later revoke are 404 (an erased one is always revoked).
    expectError(
      await app.request('GET', `/v1/credentials/${jwt.id}`, { token: a.owner.token }),
      404,
      'credential not found or already revoked',
    );
    expectError(
      await app.request('POST', `/v1/credentials/${sd.id}/revoke`, { token: a.owner.token }),
      404,
      'credential not found or already revoked',
    );
  });

  it('redacts the issue request’s stored Idempotency-Key response: a retry replays without the credential', async () => {
    const replay = await issue(a, SD_BODY, { 'Idempotency-Key': IDEMPOTENCY_KEY });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toMatchObject({ id: sd.id, credential: null, erased_at: erasure.erased_at });
    for (const value of Object.values(A_VALUES)) expect(replay.text).not.toContain(value);
  });

  it('exports what is left: ids, status, hash and times, no claims', async () => {
    const exported = await ok(app.request('GET', path(SUBJECT, 'export'), { token: a.owner.token }));
    const credential = exported.credentials.find((c: any) => c.id === jwt.id);
    expect(credential).toMatchObject({
      credential: null,
      claims: null,
      credential_types: ['UniversityDegreeCredential'],
      erased_at: erasure.erased_at,
      credential_sha256: sha256(jwt.credential),
      status: jwt.status,
    });
    expect(exported.requests[0]).toMatchObject({
      kind: 'erase',
      credentials_count: 3,
      completed_at: expect.any(String),
    });
    expect(exported.events.map((e: any) => e.type)).toContain('compliance.subject.erased');
    for (const value of Object.values(A_VALUES)) expect(JSON.stringify(exported)).not.toContain(value);
  });

  it('is recorded: audit entries, the erasure event, the requests as evidence', async () => {
    const audit = await ok(app.request('GET', '/v1/admin/audit-log?limit=100', { token: a.owner.token }));
    const erased = audit.events.find((e: any) => e.action === 'compliance.subject.erased');
    expect(erased).toMatchObject({
      actor_user_id: a.owner.user_id,
      target_type: 'data_subject',
      target_id: SUBJECT,
      details: { credentials_erased: 3, credentials_revoked: 2, subject_id: SUBJECT },
    });
    expect(audit.events.filter((e: any) => e.action === 'compliance.subject.exported').length).toBeGreaterThan(0);
    const events = await ok(app.request('GET', '/v1/events?type=compliance.subject.erased', { token: a.owner.token }));
    expect(events.events).toHaveLength(1);
    expect(events.events[0].data).toEqual({
      subject_id: SUBJECT,
      request_id: erased.details.request_id,
      credential_ids: erasure.credential_ids,
      credentials_erased: 3,
      credentials_revoked: 2,
      messages_erased: 0,
      presentation_requests_erased: 0,
      erased_at: erasure.erased_at,
    });
    // One credential.revoked per credential revoked now, as the revoke endpoint writes it.
    const revoked = await ok(app.request('GET', '/v1/events?type=credential.revoked', { token: a.owner.token }));
    expect(revoked.events.map((e: any) => e.data.credential_id).sort()).toEqual(
      [jwt.id, sd.id, revokedEarlier.id].sort(),
    );
    const stats = await dataSubjectRequestStats(app.database.prisma, a.owner.tenant_id);
    expect(stats).toMatchObject({ erasures: 1, unanswered: 0, lastErasureAt: new Date(erasure.erased_at) });
    expect(stats.exports).toBeGreaterThanOrEqual(5);
    expect(stats.lastExportAt).toEqual(expect.any(Date));
  });

  it('a second erase does nothing and answers zeros (still recorded), over REST and GraphQL', async () => {
    const again = await ok(app.request('POST', path(SUBJECT, 'erase'), { token: a.owner.token }));
    expect(again).toMatchObject({
      subject_id: SUBJECT,
      credentials_erased: 0,
      credentials_revoked: 0,
      credential_ids: [],
    });
    const graphql = await app.graphql(ERASE_MUTATION, { subjectId: SUBJECT }, a.owner.token);
    expect(graphql.body.data.eraseComplianceSubject).toMatchObject({
      subjectId: SUBJECT,
      credentialsErased: 0,
      credentialsRevoked: 0,
      credentialIds: [],
    });
    const stats = await dataSubjectRequestStats(app.database.prisma, a.owner.tenant_id);
    expect(stats).toMatchObject({ erasures: 3, unanswered: 0 });
  });

  it('over GraphQL answers as over REST, for another subject; an unknown subject is zeros', async () => {
    const subject = `did:example:gql-${uniqueSuffix()}`;
    const issued: Issued = await ok(issue(a, { subject_id: subject, claims: { name: secret('gql') } }));
    const response = await app.graphql(ERASE_MUTATION, { subjectId: subject }, a.owner.token);
    expect(response.body.errors, response.text).toBeUndefined();
    expect(response.body.data.eraseComplianceSubject).toEqual({
      subjectId: subject,
      erasedAt: expect.any(String),
      credentialsErased: 1,
      credentialsRevoked: 1,
      credentialIds: [issued.id],
    });
    const unknown = await ok(
      app.request('POST', path(`did:example:nobody-${uniqueSuffix()}`, 'erase'), { token: a.owner.token }),
    );
    expect(unknown).toMatchObject({ credentials_erased: 0, credentials_revoked: 0, credential_ids: [] });
  });
});

describe('OpenID4VCI offers about the subject', () => {
  it('are exported with their claims, given later for a deferred offer, and erased with the subject', async () => {
    const subject = `did:example:offer-${uniqueSuffix()}`;
    const value = secret('offer-name');
    const post = (route: string, body: unknown) => ok(app.request('POST', route, { token: a.owner.token, body }));
    await post('/v1/oid4vci/credential-configurations', {
      configuration_id: 'SubjectCard',
      format: 'dc+sd-jwt',
      issuer: a.did,
      vct: 'https://credentials.example.com/card',
      claims: [{ name: 'name', mandatory: true }],
    });
    const offer = await post('/v1/oid4vci/offers', {
      configuration_ids: ['SubjectCard'],
      subject_id: subject,
      deferred: true,
    });
    await post(`/v1/oid4vci/offers/${offer.id}/claims`, { claims: { SubjectCard: { name: value } } });
    expect(await tablesHolding([value])).toEqual(['oid4vci_offers']);

    const exported = await ok(app.request('GET', path(subject, 'export'), { token: a.owner.token }));
    expect(exported.credential_offers).toEqual([
      expect.objectContaining({
        id: offer.id,
        subject_id: subject,
        deferred: true,
        claims: { SubjectCard: { name: value } },
        claims_supplied_at: expect.any(String),
      }),
    ]);
    // Another subject's export, or another tenant's, does not show it.
    const elsewhere = await ok(app.request('GET', path(subject, 'export'), { token: b.owner.token }));
    expect(elsewhere.credential_offers).toEqual([]);

    await ok(app.request('POST', path(subject, 'erase'), { token: a.owner.token }));
    expect(await tablesHolding([value])).toEqual([]);
    const after = await ok(app.request('GET', path(subject, 'export'), { token: a.owner.token }));
    expect(after.credential_offers).toEqual([
      expect.objectContaining({ id: offer.id, claims: {}, state: 'cancelled', erased_at: expect.any(String) }),
    ]);
  });
});
