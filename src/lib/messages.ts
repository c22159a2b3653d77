// Error texts fixed by the contract (shared/spec/service-interface.md §5, §7). Tests assert them byte for
// byte; never inline these strings elsewhere.
export const MESSAGES = {
  unauthorized: 'unauthorized',
  roleLacksPermission: (role: string, permission: string) => `role '${role}' lacks permission: ${permission}`,
  apiKeyMissingScope: (permission: string) => `API key missing scope: ${permission}`,
  emailAlreadyRegistered: 'email already registered',
  tenantSlugTaken: 'tenant slug already taken',
  registrationInvalid: 'email required, password must be >= 8 chars',
  invalidRoleId: 'invalid role_id',
  notFound: 'not found',
  internal: 'internal server error',
} as const;
