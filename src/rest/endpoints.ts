// The /v1 endpoint table (spec §4). Each row: path → operation → the contract's body.
import type { RestEndpoint } from './endpoint.js';

type AuthPayload = { token: string; userId: string; tenantId: string; role: string };

const authResponse = (payload: AuthPayload) => ({
  token: payload.token,
  user_id: payload.userId,
  tenant_id: payload.tenantId,
  role: payload.role,
});

type MePayload = {
  userId: string;
  email: string;
  displayName: string;
  tenantId: string;
  role: string;
  permissions: string[];
  tenants: { id: string; name: string; slug: string; role: string }[];
};

export const ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/auth/register',
    operation: `mutation Register($input: RegisterInput!) { register(input: $input) { token userId tenantId role } }`,
    bodyInput: 'RegisterInput',
    result: (data) => authResponse(data.register as AuthPayload),
  },
  {
    method: 'POST',
    path: '/v1/auth/login',
    operation: `mutation Login($input: LoginInput!) { login(input: $input) { token userId tenantId role } }`,
    bodyInput: 'LoginInput',
    result: (data) => authResponse(data.login as AuthPayload),
  },
  {
    method: 'GET',
    path: '/v1/auth/me',
    operation: `query Me { me { userId email displayName tenantId role permissions tenants { id name slug role } } }`,
    result: (data) => {
      const me = data.me as MePayload;
      return {
        user_id: me.userId,
        email: me.email,
        display_name: me.displayName,
        tenant_id: me.tenantId,
        role: me.role,
        permissions: me.permissions,
        tenants: me.tenants,
      };
    },
  },
  {
    method: 'POST',
    path: '/v1/auth/logout',
    operation: `mutation Logout { logout { status } }`,
    result: (data) => data.logout,
  },
];
