// Who is calling, as established once per request by authenticate.ts and read by scope-auth.
import { MESSAGES } from '../lib/messages.js';
import { forbidden } from '../lib/errors.js';

export type SessionPrincipal = {
  kind: 'session';
  sessionId: string;
  userId: string;
  tenantId: string;
  role: { id: string; name: string };
  permissions: ReadonlySet<string>;
};

export type Principal = SessionPrincipal;

export function can(principal: Principal, permission: string): boolean {
  return principal.permissions.has(permission);
}

/** The contract's 403 for a principal that lacks `permission` (spec §5.3, §7). */
export function permissionDenied(principal: Principal, permission: string) {
  return forbidden(MESSAGES.roleLacksPermission(principal.role.name, permission));
}
