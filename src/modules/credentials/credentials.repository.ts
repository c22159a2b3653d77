// Credential rows. Issuing is one statement: it checks and consumes the month's quota, checks the issuer DID
// is still active, inserts the credential and its outbox event — all or nothing, so concurrent issues cannot
// overshoot the quota and a failed issue consumes nothing (conventions §7). Revoking is one statement too:
// it marks the credential, flips its bit in the status list and records the event.
//
// With an Idempotency-Key (src/modules/idempotency) the issue statement also completes the key's row, so the
// record that a retry must replay commits with the credential or not at all.
//
// Every statement names the tenant, and every row it picks is picked by (tenant, id).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';
import type { EventData } from '../events/event-catalogue.js';
import { credentialFormatNamed, type CredentialFormatName } from './formats/index.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type NewCredential = {
  id: string;
  tenantId: string;
  issuerDidId: string;
  format: CredentialFormatName;
  credentialType: string;
  subjectId: string | null;
  statusListId: string;
  statusIndex: number;
  credential: string;
  /** The subject's claim names, and those every verifier sees (names only: compliance counts by them). */
  claimNames: string[];
  exposedClaims: string[];
  issuedAt: Date;
  expiresAt: Date | null;
  month: string;
  /** The plan's monthly quota; null when unlimited. */
  monthlyLimit: number | null;
  /** The credential.issued event's data (the event catalogue's: nothing the credential says). */
  event: EventData<'credential.issued'>;
  /** The Idempotency-Key slot to complete with the credential, and the sealed response to store; null without. */
  idempotency: { id: string; leaseToken: string; response: Uint8Array } | null;
};

export type IssueOutcome = {
  inserted: boolean;
  /** False when an idempotency slot was given but its lease is no longer this request's: nothing was written. */
  leaseHeld: boolean;
};

/** Counter shards of an unlimited tenant (see UsageCounter in prisma/schema.prisma). */
export const UNLIMITED_COUNTER_SHARDS = 16;

// With a quota: shard 0, whose row lock serialises the check; shards a tenant filled while it was unlimited
// (before a downgrade this month) still count, and no longer change. Without one: any shard.
// Idempotency ($16–$18, all NULL without a key): `idempotency` locks the key's row while the lease is still
// ours, the quota is consumed only if it did, and `idempotency_completed` stores the response only if the
// credential was inserted (a refused issue leaves the row in flight, for the caller to release), naming the
// credential (resource_id), so that erasing it later finds the stored response to redact.
// The issuer DID and the key's row are looked up by primary key and checked to be the tenant's ($1).
export const ISSUE_SQL = `
  WITH idempotency AS (
    SELECT id FROM idempotency_keys
    WHERE id = $16::uuid AND tenant_id = $1::uuid AND lease_token = $17::uuid AND completed_at IS NULL
    FOR UPDATE
  ), quota AS (
    INSERT INTO usage_counters (tenant_id, month, shard, credentials_issued)
    SELECT $1::uuid, $2, $3::smallint, 1
    WHERE EXISTS (SELECT 1 FROM dids WHERE id = $4::uuid AND tenant_id = $1::uuid AND deactivated_at IS NULL)
      AND ($5::int IS NULL OR $5::int > 0)
      AND ($16::uuid IS NULL OR EXISTS (SELECT 1 FROM idempotency))
    ON CONFLICT (tenant_id, month, shard) DO UPDATE SET credentials_issued = usage_counters.credentials_issued + 1
      WHERE $5::int IS NULL
         OR usage_counters.credentials_issued + (
              SELECT coalesce(sum(other.credentials_issued), 0) FROM usage_counters other
              WHERE other.tenant_id = $1::uuid AND other.month = $2 AND other.shard <> 0
            ) < $5::int
    RETURNING credentials_issued
  ), inserted AS (
    INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
                             status_index, credential, issued_at, expires_at, claim_names, exposed_claims)
    SELECT $6::uuid, $1::uuid, $4::uuid, $7::credential_format, $8, $9, $10::uuid, $11::int, $12,
           $13::timestamptz, $14::timestamptz, $19::text[], $20::text[]
    FROM quota
    RETURNING id
  ), event AS (
    INSERT INTO outbox_events (id, tenant_id, type, payload)
    SELECT gen_random_uuid(), $1::uuid, 'credential.issued', $15::jsonb FROM inserted
  ), idempotency_completed AS (
    UPDATE idempotency_keys k SET response = $18::bytea, resource_id = $6::uuid, completed_at = now()
    FROM idempotency i WHERE k.tenant_id = $1::uuid AND k.id = i.id AND EXISTS (SELECT 1 FROM inserted)
  )
  SELECT (SELECT count(*) FROM inserted)::int AS inserted,
         ($16::uuid IS NULL OR EXISTS (SELECT 1 FROM idempotency)) AS lease_held`;

