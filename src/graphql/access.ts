// Who may call a root field, declared once, next to the field: deny by default. Every Query and Mutation
// field spreads one of these into its options; the schema refuses to build when one does not, so a new
// endpoint cannot ship open by omission. Scope-auth enforces the declaration during GraphQL execution; the
// REST router and the OpenAPI document read it through accessOf(), never through the plugin's internals.
import type { GraphQLField, GraphQLSchema } from 'graphql';
import type { Permission } from '../auth/permissions.js';
import { can, permissionDenied, type Principal } from '../auth/principal.js';
import { unauthorized, type AppError } from '../lib/errors.js';

export type Access =
  | { kind: 'permission'; permission: Permission }
  | { kind: 'authenticated' }
  /** Open to anyone; `reason` says why, for the reader and the OpenAPI document. */
  | { kind: 'public'; reason: string };

const ACCESS_EXTENSION = 'access';

/** Needs a session or API key whose role (and scopes) grant `permission`. */
export function requires(permission: Permission) {
  return {
    authScopes: { permission },
    extensions: { [ACCESS_EXTENSION]: { kind: 'permission', permission } satisfies Access },
  };
}

/** Needs any valid session or API key. */
export function authenticated() {
  return {
    authScopes: { authenticated: true },
    extensions: { [ACCESS_EXTENSION]: { kind: 'authenticated' } satisfies Access },
  };
}

/** Open to anyone; say why. */
export function publicField(reason: string) {
  return { extensions: { [ACCESS_EXTENSION]: { kind: 'public', reason } satisfies Access } };
}

/** A field's declared access, or undefined when it declares none. */
export function accessOf(field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): Access | undefined {
  return (field.extensions as Record<string, unknown> | null | undefined)?.[ACCESS_EXTENSION] as Access | undefined;
}

/** The contract's 401/403 for a caller the declaration refuses, or null when it admits them. */
export function accessFailure(access: Access, principal: Principal | null): AppError | null {
  if (access.kind === 'public') return null;
  if (!principal) return unauthorized();
  if (access.kind === 'permission' && !can(principal, access.permission)) {
    return permissionDenied(principal, access.permission);
  }
  return null;
}

/** Every Query and Mutation field with its declaration; throws, naming them all, when any has none. */
export function rootFieldAccess(schema: GraphQLSchema) {
  const fields: { operation: 'query' | 'mutation'; name: string; access: Access }[] = [];
  const undeclared: string[] = [];
  for (const [operation, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const access = accessOf(field);
      if (access) fields.push({ operation, name: field.name, access });
      else undeclared.push(`${type!.name}.${field.name}`);
    }
  }
  if (undeclared.length) {
    throw new Error(
      `root fields without an access declaration (requires(), authenticated() or publicField()): ${undeclared.join(', ')}`,
    );
  }
  return fields;
}
