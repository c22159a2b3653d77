// The one catalogue of permissions, `<area>:<action>` (spec §2). The first ten are named by the contract;
// the rest guard the service's other features. Roles and API key scopes are subsets of this list.
export const PERMISSIONS = [
  'credentials:issue',
  'credentials:verify',
  'credentials:revoke',
  'credentials:list',
  'dids:create',
  'dids:list',
  'dids:deactivate',
  'members:invite',
  'members:remove',
  'members:update_role',
  'members:list',
  'roles:list',
  'roles:manage',
  'api_keys:manage',
  'usage:read',
  'billing:manage',
  'audit:read',
  'webhooks:manage',
  'events:read',
  'trust:read',
  'trust:write',
  'compliance:read',
  'compliance:manage',
  'didcomm:send',
  'didcomm:read',
  'domains:manage',
  'oid4vci:manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}
