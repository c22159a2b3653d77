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
  tenantMemberLimitReached: (limit: number) => `tenant member limit reached (${limit})`,
  didLimitReached: (limit: number) => `DID limit reached (${limit})`,
  monthlyIssuanceLimitReached: (limit: number) => `monthly credential issuance limit reached (${limit})`,
  // Our own texts (not fixed by the contract), kept here so tests and both transports share them.
  customRolesNotInPlan: 'custom roles require the business or enterprise plan',
  roleNameTaken: 'role name already taken',
  memberNotFound: 'member not found',
  invitationNotFound: 'invitation not found',
  apiKeyNotFound: 'API key not found',
  lastOwner: 'the last owner of a tenant can be neither removed nor demoted',
  rateLimited: 'rate limit exceeded',
  tooManyUnauthenticatedRequests: 'too many requests from this address',
  tooManyLoginFailures: 'too many failed login attempts for this account; try again later',
  notFound: 'not found',
  internal: 'internal server error',
} as const;
