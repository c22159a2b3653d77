// The Pothos builder. Scope-auth enforces each root field's access declaration (src/graphql/access.ts)
// during execution, and a failure becomes the contract's exact 401/403 (spec §5, §7).
import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import type { Permission } from '../auth/permissions.js';
import { can, permissionDenied } from '../auth/principal.js';
import { badRequest, unauthorized } from '../lib/errors.js';
import type { RequestContext } from './context.js';

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  AuthScopes: { authenticated: boolean; permission: Permission };
  // Fields are non-null unless they say otherwise. Mutation root fields do say so: a request with several
  // mutations must show every one that succeeded even when another fails (a failed non-null root field would
  // null the whole `data`, hiding credentials already issued and counted against the quota).
  DefaultFieldNullability: false;
  Scalars: {
    // Output may be an ISO string too: an idempotent replay returns a stored (JSON) result.
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({
      authenticated: context.principal !== null,
      permission: (permission) => context.principal !== null && can(context.principal, permission),
    }),
    unauthorizedError: (_parent, context, _info, result) => {
      if (!context.principal) return unauthorized();
      const permission = missingPermission(result.failure);
      return permission ? permissionDenied(context.principal, permission) : unauthorized();
    },
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType('DateTime', {
  description: 'An instant as an RFC 3339 / ISO 8601 string in UTC, e.g. 2026-11-21T12:00:00.000Z.',
  serialize: (value) => (typeof value === 'string' ? new Date(value) : value).toISOString(),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw badRequest('expected an ISO 8601 date-time');
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** The first permission named in a scope-auth failure tree. */
function missingPermission(failure: AuthFailure): string | undefined {
  if (failure.kind === AuthScopeFailureType.AuthScope && failure.scope === 'permission') {
    return String(failure.parameter);
  }
  if (failure.kind === AuthScopeFailureType.AnyAuthScopes || failure.kind === AuthScopeFailureType.AllAuthScopes) {
    for (const inner of failure.failures) {
      const permission = missingPermission(inner);
      if (permission) return permission;
    }
  }
  return undefined;
}
