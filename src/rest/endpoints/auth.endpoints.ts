// /v1/auth (spec §4): register, login, me, logout.
import type { AuthResult, Me } from '../../modules/auth/auth.service.js';
import type { RestEndpoint } from '../endpoint.js';

// The selections below ask for every field, so the data has the services' own shapes.
export const authResponse = (payload: AuthResult) => ({
  token: payload.token,
  user_id: payload.userId,
  tenant_id: payload.tenantId,
  role: payload.role,
});

export const AUTH_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/auth/register',
    operation: `mutation Register($input: RegisterInput!) { register(input: $input) { token userId tenantId role } }`,
    bodyInput: 'RegisterInput',
    result: (data) => authResponse(data.register as AuthResult),
  },
  {
    method: 'POST',
    path: '/v1/auth/login',
    operation: `mutation Login($input: LoginInput!) { login(input: $input) { token userId tenantId role } }`,
    bodyInput: 'LoginInput',
    result: (data) => authResponse(data.login as AuthResult),
  },
  {
    method: 'GET',
    path: '/v1/auth/me',
    operation: `query Me { me { userId email displayName tenantId role permissions tenants { id name slug role } } }`,
    result: (data) => {
      const me = data.me as Me;
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
