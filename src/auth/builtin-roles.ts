// Built-in roles, assignable in every tenant. Their ids are fixed so that they are the same in every
// database, and their rows are synchronised from this table at start-up (src/db/builtin-roles.sync.ts):
// the code is the source of truth for what a built-in role may do.
import { PERMISSIONS, type Permission } from './permissions.js';

export type BuiltinRole = {
  id: string;
  name: string;
  description: string;
  permissions: readonly Permission[];
};

const ALL = PERMISSIONS;
const READ_ONLY: Permission[] = [
  'credentials:list',
  'dids:list',
  'members:list',
  'roles:list',
  'usage:read',
  'trust:read',
  'compliance:read',
  'didcomm:read',
];

export const BUILTIN_ROLES = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'owner',
    description: 'Full control of the tenant, including billing.',
    permissions: ALL,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'admin',
    description: 'Everything but billing: members, roles, API keys, DIDs and credentials.',
    permissions: ALL.filter((permission) => permission !== 'billing:manage'),
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    name: 'issuer',
    description: 'Creates DIDs and issues, revokes and verifies credentials.',
    permissions: [
      ...READ_ONLY,
      'credentials:issue',
      'credentials:verify',
      'credentials:revoke',
      'dids:create',
      'dids:deactivate',
      'didcomm:send',
    ],
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    name: 'verifier',
    description: 'Verifies credentials and reads the tenant.',
    permissions: [...READ_ONLY, 'credentials:verify'],
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    name: 'viewer',
    description: 'Read only.',
    permissions: READ_ONLY,
  },
] as const satisfies readonly BuiltinRole[];

export type BuiltinRoleName = (typeof BUILTIN_ROLES)[number]['name'];

export const OWNER_ROLE = BUILTIN_ROLES[0];
