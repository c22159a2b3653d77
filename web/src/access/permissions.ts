// Which of the permissions a control or page needs the signed-in member lacks. The names come from the
// service's own catalogue (src/auth/permissions.ts), so a misspelt permission in the dashboard is a type
// error. This only decides what to show: the service still decides every request (scope-auth).
import type { Permission } from '../../../src/auth/permissions';

export type { Permission };

/** The needed permissions that `granted` lacks, in the order needed. Empty: allowed. */
export function missingPermissions(granted: ReadonlySet<string> | readonly string[], needed: readonly Permission[]) {
  const has = Array.isArray(granted)
    ? (permission: string) => granted.includes(permission)
    : (permission: string) => (granted as ReadonlySet<string>).has(permission);
  return needed.filter((permission) => !has(permission));
}

/** "needs dids:create" / "needs dids:create and dids:list": what a disabled control says. */
export function missingText(missing: readonly Permission[]): string {
  if (missing.length === 0) return '';
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `needs ${names}`;
}
