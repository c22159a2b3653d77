// GraphQL surface of roles (spec §2, §4 GET /v1/roles). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { inputFromZod } from './zod-types.js';
import { createRoleInput, updateRoleInput } from '../modules/roles/roles.inputs.js';
import { idempotent } from './idempotency.js';
import type { RoleView } from '../modules/roles/roles.service.js';

export const Role = builder.objectRef<RoleView>('Role').implement({
  description: 'A role a tenant can assign: built in (the same in every tenant) or one of its custom roles.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The role_id used wherever a role is assigned.' }),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    permissions: t.exposeStringList('permissions'),
    builtIn: t.exposeBoolean('builtIn'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const RolePage = builder.objectRef<{ roles: RoleView[]; nextCursor: string | null }>('RolePage').implement({
  fields: (t) => ({
    roles: t.field({ type: [Role], resolve: (page) => page.roles }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

const CreateRoleInput = inputFromZod('CreateRoleInput', createRoleInput);
const UpdateRoleInput = inputFromZod('UpdateRoleInput', updateRoleInput);

builder.queryFields((t) => ({
  roles: t.field({
    type: RolePage,
    description: 'Every role the tenant can assign, oldest first: the built-in roles, then its custom roles.',
    ...requires('roles:list'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.roles.list(principal!, args),
  }),
}));

builder.mutationFields((t) => ({
  createRole: t.field({
    nullable: true,
    type: Role,
    description: 'Creates a custom role (Business and Enterprise plans).',
    ...requires('roles:manage'),
    args: { input: t.arg({ type: CreateRoleInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, requestId }, slot) =>
      services.roles.create(principal!, input, requestId, slot),
    ),
  }),
  updateRole: t.field({
    nullable: true,
    type: Role,
    ...requires('roles:manage'),
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: UpdateRoleInput, required: true }) },
    resolve: (_root, { id, input }, { services, principal, requestId }) =>
      services.roles.update(principal!, id, input, requestId),
  }),
  deleteRole: t.field({
    nullable: true,
    type: Role,
    description: 'Deletes a custom role that no member or pending invitation holds.',
    ...requires('roles:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) => services.roles.remove(principal!, id, requestId),
  }),
}));