/**
 * Inserts the credential if the quota has room, the DID is active and the idempotency lease (if any) is still
 * this request's; says what happened. The hottest statement of the service, so it runs as a prepared statement
 * (planned once per connection) rather than through Prisma.
 */
export async function insertWithinQuota(sql: PreparedSql, c: NewCredential): Promise<IssueOutcome> {
  const shard = c.monthlyLimit === null ? Math.floor(Math.random() * UNLIMITED_COUNTER_SHARDS) : 0;
  const rows = await sql<{ inserted: number; lease_held: boolean }>('issue-credential', ISSUE_SQL, [
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
    c.idempotency?.id ?? null,
    c.idempotency?.leaseToken ?? null,
    c.idempotency ? Buffer.from(c.idempotency.response) : null,
    c.claimNames,
    c.exposedClaims,
  ]);
  return { inserted: rows[0]?.inserted === 1, leaseHeld: rows[0]?.lease_held === true };
}

/**
 * Revokes an unrevoked credential of the tenant at `revokedAt`, with its credential.revoked event, and says
 * whether it did; false for unknown, foreign and revoked ones (the event is then not written either). The
 * event's data is the caller's: what names a credential never changes after issue, so it is read beforehand.
 * The bit is numbered by the kind of list (status-list.codec.ts), whatever the credential's format.
 */
export async function revokeAndFlip(
  db: Db,
  tenantId: string,
  credentialId: string,
  revokedAt: Date,
  event: EventData<'credential.revoked'>,
): Promise<boolean> {
  // Bitstring lists are MSB-first, Token Status Lists LSB-first; set_bit numbers bits LSB-first per byte.
  const rows = await db.$queryRaw<{ revokedAt: Date }[]>`
    WITH revoked AS (
      UPDATE credentials SET revoked_at = ${revokedAt}::timestamptz
      WHERE id = ${credentialId}::uuid AND tenant_id = ${tenantId}::uuid AND revoked_at IS NULL
      RETURNING id, status_list_id, status_index, revoked_at
    ), flipped AS (
      -- Data-modifying CTEs always run to completion, referenced or not (PostgreSQL docs, WITH §7.8.4).
      UPDATE status_lists s
      SET bits = set_bit(s.bits, CASE WHEN s.format = 'bitstring' THEN (r.status_index & ~7) | (7 - (r.status_index & 7))
                                      ELSE r.status_index END, 1),
          version = s.version + 1, updated_at = now()
      FROM revoked r WHERE s.tenant_id = ${tenantId}::uuid AND s.id = r.status_list_id
    ), event AS (
      INSERT INTO outbox_events (id, tenant_id, type, payload)
      SELECT gen_random_uuid(), ${tenantId}::uuid, 'credential.revoked', ${JSON.stringify(event)}::jsonb
      FROM revoked r
    )
    SELECT revoked_at AS "revokedAt" FROM revoked`;
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
  erasedAt: true,
  issuerDid: { select: { did: true } },
} satisfies Prisma.CredentialSelect;

export type CredentialRow = Prisma.CredentialGetPayload<{ select: typeof credentialView }>;

export type CredentialFilters = {
  format?: CredentialFormatName;
  issuer?: string | null;
  status?: 'active' | 'revoked' | null;
};

// A page of the tenant's credentials, newest first: GET /v1/credentials is read by every integration and
// dashboard visit, so it runs as a prepared statement. Filters left NULL match everything; the keyset
// (issued_at, id) < cursor is "issued_at < c OR (issued_at = c AND id < i)".
// The issuer's DID is a subquery per row, not a join: with the join, PostgreSQL planned a bitmap scan of all the
// tenant's credentials and a sort, 25 ms for a tenant of 1,000 among 1,000,000 (EXPLAIN ANALYZE), where walking
// the (tenant_id, issued_at, id) index and stopping at the page takes 0.1 ms. (The subquery needs no tenant: a
// credential's issuer is a DID of its own tenant, which the issue statement checks.)
const LIST_CREDENTIALS_SQL = `
  SELECT c.id::text, c.format::text AS format, c.credential_type AS "credentialType", c.subject_id AS "subjectId",
         c.status_list_id::text AS "statusListId", c.status_index AS "statusIndex", c.credential,
         c.issued_at AS "issuedAt", c.expires_at AS "expiresAt", c.revoked_at AS "revokedAt",
         c.erased_at AS "erasedAt", (SELECT d.did FROM dids d WHERE d.id = c.issuer_did_id) AS "issuerDid"
  FROM credentials c
  WHERE c.tenant_id = $1::uuid
    AND ($2::credential_format IS NULL OR c.format = $2::credential_format)
    AND ($3::text IS NULL OR c.issuer_did_id IN (SELECT d.id FROM dids d WHERE d.tenant_id = $1::uuid AND d.did = $3::text))
    AND ($4::text IS NULL OR ($4::text = 'active') = (c.revoked_at IS NULL))
    AND ($5::timestamptz IS NULL OR (c.issued_at, c.id) < ($5::timestamptz, $6::uuid))
  ORDER BY c.issued_at DESC, c.id DESC
  LIMIT $7::int`;

