// Tenant isolation (spec §5.6, §7; conventions: "a row of another tenant is not found, never forbidden"):
// every id another tenant owns answers exactly like an unknown id and leaves that tenant untouched; lists
// show one tenant only; X-Tenant-Id headers are ignored and a tenant_id body field refused; a user in two tenants
// sees and acts in the tenant of the session only.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type HttpResult, type TestApp } from '../support/harness.js';
import {
  addMember,
  BUILTIN_ROLE_IDS,
  createApiKey,
  tenantOnPlan,
  uniqueSuffix,
  type Member,
  type RegisteredUser,
} from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { auditLogState, bytesAsHex, unchangedState } from '../support/rows.js';
import { auditChainHead } from '../../src/modules/audit/audit.repository.js';
import { makeTestCa } from '../support/test-ca.js';

let app: TestApp;

const FORMATS = ['jwt_vc_json', 'vc+sd-jwt'] as const;
type Format = (typeof FORMATS)[number];
type IssuedCredential = { id: string; credential: string; status: { uri: string; index: number } };

/**
 * A business tenant with a member, a pending invitation, an unused custom role, an API key, a DID and a
 * credential of each format issued by it.
 */
type Side = {
  owner: RegisteredUser;
  member: Member;
  role: { id: string; name: string };
  invitation: { id: string; email: string };
  apiKey: { id: string; key: string; prefix: string };
  did: { id: string; did: string };
  credentials: Record<Format, IssuedCredential>;
  /** The tenant's trust attestation of its own DID. */
  attestation: { id: string; credential: string };
  /** A compliance report the tenant issued. */
  report: { id: string; credential: string };
  /** A custom domain the tenant claimed (pending: the isolation app has no DNS to verify with). */
  domain: { id: string; domain: string };
  /** A DIDComm message the tenant's DID sent itself (outbound and inbound rows). */
  didcomm: { id: string };
  /** The x5c its DID's certificate chain (from a CA of its own) gives its SD-JWT VCs, and a root it trusts. */
  x5c: string[];
  anchor: { id: string };
  /** An OpenID4VCI credential configuration (its id names the side) and an open offer of it. */
  oid4vci: { configurationId: string; offerId: string; authorizationId: string };
  /** An OpenID4VP presentation request of the tenant, pending. */
  oid4vp: { id: string; client_id: string };
};

let a: Side;
let b: Side;
/** One person, admin in both tenants, with a session for each. */
let dual: { user_id: string; email: string; tokenA: string; tokenB: string };

