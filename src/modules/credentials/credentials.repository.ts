// Credential rows. Issuing is one statement: it checks and consumes the month's quota, checks the issuer DID
// is still active, inserts the credential and its outbox event — all or nothing, so concurrent issues cannot
// overshoot the quota and a failed issue consumes nothing (conventions §7). Revoking is one statement too:
// it marks the credential, flips its bit in the status list and records the event.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type NewCredential = {
  id: string;
  tenantId: string;
  issuerDidId: string;
  format: 'jwt_vc_json' | 'vc+sd-jwt';
  credentialType: string;
  subjectId: string | null;
  statusListId: string;
  statusIndex: number;
  credential: string;
  issuedAt: Date;
  expiresAt: Date | null;
  month: string;
  /** The plan's monthly quota; null when unlimited. */
  monthlyLimit: number | null;
  event: Prisma.InputJsonObject;
};

/** Counter shards of an unlimited tenant (see UsageCounter in prisma/schema.prisma). */
export const UNLIMITED_COUNTER_SHARDS = 16;

// With a quota: shard 0, whose row lock serialises the check; shards a tenant filled while it was unlimited
// (before a downgrade this month) still count, and no longer change. Without one: any shard.
const ISSUE_SQL = `
  WITH quota AS (
    INSERT INTO usage_counters (tenant_id, month, shard, credentials_issued)
    SELECT $1::uuid, $2, $3::smallint, 1
    WHERE EXISTS (SELECT 1 FROM dids WHERE id = $4::uuid AND deactivated_at IS NULL)
      AND ($5::int IS NULL OR $5::int > 0)
    ON CONFLICT (tenant_id, month, shard) DO UPDATE SET credentials_issued = usage_counters.credentials_issued + 1
      WHERE $5::int IS NULL
         OR usage_counters.credentials_issued + (
              SELECT coalesce(sum(other.credentials_issued), 0) FROM usage_counters other
              WHERE other.tenant_id = $1::uuid AND other.month = $2 AND other.shard <> 0
            ) < $5::int
    RETURNING credentials_issued
  ), inserted AS (
    INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
                             status_index, credential, issued_at, expires_at)
    SELECT $6::uuid, $1::uuid, $4::uuid, $7::credential_format, $8, $9, $10::uuid, $11::int, $12,
           $13::timestamptz, $14::timestamptz
    FROM quota
    RETURNING id
  ), event AS (
    INSERT INTO outbox_events (id, tenant_id, type, payload)
    SELECT gen_random_uuid(), $1::uuid, 'credential.issued', $15::jsonb FROM inserted
  )
  SELECT count(*)::int AS inserted FROM inserted`;

/**
 * Inserts the credential if the quota has room and the DID is active; returns whether it did. The hottest
 * statement of the service, so it runs as a prepared statement (planned once per connection) rather than
 * through Prisma.
 */
export async function insertWithinQuota(sql: PreparedSql, c: NewCredential): Promise<boolean> {
  const shard = c.monthlyLimit === null ? Math.floor(Math.random() * UNLIMITED_COUNTER_SHARDS) : 0;
  const rows = await sql<{ inserted: number }>('issue-credential', ISSUE_SQL, [
    c.tenantId,
    c.month,
    shard,
    c.issuerDidId,
    c.monthlyLimit,
    c.id,
    c.format,
    c.credentialType,
    c.subjectId,
    c.statusListId,
    c.statusIndex,
    c.credential,
    c.issuedAt,
    c.expiresAt,
    JSON.stringify(c.event),
  ]);
  return rows[0]?.inserted === 1;
}

/** Revokes an unrevoked credential of the tenant; returns false for unknown, foreign and revoked ones. */
export async function revokeAndFlip(db: Db, tenantId: string, credentialId: string): Promise<boolean> {
  // Bitstring lists are MSB-first, Token Status Lists LSB-first; set_bit numbers bits LSB-first per byte.
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH revoked AS (
      UPDATE credentials SET revoked_at = now()
      WHERE id = ${credentialId}::uuid AND tenant_id = ${tenantId}::uuid AND revoked_at IS NULL
      RETURNING id, status_list_id, status_index, format
    ), flipped AS (
      -- Data-modifying CTEs always run to completion, referenced or not (PostgreSQL docs, WITH §7.8.4).
      UPDATE status_lists s
      SET bits = set_bit(s.bits, CASE WHEN r.format = 'jwt_vc_json' THEN (r.status_index & ~7) | (7 - (r.status_index & 7))
                                      ELSE r.status_index END, 1),
          version = s.version + 1, updated_at = now()
      FROM revoked r WHERE s.id = r.status_list_id
    ), event AS (
      INSERT INTO outbox_events (id, tenant_id, type, payload)
      SELECT gen_random_uuid(), ${tenantId}::uuid, 'credential.revoked', jsonb_build_object('credentialId', r.id)
      FROM revoked r
    )
    SELECT id::text AS id FROM revoked`;
  return rows.length === 1;
}

export const credentialView = {
  id: true,
  format: true,
  credentialType: true,
  subjectId: true,
  statusListId: true,
  statusIndex: true,
  credential: true,
  issuedAt: true,
  expiresAt: true,
  revokedAt: true,
  issuerDid: { select: { did: true } },
} satisfies Prisma.CredentialSelect;

export type CredentialRow = Prisma.CredentialGetPayload<{ select: typeof credentialView }>;
