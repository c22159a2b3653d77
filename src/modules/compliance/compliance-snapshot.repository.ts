// Gathers the live state every check reads (checks/check.types.ts ComplianceSnapshot), for one tenant, in a
// handful of statements run side by side. Counts are exact; lists of offending objects stop at a page.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { isKeyEnvelope } from '../../lib/key-encryption.js';
import { SIGNING_ALG, type KeyType } from '../dids/signing-keys.js';
import type { ActiveApiKey, ActiveDid, MemberActivity, TenantAttestation } from './checks/check.types.js';
import { EVIDENCE_LIST_LIMIT } from './checks/results.js';

/** The log's size counts each issued credential's entry (src/modules/audit). */
export { auditLogExtent } from '../audit/audit.repository.js';

export async function tenantComplianceSettings(db: PrismaClient, tenantId: string) {
  const tenant = await db.tenant.findUniqueOrThrow({
    where: { id: tenantId },
    select: { personalClaims: true, keyRotationDays: true },
  });
  return { personalClaims: tenant.personalClaims, keyRotationDays: tenant.keyRotationDays };
}

export async function activeDids(db: PrismaClient, tenantId: string): Promise<ActiveDid[]> {
  const rows = await db.did.findMany({
    where: { tenantId, deactivatedAt: null },
    select: { id: true, did: true, keyType: true, createdAt: true, privateKeyCiphertext: true },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    did: row.did,
    keyType: row.keyType,
    alg: SIGNING_ALG[row.keyType as KeyType] ?? row.keyType,
    createdAt: row.createdAt,
    keyEncrypted: isKeyEnvelope(row.privateKeyCiphertext),
  }));
}

type CredentialStats = {
  total: number;
  active: number;
  revoked: number;
  active_without_expiry: number;
  with_personal_data: number;
  exposing_personal_data: number;
  without_expiry_ids: string[] | null;
  exposing_ids: string[] | null;
};

/** One pass over the tenant's credentials; every credential has a status entry (the schema requires one). */
export async function credentialStats(
  db: PrismaClient,
  tenantId: string,
  personalClaims: readonly string[],
  now: Date,
) {
  const [row] = await db.$queryRaw<CredentialStats[]>`
    WITH active AS (
      SELECT id, issued_at, expires_at, claim_names, exposed_claims FROM credentials
      WHERE tenant_id = ${tenantId}::uuid AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${now})
    )
    SELECT (SELECT count(*) FROM credentials WHERE tenant_id = ${tenantId}::uuid)::int AS total,
           (SELECT count(*) FROM credentials WHERE tenant_id = ${tenantId}::uuid AND revoked_at IS NOT NULL)::int AS revoked,
           (SELECT count(*) FROM active)::int AS active,
           (SELECT count(*) FROM active WHERE expires_at IS NULL)::int AS active_without_expiry,
           (SELECT count(*) FROM active WHERE claim_names && ${personalClaims}::text[])::int AS with_personal_data,
           (SELECT count(*) FROM active WHERE exposed_claims && ${personalClaims}::text[])::int AS exposing_personal_data,
           ARRAY(SELECT id::text FROM active WHERE expires_at IS NULL ORDER BY issued_at, id
                 LIMIT ${EVIDENCE_LIST_LIMIT}) AS without_expiry_ids,
           ARRAY(SELECT id::text FROM active WHERE exposed_claims && ${personalClaims}::text[] ORDER BY issued_at, id
                 LIMIT ${EVIDENCE_LIST_LIMIT}) AS exposing_ids`;
  return {
    total: row!.total,
    active: row!.active,
    revoked: row!.revoked,
    activeWithoutExpiry: row!.active_without_expiry,
    withoutExpiryIds: row!.without_expiry_ids ?? [],
    withoutStatus: 0,
    withPersonalData: row!.with_personal_data,
    exposingPersonalData: row!.exposing_personal_data,
    exposingIds: row!.exposing_ids ?? [],
  };
}

export function activeApiKeys(db: PrismaClient, tenantId: string, now: Date): Promise<ActiveApiKey[]> {
  return db.apiKey.findMany({
    where: { tenantId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { id: true, prefix: true, name: true, scoped: true, expiresAt: true, lastUsedAt: true, createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
}

/** Each member's newest sign-in (session) or use of an API key they created. */
export async function memberActivity(db: PrismaClient, tenantId: string): Promise<MemberActivity[]> {
  const rows = await db.$queryRaw<
    { user_id: string; email: string; role: string; joined_at: Date; last_active_at: Date | null }[]
  >`
    SELECT m.user_id::text, u.email, r.name AS role, m.created_at AS joined_at,
           greatest(
             (SELECT max(s.created_at) FROM sessions s WHERE s.tenant_id = m.tenant_id AND s.user_id = m.user_id),
             (SELECT max(k.last_used_at) FROM api_keys k
              WHERE k.tenant_id = m.tenant_id AND k.created_by_user_id = m.user_id)
           ) AS last_active_at
    FROM memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id
    WHERE m.tenant_id = ${tenantId}::uuid
    ORDER BY m.created_at`;
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    role: row.role,
    joinedAt: row.joined_at,
    lastActiveAt: row.last_active_at,
  }));
}

export async function webhookEndpoints(db: PrismaClient, tenantId: string) {
  const rows = await db.webhookEndpoint.findMany({
    where: { tenantId },
    select: { id: true, url: true, enabled: true },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((row) => ({ id: row.id, url: row.url, disabled: !row.enabled }));
}

/** Issues of the last day, and those of them that came with an Idempotency-Key (kept for a day). */
export async function idempotentIssues(db: PrismaClient, tenantId: string, now: Date) {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [issued, keyed] = await Promise.all([
    db.credential.count({ where: { tenantId, issuedAt: { gt: since } } }),
    db.idempotencyKey.count({
      where: { tenantId, operation: 'issueCredential', completedAt: { gt: since } },
    }),
  ]);
  return { issuedLastDay: issued, issuedWithKeyLastDay: Math.min(keyed, issued) };
}

export function trustPolicyOf(db: PrismaClient, tenantId: string) {
  return db.trustPolicy.findUnique({
    where: { tenantId },
    select: { minScore: true, minAssuranceLevel: true, requireAttestedIssuer: true },
  });
}

/** The newest attestation of each control, keyed `framework/control`. */
export async function latestAttestations(db: PrismaClient, tenantId: string) {
  const rows = await db.$queryRaw<
    {
      id: string;
      framework_id: string;
      control_id: string;
      statement: string;
      actor_user_id: string | null;
      actor_api_key_id: string | null;
      created_at: Date;
    }[]
  >`
    SELECT DISTINCT ON (framework_id, control_id) id::text, framework_id, control_id, statement,
           actor_user_id::text, actor_api_key_id::text, created_at
    FROM compliance_attestations WHERE tenant_id = ${tenantId}::uuid
    ORDER BY framework_id, control_id, created_at DESC`;
  return new Map<string, TenantAttestation>(
    rows.map((row) => [
      `${row.framework_id}/${row.control_id}`,
      {
        id: row.id,
        statement: row.statement,
        actorUserId: row.actor_user_id,
        actorApiKeyId: row.actor_api_key_id,
        createdAt: row.created_at,
      },
    ]),
  );
}
