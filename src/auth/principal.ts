// Who is calling, as established once per request by authenticate.ts and read by scope-auth.
import { MESSAGES } from '../lib/messages.js';
import { forbidden } from '../lib/errors.js';
import type { AssuranceLevel, Plan } from '../generated/prisma/enums.js';

/** The tenant's compliance state that issuing enforces (src/modules/compliance), read with the principal. */
export type TenantCompliance = {
  /** Ids of the frameworks the tenant adopted. */
  adopted: readonly string[];
  /** Claim names the tenant declared personal data. */
  personalClaims: readonly string[];
  /** A signing key older than this many days is due for rotation. */
  keyRotationDays: number;
};

/**
 * The tenant's trust policy (src/modules/trust), which the verifications it asks for are judged by; read with
 * the principal, so a verification reads nothing for it. Null when the tenant has none.
 */
export type TenantTrustPolicy = {
  minScore: number;
  minAssuranceLevel: AssuranceLevel;
  requireAttestedIssuer: boolean;
  updatedAt: Date;
};

type PrincipalBase = {
  userId: string;
  tenantId: string;
  /** The tenant's plan as it is at this request: its rate limit applies to the request. */
  plan: Plan;
  compliance: TenantCompliance;
  trustPolicy: TenantTrustPolicy | null;
  /** The role of the user (for an API key: of its creator) in the tenant, as it is at this request. */
  role: { id: string; name: string };
  /** What this request may do: the role's permissions, narrowed to the key's scopes for a scoped key. */
  permissions: ReadonlySet<string>;
};

export type SessionPrincipal = PrincipalBase & { kind: 'session'; sessionId: string };

export type ApiKeyPrincipal = PrincipalBase & {
  kind: 'api_key';
  apiKeyId: string;
  /** null for an unscoped key, which carries its creator's role permissions. */
  scopes: ReadonlySet<string> | null;
};

export type Principal = SessionPrincipal | ApiKeyPrincipal;

export function can(principal: Principal, permission: string): boolean {
  return principal.permissions.has(permission);
}

/**
 * The contract's 403 for a principal that lacks `permission` (spec §5.3–5.4, §7): a scoped key that lacks
 * the scope is told so; otherwise the role is named.
 */
export function permissionDenied(principal: Principal, permission: string) {
  if (principal.kind === 'api_key' && principal.scopes && !principal.scopes.has(permission)) {
    return forbidden(MESSAGES.apiKeyMissingScope(permission));
  }
  return forbidden(MESSAGES.roleLacksPermission(principal.role.name, permission));
}

/** Who to record as the actor of a change. */
export function actorOf(principal: Principal) {
  return { actorUserId: principal.userId, actorApiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null };
}
