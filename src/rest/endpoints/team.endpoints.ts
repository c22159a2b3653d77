// /v1 roles, members and invitations (spec §2, §4). Each row: path → operation → the contract's body.
import type { AuthResult } from '../../modules/auth/auth.service.js';
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';
import { authResponse } from './auth.endpoints.js';

const ROLE = 'id name description permissions builtIn createdAt updatedAt';
const MEMBER = 'userId email displayName role roleId joinedAt';
const INVITATION = 'id email role roleId invitedByUserId expiresAt createdAt';

// "A role has a UUID (`role_id`)" (spec §2): every role body carries it, beside `id`.
const roleBody = (role: unknown) => {
  const body = snakeKeys(role) as { id: string };
  return { role_id: body.id, ...body };
};

export const TEAM_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'GET',
    path: '/v1/roles',
    operation: `query Roles($limit: Int, $cursor: String) { roles(limit: $limit, cursor: $cursor) { roles { ${ROLE} } nextCursor } }`,
    variables: pageQuery,
    result: (data) => {
      const page = data.roles as { roles: unknown[]; nextCursor: string | null };
      return { roles: page.roles.map(roleBody), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'POST',
    path: '/v1/roles',
    operation: `mutation CreateRole($input: CreateRoleInput!) { createRole(input: $input) { ${ROLE} } }`,
    bodyInput: 'CreateRoleInput',
    result: (data) => roleBody(data.createRole),
  },
  {
    method: 'PATCH',
    path: '/v1/roles/:role_id',
    operation: `mutation UpdateRole($id: String!, $input: UpdateRoleInput!) { updateRole(id: $id, input: $input) { ${ROLE} } }`,
    bodyInput: 'UpdateRoleInput',
    variables: withParam('id', 'role_id'),
    result: (data) => roleBody(data.updateRole),
  },
  {
    method: 'DELETE',
    path: '/v1/roles/:role_id',
    operation: `mutation DeleteRole($id: String!) { deleteRole(id: $id) { ${ROLE} } }`,
    variables: withParam('id', 'role_id'),
    result: (data) => roleBody(data.deleteRole),
  },
  {
    method: 'GET',
    path: '/v1/members',
    operation: `query Members($limit: Int, $cursor: String) { members(limit: $limit, cursor: $cursor) { members { ${MEMBER} } nextCursor } }`,
    variables: pageQuery,
    result: (data) => snakeKeys(data.members),
  },
  {
    method: 'GET',
    path: '/v1/members/invitations',
    operation: `query Invitations($limit: Int, $cursor: String) { invitations(limit: $limit, cursor: $cursor) { invitations { ${INVITATION} } nextCursor } }`,
    variables: pageQuery,
    result: (data) => snakeKeys(data.invitations),
  },
  {
    method: 'POST',
    path: '/v1/members/invitations',
    operation: `mutation Invite($input: InviteMemberInput!) { inviteMember(input: $input) { invitation { ${INVITATION} } token } }`,
    bodyInput: 'InviteMemberInput',
    result: (data) => {
      const created = data.inviteMember as { invitation: object; token: string };
      return { ...(snakeKeys(created.invitation) as object), token: created.token };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/members/invitations/:invitation_id',
    operation: `mutation RevokeInvitation($id: String!) { revokeInvitation(id: $id) { ${INVITATION} } }`,
    variables: withParam('id', 'invitation_id'),
    result: (data) => snakeKeys(data.revokeInvitation),
  },
  {
    method: 'PATCH',
    path: '/v1/members/:user_id',
    operation: `mutation UpdateMemberRole($userId: String!, $input: UpdateMemberRoleInput!) { updateMemberRole(userId: $userId, input: $input) { ${MEMBER} } }`,
    bodyInput: 'UpdateMemberRoleInput',
    variables: withParam('userId', 'user_id'),
    result: (data) => snakeKeys(data.updateMemberRole),
  },
  {
    method: 'DELETE',
    path: '/v1/members/:user_id',
    operation: `mutation RemoveMember($userId: String!) { removeMember(userId: $userId) { ${MEMBER} } }`,
    variables: withParam('userId', 'user_id'),
    result: (data) => snakeKeys(data.removeMember),
  },
  {
    method: 'POST',
    path: '/v1/invitations/accept',
    operation: `mutation AcceptInvitation($input: AcceptInvitationInput!) { acceptInvitation(input: $input) { token userId tenantId role } }`,
    bodyInput: 'AcceptInvitationInput',
    result: (data) => authResponse(data.acceptInvitation as AuthResult),
    refusals: { '403': '`this invitation was sent to another email address`.' },
  },
];
