// /v1/oid4vci: the tenant's door of the authorization code flow: its login page setting (oid4vci:manage) and its
// backend's decisions on authorizations (credentials:issue). Each row: path → operation → body.
import { snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const SETTINGS = 'loginUrl updatedAt';
const AUTHORIZATION =
  'id state offerId clientId configurationIds expiresAt decidedByUserId decidedByApiKeyId createdAt decidedAt redeemedAt';

const decisionBody = (value: unknown) => {
  const { authorization, redirectTo } = value as { authorization: object; redirectTo: string };
  return { ...(snakeKeys(authorization) as object), redirect_to: redirectTo };
};

export const OID4VCI_AUTHORIZATION_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'GET',
    path: '/v1/oid4vci/authorization-settings',
    operation: `query Oid4vciAuthorizationSettings { oid4vciAuthorizationSettings { ${SETTINGS} } }`,
    result: (data) => snakeKeys(data.oid4vciAuthorizationSettings),
  },
  {
    method: 'PUT',
    path: '/v1/oid4vci/authorization-settings',
    operation: `mutation UpdateOid4vciAuthorizationSettings($input: Oid4vciAuthorizationSettingsInput!) { updateOid4vciAuthorizationSettings(input: $input) { ${SETTINGS} } }`,
    bodyInput: 'Oid4vciAuthorizationSettingsInput',
    result: (data) => snakeKeys(data.updateOid4vciAuthorizationSettings),
  },
  {
    method: 'GET',
    path: '/v1/oid4vci/authorizations/:id',
    operation: `query Oid4vciAuthorization($id: String!) { oid4vciAuthorization(id: $id) { ${AUTHORIZATION} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.oid4vciAuthorization),
  },
  {
    method: 'POST',
    path: '/v1/oid4vci/authorizations/:id/approve',
    operation: `mutation ApproveOid4vciAuthorization($id: String!, $input: ApproveOid4vciAuthorizationInput) { approveOid4vciAuthorization(id: $id, input: $input) { authorization { ${AUTHORIZATION} } redirectTo } }`,
    bodyInput: 'ApproveOid4vciAuthorizationInput',
    variables: withParam('id', 'id'),
    result: (data) => decisionBody(data.approveOid4vciAuthorization),
  },
  {
    method: 'POST',
    path: '/v1/oid4vci/authorizations/:id/deny',
    operation: `mutation DenyOid4vciAuthorization($id: String!, $input: DenyOid4vciAuthorizationInput) { denyOid4vciAuthorization(id: $id, input: $input) { authorization { ${AUTHORIZATION} } redirectTo } }`,
    bodyInput: 'DenyOid4vciAuthorizationInput',
    variables: withParam('id', 'id'),
    result: (data) => decisionBody(data.denyOid4vciAuthorization),
  },
];
