// The lookups that establish who is calling (authenticate.ts). The two finds are global on purpose: a
// request brings only its credential, and the credential's row is what names the tenant. Everything after
// authentication is scoped to that tenant.
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { AssuranceLevel, Plan } from '../generated/prisma/enums.js';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Global: any tenant's session by the SHA-256 of its token, with the membership's role and the tenant's plan,
 * compliance state and trust policy.
 */
export function findSessionByTokenHash(db: Db, tokenHash: Uint8Array<ArrayBuffer>) {
  return db.session.findUnique({
    // One SQL statement (lateral joins) instead of one per relation: this runs on every request.
    relationLoadStrategy: 'join',
    where: { tokenHash },
    select: {
      id: true,
      tokenHash: true,
      tenantId: true,
      userId: true,
      expiresAt: true,
      membership: {
        select: {
          role: { select: { id: true, name: true, permissions: true } },
          tenant: {
            select: {
              plan: true,
              personalClaims: true,
              keyRotationDays: true,
              complianceAdoptions: { select: { frameworkId: true } },
              trustPolicy: {
                select: { minScore: true, minAssuranceLevel: true, requireAttestedIssuer: true, updatedAt: true },
              },
            },
          },
        },
      },
    },
  });
}

export type ApiKeyWithCreatorRole = {
  id: string;
  key_hash: Uint8Array;
  tenant_id: string;
  created_by_user_id: string;
  scoped: boolean;
  scopes: string[] | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  role_id: string;
  role_name: string;
  role_permissions: string[];
  plan: Plan;
  personal_claims: string[] | null;
  key_rotation_days: number;
  adopted_frameworks: string[];
  /** The tenant's trust policy; all null when it has none. */
  min_score: number | null;
  min_assurance_level: AssuranceLevel | null;
  require_attested_issuer: boolean | null;
  policy_updated_at: Date | null;
};

/**
 * Global: any tenant's API key by the SHA-256 of the key, joined to its creator's membership and role (in the
 * key's own tenant), the tenant's plan, compliance state and trust policy. A key whose creator left the tenant
 * finds no row.
 */
export async function findApiKeyByKeyHash(
  db: Db,
  keyHash: Uint8Array<ArrayBuffer>,
): Promise<ApiKeyWithCreatorRole | undefined> {
  const rows = await db.$queryRaw<ApiKeyWithCreatorRole[]>`
    SELECT k.id, k.key_hash, k.tenant_id, k.created_by_user_id, k.scoped, k.scopes, k.expires_at, k.revoked_at,
           k.last_used_at, r.id AS role_id, r.name AS role_name, r.permissions AS role_permissions,
           t.plan::text AS plan, t.personal_claims, t.key_rotation_days,
           ARRAY(SELECT a.framework_id FROM compliance_adoptions a WHERE a.tenant_id = k.tenant_id) AS adopted_frameworks,
           p.min_score, p.min_assurance_level::text AS min_assurance_level, p.require_attested_issuer,
           p.updated_at AS policy_updated_at
    FROM api_keys k
    JOIN tenants t ON t.id = k.tenant_id
    LEFT JOIN trust_policies p ON p.tenant_id = k.tenant_id
    JOIN memberships m ON m.tenant_id = k.tenant_id AND m.user_id = k.created_by_user_id
    JOIN roles r ON r.id = m.role_id
    WHERE k.key_hash = ${keyHash}`;
  return rows[0];
}

/** Sets the key's "last used"; by then the tenant is known, so the write names it. */
export function recordApiKeyUse(db: Db, tenantId: string, apiKeyId: string, at: Date) {
  return db.apiKey.updateMany({ where: { tenantId, id: apiKeyId }, data: { lastUsedAt: at } });
}
