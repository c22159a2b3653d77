// The rules of the roles page and of the permission pickers (custom roles, API key scopes): permissions
// grouped by area, what a member may grant, and when the custom role editor is usable.
import { planLabel } from '../vocabulary';

/** How an area (the part of `<area>:<action>` before the colon) is named on the page. */
const AREA_LABELS: Record<string, string> = {
  credentials: 'Credentials',
  dids: 'DIDs',
  members: 'Members',
  roles: 'Roles',
  api_keys: 'API keys',
  usage: 'Usage',
  billing: 'Billing',
  audit: 'Audit log',
  webhooks: 'Webhooks',
  trust: 'Trust',
  compliance: 'Compliance',
  didcomm: 'DIDComm',
  domains: 'Domains',
};

export type PermissionGroup = { area: string; label: string; permissions: string[] };

export function areaOf(permission: string): string {
  const colon = permission.indexOf(':');
  return colon < 0 ? permission : permission.slice(0, colon);
}

export function areaLabel(area: string): string {
  return AREA_LABELS[area] ?? area.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
}

/**
 * Permissions grouped by area, areas and permissions in the order first given (the service lists them in its
 * catalogue's order), duplicates dropped.
 */
export function groupByArea(permissions: readonly string[]): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const permission of permissions) {
    const area = areaOf(permission);
    let group = groups.get(area);
    if (!group) {
      group = { area, label: areaLabel(area), permissions: [] };
      groups.set(area, group);
    }
    if (!group.permissions.includes(permission)) group.permissions.push(permission);
  }
  return [...groups.values()];
}

/**
 * What a picker sends: the chosen permissions the member holds, in the order they hold them. The service
 * refuses to grant (to a role or a key) what its author does not hold, so nothing else is offered or sent.
 */
export function grantable(chosen: Iterable<string>, held: readonly string[]): string[] {
  const wanted = new Set(chosen);
  return held.filter((permission) => wanted.has(permission));
}

/** The permissions of `role` the member does not hold: assigning or editing it would be refused. */
export function beyondHeld(rolePermissions: readonly string[], held: readonly string[]): string[] {
  const has = new Set(held);
  return rolePermissions.filter((permission) => !has.has(permission));
}

/** The service's rule for a custom role's name (src/modules/roles/roles.inputs.ts, ROLE_NAME_PATTERN). */
export const ROLE_NAME_PATTERN = /^[a-z0-9]+([_-][a-z0-9]+)*$/;

/** The plans that offer custom roles, as the service's refusal names them. */
export const CUSTOM_ROLES_REASON = 'Custom roles require the Business or Enterprise plan';

export type EditorGate =
  | { usable: true }
  /** `permission`: the member lacks roles:manage; `plan`: the tenant's plan has no custom roles. */
  | { usable: false; why: 'permission' | 'plan'; reason: string };

/**
 * Whether the custom role editor can be used. `customRolesAllowed` is null when the plan is not known (the
 * member cannot read usage): the editor is then offered and the service's refusal, if any, is shown.
 */
export function roleEditorGate(input: {
  canManage: { allowed: boolean; reason: string };
  plan: string | null;
  customRolesAllowed: boolean | null;
}): EditorGate {
  if (input.customRolesAllowed === false) {
    const on = input.plan ? `; this tenant is on the ${planLabel(input.plan)} plan` : '';
    return { usable: false, why: 'plan', reason: `${CUSTOM_ROLES_REASON}${on}.` };
  }
  if (!input.canManage.allowed)
    return { usable: false, why: 'permission', reason: `Editing roles ${input.canManage.reason}.` };
  return { usable: true };
}

export type RoleDraft = { name: string; description: string; permissions: ReadonlySet<string> };

/** What is wrong with a draft before it is sent (the service checks again), or null. */
export function draftProblem(draft: RoleDraft): string | null {
  const name = draft.name.trim();
  if (!name) return 'Give the role a name.';
  if (name.length > 50) return 'The name must be at most 50 characters.';
  if (!ROLE_NAME_PATTERN.test(name))
    return 'The name must be lowercase letters and digits, separated by single - or _.';
  if (draft.permissions.size === 0) return 'Choose at least one permission.';
  return null;
}
