// The authorization matrix (spec §5, §7; conventions §8): every endpoint that needs a permission, over REST
// and GraphQL, for sessions of built-in and custom roles, unscoped keys of two roles and a scoped key. The
// expectation of each cell is derived from two tables, endpoint → permission and principal → permissions,
// the latter read from GET /v1/roles, so a role whose permissions change moves the whole matrix with it.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildSchema, parse, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFieldAccess } from '../../src/graphql/access.js';
import { schema } from '../../src/graphql/schema.js';
import { ENDPOINTS as REST_TABLE } from '../../src/rest/endpoints.js';
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

let app: TestApp;

/** The ids an endpoint acts on: random unknown ones for the matrix, real ones for the denied-write checks. */
type Targets = {
  roleId: string;
  userId: string;
  invitationId: string;
  apiKeyId: string;
  plan: string;
  /** A DID: the tenant's own, or one it does not hold (also the issuer of an issue request). */
  did: string;
  credentialId: string;
  webhookId: string;
  webhookDeliveryId: string;
  attestationId: string;
  /** A compliance framework id: the matrix's dummy one is unknown. */
  framework: string;
  reportId: string;
  /** A data subject: the subject id of the tenant's credential, or one nobody's credentials carry. */
  subjectId: string;
  /** A custom domain's id: the tenant's pending claim, or an unknown one. */
  domainId: string;
  /** An OpenID4VCI credential configuration id: the tenant's, or one it does not have. */
  configurationId: string;
  /** An OpenID4VCI offer's id: the tenant's open offer, or an unknown one. */
  offerId: string;
  /** An authorization of the OpenID4VCI code flow: the tenant's pending one, or an unknown one. */
  authorizationId: string;
};
type Rest = { method: string; path: string; body?: unknown };
type GraphQL = { query: string; variables?: Record<string, unknown> };
type Endpoint = {
  name: string;
  permission: string;
  rest: (t: Targets) => Rest;
  graphql: (t: Targets) => GraphQL;
  /** What a permitted caller gets with the matrix's dummy targets: success, or this (non-auth) error. */
  allowed: { status: 200 } | { status: number; error: string };
};

const OK = { status: 200 } as const;
const newEmail = () => `invitee-${uniqueSuffix()}@example.com`;
const newRoleName = () => `matrix-${uniqueSuffix()}`;

