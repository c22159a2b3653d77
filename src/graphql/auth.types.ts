// GraphQL surface of /v1/auth (spec §4): register, login, logout, me. Resolvers only adapt.
// Input fields are nullable on purpose: the service validates them, so that a missing field gets the
// contract's own error text over both transports rather than GraphQL's generic one.
import { authenticated, publicField } from './access.js';
import { builder } from './builder.js';
import { inputFromZod } from './zod-types.js';
import { loginInput, registerInput } from '../modules/auth/auth.inputs.js';
import type { AuthResult, Me } from '../modules/auth/auth.service.js';

export const AuthPayload = builder.objectRef<AuthResult>('AuthPayload').implement({
  description: 'A new session: its bearer token, the user, the tenant it is bound to and the role there.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Opaque session token; send as `Authorization: Bearer <token>`.' }),
    userId: t.exposeID('userId'),
    tenantId: t.exposeID('tenantId'),
    role: t.exposeString('role'),
  }),
});

const TenantMembership = builder.objectRef<Me['tenants'][number]>('TenantMembership').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    role: t.exposeString('role'),
  }),
});

const MePayload = builder.objectRef<Me>('Me').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName'),
    tenantId: t.exposeID('tenantId'),
    role: t.exposeString('role'),
    permissions: t.exposeStringList('permissions'),
    tenants: t.field({ type: [TenantMembership], resolve: (me) => me.tenants }),
  }),
});

const LogoutPayload = builder.objectRef<{ status: string }>('LogoutPayload').implement({
  fields: (t) => ({ status: t.exposeString('status', { description: 'Always `logged_out`.' }) }),
});

const RegisterInput = inputFromZod('RegisterInput', registerInput);
const LoginInput = inputFromZod('LoginInput', loginInput);

builder.mutationFields((t) => ({
  register: t.field({
    ...publicField('creates an account: the caller has none yet'),
    nullable: true,
    type: AuthPayload,
    description: 'Creates a user, their tenant (they become its owner) and a session.',
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: (_root, { input }, { services, requestId }) => services.auth.register(input, requestId),
  }),
  login: t.field({
    ...publicField('exchanges a password for a session'),
    nullable: true,
    type: AuthPayload,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: (_root, { input }, { services, requestId, origin }) =>
      services.auth.login(input, requestId, origin.hostTenantId ?? null),
  }),
  logout: t.field({
    nullable: true,
    type: LogoutPayload,
    description: 'Invalidates the session whose token authenticated this request.',
    ...authenticated(),
    resolve: (_root, _args, { services, principal }) => services.auth.logout(principal!),
  }),
}));

builder.queryFields((t) => ({
  me: t.field({
    type: MePayload,
    ...authenticated(),
    resolve: (_root, _args, { services, principal }) => services.auth.me(principal!),
  }),
}));