async function ok(result: Promise<HttpResult>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The subject id of both tenants' credentials: one person known to two tenants (data subject requests). */
const SHARED_SUBJECT = `did:example:isolation-holder-${uniqueSuffix()}`;

async function makeTenant(label: string): Promise<Side> {
  const owner = await tenantOnPlan(app, 'business');
  const post = (path: string, body: unknown) => ok(app.request('POST', path, { token: owner.token, body }));
  const role = await post('/v1/roles', { name: `${label}-role-${uniqueSuffix()}`, permissions: ['usage:read'] });
  const member = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
  const email = `${label}-invitee-${uniqueSuffix()}@example.com`;
  const invitation = await post('/v1/members/invitations', { email, role_id: BUILTIN_ROLE_IDS.viewer });
  const apiKey = await createApiKey(app, owner.token, { name: `${label} key` });
  const did = await post('/v1/dids', {});
  const claims = { name: `${label} holder` };
  const credentials = {
    jwt_vc_json: await post('/v1/credentials/issue', {
      format: 'jwt_vc_json',
      issuer: did.did,
      subject_id: SHARED_SUBJECT,
      claims,
    }),
    'vc+sd-jwt': await post('/v1/credentials/issue', {
      format: 'vc+sd-jwt',
      issuer: did.did,
      subject_id: SHARED_SUBJECT,
      vct: 'https://example.com/isolation',
      claims,
    }),
  };
  const attestation = await post('/v1/trust/attestations', {
    subject_did: did.did,
    score: 60,
    weight: 0.5,
    assurance_level: 'low',
  });
  const report = await post('/v1/compliance/reports', { framework: 'soc2' });
  const domain = await post('/v1/domains', { domain: `${label}-${uniqueSuffix()}.example.com` });
  const didcomm = await post('/v1/didcomm/messages', {
    from: did.did,
    to: did.did,
    type: 'https://didcomm.org/basicmessage/2.0/message',
    body: { content: `${label} note` },
  });
  // A CA of the tenant's own certifies its DID's key; it trusts that CA's root for x5c chains.
  const ca = makeTestCa(`${label} Root CA`);
  const path = (rest: string) => `/v1/dids/${encodeURIComponent(did.did)}/${rest}`;
  const { csr } = await post(path('certificate-signing-request'), { common_name: `${label} issuer` });
  const certificates = [ca.sign(csr, ca.root)];
  const chain = await ok(app.request('PUT', path('certificate-chain'), { token: owner.token, body: { certificates } }));
  const anchor = await post('/v1/trust/anchors', { certificate: ca.root.pem });
  const configuration = await post('/v1/oid4vci/credential-configurations', {
    configuration_id: `${label}-degree`,
    format: 'dc+sd-jwt',
    issuer: did.did,
    vct: 'https://example.com/isolation',
  });
  const offer = await post('/v1/oid4vci/offers', {
    configuration_ids: [configuration.configuration_id],
    subject_id: SHARED_SUBJECT,
    claims: { [configuration.configuration_id]: claims },
  });
  const authorizationId = await pendingAuthorization(owner, configuration.configuration_id);
  const oid4vp = await post('/v1/oid4vp/requests', {
    credential: { format: 'dc+sd-jwt', type: 'https://example.com/isolation', claims: ['name'] },
  });
  return {
    x5c: chain.x5c,
    anchor: { id: anchor.id },
    didcomm,
    oid4vci: { configurationId: configuration.configuration_id, offerId: offer.id, authorizationId },
    oid4vp,
    owner,
    member,
    role,
    invitation: { id: invitation.id, email },
    apiKey,
    did,
    credentials,
    attestation,
    report,
    domain: { id: domain.id, domain: domain.domain },
  };
}

/** A fresh Ed25519 did:key (multicodec 0xed01 + the raw public key, base58btc): held by no tenant. */
function unknownDid(): string {
  const spki = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
  return `did:key:${base58btc.encode(Buffer.concat([Buffer.from([0xed, 0x01]), spki.subarray(-32)]))}`;
}

beforeAll(async () => {
  app = await startTestApp();
  a = await makeTenant('a');
  b = await makeTenant('b');
  const inA = await addMember(app, a.owner.token, BUILTIN_ROLE_IDS.admin);
  const invited = await ok(
    app.request('POST', '/v1/members/invitations', {
      token: b.owner.token,
      body: { email: inA.email, role_id: BUILTIN_ROLE_IDS.admin },
    }),
  );
  // Accepted while logged in (to A): the answer is a session in B.
  const inB = await ok(
    app.request('POST', '/v1/invitations/accept', { token: inA.token, body: { token: invited.token } }),
  );
  expect(inB.tenant_id).toBe(b.owner.tenant_id);
  dual = { user_id: inA.user_id, email: inA.email, tokenA: inA.token, tokenB: inB.token };
});
afterAll(() => app?.close());

// --- What a tenant holds, seen by its owner through the API and as stored ---------------------------------

async function apiView(side: Side) {
  const get = (path: string) => ok(app.request('GET', path, { token: side.owner.token }));
  const [roles, members, invitations, apiKeys, audit, dids, credentials] = await Promise.all([
    get('/v1/roles?limit=100'),
    get('/v1/members?limit=100'),
    get('/v1/members/invitations?limit=100'),
    get('/v1/admin/api-keys?limit=100'),
    get('/v1/admin/audit-log?limit=100'),
    get('/v1/dids?limit=100'),
    get('/v1/credentials?limit=100'),
  ]);
  return { roles, members, invitations, apiKeys, audit, dids, credentials };
}

/** The tenant's DIDs, credentials, status lists (their bits), issuance counters and outbox, as stored. */
async function issuingState(side: Side) {
  const prisma = app.database.prisma;
  const where = { tenantId: side.owner.tenant_id };
  const byId = { orderBy: { id: 'asc' as const } };
  const [dids, credentials, statusLists, usageCounters, outboxEvents, attestations, subjectRequests] =
    await Promise.all([
      prisma.did.findMany({ where, ...byId }).then(bytesAsHex),
      prisma.credential.findMany({ where, ...byId }).then(bytesAsHex),
      prisma.statusList.findMany({ where, ...byId }).then(bytesAsHex),
      prisma.usageCounter.findMany({ where, orderBy: { month: 'asc' } }).then(bytesAsHex),
      // Not publishedAt: a webhook dispatcher (any instance on the database) fans events out at any moment.
      prisma.outboxEvent.findMany({ where, ...byId, omit: { publishedAt: true } }).then(bytesAsHex),
      prisma.trustAttestation.findMany({ where, ...byId }),
      prisma.dataSubjectRequest.findMany({ where, ...byId }),
    ]);
  const [oid4vciConfigurations, oid4vciOffers, oid4vciAuthorizations] = await Promise.all([
    prisma.oid4vciCredentialConfiguration.findMany({ where, ...byId }),
    prisma.oid4vciOffer.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.oid4vciAuthorization.findMany({ where, ...byId }).then(bytesAsHex),
  ]);
  return {
    oid4vciAuthorizations,
    dids,
    credentials,
    statusLists,
    usageCounters,
    outboxEvents,
    attestations,
    subjectRequests,
    oid4vciConfigurations,
    oid4vciOffers,
  };
}

async function storedState(side: Side) {
  const prisma = app.database.prisma;
  const where = { tenantId: side.owner.tenant_id };
  const byId = { orderBy: { id: 'asc' as const } };
  const [tenant, roles, memberships, sessions, invitations, apiKeys, auditEvents] = await Promise.all([
    prisma.tenant.findUniqueOrThrow({ where: { id: side.owner.tenant_id } }),
    prisma.role.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.membership.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.session.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.invitation.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.apiKey.findMany({ where, ...byId }).then(bytesAsHex),
    auditLogState(prisma, where.tenantId),
  ]);
  const oid4vpRequests = await prisma.oid4vpRequest.findMany({ where, ...byId }).then(bytesAsHex);
  return {
    tenant,
    roles,
    memberships,
    sessions,
    invitations,
    apiKeys,
    auditEvents,
    oid4vpRequests,
    ...(await issuingState(side)),
  };
}

/** Runs `act` and checks the tenant is exactly as before, through its own API and in the database. */
async function expectUntouched(side: Side, act: () => Promise<void>) {
  const [viewBefore, storedBefore] = await Promise.all([apiView(side), storedState(side)]);
  await act();
  const [viewAfter, storedAfter] = await Promise.all([apiView(side), storedState(side)]);
  expect(viewAfter).toEqual(viewBefore);
  expect(storedAfter).toEqual(storedBefore);
}

/** Strings that identify a tenant's own rows (not the person who belongs to both). */
async function identifiers(side: Side): Promise<string[]> {
  const events = await app.database.prisma.auditEvent.findMany({ where: { tenantId: side.owner.tenant_id } });
  const outbox = await app.database.prisma.outboxEvent.findMany({ where: { tenantId: side.owner.tenant_id } });
  return [
    side.owner.tenant_id,
    side.owner.tenant_slug,
    side.owner.user_id,
    side.owner.email,
    side.member.user_id,
    side.member.email,
    side.role.id,
    side.role.name,
    side.invitation.id,
    side.invitation.email,
    side.apiKey.id,
    side.apiKey.prefix,
    side.did.id,
    side.did.did,
    side.attestation.id,
    side.attestation.credential.split('.')[2]!,
    side.report.id,
    side.report.credential.split('.')[2]!,
    side.domain.id,
    side.domain.domain,
    side.oid4vci.configurationId,
    side.oid4vci.offerId,
    side.oid4vci.authorizationId,
    side.oid4vp.id,
    ...FORMATS.flatMap((format) => {
      const credential = side.credentials[format];
      const signature = credential.credential.split('~')[0]!.split('.')[2]!;
      return [credential.id, credential.status.uri, signature];
    }),
    ...events.flatMap((event) => [event.id, event.hash]),
    ...outbox.map((event) => event.id),
  ];
}

function expectGraphQLError(result: HttpResult, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

// --- Another tenant's ids answer like unknown ids -----------------------------------------------------------

type Call = { rest: { method: string; path: string; body?: unknown }; graphql: { query: string; variables: object } };
type IdCase = {
  name: string;
  /** The other tenant's id this case aims at. */
  foreignId: (other: Side) => string;
  /** An id of the same kind that nobody holds; a random UUID unless said otherwise. */
  unknownId?: () => string;
  call: (id: string, own: Side) => Call;
  status: number;
  /** The exact error text, given the id as requested (a DID's not-found text names it). */
  error: string | ((id: string) => string);
  /** What the other tenant must still see of the row aimed at. */
  stillThere?: (other: Side) => Promise<void>;
};

const byId = (mutation: string, field: string, variable = 'id') =>
  `mutation ($id: String!) { ${mutation}(${variable}: $id) { ${field} } }`;

const didNotFound = (did: string) => `DID ${did} not found in tenant`;
const CREDENTIAL_NOT_FOUND = 'credential not found or already revoked';

/** The other tenant's DID is still active, as its owner sees it. */
async function expectDidActive(other: Side) {
  const did = await ok(
    app.request('GET', `/v1/dids/${encodeURIComponent(other.did.did)}`, { token: other.owner.token }),
  );
  expect(did).toMatchObject({ did: other.did.did, status: 'active', deactivated_at: null });
}

/** The other tenant's credential is neither revoked nor flagged in its status list: it still verifies. */
async function expectCredentialValid(other: Side, format: Format) {
  const issued = other.credentials[format];
  const token = other.owner.token;
  expect(await ok(app.request('GET', `/v1/credentials/${issued.id}`, { token }))).toMatchObject({
    id: issued.id,
    revoked_at: null,
  });
  const verification = await ok(
    app.request('POST', '/v1/credentials/verify', { token, body: { credential: issued.credential } }),
  );
  expect(verification.verified, JSON.stringify(verification.checks)).toBe(true);
  expect(verification.checks).toContainEqual(expect.objectContaining({ name: 'status', status: 'passed' }));
}

const ATTESTATION_NOT_FOUND = 'attestation not found or already revoked';
async function expectAttestationActive(other: Side) {
  const token = other.owner.token;
  const read = await ok(app.request('GET', `/v1/trust/attestations/${other.attestation.id}`, { token }));
  expect(read).toMatchObject({ id: other.attestation.id, status: 'active', revoked_at: null });
}

async function expectOid4vpPending(other: Side) {
  const read = await ok(app.request('GET', `/v1/oid4vp/requests/${other.oid4vp.id}`, { token: other.owner.token }));
  expect(read).toMatchObject({ id: other.oid4vp.id, status: 'pending', response_code_redeemed_at: null });
}

const OID4VP_NOT_FOUND = 'presentation request not found';

const DOMAIN_NOT_FOUND = 'domain not found';
async function expectDomainThere(other: Side) {
  const read = await ok(app.request('GET', `/v1/domains/${other.domain.id}`, { token: other.owner.token }));
  expect(read).toMatchObject({ id: other.domain.id, domain: other.domain.domain, status: 'pending' });
}

/** The other tenant's DID still has its chain, and it still trusts its root. */
async function expectChainThere(other: Side) {
  const path = `/v1/dids/${encodeURIComponent(other.did.did)}/certificate-chain`;
  expect((await ok(app.request('GET', path, { token: other.owner.token }))).x5c).toEqual(other.x5c);
}
async function expectAnchorThere(other: Side) {
  const anchors = await ok(app.request('GET', '/v1/trust/anchors', { token: other.owner.token }));
  expect(anchors.anchors.map((anchor: { id: string }) => anchor.id)).toEqual([other.anchor.id]);
}
const chainPath = (did: string) => `/v1/dids/${encodeURIComponent(did)}/certificate-chain`;

const CONFIGURATION_NOT_FOUND = 'credential configuration not found';
const configurationCall = (method: string, id: string, mutation?: string): Call => ({
  rest: {
    method,
    path: `/v1/oid4vci/credential-configurations/${id}`,
    ...(method === 'PATCH' && { body: { validity_seconds: 60 } }),
  },
  graphql: {
    query: mutation
      ? `mutation ($id: String!) { ${mutation} }`
      : 'query ($id: String!) { oid4vciCredentialConfiguration(configurationId: $id) { id } }',
    variables: { id },
  },
});
/** The other tenant's offer is still open, as its owner sees it. */
async function expectOfferOpen(other: Side) {
  const read = await ok(
    app.request('GET', `/v1/oid4vci/offers/${other.oid4vci.offerId}`, { token: other.owner.token }),
  );
  expect(read).toMatchObject({ id: other.oid4vci.offerId, state: 'offered' });
}

/** The other tenant's authorization still awaits its decision, as its owner sees it. */
async function expectAuthorizationPending(other: Side) {
  const path = `/v1/oid4vci/authorizations/${other.oid4vci.authorizationId}`;
  expect(await ok(app.request('GET', path, { token: other.owner.token }))).toMatchObject({ state: 'pending' });
}

/**
 * A pending authorization of the tenant's code flow: its login page set, a wallet's PAR, and the browser's visit to
 * the authorization endpoint (the login page is never called). Its id, from the redirect's authorization_id.
 */
async function pendingAuthorization(owner: RegisteredUser, configurationId: string): Promise<string> {
  await ok(
    app.request('PUT', '/v1/oid4vci/authorization-settings', {
      token: owner.token,
      body: { login_url: 'https://login.example.com/isolation' },
    }),
  );
  const form = new URLSearchParams({
    response_type: 'code',
    client_id: 'isolation-wallet',
    redirect_uri: 'https://wallet.example.com/cb',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    scope: configurationId,
  });
  const pushed = await app.request('POST', `/oid4vci/${owner.tenant_slug}/par`, {
    rawBody: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(pushed.status, pushed.text).toBe(201);
  const query = new URLSearchParams({ client_id: 'isolation-wallet', request_uri: pushed.body.request_uri });
  const redirect = await app.request('GET', `/oid4vci/${owner.tenant_slug}/authorize?${query}`);
  expect(redirect.status).toBe(302);
  return new URL(redirect.headers.get('location')!).searchParams.get('authorization_id')!;
}

const ID_CASES: IdCase[] = [
  {
    name: 'POST /v1/dids/:did/certificate-signing-request',
    foreignId: (other) => other.did.did,
    unknownId: unknownDid,
    call: (did) => ({
      rest: {
        method: 'POST',
        path: `/v1/dids/${encodeURIComponent(did)}/certificate-signing-request`,
        body: { common_name: 'taken over' },
      },
      graphql: {
        query:
          'mutation ($id: String!) { requestDidCertificate(did: $id, input: { commonName: "taken over" }) { csr } }',
        variables: { id: did },
      },
    }),
    status: 404,
    error: didNotFound,
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): IdCase => ({
    name: `${method} /v1/dids/:did/certificate-chain`,
    foreignId: (other) => other.did.did,
    unknownId: unknownDid,
    call: (did, own) => ({
      rest: { method, path: chainPath(did), ...(method === 'PUT' && { body: { certificates: own.x5c } }) },
      graphql:
        method === 'GET'
          ? { query: 'query ($id: String!) { didCertificateChain(did: $id) { x5c } }', variables: { id: did } }
          : method === 'PUT'
            ? {
                query:
                  'mutation ($id: String!, $c: [String!]!) { setDidCertificateChain(did: $id, input: { certificates: $c }) { x5c } }',
                variables: { id: did, c: own.x5c },
              }
            : { query: byId('removeDidCertificateChain', 'x5c', 'did'), variables: { id: did } },
    }),
    status: 404,
    error: didNotFound,
    stillThere: expectChainThere,
  })),
  {
    name: 'DELETE /v1/trust/anchors/:id',
    foreignId: (other) => other.anchor.id,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/trust/anchors/${id}` },
      graphql: { query: byId('removeTrustAnchor', 'id'), variables: { id } },
    }),
    status: 404,
    error: 'trust anchor not found',
    stillThere: expectAnchorThere,
  },
  {
    name: 'GET /v1/oid4vci/credential-configurations/:configuration_id',
    foreignId: (other) => other.oid4vci.configurationId,
    unknownId: () => `nobody-${uniqueSuffix()}`,
    call: (id) => configurationCall('GET', id),
    status: 404,
    error: CONFIGURATION_NOT_FOUND,
  },
  {
    name: 'PATCH /v1/oid4vci/credential-configurations/:configuration_id',
    foreignId: (other) => other.oid4vci.configurationId,
    unknownId: () => `nobody-${uniqueSuffix()}`,
    call: (id) =>
      configurationCall(
        'PATCH',
        id,
        'updateOid4vciCredentialConfiguration(configurationId: $id, input: { validitySeconds: 60 }) { id }',
      ),
    status: 404,
    error: CONFIGURATION_NOT_FOUND,
  },
  {
    name: 'DELETE /v1/oid4vci/credential-configurations/:configuration_id',
    foreignId: (other) => other.oid4vci.configurationId,
    unknownId: () => `nobody-${uniqueSuffix()}`,
    call: (id) => configurationCall('DELETE', id, 'deleteOid4vciCredentialConfiguration(configurationId: $id) { id }'),
    status: 404,
    error: CONFIGURATION_NOT_FOUND,
  },
  {
    name: 'POST /v1/oid4vci/offers naming a configuration of B',
    foreignId: (other) => other.oid4vci.configurationId,
    unknownId: () => `nobody-${uniqueSuffix()}`,
    call: (id) => ({
      rest: {
        method: 'POST',
        path: '/v1/oid4vci/offers',
        body: { configuration_ids: [id], subject_id: SHARED_SUBJECT, claims: { [id]: {} } },
      },
      graphql: {
        query:
          'mutation ($id: String!) { createOid4vciOffer(input: { configurationIds: [$id], subjectId: "s", claims: {} }) { txCodeValue } }',
        variables: { id },
      },
    }),
    status: 400,
    error: (id) => `unknown credential configuration: ${id}`,
  },
  {
    name: 'GET /v1/oid4vci/offers/:id',
    foreignId: (other) => other.oid4vci.offerId,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/oid4vci/offers/${id}` },
      graphql: { query: 'query ($id: String!) { oid4vciOffer(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: 'offer not found',
  },
  {
    name: 'DELETE /v1/oid4vci/offers/:id',
    foreignId: (other) => other.oid4vci.offerId,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/oid4vci/offers/${id}` },
      graphql: { query: byId('cancelOid4vciOffer', 'id'), variables: { id } },
    }),
    status: 404,
    error: 'offer not found or no longer open',
    stillThere: expectOfferOpen,
  },
  {
    name: 'POST /v1/oid4vci/offers/:id/claims',
    foreignId: (other) => other.oid4vci.offerId,
    call: (id) => ({
      rest: { method: 'POST', path: `/v1/oid4vci/offers/${id}/claims`, body: { claims: {} } },
      graphql: {
        query: 'mutation ($id: String!) { supplyOid4vciOfferClaims(id: $id, input: { claims: {} }) { id } }',
        variables: { id },
      },
    }),
    status: 404,
    error: 'offer not found',
    stillThere: expectOfferOpen,
  },
  {
    name: 'GET /v1/oid4vci/authorizations/:id',
    foreignId: (other) => other.oid4vci.authorizationId,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/oid4vci/authorizations/${id}` },
      graphql: { query: 'query ($id: String!) { oid4vciAuthorization(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: 'authorization not found',
  },
  ...(['approve', 'deny'] as const).map((decision): IdCase => ({
    name: `POST /v1/oid4vci/authorizations/:id/${decision}`,
    foreignId: (other) => other.oid4vci.authorizationId,
    call: (id) => ({
      rest: {
        method: 'POST',
        path: `/v1/oid4vci/authorizations/${id}/${decision}`,
        body: decision === 'approve' ? { subject_id: 'did:example:intruder', claims: {} } : {},
      },
      graphql: {
        query: `mutation ($id: String!) { ${decision}Oid4vciAuthorization(id: $id) { redirectTo } }`,
        variables: { id },
      },
    }),
    status: 404,
    error: 'authorization not found',
    stillThere: expectAuthorizationPending,
  })),
  {
    name: 'GET /v1/domains/:id',
    foreignId: (other) => other.domain.id,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/domains/${id}` },
      graphql: { query: 'query ($id: String!) { domain(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: DOMAIN_NOT_FOUND,
  },
  {
    name: 'POST /v1/domains/:id/verify',
    foreignId: (other) => other.domain.id,
    call: (id) => ({
      rest: { method: 'POST', path: `/v1/domains/${id}/verify` },
      graphql: { query: byId('verifyDomain', 'id'), variables: { id } },
    }),
    status: 404,
    error: DOMAIN_NOT_FOUND,
    stillThere: expectDomainThere,
  },
  {
    name: 'DELETE /v1/domains/:id',
    foreignId: (other) => other.domain.id,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/domains/${id}` },
      graphql: { query: byId('deleteDomain', 'id'), variables: { id } },
    }),
    status: 404,
    error: DOMAIN_NOT_FOUND,
    stillThere: expectDomainThere,
  },
  {
    name: 'GET /v1/didcomm/messages/:id',
    foreignId: (other) => other.didcomm.id,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/didcomm/messages/${id}` },
      graphql: { query: 'query ($id: String!) { didcommMessage(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: 'DIDComm message not found',
  },
  {
    name: 'GET /v1/oid4vp/requests/:id',
    foreignId: (other) => other.oid4vp.id,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/oid4vp/requests/${id}` },
      graphql: { query: 'query ($id: String!) { oid4vpRequest(id: $id) { id dcqlQuery } }', variables: { id } },
    }),
    status: 404,
    error: OID4VP_NOT_FOUND,
  },
  {
    name: 'DELETE /v1/oid4vp/requests/:id',
    foreignId: (other) => other.oid4vp.id,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/oid4vp/requests/${id}` },
      graphql: { query: byId('cancelOid4vpRequest', 'id status'), variables: { id } },
    }),
    status: 404,
    error: OID4VP_NOT_FOUND,
    stillThere: expectOid4vpPending,
  },
  {
    name: 'POST /v1/oid4vp/requests/:id/response-code',
    foreignId: (other) => other.oid4vp.id,
    call: (id) => ({
      rest: { method: 'POST', path: `/v1/oid4vp/requests/${id}/response-code`, body: { response_code: 'guess' } },
      graphql: {
        query: 'mutation ($id: String!) { redeemOid4vpResponseCode(id: $id, input: { responseCode: "guess" }) { id } }',
        variables: { id },
      },
    }),
    status: 404,
    error: OID4VP_NOT_FOUND,
    stillThere: expectOid4vpPending,
  },
  {
    name: 'GET /v1/compliance/reports/:id',
    foreignId: (other) => other.report.id,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/compliance/reports/${id}` },
      graphql: { query: 'query ($id: String!) { complianceReport(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: 'report not found',
  },
  {
    name: 'GET /v1/trust/attestations/:id',
    foreignId: (other) => other.attestation.id,
    call: (id) => ({
      rest: { method: 'GET', path: `/v1/trust/attestations/${id}` },
      graphql: { query: 'query ($id: String!) { trustAttestation(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: ATTESTATION_NOT_FOUND,
  },
  {
    name: 'POST /v1/trust/attestations/:id/revoke',
    foreignId: (other) => other.attestation.id,
    call: (id) => ({
      rest: { method: 'POST', path: `/v1/trust/attestations/${id}/revoke` },
      graphql: { query: 'mutation ($id: String!) { revokeTrustAttestation(id: $id) { id } }', variables: { id } },
    }),
    status: 404,
    error: ATTESTATION_NOT_FOUND,
    stillThere: expectAttestationActive,
  },
  {
    name: 'PATCH /v1/roles/:role_id',
    foreignId: (other) => other.role.id,
    call: (id) => ({
      rest: { method: 'PATCH', path: `/v1/roles/${id}`, body: { description: 'taken over' } },
      graphql: {
        query: 'mutation ($id: String!) { updateRole(id: $id, input: { description: "taken over" }) { id } }',
        variables: { id },
      },
    }),
    status: 400,
    error: 'invalid role_id',
  },
  {
    name: 'DELETE /v1/roles/:role_id',
    foreignId: (other) => other.role.id,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/roles/${id}` },
      graphql: { query: byId('deleteRole', 'id'), variables: { id } },
    }),
    status: 400,
    error: 'invalid role_id',
  },
  ...(['member', 'owner'] as const).flatMap((who): IdCase[] => [
    {
      name: `PATCH /v1/members/:user_id (the other tenant's ${who})`,
      foreignId: (other) => (who === 'owner' ? other.owner.user_id : other.member.user_id),
      call: (id) => ({
        rest: { method: 'PATCH', path: `/v1/members/${id}`, body: { role_id: BUILTIN_ROLE_IDS.admin } },
        graphql: {
          query: `mutation ($id: String!) { updateMemberRole(userId: $id, input: { roleId: "${BUILTIN_ROLE_IDS.admin}" }) { userId } }`,
          variables: { id },
        },
      }),
      status: 404,
      error: 'member not found',
    },
    {
      name: `DELETE /v1/members/:user_id (the other tenant's ${who})`,
      foreignId: (other) => (who === 'owner' ? other.owner.user_id : other.member.user_id),
      call: (id) => ({
        rest: { method: 'DELETE', path: `/v1/members/${id}` },
        graphql: { query: byId('removeMember', 'userId', 'userId'), variables: { id } },
      }),
      status: 404,
      error: 'member not found',
    },
  ]),
  {
    name: 'DELETE /v1/members/invitations/:invitation_id',
    foreignId: (other) => other.invitation.id,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/members/invitations/${id}` },
      graphql: { query: byId('revokeInvitation', 'id'), variables: { id } },
    }),
    status: 404,
    error: 'invitation not found',
  },
  {
    name: 'DELETE /v1/admin/api-keys/:api_key_id',
    foreignId: (other) => other.apiKey.id,
    call: (id) => ({
      rest: { method: 'DELETE', path: `/v1/admin/api-keys/${id}` },
      graphql: { query: byId('revokeApiKey', 'id'), variables: { id } },
    }),
    status: 404,
    error: 'API key not found',
  },
  {
    name: 'POST /v1/members/invitations with role_id in the body',
    foreignId: (other) => other.role.id,
    call: (id) => {
      const email = `nobody-${uniqueSuffix()}@example.com`;
      return {
        rest: { method: 'POST', path: '/v1/members/invitations', body: { email, role_id: id } },
        graphql: {
          query: 'mutation ($input: InviteMemberInput!) { inviteMember(input: $input) { token } }',
          variables: { input: { email, roleId: id } },
        },
      };
    },
    status: 400,
    error: 'invalid role_id',
  },
  {
    name: "PATCH /v1/members/:user_id of one's own member with role_id in the body",
    foreignId: (other) => other.role.id,
    call: (id, own) => ({
      rest: { method: 'PATCH', path: `/v1/members/${own.member.user_id}`, body: { role_id: id } },
      graphql: {
        query:
          'mutation ($user: String!, $id: String!) { updateMemberRole(userId: $user, input: { roleId: $id }) { userId } }',
        variables: { user: own.member.user_id, id },
      },
    }),
    status: 400,
    error: 'invalid role_id',
  },
  {
    name: 'GET /v1/dids/:did',
    foreignId: (other) => other.did.did,
    unknownId: unknownDid,
    call: (did) => ({
      rest: { method: 'GET', path: `/v1/dids/${encodeURIComponent(did)}` },
      graphql: { query: 'query ($id: String!) { did(did: $id) { did status } }', variables: { id: did } },
    }),
    status: 404,
    error: didNotFound,
    stillThere: expectDidActive,
  },
  {
    name: 'POST /v1/dids/:did/deactivate',
    foreignId: (other) => other.did.did,
    unknownId: unknownDid,
    call: (did) => ({
      rest: { method: 'POST', path: `/v1/dids/${encodeURIComponent(did)}/deactivate` },
      graphql: { query: byId('deactivateDid', 'did status', 'did'), variables: { id: did } },
    }),
    status: 404,
    error: didNotFound,
    stillThere: expectDidActive,
  },
  {
    name: 'POST /v1/credentials/issue with the DID as issuer',
    foreignId: (other) => other.did.did,
    unknownId: unknownDid,
    call: (did) => {
      const input = { format: 'jwt_vc_json', issuer: did, claims: { name: 'taken over' } };
      return {
        rest: { method: 'POST', path: '/v1/credentials/issue', body: input },
        graphql: {
          query: 'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id credential } }',
          variables: { input },
        },
      };
    },
    status: 404,
    error: didNotFound,
    stillThere: expectDidActive,
  },
  ...FORMATS.flatMap((format): IdCase[] => [
    {
      name: `GET /v1/credentials/:id (${format})`,
      foreignId: (other) => other.credentials[format].id,
      call: (id) => ({
        rest: { method: 'GET', path: `/v1/credentials/${id}` },
        graphql: { query: 'query ($id: String!) { credential(id: $id) { id credential } }', variables: { id } },
      }),
      status: 404,
      error: CREDENTIAL_NOT_FOUND,
      stillThere: (other) => expectCredentialValid(other, format),
    },
    {
      name: `POST /v1/credentials/:id/revoke (${format})`,
      foreignId: (other) => other.credentials[format].id,
      call: (id) => ({
        rest: { method: 'POST', path: `/v1/credentials/${id}/revoke` },
        graphql: { query: byId('revokeCredential', 'id status revokedAt'), variables: { id } },
      }),
      status: 404,
      error: CREDENTIAL_NOT_FOUND,
      stillThere: (other) => expectCredentialValid(other, format),
    },
  ]),
];

/** Callers in A (own side A, other side B), and the two-tenant user's session for A. */
const ACTORS = [
  { name: "A's owner session", token: () => a.owner.token, headers: () => ({}) },
  {
    name: "A's owner session with X-Tenant-Id: B",
    token: () => a.owner.token,
    headers: () => ({ 'X-Tenant-Id': b.owner.tenant_id }),
  },
  { name: "A's API key", token: () => a.apiKey.key, headers: () => ({}) },
  { name: "the two-tenant user's session for A", token: () => dual.tokenA, headers: () => ({}) },
];

const TRANSPORTS = ['REST', 'GraphQL'] as const;
type Transport = (typeof TRANSPORTS)[number];

function send(call: Call, transport: Transport, token: string, headers: Record<string, string>) {
  return transport === 'REST'
    ? app.request(call.rest.method, call.rest.path, { token, headers, body: call.rest.body })
    : app.request('POST', '/graphql', { token, headers, body: call.graphql });
}

/**
 * The parts of an answer that may not depend on whose id it was: the request id differs by nature, and the
 * id as requested is masked (a DID's not-found text echoes it).
 */
function comparable(result: HttpResult, transport: Transport, id: string) {
  const masked = JSON.parse(result.text.replaceAll(id, '<id>'));
  if (transport === 'REST') {
    const { request_id: _, ...body } = masked;
    return { status: result.status, body };
  }
  return { status: result.status, body: masked };
}

describe.each(ACTORS)('$name using an id of tenant B', (actor) => {
  // B as its owner sees it and as stored, and what A issues with: each case changes neither.
  const untouched = unchangedState(async () => {
    const [view, stored, issuingOfA] = await Promise.all([apiView(b), storedState(b), issuingState(a)]);
    return { view, stored, issuingOfA };
  });
  it.each(ID_CASES)('$name: same answer as an unknown id over REST and GraphQL, B untouched', async (idCase) => {
    const foreignId = idCase.foreignId(b);
    const unknownId = (idCase.unknownId ?? randomUUID)();
    const errorFor = (id: string) => (typeof idCase.error === 'string' ? idCase.error : idCase.error(id));
    const answers = new Map<Transport, { foreign: HttpResult; unknown: HttpResult }>();
    // Nor does A gain anything: a refused issue takes no quota, status index, row or outbox event.
    await untouched.expectUnchangedBy(async () => {
      for (const transport of TRANSPORTS) {
        const foreign = await send(idCase.call(foreignId, a), transport, actor.token(), actor.headers());
        const unknown = await send(idCase.call(unknownId, a), transport, actor.token(), actor.headers());
        answers.set(transport, { foreign, unknown });
      }
    });
    for (const [transport, { foreign, unknown }] of answers) {
      const expectFailure = transport === 'REST' ? expectError : expectGraphQLError;
      expectFailure(foreign, idCase.status, errorFor(foreignId));
      expectFailure(unknown, idCase.status, errorFor(unknownId));
      expect(comparable(foreign, transport, foreignId), transport).toEqual(comparable(unknown, transport, unknownId));
    }
    await idCase.stillThere?.(b);
  });
});

// --- Lists show the caller's tenant only -------------------------------------------------------------------

const LISTS = [
  {
    name: 'members',
    path: '/v1/members',
    query: '{ members(limit: 100) { members { userId email role roleId } } }',
    own: (s: Side) => s.member.user_id,
  },
  {
    name: 'roles',
    path: '/v1/roles',
    query: '{ roles(limit: 100) { roles { id name } } }',
    own: (s: Side) => s.role.id,
  },
  {
    name: 'invitations',
    path: '/v1/members/invitations',
    query: '{ invitations(limit: 100) { invitations { id email roleId invitedByUserId } } }',
    own: (s: Side) => s.invitation.id,
  },
  {
    name: 'API keys',
    path: '/v1/admin/api-keys',
    query: '{ apiKeys(limit: 100) { apiKeys { id name prefix createdByUserId } } }',
    own: (s: Side) => s.apiKey.id,
  },
  {
    name: 'audit log',
    path: '/v1/admin/audit-log?limit=100',
    query: '{ auditLog(limit: 100) { events { id action actorUserId actorApiKeyId targetId details hash } } }',
    own: (s: Side) => s.role.id,
  },
  {
    name: 'audit chain verification',
    path: '/v1/admin/audit-log/verify',
    query: '{ auditLogVerification { valid eventsChecked head { seq eventId hash } } }',
    own: async (s: Side) => (await auditChainHead(app.database.prisma, s.owner.tenant_id))!.hash,
  },
  {
    name: 'events',
    path: '/v1/events?limit=100',
    query: '{ events(limit: 100) { events { id tenantId data } } }',
    own: (s: Side) => s.apiKey.id,
  },
  {
    name: 'DIDs',
    path: '/v1/dids?limit=100',
    query: '{ dids(limit: 100) { dids { id did verificationMethod didDocument } } }',
    own: (s: Side) => s.did.did,
  },
  {
    name: 'credentials',
    path: '/v1/credentials?limit=100',
    query: '{ credentials(limit: 100) { credentials { id issuer credential status { uri } } } }',
    own: (s: Side) => s.credentials['vc+sd-jwt'].id,
  },
  {
    // The same subject id in both tenants: the export is of the caller's tenant's data only.
    name: 'a data subject export of the subject id both tenants hold',
    path: `/v1/compliance/subjects/${encodeURIComponent(SHARED_SUBJECT)}/export`,
    query: `{ complianceSubjectExport(subjectId: "${SHARED_SUBJECT}") { credentials { id issuerDid credential claims status { uri } } trustAttestations { id } events { id tenantId data } requests { id } } }`,
    own: (s: Side) => s.credentials['vc+sd-jwt'].id,
  },
  {
    name: 'trust attestations',
    path: '/v1/trust/attestations?limit=100',
    query: '{ trustAttestations(limit: 100) { attestations { id subjectDid attesterDid credential } } }',
    own: (s: Side) => s.attestation.id,
  },
  {
    name: 'trust anchors',
    path: '/v1/trust/anchors',
    query: '{ trustAnchors { id subject pem } }',
    own: (s: Side) => s.anchor.id,
  },
  {
    name: 'custom domains',
    path: '/v1/domains',
    query: '{ domains { id domain verification { value } } }',
    own: (s: Side) => s.domain.id,
  },
  {
    name: 'DIDComm messages',
    path: '/v1/didcomm/messages?limit=100',
    query: '{ didcommMessages(limit: 100) { messages { id did from message envelope } } }',
    own: (s: Side) => s.didcomm.id,
  },
  {
    name: 'OpenID4VCI credential configurations',
    path: '/v1/oid4vci/credential-configurations?limit=100',
    query: '{ oid4vciCredentialConfigurations(limit: 100) { configurations { id configurationId issuer metadata } } }',
    own: (s: Side) => s.oid4vci.configurationId,
  },
  {
    name: 'OpenID4VCI offers',
    path: '/v1/oid4vci/offers?limit=100',
    query: '{ oid4vciOffers(limit: 100) { offers { id subjectId configurationIds claims } } }',
    own: (s: Side) => s.oid4vci.offerId,
  },
  {
    name: 'OpenID4VP presentation requests',
    path: '/v1/oid4vp/requests?limit=100',
    query: '{ oid4vpRequests(limit: 100) { requests { id clientId did dcqlQuery } } }',
    own: (s: Side) => s.oid4vp.id,
  },
  {
    name: 'compliance reports',
    path: '/v1/compliance/reports?limit=100',
    query: '{ complianceReports(limit: 100) { reports { id issuerDid credential report } } }',
    own: (s: Side) => s.report.id,
  },
  {
    // Evidence names the tenant's objects: its unscoped API key, its owner, its DID.
    name: 'a framework’s evaluation',
    path: '/v1/compliance/frameworks/soc2',
    query: '{ complianceFramework(id: "soc2") { controls { evidence } } }',
    own: (s: Side) => s.apiKey.id,
  },
];

/** Readers and the tenant they read as (own) versus the one they must never see (other). */
const READERS = [
  { name: "A's owner session", token: () => a.owner.token, own: () => a, other: () => b },
  { name: "A's API key", token: () => a.apiKey.key, own: () => a, other: () => b },
  { name: "the two-tenant user's session for A", token: () => dual.tokenA, own: () => a, other: () => b },
  { name: "the two-tenant user's session for B", token: () => dual.tokenB, own: () => b, other: () => a },
];

describe.each(READERS)('$name', (reader) => {
  describe.each([false, true])('X-Tenant-Id of the other tenant sent: %s', (withHeader) => {
    it.each(LISTS)('lists $name of its own tenant only (REST and GraphQL)', async (list) => {
      const headers: Record<string, string> = withHeader ? { 'X-Tenant-Id': reader.other().owner.tenant_id } : {};
      const rest = await app.request('GET', list.path, { token: reader.token(), headers });
      const graphql = await app.request('POST', '/graphql', {
        token: reader.token(),
        headers,
        body: { query: list.query },
      });
      expect(rest.status, rest.text).toBe(200);
      expect(graphql.body.errors, graphql.text).toBeUndefined();
      const foreign = await identifiers(reader.other());
      for (const text of [rest.text, graphql.text]) {
        expect(text).toContain(await list.own(reader.own()));
        for (const id of foreign) expect(text).not.toContain(id);
      }
    });
  });
});

describe.each(READERS)('$name filtering credentials by the other tenant’s DID', (reader) => {
  it('finds none, over REST and GraphQL', async () => {
    const issuer = reader.other().did.did;
    const rest = await ok(
      app.request('GET', `/v1/credentials?issuer=${encodeURIComponent(issuer)}`, { token: reader.token() }),
    );
    expect(rest.credentials).toEqual([]);
    const graphql = await app.request('POST', '/graphql', {
      token: reader.token(),
      body: {
        query: 'query ($issuer: String) { credentials(issuer: $issuer) { credentials { id } } }',
        variables: { issuer },
      },
    });
    expect(graphql.body, graphql.text).toEqual({ data: { credentials: { credentials: [] } } });
  });
});

// --- Data subject requests reach the caller's tenant only ---------------------------------------------------

describe.each(TRANSPORTS)("A erasing a subject id that only B's credentials carry (%s)", (transport) => {
  const erase = (subjectId: string) =>
    transport === 'REST'
      ? app.request('POST', `/v1/compliance/subjects/${encodeURIComponent(subjectId)}/erase`, { token: a.owner.token })
      : app.graphql(
          'mutation ($subjectId: String!) { eraseComplianceSubject(subjectId: $subjectId) { subjectId credentialsErased credentialsRevoked credentialIds } }',
          { subjectId },
          a.owner.token,
        );

  it('erases nothing of B, and answers as for a subject nobody holds', async () => {
    const onlyB = `did:example:only-b-${uniqueSuffix()}`;
    const issued = await ok(
      app.request('POST', '/v1/credentials/issue', {
        token: b.owner.token,
        body: { format: 'jwt_vc_json', issuer: b.did.did, subject_id: onlyB, claims: { name: 'only B' } },
      }),
    );
    let foreign!: HttpResult;
    await expectUntouched(b, async () => {
      foreign = await erase(onlyB);
    });
    const unknown = await erase(`did:example:nobody-${uniqueSuffix()}`);
    const answer = (result: HttpResult, subjectId: string) => {
      expect(result.status, result.text).toBe(200);
      const body = transport === 'REST' ? result.body : result.body.data.eraseComplianceSubject;
      expect(body).toMatchObject(
        transport === 'REST'
          ? { subject_id: subjectId, credentials_erased: 0, credentials_revoked: 0, credential_ids: [] }
          : { subjectId, credentialsErased: 0, credentialsRevoked: 0, credentialIds: [] },
      );
    };
    answer(foreign, onlyB);
    answer(unknown, expect.any(String) as unknown as string);
    const stillThere = await ok(app.request('GET', `/v1/credentials/${issued.id}`, { token: b.owner.token }));
    expect(stillThere).toMatchObject({ credential: issued.credential, revoked_at: null, erased_at: null });
  });
});

// --- Verifying another tenant's credential is allowed ---------------------------------------------------------

// Not a leak: a credential is a self-contained signed document that its holder shows to anyone, and its issuer
// (a did:key) and status list are public by design (spec §3–4; GET /1.0/identifiers and /v1/status-lists need
// no credential). Verification reads only the credential and that public status, so A learns B's issuer DID
// and the claims, which the credential already carries, and nothing of B's tenant.
describe.each(FORMATS)("A's owner verifying B's %s credential", (format) => {
  it.each(TRANSPORTS)('succeeds over %s, reports B’s issuer, and names nothing else of B', async (transport) => {
    const credential = b.credentials[format].credential;
    const response =
      transport === 'REST'
        ? await app.request('POST', '/v1/credentials/verify', { token: a.owner.token, body: { credential } })
        : await app.graphql(
            'mutation ($credential: String!) { verifyCredential(input: { credential: $credential }) { verified format issuer checks { name status } } }',
            { credential },
            a.owner.token,
          );
    expect(response.status, response.text).toBe(200);
    const result = transport === 'REST' ? response.body : response.body.data.verifyCredential;
    // GraphQL names vc+sd-jwt by its enum name, vc_sd_jwt.
    const expectedFormat = transport === 'REST' ? format : format.replace(/[^a-z_]/g, '_');
    expect(result).toMatchObject({ verified: true, format: expectedFormat, issuer: b.did.did });
    expect(result.checks).toContainEqual(expect.objectContaining({ name: 'status', status: 'passed' }));
    for (const id of [b.owner.tenant_id, b.owner.tenant_slug, b.owner.user_id, b.owner.email, b.did.id]) {
      expect(response.text).not.toContain(id);
    }
  });
});

describe('the two-tenant user', () => {
  it("has each session bound to its tenant, seeing the other tenant's owner in neither", async () => {
    const meA = await ok(app.request('GET', '/v1/auth/me', { token: dual.tokenA }));
    const meB = await ok(app.request('GET', '/v1/auth/me', { token: dual.tokenB }));
    expect(meA).toMatchObject({ user_id: dual.user_id, tenant_id: a.owner.tenant_id, role: 'admin' });
    expect(meB).toMatchObject({ user_id: dual.user_id, tenant_id: b.owner.tenant_id, role: 'admin' });
    const membersOf = async (token: string) =>
      (await ok(app.request('GET', '/v1/members', { token }))).members.map((m: any) => m.user_id).sort();
    expect(await membersOf(dual.tokenA)).toEqual([a.owner.user_id, a.member.user_id, dual.user_id].sort());
    expect(await membersOf(dual.tokenB)).toEqual([b.owner.user_id, b.member.user_id, dual.user_id].sort());
  });
});

// --- X-Tenant-Id is ignored; tenant_id in a body is refused --------------------------------------------------

const WRITES: {
  name: string;
  /** `extra` joins a REST body (a field the contract does not define). */
  send: (headers: Record<string, string>, extra?: Record<string, unknown>) => Promise<HttpResult>;
  landed: (r: HttpResult) => Promise<string>;
}[] = [
  {
    name: 'POST /v1/members/invitations',
    send: (headers, extra) =>
      app.request('POST', '/v1/members/invitations', {
        token: a.owner.token,
        headers,
        body: { email: `spoof-${uniqueSuffix()}@example.com`, role_id: BUILTIN_ROLE_IDS.viewer, ...extra },
      }),
    landed: async (r) =>
      (await app.database.prisma.invitation.findUniqueOrThrow({ where: { id: r.body.id } })).tenantId,
  },
  {
    name: 'POST /v1/roles',
    send: (headers, extra) =>
      app.request('POST', '/v1/roles', {
        token: a.owner.token,
        headers,
        body: { name: `spoof-${uniqueSuffix()}`, permissions: ['usage:read'], ...extra },
      }),
    landed: async (r) => (await app.database.prisma.role.findUniqueOrThrow({ where: { id: r.body.id } })).tenantId!,
  },
  {
    name: 'POST /v1/admin/api-keys',
    send: (headers, extra) =>
      app.request('POST', '/v1/admin/api-keys', {
        token: a.owner.token,
        headers,
        body: { name: 'spoof', ...extra },
      }),
    landed: async (r) => (await app.database.prisma.apiKey.findUniqueOrThrow({ where: { id: r.body.id } })).tenantId,
  },
  {
    name: 'GraphQL inviteMember',
    send: (headers) =>
      app.request('POST', '/graphql', {
        token: a.owner.token,
        headers,
        body: {
          query: 'mutation ($input: InviteMemberInput!) { inviteMember(input: $input) { invitation { id } } }',
          variables: { input: { email: `spoof-${uniqueSuffix()}@example.com`, roleId: BUILTIN_ROLE_IDS.viewer } },
        },
      }),
    landed: async (r) =>
      (
        await app.database.prisma.invitation.findUniqueOrThrow({
          where: { id: r.body.data.inviteMember.invitation.id },
        })
      ).tenantId,
  },
];

describe('X-Tenant-Id: B is ignored; tenant_id: B is refused', () => {
  it.each(WRITES.filter((write) => write.name.startsWith('POST')))(
    '$name by A with tenant_id: B in the body → 400 unknown field, nothing written anywhere',
    async (write) => {
      let response!: HttpResult;
      await expectUntouched(a, () =>
        expectUntouched(b, async () => {
          response = await write.send({}, { tenant_id: b.owner.tenant_id });
        }),
      );
      expectError(response, 400, 'unknown field: tenant_id');
    },
  );

  it.each(WRITES)('$name by A with X-Tenant-Id: B lands in A', async (write) => {
    let response!: HttpResult;
    await expectUntouched(b, async () => {
      response = await write.send({ 'X-Tenant-Id': b.owner.tenant_id });
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(await write.landed(response)).toBe(a.owner.tenant_id);
  });

  it("a plan change by A with X-Tenant-Id: B changes A's plan only", async () => {
    await expectUntouched(b, async () => {
      const changed = await ok(
        app.request('POST', '/v1/admin/billing/upgrade', {
          token: a.owner.token,
          headers: { 'X-Tenant-Id': b.owner.tenant_id },
          body: { plan: 'enterprise' },
        }),
      );
      expect(changed).toMatchObject({ plan: 'enterprise', previous_plan: 'business', changed: true });
    });
    const tenants = app.database.prisma.tenant;
    expect((await tenants.findUniqueOrThrow({ where: { id: a.owner.tenant_id } })).plan).toBe('enterprise');
    expect((await tenants.findUniqueOrThrow({ where: { id: b.owner.tenant_id } })).plan).toBe('business');
    await ok(app.request('POST', '/v1/admin/billing/upgrade', { token: a.owner.token, body: { plan: 'business' } }));
  });
});
