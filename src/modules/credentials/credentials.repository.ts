// Credential rows. Issuing is one statement: it checks and consumes the month's quota, checks the issuer DID
// is still active, inserts the credential and its outbox event — all or nothing, so concurrent issues cannot
// overshoot the quota and a failed issue consumes nothing (conventions §7). Revoking is one statement too:
// it marks the credential, flips its bit in the status list and records the event.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

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

/** Inserts the credential if the quota has room and the DID is active; returns whether it did. */
export async function insertWithinQuota(db: Db, c: NewCredential): Promise<boolean> {
  const rows = await db.$queryRaw<{ inserted: number }[]>`
    WITH quota AS (
      INSERT INTO usage_counters (tenant_id, month, credentials_issued)
      SELECT ${c.tenantId}::uuid, ${c.month}, 1
      WHERE EXISTS (SELECT 1 FROM dids WHERE id = ${c.issuerDidId}::uuid AND deactivated_at IS NULL)
      ON CONFLICT (tenant_id, month) DO UPDATE SET credentials_issued = usage_counters.credentials_issued + 1
        WHERE ${c.monthlyLimit}::int IS NULL OR usage_counters.credentials_issued < ${c.monthlyLimit}::int
      RETURNING credentials_issued
    ), inserted AS (
      INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
                               status_index, credential, issued_at, expires_at)
      SELECT ${c.id}::uuid, ${c.tenantId}::uuid, ${c.issuerDidId}::uuid, ${c.format}::credential_format,
             ${c.credentialType}, ${c.subjectId}, ${c.statusListId}::uuid, ${c.statusIndex}, ${c.credential},
             ${c.issuedAt}::timestamptz, ${c.expiresAt}::timestamptz
      FROM quota
      RETURNING id
    ), event AS (
      INSERT INTO outbox_events (id, tenant_id, type, payload)
      SELECT gen_random_uuid(), ${c.tenantId}::uuid, 'credential.issued', ${JSON.stringify(c.event)}::jsonb FROM inserted
    )
    SELECT count(*)::int AS inserted FROM inserted`;
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
      UPDATE status_lists s
      SET bits = set_bit(s.bits, CASE WHEN r.format = 'jwt_vc_json' THEN (r.status_index & ~7) | (7 - (r.status_index & 7))
                                      ELSE r.status_index END, 1),
          version = s.version + 1, updated_at = now()
      FROM revoked r WHERE s.id = r.status_list_id
      RETURNING s.id
    ), event AS (
      INSERT INTO outbox_events (id, tenant_id, type, payload)
      SELECT gen_random_uuid(), ${tenantId}::uuid, 'credential.revoked', jsonb_build_object('credentialId', r.id)
      FROM revoked r
    )
    SELECT r.id::text AS id FROM revoked r, (SELECT count(*) FROM flipped) f`;
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
