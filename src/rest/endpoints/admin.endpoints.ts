// /v1/admin: API keys, usage, plan changes and the audit log (spec §4). Each row: path → operation → body.
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const API_KEY = 'id name prefix scopes createdByUserId createdAt expiresAt lastUsedAt revokedAt';
const QUOTA = '{ limit remaining }';
const PLAN_LIMITS = '{ name requestsPerMinute burst credentialsPerMonth dids members customRoles customDomains }';

export const ADMIN_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'GET',
    path: '/v1/admin/api-keys',
    operation: `query ApiKeys($limit: Int, $cursor: String) { apiKeys(limit: $limit, cursor: $cursor) { apiKeys { ${API_KEY} } nextCursor } }`,
    variables: pageQuery,
    result: (data) => snakeKeys(data.apiKeys),
  },
  {
    method: 'POST',
    path: '/v1/admin/api-keys',
    operation: `mutation CreateApiKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { ${API_KEY} } key } }`,
    bodyInput: 'CreateApiKeyInput',
    result: (data) => {
      const created = data.createApiKey as { apiKey: object; key: string };
      return { ...(snakeKeys(created.apiKey) as object), key: created.key };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/admin/api-keys/:api_key_id',
    operation: `mutation RevokeApiKey($id: String!) { revokeApiKey(id: $id) { ${API_KEY} } }`,
    variables: withParam('id', 'api_key_id'),
    result: (data) => snakeKeys(data.revokeApiKey),
  },
  {
    method: 'GET',
    path: '/v1/admin/usage',
    operation: `query Usage { usage { plan month periodStart periodEnd credentialsIssuedThisMonth credentials ${QUOTA} activeDids dids ${QUOTA} members pendingInvitations seats ${QUOTA} requestsPerMinute burst customRolesAllowed customRoles } }`,
    result: (data) => snakeKeys(data.usage),
  },
  {
    method: 'POST',
    path: '/v1/admin/billing/upgrade',
    operation: `mutation ChangePlan($input: ChangePlanInput!) { changePlan(input: $input) { plan previousPlan changed changedAt limits ${PLAN_LIMITS} } }`,
    bodyInput: 'ChangePlanInput',
    result: (data) => snakeKeys(data.changePlan),
  },
  {
    method: 'GET',
    path: '/v1/admin/audit-log',
    operation: `query AuditLog($limit: Int, $cursor: String) { auditLog(limit: $limit, cursor: $cursor) { events { id seq prevHash hash groupId digest action actorUserId actorApiKeyId targetType targetId details requestId createdAt } nextCursor } }`,
    variables: pageQuery,
    result: (data) => snakeKeys(data.auditLog),
  },
  {
    method: 'GET',
    path: '/v1/admin/audit-log/verify',
    operation: `query AuditLogVerification { auditLogVerification { valid eventsChecked head { seq eventId hash createdAt } firstBreak { seq eventId reason expected found } } }`,
    result: (data) => snakeKeys(data.auditLogVerification),
  },
];