// A did:key that no tenant here holds (the all-zero-seed Ed25519 key of the did:key test vectors,
// test/fixtures/vectors/did-key/ed25519-x25519.json): every DID endpoint answers it with the not-found 404,
// and issuing with it as issuer fails before any quota, status index or row is taken.
const FOREIGN_DID = 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp';
const DID_NOT_FOUND = `DID ${FOREIGN_DID} not found in tenant`;
const CREDENTIAL_NOT_FOUND = 'credential not found or already revoked';
/** Not a JWS: verification refuses it as input before looking at any key or status list. */
const MALFORMED_CREDENTIAL = 'not-a-credential';
/** The subject of the tenant's credential, aimed at by the denied erasures. */
const MATRIX_SUBJECT = 'did:example:matrix-holder';
const issueBody = (issuer: string) => ({ format: 'jwt_vc_json', issuer, claims: { name: 'Matrix' } });
// A receiver that is never called: a closed loopback port (the app allows loopback URLs), subscribed only to
// test events, which the matrix sends to unknown endpoints alone.
const WEBHOOK_BODY = { url: 'http://127.0.0.1:9/matrix', events: ['webhook.test'] };
const WEBHOOK_NOT_FOUND = 'webhook not found';
const webhookRow = (
  name: string,
  rest: (t: Targets) => Rest,
  graphql: (t: Targets) => GraphQL,
  allowed: Endpoint['allowed'] = { status: 404, error: WEBHOOK_NOT_FOUND },
): Endpoint => ({ name, permission: 'webhooks:manage', rest, graphql, allowed });
const byWebhookId = (mutationOrQuery: string) => (t: Targets) => ({
  query: mutationOrQuery,
  variables: { id: t.webhookId },
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /v1/roles',
    permission: 'roles:list',
    rest: () => ({ method: 'GET', path: '/v1/roles' }),
    graphql: () => ({ query: '{ roles { roles { id } } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/roles',
    permission: 'roles:manage',
    rest: () => ({ method: 'POST', path: '/v1/roles', body: { name: newRoleName(), permissions: ['usage:read'] } }),
    graphql: () => ({
      query: 'mutation ($input: CreateRoleInput!) { createRole(input: $input) { id } }',
      variables: { input: { name: newRoleName(), permissions: ['usage:read'] } },
    }),
    allowed: OK,
  },
  {
    name: 'PATCH /v1/roles/:role_id',
    permission: 'roles:manage',
    rest: (t) => ({ method: 'PATCH', path: `/v1/roles/${t.roleId}`, body: { description: 'changed' } }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { updateRole(id: $id, input: { description: "changed" }) { id } }',
      variables: { id: t.roleId },
    }),
    allowed: { status: 400, error: 'invalid role_id' },
  },
  {
    name: 'DELETE /v1/roles/:role_id',
    permission: 'roles:manage',
    rest: (t) => ({ method: 'DELETE', path: `/v1/roles/${t.roleId}` }),
    graphql: (t) => ({ query: 'mutation ($id: String!) { deleteRole(id: $id) { id } }', variables: { id: t.roleId } }),
    allowed: { status: 400, error: 'invalid role_id' },
  },
  {
    name: 'GET /v1/members',
    permission: 'members:list',
    rest: () => ({ method: 'GET', path: '/v1/members' }),
    graphql: () => ({ query: '{ members { members { userId } } }' }),
    allowed: OK,
  },
  {
    name: 'PATCH /v1/members/:user_id',
    permission: 'members:update_role',
    rest: (t) => ({ method: 'PATCH', path: `/v1/members/${t.userId}`, body: { role_id: BUILTIN_ROLE_IDS.admin } }),
    graphql: (t) => ({
      query:
        'mutation ($id: String!, $role: String!) { updateMemberRole(userId: $id, input: { roleId: $role }) { userId } }',
      variables: { id: t.userId, role: BUILTIN_ROLE_IDS.admin },
    }),
    allowed: { status: 404, error: 'member not found' },
  },
  {
    name: 'DELETE /v1/members/:user_id',
    permission: 'members:remove',
    rest: (t) => ({ method: 'DELETE', path: `/v1/members/${t.userId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { removeMember(userId: $id) { userId } }',
      variables: { id: t.userId },
    }),
    allowed: { status: 404, error: 'member not found' },
  },
  {
    name: 'GET /v1/members/invitations',
    permission: 'members:list',
    rest: () => ({ method: 'GET', path: '/v1/members/invitations' }),
    graphql: () => ({ query: '{ invitations { invitations { id } } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/members/invitations',
    permission: 'members:invite',
    rest: () => ({
      method: 'POST',
      path: '/v1/members/invitations',
      body: { email: newEmail(), role_id: BUILTIN_ROLE_IDS.viewer },
    }),
    graphql: () => ({
      query: 'mutation ($input: InviteMemberInput!) { inviteMember(input: $input) { token } }',
      variables: { input: { email: newEmail(), roleId: BUILTIN_ROLE_IDS.viewer } },
    }),
    allowed: OK,
  },
  {
    name: 'DELETE /v1/members/invitations/:invitation_id',
    permission: 'members:invite',
    rest: (t) => ({ method: 'DELETE', path: `/v1/members/invitations/${t.invitationId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { revokeInvitation(id: $id) { id } }',
      variables: { id: t.invitationId },
    }),
    allowed: { status: 404, error: 'invitation not found' },
  },
  {
    name: 'GET /v1/admin/api-keys',
    permission: 'api_keys:manage',
    rest: () => ({ method: 'GET', path: '/v1/admin/api-keys' }),
    graphql: () => ({ query: '{ apiKeys { apiKeys { id } } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/admin/api-keys',
    permission: 'api_keys:manage',
    rest: () => ({ method: 'POST', path: '/v1/admin/api-keys', body: { name: 'matrix' } }),
    graphql: () => ({ query: 'mutation { createApiKey(input: { name: "matrix" }) { key } }' }),
    allowed: OK,
  },
  {
    name: 'DELETE /v1/admin/api-keys/:api_key_id',
    permission: 'api_keys:manage',
    rest: (t) => ({ method: 'DELETE', path: `/v1/admin/api-keys/${t.apiKeyId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { revokeApiKey(id: $id) { id } }',
      variables: { id: t.apiKeyId },
    }),
    allowed: { status: 404, error: 'API key not found' },
  },
  {
    name: 'GET /v1/admin/usage',
    permission: 'usage:read',
    rest: () => ({ method: 'GET', path: '/v1/admin/usage' }),
    graphql: () => ({ query: '{ usage { plan } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/admin/billing/upgrade',
    permission: 'billing:manage',
    rest: (t) => ({ method: 'POST', path: '/v1/admin/billing/upgrade', body: { plan: t.plan } }),
    graphql: (t) => ({
      query: 'mutation ($plan: Plan!) { changePlan(input: { plan: $plan }) { plan } }',
      variables: { plan: t.plan },
    }),
    allowed: OK,
  },
  {
    name: 'GET /v1/admin/audit-log',
    permission: 'audit:read',
    rest: () => ({ method: 'GET', path: '/v1/admin/audit-log' }),
    graphql: () => ({ query: '{ auditLog { events { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/admin/audit-log/verify',
    permission: 'audit:read',
    rest: () => ({ method: 'GET', path: '/v1/admin/audit-log/verify' }),
    graphql: () => ({ query: '{ auditLogVerification { valid } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/events',
    permission: 'events:read',
    rest: () => ({ method: 'GET', path: '/v1/events' }),
    graphql: () => ({ query: '{ events { events { id } } }' }),
    allowed: OK,
  },
  {
    // Permitted calls really create a DID: PRINCIPALS holding dids:create × 2 transports + the real one stay
    // under the Business plan's limit of 25 (checked by 'the derived permission table' tests).
    name: 'POST /v1/dids',
    permission: 'dids:create',
    rest: () => ({ method: 'POST', path: '/v1/dids', body: { key_type: 'Ed25519' } }),
    graphql: () => ({ query: 'mutation { createDid(input: { keyType: Ed25519 }) { did } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/dids',
    permission: 'dids:list',
    rest: () => ({ method: 'GET', path: '/v1/dids' }),
    graphql: () => ({ query: '{ dids { dids { did } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/dids/:did',
    permission: 'dids:list',
    rest: (t) => ({ method: 'GET', path: `/v1/dids/${encodeURIComponent(t.did)}` }),
    graphql: (t) => ({ query: 'query ($did: String!) { did(did: $did) { did } }', variables: { did: t.did } }),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'POST /v1/dids/:did/deactivate',
    permission: 'dids:deactivate',
    rest: (t) => ({ method: 'POST', path: `/v1/dids/${encodeURIComponent(t.did)}/deactivate` }),
    graphql: (t) => ({
      query: 'mutation ($did: String!) { deactivateDid(did: $did) { status } }',
      variables: { did: t.did },
    }),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'POST /v1/credentials/issue',
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'POST', path: '/v1/credentials/issue', body: issueBody(t.did) }),
    graphql: (t) => ({
      query: 'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id } }',
      variables: { input: issueBody(t.did) },
    }),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'GET /v1/credentials',
    permission: 'credentials:list',
    rest: () => ({ method: 'GET', path: '/v1/credentials' }),
    graphql: () => ({ query: '{ credentials { credentials { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/credentials/:id',
    permission: 'credentials:list',
    rest: (t) => ({ method: 'GET', path: `/v1/credentials/${t.credentialId}` }),
    graphql: (t) => ({
      query: 'query ($id: String!) { credential(id: $id) { id } }',
      variables: { id: t.credentialId },
    }),
    allowed: { status: 404, error: CREDENTIAL_NOT_FOUND },
  },
  {
    name: 'POST /v1/credentials/:id/revoke',
    permission: 'credentials:revoke',
    rest: (t) => ({ method: 'POST', path: `/v1/credentials/${t.credentialId}/revoke` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { revokeCredential(id: $id) { status } }',
      variables: { id: t.credentialId },
    }),
    allowed: { status: 404, error: CREDENTIAL_NOT_FOUND },
  },
  {
    name: 'POST /v1/credentials/verify',
    permission: 'credentials:verify',
    rest: () => ({ method: 'POST', path: '/v1/credentials/verify', body: { credential: MALFORMED_CREDENTIAL } }),
    graphql: () => ({
      query: 'mutation ($input: VerifyCredentialInput!) { verifyCredential(input: $input) { verified } }',
      variables: { input: { credential: MALFORMED_CREDENTIAL } },
    }),
    allowed: { status: 400, error: 'malformed credential: credential must be a compact JWS of 3 parts, got 1' },
  },
];

ENDPOINTS.push(
  webhookRow(
    'POST /v1/webhooks',
    () => ({ method: 'POST', path: '/v1/webhooks', body: WEBHOOK_BODY }),
    () => ({
      query: 'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }',
      variables: { input: WEBHOOK_BODY },
    }),
    OK,
  ),
  webhookRow(
    'GET /v1/webhooks',
    () => ({ method: 'GET', path: '/v1/webhooks' }),
    () => ({ query: '{ webhooks { webhooks { id } } }' }),
    OK,
  ),
  webhookRow(
    'GET /v1/webhooks/:id',
    (t) => ({ method: 'GET', path: `/v1/webhooks/${t.webhookId}` }),
    byWebhookId('query ($id: String!) { webhook(id: $id) { id } }'),
  ),
  webhookRow(
    'PATCH /v1/webhooks/:id',
    (t) => ({ method: 'PATCH', path: `/v1/webhooks/${t.webhookId}`, body: { description: 'changed' } }),
    byWebhookId('mutation ($id: String!) { updateWebhook(id: $id, input: { description: "changed" }) { id } }'),
  ),
  webhookRow(
    'DELETE /v1/webhooks/:id',
    (t) => ({ method: 'DELETE', path: `/v1/webhooks/${t.webhookId}` }),
    byWebhookId('mutation ($id: String!) { deleteWebhook(id: $id) { id } }'),
  ),
  webhookRow(
    'POST /v1/webhooks/:id/rotate-secret',
    (t) => ({ method: 'POST', path: `/v1/webhooks/${t.webhookId}/rotate-secret` }),
    byWebhookId('mutation ($id: String!) { rotateWebhookSecret(id: $id) { secret } }'),
  ),
  webhookRow(
    'POST /v1/webhooks/:id/test',
    (t) => ({ method: 'POST', path: `/v1/webhooks/${t.webhookId}/test` }),
    byWebhookId('mutation ($id: String!) { testWebhook(id: $id) { attempt { ok } } }'),
  ),
  webhookRow(
    'GET /v1/webhooks/:id/deliveries',
    (t) => ({ method: 'GET', path: `/v1/webhooks/${t.webhookId}/deliveries` }),
    byWebhookId('query ($id: String!) { webhookDeliveries(id: $id) { deliveries { id } } }'),
  ),
  webhookRow(
    'POST /v1/webhooks/deliveries/:id/replay',
    (t) => ({ method: 'POST', path: `/v1/webhooks/deliveries/${t.webhookDeliveryId}/replay` }),
    (t) => ({
      query: 'mutation ($id: String!) { replayWebhookDelivery(id: $id) { attempt { ok } } }',
      variables: { id: t.webhookDeliveryId },
    }),
    { status: 404, error: 'webhook delivery not found' },
  ),
);

const ATTESTATION_NOT_FOUND = 'attestation not found or already revoked';
const attestationBody = (attester: string) => ({
  subject_did: 'did:example:matrix',
  score: 50,
  weight: 0.5,
  assurance_level: 'low',
  attester_did: attester,
});
const POLICY_BODY = { min_score: 0, min_assurance_level: 'low', require_attested_issuer: false };
ENDPOINTS.push(
  {
    name: 'POST /v1/trust/attestations',
    permission: 'trust:write',
    rest: (t) => ({ method: 'POST', path: '/v1/trust/attestations', body: attestationBody(t.did) }),
    graphql: (t) => ({
      query: 'mutation ($input: CreateTrustAttestationInput!) { createTrustAttestation(input: $input) { id } }',
      variables: {
        input: { subjectDid: 'did:example:matrix', score: 50, weight: 0.5, assuranceLevel: 'low', attesterDid: t.did },
      },
    }),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'GET /v1/trust/attestations',
    permission: 'trust:read',
    rest: () => ({ method: 'GET', path: '/v1/trust/attestations' }),
    graphql: () => ({ query: '{ trustAttestations { attestations { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/trust/attestations/:id',
    permission: 'trust:read',
    rest: (t) => ({ method: 'GET', path: `/v1/trust/attestations/${t.attestationId}` }),
    graphql: (t) => ({
      query: 'query ($id: String!) { trustAttestation(id: $id) { id } }',
      variables: { id: t.attestationId },
    }),
    allowed: { status: 404, error: ATTESTATION_NOT_FOUND },
  },
  {
    name: 'POST /v1/trust/attestations/:id/revoke',
    permission: 'trust:write',
    rest: (t) => ({ method: 'POST', path: `/v1/trust/attestations/${t.attestationId}/revoke` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { revokeTrustAttestation(id: $id) { status } }',
      variables: { id: t.attestationId },
    }),
    allowed: { status: 404, error: ATTESTATION_NOT_FOUND },
  },
  {
    name: 'GET /v1/trust/score',
    permission: 'trust:read',
    rest: () => ({ method: 'GET', path: '/v1/trust/score?subject_did=did:example:matrix' }),
    graphql: () => ({ query: '{ trustScore(subjectDid: "did:example:matrix") { count } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/trust/policy',
    permission: 'trust:read',
    rest: () => ({ method: 'GET', path: '/v1/trust/policy' }),
    graphql: () => ({ query: '{ trustPolicy { minScore } }' }),
    allowed: OK,
  },
  {
    // A permitted call really sets a policy that lets everything through (the verify row is malformed input,
    // refused before any trust check).
    name: 'PUT /v1/trust/policy',
    permission: 'trust:write',
    rest: () => ({ method: 'PUT', path: '/v1/trust/policy', body: POLICY_BODY }),
    graphql: () => ({
      query: 'mutation ($input: TrustPolicyInput!) { setTrustPolicy(input: $input) { minScore } }',
      variables: { input: { minScore: 0, minAssuranceLevel: 'low', requireAttestedIssuer: false } },
    }),
    allowed: OK,
  },
);

const FRAMEWORK_NOT_FOUND = 'framework not found';
const FRAMEWORK_FIELDS = 'id adopted counts { met }';
const ATTESTATION_BODY = { control_id: 'breach-notification', statement: 'Procedure BP-3.' };
ENDPOINTS.push(
  {
    name: 'GET /v1/compliance/frameworks',
    permission: 'compliance:read',
    rest: () => ({ method: 'GET', path: '/v1/compliance/frameworks' }),
    graphql: () => ({ query: `{ complianceFrameworks { ${FRAMEWORK_FIELDS} } }` }),
    allowed: OK,
  },
  {
    name: 'GET /v1/compliance/frameworks/:id',
    permission: 'compliance:read',
    rest: (t) => ({ method: 'GET', path: `/v1/compliance/frameworks/${t.framework}` }),
    graphql: (t) => ({
      query: `query ($id: String!) { complianceFramework(id: $id) { ${FRAMEWORK_FIELDS} } }`,
      variables: { id: t.framework },
    }),
    allowed: { status: 404, error: FRAMEWORK_NOT_FOUND },
  },
  {
    name: 'POST /v1/compliance/frameworks/:id/adopt',
    permission: 'compliance:manage',
    rest: (t) => ({ method: 'POST', path: `/v1/compliance/frameworks/${t.framework}/adopt` }),
    graphql: (t) => ({
      query: `mutation ($id: String!) { adoptComplianceFramework(id: $id) { ${FRAMEWORK_FIELDS} } }`,
      variables: { id: t.framework },
    }),
    allowed: { status: 404, error: FRAMEWORK_NOT_FOUND },
  },
  {
    name: 'POST /v1/compliance/frameworks/:id/unadopt',
    permission: 'compliance:manage',
    rest: (t) => ({ method: 'POST', path: `/v1/compliance/frameworks/${t.framework}/unadopt` }),
    graphql: (t) => ({
      query: `mutation ($id: String!) { unadoptComplianceFramework(id: $id) { ${FRAMEWORK_FIELDS} } }`,
      variables: { id: t.framework },
    }),
    allowed: { status: 404, error: FRAMEWORK_NOT_FOUND },
  },
  {
    name: 'POST /v1/compliance/frameworks/:id/attestations',
    permission: 'compliance:manage',
    rest: (t) => ({
      method: 'POST',
      path: `/v1/compliance/frameworks/${t.framework}/attestations`,
      body: ATTESTATION_BODY,
    }),
    graphql: (t) => ({
      query: `mutation ($framework: String!, $input: ComplianceAttestationInput!) { attestComplianceControl(framework: $framework, input: $input) { id } }`,
      variables: { framework: t.framework, input: { controlId: 'breach-notification', statement: 'Procedure BP-3.' } },
    }),
    allowed: { status: 404, error: FRAMEWORK_NOT_FOUND },
  },
  {
    name: 'GET /v1/compliance/settings',
    permission: 'compliance:read',
    rest: () => ({ method: 'GET', path: '/v1/compliance/settings' }),
    graphql: () => ({ query: '{ complianceSettings { keyRotationDays } }' }),
    allowed: OK,
  },
  {
    // A permitted call writes the settings the tenant already has.
    name: 'PUT /v1/compliance/settings',
    permission: 'compliance:manage',
    rest: () => ({ method: 'PUT', path: '/v1/compliance/settings', body: { key_rotation_days: 365 } }),
    graphql: () => ({
      query: 'mutation ($input: ComplianceSettingsInput!) { setComplianceSettings(input: $input) { keyRotationDays } }',
      variables: { input: { keyRotationDays: 365 } },
    }),
    allowed: OK,
  },
  {
    name: 'POST /v1/compliance/reports',
    permission: 'compliance:manage',
    rest: (t) => ({ method: 'POST', path: '/v1/compliance/reports', body: { framework: t.framework } }),
    graphql: (t) => ({
      query: 'mutation ($input: ComplianceReportInput!) { createComplianceReport(input: $input) { id } }',
      variables: { input: { framework: t.framework } },
    }),
    allowed: {
      status: 400,
      error: 'framework must be one of eidas2, gdpr, soc2, iso27001, nist-800-63, uk-diatf, hipaa',
    },
  },
  {
    name: 'GET /v1/compliance/reports',
    permission: 'compliance:read',
    rest: () => ({ method: 'GET', path: '/v1/compliance/reports' }),
    graphql: () => ({ query: '{ complianceReports { reports { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/compliance/reports/:id',
    permission: 'compliance:read',
    rest: (t) => ({ method: 'GET', path: `/v1/compliance/reports/${t.reportId}` }),
    graphql: (t) => ({
      query: 'query ($id: String!) { complianceReport(id: $id) { id } }',
      variables: { id: t.reportId },
    }),
    allowed: { status: 404, error: 'report not found' },
  },
);

// DIDComm: didcomm:send to send, didcomm:read to read. The dummy DID is nobody's here (404); the
// dummy message id is unknown (404).
ENDPOINTS.push(
  {
    name: 'POST /v1/didcomm/messages',
    permission: 'didcomm:send',
    rest: (t) => ({
      method: 'POST',
      path: '/v1/didcomm/messages',
      body: { from: t.did, to: FOREIGN_DID, type: 'https://didcomm.org/basicmessage/2.0/message', body: {} },
    }),
    graphql: (t) => ({
      query: 'mutation ($input: SendDidcommMessageInput!) { sendDidcommMessage(input: $input) { id } }',
      variables: { input: { from: t.did, to: FOREIGN_DID, type: 'https://didcomm.org/basicmessage/2.0/message' } },
    }),
    allowed: { status: 404, error: `DID ${FOREIGN_DID} not found in tenant` },
  },
  {
    name: 'GET /v1/didcomm/messages',
    permission: 'didcomm:read',
    rest: () => ({ method: 'GET', path: '/v1/didcomm/messages' }),
    graphql: () => ({ query: '{ didcommMessages { messages { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/didcomm/messages/:id',
    permission: 'didcomm:read',
    rest: (t) => ({ method: 'GET', path: `/v1/didcomm/messages/${t.credentialId}` }),
    graphql: (t) => ({
      query: 'query ($id: String!) { didcommMessage(id: $id) { id } }',
      variables: { id: t.credentialId },
    }),
    allowed: { status: 404, error: 'DIDComm message not found' },
  },
);

// OpenID4VP presentation requests: credentials:verify for all. A permitted request signed by the dummy DID is
// nobody's here (404, before anything is stored); the dummy request id is unknown (404).
const OID4VP_NOT_FOUND = { status: 404, error: 'presentation request not found' } as const;
const oid4vpRequestBody = (t: Targets) => ({
  did: t.did,
  credential: { format: 'dc+sd-jwt', type: 'urn:example:matrix' },
});
const byOid4vpId = (query: string, input?: unknown) => (t: Targets) => ({
  query,
  variables: { id: t.credentialId, ...(input !== undefined && { input }) },
});
ENDPOINTS.push(
  {
    name: 'POST /v1/oid4vp/requests',
    permission: 'credentials:verify',
    rest: (t) => ({ method: 'POST', path: '/v1/oid4vp/requests', body: oid4vpRequestBody(t) }),
    graphql: (t) => ({
      query: 'mutation ($input: CreateOid4vpRequestInput!) { createOid4vpRequest(input: $input) { id } }',
      variables: { input: { did: t.did, credential: { format: 'dc_sd_jwt', type: 'urn:example:matrix' } } },
    }),
    allowed: { status: 404, error: `DID ${FOREIGN_DID} not found in tenant` },
  },
  {
    name: 'GET /v1/oid4vp/requests',
    permission: 'credentials:verify',
    rest: () => ({ method: 'GET', path: '/v1/oid4vp/requests' }),
    graphql: () => ({ query: '{ oid4vpRequests { requests { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/oid4vp/requests/:id',
    permission: 'credentials:verify',
    rest: (t) => ({ method: 'GET', path: `/v1/oid4vp/requests/${t.credentialId}` }),
    graphql: byOid4vpId('query ($id: String!) { oid4vpRequest(id: $id) { id } }'),
    allowed: OID4VP_NOT_FOUND,
  },
  {
    name: 'DELETE /v1/oid4vp/requests/:id',
    permission: 'credentials:verify',
    rest: (t) => ({ method: 'DELETE', path: `/v1/oid4vp/requests/${t.credentialId}` }),
    graphql: byOid4vpId('mutation ($id: String!) { cancelOid4vpRequest(id: $id) { id } }'),
    allowed: OID4VP_NOT_FOUND,
  },
  {
    name: 'POST /v1/oid4vp/requests/:id/response-code',
    permission: 'credentials:verify',
    rest: (t) => ({
      method: 'POST',
      path: `/v1/oid4vp/requests/${t.credentialId}/response-code`,
      body: { response_code: 'matrix' },
    }),
    graphql: byOid4vpId(
      'mutation ($id: String!, $input: RedeemOid4vpResponseCodeInput!) { redeemOid4vpResponseCode(id: $id, input: $input) { id } }',
      { responseCode: 'matrix' },
    ),
    allowed: OID4VP_NOT_FOUND,
  },
);

// Data subject rights: both need compliance:manage; a permitted call on the dummy (unknown) subject
// answers an empty export or an erasure of nothing.
const subjectPath = (t: Targets, action: string) =>
  `/v1/compliance/subjects/${encodeURIComponent(t.subjectId)}/${action}`;
ENDPOINTS.push(
  {
    name: 'GET /v1/compliance/subjects/:subject_id/export',
    permission: 'compliance:manage',
    rest: (t) => ({ method: 'GET', path: subjectPath(t, 'export') }),
    graphql: (t) => ({
      query: 'query ($subjectId: String!) { complianceSubjectExport(subjectId: $subjectId) { subjectId } }',
      variables: { subjectId: t.subjectId },
    }),
    allowed: OK,
  },
  {
    name: 'POST /v1/compliance/subjects/:subject_id/erase',
    permission: 'compliance:manage',
    rest: (t) => ({ method: 'POST', path: subjectPath(t, 'erase') }),
    graphql: (t) => ({
      query: 'mutation ($subjectId: String!) { eraseComplianceSubject(subjectId: $subjectId) { credentialsErased } }',
      variables: { subjectId: t.subjectId },
    }),
    allowed: OK,
  },
);

// Custom domains: domains:manage for all; a permitted call on the dummy (unknown) id is the 404 before
// any DNS lookup, and a permitted claim takes a fresh name.
const DOMAIN_NOT_FOUND = { status: 404, error: 'domain not found' } as const;
const freshDomain = () => `matrix-${uniqueSuffix()}.example.com`;
const byDomainId = (query: string) => (t: Targets) => ({ query, variables: { id: t.domainId } });
ENDPOINTS.push(
  {
    name: 'GET /v1/domains',
    permission: 'domains:manage',
    rest: () => ({ method: 'GET', path: '/v1/domains' }),
    graphql: () => ({ query: '{ domains { id } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/domains',
    permission: 'domains:manage',
    rest: () => ({ method: 'POST', path: '/v1/domains', body: { domain: freshDomain() } }),
    graphql: () => ({
      query: 'mutation ($input: CreateDomainInput!) { createDomain(input: $input) { id } }',
      variables: { input: { domain: freshDomain() } },
    }),
    allowed: OK,
  },
  {
    name: 'GET /v1/domains/:id',
    permission: 'domains:manage',
    rest: (t) => ({ method: 'GET', path: `/v1/domains/${t.domainId}` }),
    graphql: byDomainId('query ($id: String!) { domain(id: $id) { id } }'),
    allowed: DOMAIN_NOT_FOUND,
  },
  {
    name: 'POST /v1/domains/:id/verify',
    permission: 'domains:manage',
    rest: (t) => ({ method: 'POST', path: `/v1/domains/${t.domainId}/verify` }),
    graphql: byDomainId('mutation ($id: String!) { verifyDomain(id: $id) { id } }'),
    allowed: DOMAIN_NOT_FOUND,
  },
  {
    name: 'DELETE /v1/domains/:id',
    permission: 'domains:manage',
    rest: (t) => ({ method: 'DELETE', path: `/v1/domains/${t.domainId}` }),
    graphql: byDomainId('mutation ($id: String!) { deleteDomain(id: $id) { id } }'),
    allowed: DOMAIN_NOT_FOUND,
  },
);

// X.509 for issuer keys: a DID's request and chain (dids:create to change, dids:list to read; a permitted call on
// the dummy DID is its 404 before anything is signed or parsed), and the tenant's trust anchors (trust:write,
// trust:read; a permitted add of a non-certificate is its 400, a permitted removal of an unknown id its 404).
const certificatePath = (t: Targets, rest: string) => `/v1/dids/${encodeURIComponent(t.did)}/${rest}`;
const byDid = (query: string, input?: Record<string, unknown>) => (t: Targets) => ({
  query,
  variables: { did: t.did, ...(input && { input }) },
});
const UNKNOWN_ANCHOR = randomUUID();
const NOT_A_CERTIFICATE = { status: 400, error: 'certificate is not a DER X.509 certificate' } as const;
ENDPOINTS.push(
  {
    name: 'POST /v1/dids/:did/certificate-signing-request',
    permission: 'dids:create',
    rest: (t) => ({
      method: 'POST',
      path: certificatePath(t, 'certificate-signing-request'),
      body: { common_name: 'Matrix' },
    }),
    graphql: byDid(
      'mutation ($did: String!, $input: CertificateSigningRequestInput!) { requestDidCertificate(did: $did, input: $input) { csr } }',
      { commonName: 'Matrix' },
    ),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'GET /v1/dids/:did/certificate-chain',
    permission: 'dids:list',
    rest: (t) => ({ method: 'GET', path: certificatePath(t, 'certificate-chain') }),
    graphql: byDid('query ($did: String!) { didCertificateChain(did: $did) { did } }'),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'PUT /v1/dids/:did/certificate-chain',
    permission: 'dids:create',
    rest: (t) => ({ method: 'PUT', path: certificatePath(t, 'certificate-chain'), body: { certificates: ['MIIB'] } }),
    graphql: byDid(
      'mutation ($did: String!, $input: SetDidCertificateChainInput!) { setDidCertificateChain(did: $did, input: $input) { did } }',
      { certificates: ['MIIB'] },
    ),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'DELETE /v1/dids/:did/certificate-chain',
    permission: 'dids:create',
    rest: (t) => ({ method: 'DELETE', path: certificatePath(t, 'certificate-chain') }),
    graphql: byDid('mutation ($did: String!) { removeDidCertificateChain(did: $did) { did } }'),
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'GET /v1/trust/anchors',
    permission: 'trust:read',
    rest: () => ({ method: 'GET', path: '/v1/trust/anchors' }),
    graphql: () => ({ query: '{ trustAnchors { id } }' }),
    allowed: OK,
  },
  {
    name: 'POST /v1/trust/anchors',
    permission: 'trust:write',
    rest: () => ({ method: 'POST', path: '/v1/trust/anchors', body: { certificate: 'MIIB' } }),
    graphql: () => ({
      query: 'mutation ($input: AddTrustAnchorInput!) { addTrustAnchor(input: $input) { id } }',
      variables: { input: { certificate: 'MIIB' } },
    }),
    allowed: NOT_A_CERTIFICATE,
  },
  {
    name: 'DELETE /v1/trust/anchors/:id',
    permission: 'trust:write',
    rest: () => ({ method: 'DELETE', path: `/v1/trust/anchors/${UNKNOWN_ANCHOR}` }),
    graphql: () => ({
      query: 'mutation ($id: String!) { removeTrustAnchor(id: $id) { id } }',
      variables: { id: UNKNOWN_ANCHOR },
    }),
    allowed: { status: 404, error: 'trust anchor not found' },
  },
);

// OpenID4VCI (the tenant's door): configurations need oid4vci:manage, offers credentials:issue. A permitted call on
// the dummy targets is the 404 of an unknown configuration or offer, or the 400 of an unknown configuration offered.
const configurationBody = (t: Targets) => ({
  configuration_id: `matrix-${uniqueSuffix()}`,
  format: 'dc+sd-jwt',
  issuer: t.did,
  vct: 'https://credentials.example.com/matrix',
});
const offerBody = (t: Targets) => ({
  configuration_ids: [t.configurationId],
  subject_id: MATRIX_SUBJECT,
  claims: { [t.configurationId]: { name: 'Matrix' } },
});
const CONFIGURATION_NOT_FOUND = { status: 404, error: 'credential configuration not found' } as const;
const AUTHORIZATION_NOT_FOUND = { status: 404, error: 'authorization not found' } as const;
const MATRIX_LOGIN_URL = 'https://login.example.com/matrix';
const byConfiguration = (query: string) => (t: Targets) => ({ query, variables: { id: t.configurationId } });
ENDPOINTS.push(
  {
    name: 'POST /v1/oid4vci/credential-configurations',
    permission: 'oid4vci:manage',
    rest: (t) => ({ method: 'POST', path: '/v1/oid4vci/credential-configurations', body: configurationBody(t) }),
    graphql: (t) => {
      const { configuration_id, ...rest } = configurationBody(t);
      return {
        query: `mutation ($input: CreateOid4vciCredentialConfigurationInput!) {
          createOid4vciCredentialConfiguration(input: $input) { configurationId } }`,
        variables: { input: { ...rest, configurationId: configuration_id, format: 'dc_sd_jwt' } },
      };
    },
    allowed: { status: 404, error: DID_NOT_FOUND },
  },
  {
    name: 'GET /v1/oid4vci/credential-configurations',
    permission: 'oid4vci:manage',
    rest: () => ({ method: 'GET', path: '/v1/oid4vci/credential-configurations' }),
    graphql: () => ({ query: '{ oid4vciCredentialConfigurations { configurations { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/oid4vci/credential-configurations/:configuration_id',
    permission: 'oid4vci:manage',
    rest: (t) => ({ method: 'GET', path: `/v1/oid4vci/credential-configurations/${t.configurationId}` }),
    graphql: byConfiguration('query ($id: String!) { oid4vciCredentialConfiguration(configurationId: $id) { id } }'),
    allowed: CONFIGURATION_NOT_FOUND,
  },
  {
    name: 'PATCH /v1/oid4vci/credential-configurations/:configuration_id',
    permission: 'oid4vci:manage',
    rest: (t) => ({
      method: 'PATCH',
      path: `/v1/oid4vci/credential-configurations/${t.configurationId}`,
      body: { validity_seconds: 3600 },
    }),
    graphql: byConfiguration(
      'mutation ($id: String!) { updateOid4vciCredentialConfiguration(configurationId: $id, input: { validitySeconds: 3600 }) { id } }',
    ),
    allowed: CONFIGURATION_NOT_FOUND,
  },
  {
    name: 'DELETE /v1/oid4vci/credential-configurations/:configuration_id',
    permission: 'oid4vci:manage',
    rest: (t) => ({ method: 'DELETE', path: `/v1/oid4vci/credential-configurations/${t.configurationId}` }),
    graphql: byConfiguration(
      'mutation ($id: String!) { deleteOid4vciCredentialConfiguration(configurationId: $id) { id } }',
    ),
    allowed: CONFIGURATION_NOT_FOUND,
  },
  {
    name: 'POST /v1/oid4vci/offers',
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'POST', path: '/v1/oid4vci/offers', body: offerBody(t) }),
    graphql: (t) => ({
      query: 'mutation ($input: CreateOid4vciOfferInput!) { createOid4vciOffer(input: $input) { offer { id } } }',
      variables: {
        input: { configurationIds: [t.configurationId], subjectId: MATRIX_SUBJECT, claims: offerBody(t).claims },
      },
    }),
    allowed: { status: 400, error: 'unknown credential configuration: matrix-unknown' },
  },
  {
    name: 'GET /v1/oid4vci/offers',
    permission: 'credentials:issue',
    rest: () => ({ method: 'GET', path: '/v1/oid4vci/offers' }),
    graphql: () => ({ query: '{ oid4vciOffers { offers { id } } }' }),
    allowed: OK,
  },
  {
    name: 'GET /v1/oid4vci/offers/:id',
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'GET', path: `/v1/oid4vci/offers/${t.offerId}` }),
    graphql: (t) => ({ query: 'query ($id: String!) { oid4vciOffer(id: $id) { id } }', variables: { id: t.offerId } }),
    allowed: { status: 404, error: 'offer not found' },
  },
  {
    name: 'DELETE /v1/oid4vci/offers/:id',
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'DELETE', path: `/v1/oid4vci/offers/${t.offerId}` }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { cancelOid4vciOffer(id: $id) { id } }',
      variables: { id: t.offerId },
    }),
    allowed: { status: 404, error: 'offer not found or no longer open' },
  },
  {
    name: 'POST /v1/oid4vci/offers/:id/claims',
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'POST', path: `/v1/oid4vci/offers/${t.offerId}/claims`, body: { claims: {} } }),
    graphql: (t) => ({
      query: 'mutation ($id: String!) { supplyOid4vciOfferClaims(id: $id, input: { claims: {} }) { id } }',
      variables: { id: t.offerId },
    }),
    allowed: { status: 404, error: 'offer not found' },
  },
  {
    name: 'GET /v1/oid4vci/authorization-settings',
    permission: 'oid4vci:manage',
    rest: () => ({ method: 'GET', path: '/v1/oid4vci/authorization-settings' }),
    graphql: () => ({ query: '{ oid4vciAuthorizationSettings { loginUrl } }' }),
    allowed: OK,
  },
  {
    name: 'PUT /v1/oid4vci/authorization-settings',
    permission: 'oid4vci:manage',
    rest: () => ({ method: 'PUT', path: '/v1/oid4vci/authorization-settings', body: { login_url: MATRIX_LOGIN_URL } }),
    graphql: () => ({
      query:
        'mutation ($input: Oid4vciAuthorizationSettingsInput!) { updateOid4vciAuthorizationSettings(input: $input) { loginUrl } }',
      variables: { input: { loginUrl: MATRIX_LOGIN_URL } },
    }),
    allowed: OK,
  },
  {
    name: 'GET /v1/oid4vci/authorizations/:id',
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'GET', path: `/v1/oid4vci/authorizations/${t.authorizationId}` }),
    graphql: (t) => ({
      query: 'query ($id: String!) { oid4vciAuthorization(id: $id) { id } }',
      variables: { id: t.authorizationId },
    }),
    allowed: AUTHORIZATION_NOT_FOUND,
  },
  ...(['approve', 'deny'] as const).map((decision): Endpoint => ({
    name: `POST /v1/oid4vci/authorizations/:id/${decision}`,
    permission: 'credentials:issue',
    rest: (t) => ({ method: 'POST', path: `/v1/oid4vci/authorizations/${t.authorizationId}/${decision}`, body: {} }),
    graphql: (t) => ({
      query: `mutation ($id: String!) { ${decision}Oid4vciAuthorization(id: $id) { redirectTo } }`,
      variables: { id: t.authorizationId },
    }),
    allowed: AUTHORIZATION_NOT_FOUND,
  })),
);

const endpoint = (name: string) => ENDPOINTS.find((e) => e.name === name)!;

/**
 * A pending authorization of the tenant's code flow, as a wallet's PAR and its browser's visit to the authorization
 * endpoint leave it (the login page is never called): its id, from the redirect's authorization_id.
 */
async function pendingAuthorization(slug: string, configurationId: string): Promise<string> {
  await ok(
    app.request('PUT', '/v1/oid4vci/authorization-settings', {
      token: owner.token,
      body: { login_url: MATRIX_LOGIN_URL },
    }),
  );
  const form = new URLSearchParams({
    response_type: 'code',
    client_id: 'matrix-wallet',
    redirect_uri: 'https://wallet.example.com/cb',
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    scope: configurationId,
  });
  const pushed = await app.request('POST', `/oid4vci/${slug}/par`, {
    rawBody: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(pushed.status, pushed.text).toBe(201);
  const query = new URLSearchParams({ client_id: 'matrix-wallet', request_uri: pushed.body.request_uri });
  const redirect = await app.request('GET', `/oid4vci/${slug}/authorize?${query}`);
  expect(redirect.status).toBe(302);
  return new URL(redirect.headers.get('location')!).searchParams.get('authorization_id')!;
}

/** Unknown ids; the plan is the tenant's own, so a permitted upgrade changes nothing. */
const dummyTargets = (): Targets => ({
  roleId: randomUUID(),
  userId: randomUUID(),
  invitationId: randomUUID(),
  apiKeyId: randomUUID(),
  plan: 'business',
  did: FOREIGN_DID,
  credentialId: randomUUID(),
  webhookId: randomUUID(),
  webhookDeliveryId: randomUUID(),
  attestationId: randomUUID(),
  framework: 'pci-dss',
  reportId: randomUUID(),
  subjectId: `did:example:nobody-${randomUUID()}`,
  domainId: randomUUID(),
  configurationId: 'matrix-unknown',
  offerId: randomUUID(),
  authorizationId: randomUUID(),
});

// The custom role and the scoped key each hold one credentials permission, so scope narrowing and custom
// roles are exercised on the credential rows with both allowed and denied cells.
const AUDITOR_PERMISSIONS = ['audit:read', 'credentials:list', 'members:list', 'usage:read'];
const KEY_SCOPES = ['credentials:verify', 'members:list', 'usage:read'];

const PRINCIPALS = [
  'owner session',
  'viewer session',
  'issuer session',
  'auditor session (custom role)',
  "owner's unscoped API key",
  "admin's unscoped API key",
  'scoped API key [credentials:verify, members:list, usage:read]',
] as const;
type PrincipalName = (typeof PRINCIPALS)[number];
/** A caller: its bearer token, the role it acts with and, for a scoped key, its scopes. */
type Principal = { token: string; role: string; scopes: string[] | null };

let owner: RegisteredUser;
let principals: Record<PrincipalName, Principal>;
let rolePermissions: Map<string, string[]>;
/** Real rows of the tenant that the denied-write checks aim at. */
let realTargets: Targets;
let loggedOutToken: string;
/** Path of the published status list of the tenant's credential. */
let statusListPath: string;

async function ok(result: Promise<HttpResult>) {
  const response = await result;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

beforeAll(async () => {
  app = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  owner = await tenantOnPlan(app, 'business');
  const post = (path: string, body: unknown) => ok(app.request('POST', path, { token: owner.token, body }));
  const auditorRole = await post('/v1/roles', { name: 'auditor', permissions: AUDITOR_PERMISSIONS });
  const spareRole = await post('/v1/roles', { name: 'spare', permissions: ['usage:read'] });
  const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
  const issuer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.issuer);
  const auditor = await addMember(app, owner.token, auditorRole.id);
  const admin: Member = await addMember(app, owner.token, BUILTIN_ROLE_IDS.admin);
  const target = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
  const invitation = await post('/v1/members/invitations', { email: newEmail(), role_id: BUILTIN_ROLE_IDS.viewer });
  const ownerKey = await createApiKey(app, owner.token, { name: 'owner key' });
  const adminKey = await createApiKey(app, admin.token, { name: 'admin key' });
  const scopedKey = await createApiKey(app, owner.token, { name: 'scoped key', scopes: KEY_SCOPES });
  const spareKey = await createApiKey(app, owner.token, { name: 'spare key' });
  const did = await post('/v1/dids', { key_type: 'Ed25519' });
  const credential = await post('/v1/credentials/issue', { ...issueBody(did.did), subject_id: MATRIX_SUBJECT });
  const webhook = await post('/v1/webhooks', WEBHOOK_BODY);
  const attestation = await post('/v1/trust/attestations', attestationBody(did.did));
  const report = await post('/v1/compliance/reports', { framework: 'soc2' });
  const domain = await post('/v1/domains', { domain: freshDomain() });
  const configuration = await post('/v1/oid4vci/credential-configurations', {
    configuration_id: 'matrix-real',
    format: 'dc+sd-jwt',
    issuer: did.did,
    vct: 'https://credentials.example.com/matrix',
  });
  const offer = await post('/v1/oid4vci/offers', {
    configuration_ids: ['matrix-real'],
    subject_id: MATRIX_SUBJECT,
    claims: { 'matrix-real': { name: 'Matrix' } },
  });
  const authorizationId = await pendingAuthorization(owner.tenant_slug, 'matrix-real');
  statusListPath = new URL(credential.status.uri).pathname;
  principals = {
    'owner session': { token: owner.token, role: 'owner', scopes: null },
    'viewer session': { token: viewer.token, role: 'viewer', scopes: null },
    'issuer session': { token: issuer.token, role: 'issuer', scopes: null },
    'auditor session (custom role)': { token: auditor.token, role: 'auditor', scopes: null },
    "owner's unscoped API key": { token: ownerKey.key, role: 'owner', scopes: null },
    "admin's unscoped API key": { token: adminKey.key, role: 'admin', scopes: null },
    'scoped API key [credentials:verify, members:list, usage:read]': {
      token: scopedKey.key,
      role: 'owner',
      scopes: KEY_SCOPES,
    },
  };
  const roles = await ok(app.request('GET', '/v1/roles', { token: owner.token }));
  rolePermissions = new Map(roles.roles.map((role: any) => [role.name, role.permissions]));
  realTargets = {
    roleId: spareRole.id,
    userId: target.user_id,
    invitationId: invitation.id,
    apiKeyId: spareKey.id,
    plan: 'enterprise',
    did: did.did,
    credentialId: credential.id,
    webhookId: webhook.id,
    // No delivery is made here (nothing is sent to the closed port): an unknown id stands for one.
    webhookDeliveryId: randomUUID(),
    attestationId: attestation.id,
    framework: 'gdpr',
    reportId: report.id,
    subjectId: MATRIX_SUBJECT,
    domainId: domain.id,
    configurationId: configuration.configuration_id,
    offerId: offer.id,
    authorizationId,
  };
  const session = await ok(
    app.request('POST', '/v1/auth/login', { body: { email: owner.email, password: owner.password } }),
  );
  await ok(app.request('POST', '/v1/auth/logout', { token: session.token }));
  loggedOutToken = session.token;
});
afterAll(() => app?.close());

/** The principal's effective permissions: its role's, narrowed to its scopes for a scoped key (spec §2). */
function permissionsOf(principal: Principal): Set<string> {
  const held = rolePermissions.get(principal.role);
  if (!held) throw new Error(`GET /v1/roles does not list the role ${principal.role}`);
  return new Set(principal.scopes ? principal.scopes.filter((scope) => held.includes(scope)) : held);
}

/** The contract's 403 text for a principal that lacks the permission (spec §5.3–5.4). */
function denial(principal: Principal, permission: string) {
  return principal.scopes && !principal.scopes.includes(permission)
    ? `API key missing scope: ${permission}`
    : `role '${principal.role}' lacks permission: ${permission}`;
}

const callRest = (e: Endpoint, targets: Targets, token?: string) => {
  const { method, path, body } = e.rest(targets);
  return app.request(method, path, { token, body });
};
const callGraphQL = (e: Endpoint, targets: Targets, token?: string) => {
  const { query, variables } = e.graphql(targets);
  return app.graphql(query, variables, token);
};

function expectGraphQLError(result: HttpResult, status: number, message: string) {
  expect(result.status).toBe(200);
  expect(result.body.errors?.[0]?.message).toBe(message);
  expect(result.body.errors[0].extensions).toMatchObject({ status });
}

describe('the derived permission table agrees with the contract', () => {
  it('owner holds every permission of the matrix, admin all but billing:manage, viewer only reads', () => {
    const needed = new Set(ENDPOINTS.map((e) => e.permission));
    const ownerHeld = permissionsOf(principals['owner session']);
    const adminHeld = permissionsOf(principals["admin's unscoped API key"]);
    const held = (name: PrincipalName) => [...needed].filter((p) => permissionsOf(principals[name]).has(p)).sort();
    for (const permission of needed) {
      expect(ownerHeld.has(permission), permission).toBe(true);
      expect(adminHeld.has(permission), permission).toBe(permission !== 'billing:manage');
    }
    const reads = [
      'compliance:read',
      'credentials:list',
      'didcomm:read',
      'dids:list',
      'members:list',
      'roles:list',
      'trust:read',
      'usage:read',
    ];
    expect(held('viewer session')).toEqual(reads);
    expect(held('issuer session')).toEqual(
      [
        ...reads,
        'credentials:issue',
        'credentials:revoke',
        'credentials:verify',
        'dids:create',
        'dids:deactivate',
        'didcomm:send',
      ].sort(),
    );
    expect([...permissionsOf(principals['auditor session (custom role)'])].sort()).toEqual(AUDITOR_PERMISSIONS);
    expect(
      [...permissionsOf(principals['scoped API key [credentials:verify, members:list, usage:read]'])].sort(),
    ).toEqual(KEY_SCOPES);
  });

  it('the DIDs the matrix creates fit under the Business plan DID limit', () => {
    const creators = PRINCIPALS.filter((name) => permissionsOf(principals[name]).has('dids:create'));
    expect(creators.length * 2 + 1).toBeLessThanOrEqual(25);
  });
});

describe.each(PRINCIPALS)('%s', (principalName) => {
  it.each(ENDPOINTS)('REST $name', async (e) => {
    const principal = principals[principalName];
    const response = await callRest(e, dummyTargets(), principal.token);
    if (!permissionsOf(principal).has(e.permission)) {
      expectError(response, 403, denial(principal, e.permission));
    } else if ('error' in e.allowed) {
      expectError(response, e.allowed.status, e.allowed.error);
    } else {
      expect(response.status, response.text).toBe(200);
    }
  });

  it.each(ENDPOINTS)('GraphQL $name', async (e) => {
    const principal = principals[principalName];
    const response = await callGraphQL(e, dummyTargets(), principal.token);
    if (!permissionsOf(principal).has(e.permission)) {
      expectGraphQLError(response, 403, denial(principal, e.permission));
    } else if ('error' in e.allowed) {
      expectGraphQLError(response, e.allowed.status, e.allowed.error);
    } else {
      expect(response.status).toBe(200);
      expect(response.body.errors, response.text).toBeUndefined();
      expect(Object.values(response.body.data)[0]).toBeTruthy();
    }
  });
});

const BAD_CREDENTIALS: { name: string; token: () => string | undefined }[] = [
  { name: 'no Authorization', token: () => undefined },
  { name: 'Bearer garbage', token: () => 'garbage' },
  { name: 'a well-formed unknown API key', token: () => `bsk_live_${randomBytes(24).toString('hex')}` },
  { name: 'a logged-out session', token: () => loggedOutToken },
];

// Documents that other software fetches with no credential at all (spec §3–4): whatever Authorization
// carries, they answer as they would anyone.
const PUBLIC_ENDPOINTS: { name: string; path: () => string; check: (r: HttpResult) => Promise<void> | void }[] = [
  {
    name: 'GET /1.0/identifiers/<did> (any did:key) → 200',
    path: () => `/1.0/identifiers/${FOREIGN_DID}`,
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/did-resolution\+json/);
      expect(response.body.didDocument.id).toBe(FOREIGN_DID);
    },
  },
  {
    name: "GET /v1/status-lists/<uuid> of the tenant's credential → 200",
    path: () => statusListPath,
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/vc\+jwt/);
    },
  },
  {
    name: "GET the tenant's OpenID4VCI issuer metadata → 200",
    path: () => `/.well-known/openid-credential-issuer/oid4vci/${owner.tenant_slug}`,
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.body.credential_configurations_supported).toHaveProperty('matrix-real');
    },
  },
  {
    name: 'GET /v1/status-lists/<unknown uuid> → 404',
    path: () => `/v1/status-lists/${randomUUID()}`,
    check: (response) => expectError(response, 404, 'status list not found'),
  },
];

describe.each(BAD_CREDENTIALS)('with $name', ({ token }) => {
  it.each(ENDPOINTS)('REST $name → 401 unauthorized', async (e) => {
    expectError(await callRest(e, dummyTargets(), token()), 401, 'unauthorized');
  });

  it.each(ENDPOINTS)('GraphQL $name → 401 unauthorized', async (e) => {
    expectGraphQLError(await callGraphQL(e, dummyTargets(), token()), 401, 'unauthorized');
  });

  it.each(PUBLIC_ENDPOINTS)('public $name → answers, never 401', async (e) => {
    await e.check(await app.request('GET', e.path(), { token: token() }));
  });

  it('public GraphQL resolveDid → answers, never 401', async () => {
    const response = await app.graphql(
      'query ($did: String!) { resolveDid(did: $did) }',
      { did: FOREIGN_DID },
      token(),
    );
    expect(response.body.errors, response.text).toBeUndefined();
    expect(response.body.data.resolveDid.didDocument.id).toBe(FOREIGN_DID);
  });
});

/**
 * Everything the tenant holds that a write could change (API key use times aside: reads record them), byte
 * columns as hex (test/support/rows.ts: a status list's 16 KiB of bits compared byte by byte cost seconds).
 */
async function tenantState() {
  const prisma = app.database.prisma;
  const where = { tenantId: owner.tenant_id };
  const byId = { orderBy: { id: 'asc' as const } };
  const [tenant, roles, memberships, invitations, apiKeys, auditEvents] = await Promise.all([
    prisma.tenant.findUniqueOrThrow({ where: { id: owner.tenant_id } }),
    prisma.role.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.membership.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.invitation.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.apiKey.findMany({ where, ...byId, omit: { lastUsedAt: true } }).then(bytesAsHex),
    auditLogState(prisma, where.tenantId),
  ]);
  const [adoptions, complianceAttestations, complianceReports] = await Promise.all([
    prisma.complianceAdoption.findMany({ where, orderBy: { frameworkId: 'asc' } }).then(bytesAsHex),
    prisma.complianceAttestation.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.complianceReport.findMany({ where, ...byId }).then(bytesAsHex),
  ]);
  const customDomains = await prisma.customDomain.findMany({ where, ...byId }).then(bytesAsHex);
  const [dids, credentials, statusLists, usageCounters, outboxEvents, dataSubjectRequests] = await Promise.all([
    prisma.did.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.credential.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.statusList.findMany({ where, ...byId }).then(bytesAsHex),
    prisma.usageCounter.findMany({ where, orderBy: { month: 'asc' } }).then(bytesAsHex),
    // Not publishedAt: a webhook dispatcher (any instance on the database) fans events out at any moment.
    prisma.outboxEvent.findMany({ where, ...byId, omit: { publishedAt: true } }).then(bytesAsHex),
    prisma.dataSubjectRequest.findMany({ where, ...byId }).then(bytesAsHex),
  ]);
  const didcommMessages = await prisma.didcommMessage.findMany({ where, ...byId }).then(bytesAsHex);
  const [oid4vciConfigurations, oid4vciOffers] = await Promise.all([
    prisma.oid4vciCredentialConfiguration.findMany({ where, ...byId }),
    prisma.oid4vciOffer.findMany({ where, ...byId }).then(bytesAsHex),
  ]);
  const oid4vpRequests = await prisma.oid4vpRequest.findMany({ where, ...byId }).then(bytesAsHex);
  const oid4vciAuthorizations = await prisma.oid4vciAuthorization.findMany({ where, ...byId }).then(bytesAsHex);
  return {
    oid4vciAuthorizations,
    didcommMessages,
    oid4vciConfigurations,
    oid4vciOffers,
    oid4vpRequests,
    tenant,
    roles,
    memberships,
    invitations,
    apiKeys,
    auditEvents,
    dids,
    credentials,
    statusLists,
    usageCounters,
    outboxEvents,
    adoptions,
    complianceAttestations,
    complianceReports,
    dataSubjectRequests,
    customDomains,
  };
}

/** The owner's view of the tenant through the API. */
async function ownerView() {
  const get = (path: string) => ok(app.request('GET', path, { token: owner.token }));
  const [usage, members, invitations, roles, apiKeys, dids, credentials] = await Promise.all([
    get('/v1/admin/usage'),
    get('/v1/members?limit=100'),
    get('/v1/members/invitations?limit=100'),
    get('/v1/roles?limit=100'),
    get('/v1/admin/api-keys?limit=100'),
    get('/v1/dids?limit=100'),
    get('/v1/credentials?limit=100'),
  ]);
  const keys = apiKeys.api_keys.map(({ last_used_at: _, ...key }: any) => key);
  return {
    plan: usage.plan,
    invitationCount: usage.pending_invitations,
    activeDids: usage.active_dids,
    issuedThisMonth: usage.credentials_issued_this_month,
    members,
    invitations,
    roles,
    keys,
    dids,
    credentials,
  };
}

const DENIED_WRITES: [PrincipalName, string][] = [
  ['viewer session', 'POST /v1/members/invitations'],
  ['viewer session', 'POST /v1/admin/billing/upgrade'],
  ['viewer session', 'PATCH /v1/members/:user_id'],
  ['viewer session', 'DELETE /v1/members/:user_id'],
  ['viewer session', 'DELETE /v1/members/invitations/:invitation_id'],
  ['auditor session (custom role)', 'POST /v1/roles'],
  ['auditor session (custom role)', 'PATCH /v1/roles/:role_id'],
  ['auditor session (custom role)', 'DELETE /v1/roles/:role_id'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/admin/api-keys'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'DELETE /v1/admin/api-keys/:api_key_id'],
  ["admin's unscoped API key", 'POST /v1/admin/billing/upgrade'],
  ['viewer session', 'POST /v1/dids'],
  ['viewer session', 'POST /v1/dids/:did/deactivate'],
  ['viewer session', 'POST /v1/credentials/issue'],
  ['viewer session', 'POST /v1/credentials/:id/revoke'],
  ['issuer session', 'POST /v1/members/invitations'],
  ['auditor session (custom role)', 'POST /v1/credentials/issue'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/dids'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/dids/:did/deactivate'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/credentials/issue'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/credentials/:id/revoke'],
  ['viewer session', 'POST /v1/didcomm/messages'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/didcomm/messages'],
  ['viewer session', 'POST /v1/compliance/frameworks/:id/adopt'],
  ['viewer session', 'POST /v1/compliance/frameworks/:id/attestations'],
  ['viewer session', 'PUT /v1/compliance/settings'],
  ['issuer session', 'POST /v1/compliance/reports'],
  ['viewer session', 'POST /v1/compliance/subjects/:subject_id/erase'],
  ['issuer session', 'POST /v1/compliance/subjects/:subject_id/erase'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/compliance/subjects/:subject_id/erase'],
  ['viewer session', 'POST /v1/domains'],
  ['issuer session', 'POST /v1/domains/:id/verify'],
  ['viewer session', 'DELETE /v1/domains/:id'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'DELETE /v1/domains/:id'],
  ['auditor session (custom role)', 'POST /v1/domains'],
  ['viewer session', 'POST /v1/oid4vci/offers'],
  ['auditor session (custom role)', 'DELETE /v1/oid4vci/offers/:id'],
  ['viewer session', 'POST /v1/oid4vci/authorizations/:id/approve'],
  ['auditor session (custom role)', 'POST /v1/oid4vci/authorizations/:id/deny'],
  ['issuer session', 'PUT /v1/oid4vci/authorization-settings'],
  ['issuer session', 'POST /v1/oid4vci/credential-configurations'],
  ['issuer session', 'PATCH /v1/oid4vci/credential-configurations/:configuration_id'],
  ['issuer session', 'DELETE /v1/oid4vci/credential-configurations/:configuration_id'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'POST /v1/oid4vci/offers'],
  ['scoped API key [credentials:verify, members:list, usage:read]', 'DELETE /v1/oid4vci/offers/:id'],
  ['viewer session', 'POST /v1/oid4vp/requests'],
  ['auditor session (custom role)', 'POST /v1/oid4vp/requests'],
  ['viewer session', 'DELETE /v1/oid4vp/requests/:id'],
  // An export changes nothing of the subject's, but a permitted one is recorded: a refused one is not.
  ['viewer session', 'GET /v1/compliance/subjects/:subject_id/export'],
];

describe.each(['REST', 'GraphQL'] as const)('a denied write changes nothing (%s)', (transport) => {
  const tenant = unchangedState(async () => ({ view: await ownerView(), stored: await tenantState() }));
  it.each(DENIED_WRITES)('%s: %s on a real target', async (principalName, endpointName) => {
    const principal = principals[principalName];
    const e = endpoint(endpointName);
    expect(permissionsOf(principal).has(e.permission)).toBe(false);
    const { view } = await tenant.expectUnchangedBy(async () => {
      if (transport === 'REST') {
        expectError(await callRest(e, realTargets, principal.token), 403, denial(principal, e.permission));
      } else {
        expectGraphQLError(await callGraphQL(e, realTargets, principal.token), 403, denial(principal, e.permission));
      }
    });
    expect(view.plan).toBe('business');
  });
});

// Access is decided before the body is read: a caller without access learns 401/403, never what the body
// should have looked like.
describe('access before body validation', () => {
  const BAD_BODIES: [string, string, unknown, string][] = [
    ['POST', '/v1/members/invitations', { email: 5 }, 'members:invite'],
    ['POST', '/v1/roles', { permissions: 'x' }, 'roles:manage'],
    ['POST', '/v1/admin/billing/upgrade', { plan: 7 }, 'billing:manage'],
    ['POST', '/v1/admin/api-keys', { scopes: 'all' }, 'api_keys:manage'],
    ['POST', '/v1/dids', { key_type: 5 }, 'dids:create'],
    ['POST', '/v1/domains', { domain: 5 }, 'domains:manage'],
    ['POST', '/v1/credentials/issue', { format: 7, issuer: [] }, 'credentials:issue'],
    ['POST', '/v1/credentials/verify', { credential: {} }, 'credentials:verify'],
    ['POST', '/v1/oid4vci/offers', { claims: 5 }, 'credentials:issue'],
    ['POST', '/v1/oid4vci/credential-configurations', { format: 7 }, 'oid4vci:manage'],
    ['POST', '/v1/oid4vp/requests', { dcql_query: 5 }, 'credentials:verify'],
  ];

  it.each(BAD_BODIES)(
    '%s %s with a mistyped body: 401 without credentials, 403 without access',
    async (method, path, body, permission) => {
      expectError(await app.request(method, path, { body }), 401, 'unauthorized');
      expectError(
        await app.request(method, path, { rawBody: '{not json', headers: { 'content-type': 'application/json' } }),
        401,
        'unauthorized',
      );
      const viewer = principals['viewer session'];
      expectError(
        await app.request(method, path, { body, token: viewer.token }),
        403,
        `role 'viewer' lacks permission: ${permission}`,
      );
    },
  );
});

// Deny by default, checked from the other side: the matrix is enumerated from the schema and the REST table,
// so an endpoint added without a declaration, or without a row here, fails this file.
const rootFieldOf = (query: string) => {
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  return (operation.selectionSet.selections[0] as FieldNode).name.value;
};
/** Root fields open without a permission, each with what a caller without any credential gets. */
const AUTHENTICATED_FIELDS = ['logout', 'me'];
const PUBLIC_FIELDS = ['acceptInvitation', 'login', 'register', 'resolveDid'];

describe('the matrix covers every declared endpoint', () => {
  const declared = rootFieldAccess(schema);

  it('every root field that needs a permission has a matrix row with that permission', () => {
    const rows = new Map(ENDPOINTS.map((e) => [rootFieldOf(e.graphql(dummyTargets()).query), e.permission]));
    for (const field of declared.filter((f) => f.access.kind === 'permission')) {
      expect(rows.get(field.name), `matrix row for ${field.operation} ${field.name}`).toBe(
        field.access.kind === 'permission' ? field.access.permission : undefined,
      );
    }
    expect(rows.size).toBe(declared.filter((f) => f.access.kind === 'permission').length);
  });

  it('every REST route of the table is a matrix row, or runs a field that needs no permission', () => {
    const rows = new Set(ENDPOINTS.map((e) => e.name));
    for (const route of REST_TABLE) {
      const access = declared.find((f) => f.name === rootFieldOf(route.operation))!.access;
      if (access.kind === 'permission') expect(rows.has(`${route.method} ${route.path}`), route.path).toBe(true);
      else expect([...AUTHENTICATED_FIELDS, ...PUBLIC_FIELDS]).toContain(rootFieldOf(route.operation));
    }
  });

  it('the fields open without a permission are exactly the reviewed ones', () => {
    const names = (kind: string) =>
      declared
        .filter((f) => f.access.kind === kind)
        .map((f) => f.name)
        .sort();
    expect(names('authenticated')).toEqual(AUTHENTICATED_FIELDS);
    expect(names('public')).toEqual(PUBLIC_FIELDS);
  });

  it.each(AUTHENTICATED_FIELDS)('%s without a credential → 401 over GraphQL', async (name) => {
    const query = name === 'me' ? '{ me { userId } }' : 'mutation { logout { status } }';
    expectGraphQLError(await app.graphql(query), 401, 'unauthorized');
  });

  it('a schema with a root field that declares no access is refused', () => {
    const undeclared = buildSchema('type Query { open: Int, other: String }');
    expect(() => rootFieldAccess(undeclared)).toThrow(
      'root fields without an access declaration (requires(), authenticated() or publicField()): Query.open, Query.other',
    );
  });
});