/** Newest first, `take` rows after the cursor. */
export async function listCredentials(
  sql: PreparedSql,
  tenantId: string,
  filters: CredentialFilters,
  page: { before: Keyset | undefined; take: number },
): Promise<CredentialRow[]> {
  type Row = Omit<CredentialRow, 'format' | 'issuerDid'> & { format: CredentialFormatName; issuerDid: string };
  const rows = await sql<Row>('list-credentials', LIST_CREDENTIALS_SQL, [
    tenantId,
    filters.format ?? null,
    filters.issuer ?? null,
    filters.status ?? null,
    page.before?.createdAt ?? null,
    page.before?.id ?? null,
    page.take,
  ]);
  // The same shape as Prisma's rows (credentialView): the stored format by its enum name, the issuer nested.
  return rows.map(({ format, issuerDid, ...row }) => ({
    ...row,
    format: credentialFormatNamed(format).storedAs,
    issuerDid: { did: issuerDid },
  }));
}

/** The tenant's credential if it is not revoked; null for unknown, foreign and revoked ones alike. */
export function findUnrevokedCredential(db: Db, tenantId: string, id: string): Promise<CredentialRow | null> {
  return db.credential.findFirst({
    relationLoadStrategy: 'join',
    where: { tenantId, id, revokedAt: null },
    select: credentialView,
  });
}

/** What a data subject's export shows of a credential: the view, and the hash kept when its body is erased. */
export const subjectCredentialView = { ...credentialView, credentialSha256: true } satisfies Prisma.CredentialSelect;

export type SubjectCredentialRow = Prisma.CredentialGetPayload<{ select: typeof subjectCredentialView }>;

/** The tenant's credentials of one subject id (credentials.subject_id), newest first, `take` after the cursor. */
export function listSubjectCredentials(
  db: Db,
  tenantId: string,
  subjectId: string,
  page: { before: Keyset | undefined; take: number },
): Promise<SubjectCredentialRow[]> {
  return db.credential.findMany({
    relationLoadStrategy: 'join',
    where: { tenantId, subjectId, ...afterCursor('issuedAt', page.before) },
    orderBy: [{ issuedAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: subjectCredentialView,
  });
}

/**
 * Locks the tenant's not yet erased credentials of one subject id for the rest of the transaction, and returns
 * their ids (with whether each is revoked): a concurrent erase of the same subject waits, then finds none.
 * In status list order, so that erasures revoking into the same lists take those lists' locks in one order.
 */
export function lockUnerasedSubjectCredentials(
  db: Db,
  tenantId: string,
  subjectId: string,
): Promise<{ id: string; revoked: boolean }[]> {
  return db.$queryRaw<{ id: string; revoked: boolean }[]>`
    SELECT id::text AS id, revoked_at IS NOT NULL AS revoked FROM credentials
    WHERE tenant_id = ${tenantId}::uuid AND subject_id = ${subjectId} AND erased_at IS NULL
    ORDER BY status_list_id, status_index
    FOR UPDATE`;
}

/**
 * Erases the bodies of the tenant's credentials `ids` at `erasedAt`, keeping the SHA-256 of each body (taken
 * from it in the same statement, before it is cleared), the row, its status entry and its revocation. Returns
 * how many it erased (already erased ones are left as they are).
 */
export function eraseCredentialBodies(db: Db, tenantId: string, ids: string[], erasedAt: Date): Promise<number> {
  if (!ids.length) return Promise.resolve(0);
  return db.$executeRaw`
    UPDATE credentials
    SET credential_sha256 = sha256(convert_to(credential, 'UTF8')), credential = NULL, erased_at = ${erasedAt}::timestamptz
    WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${ids}::uuid[]) AND erased_at IS NULL`;
}
