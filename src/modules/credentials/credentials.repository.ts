// Credential rows. Issuing a credential is one statement (run for the issues that arrive together in one call,
// one commit): it checks and consumes the month's quota, checks the issuer DID is still active, inserts the
// credential and its outbox event — all or nothing, so concurrent issues cannot overshoot the quota and a
// failed issue consumes nothing (conventions §7). Revoking is one statement too:
// it marks the credential, flips its bit in the status list and records the event.
//
// With an Idempotency-Key (src/modules/idempotency) the issue statement also completes the key's row, so the
// record that a retry must replay commits with the credential or not at all.
//
// Every statement names the tenant, and every row it picks is picked by (tenant, id).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';
import { retryOnConflict } from '../../db/transactions.js';
import type { EventData } from '../events/event-catalogue.js';
import { credentialFormatNamed, type CredentialFormatName } from './formats/index.js';
import type { StoredGroupEntry } from '../audit/audit.chain.js';

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
  /** Its credential.issued audit entry, left waiting for the chain if the credential is inserted. */
  audit: StoredGroupEntry;
};

export type IssueOutcome = {
  inserted: boolean;
  /** False when an idempotency slot was given but its lease is no longer this request's: nothing was written. */
  leaseHeld: boolean;
};

/** Counter shards of an unlimited tenant (see UsageCounter in prisma/schema.prisma). */
export const UNLIMITED_COUNTER_SHARDS = 16;

// Issuing runs issue_credentials() (prisma/migrations/20261125120000_issue_batches; as restated since, last in
// 20261128120000_issue_events_published_without_subscribers), a batch of credentials per call. Per credential it is
// one statement, as before: the idempotency row locked while the lease is still ours, the quota checked and
// consumed atomically (a limited tenant counts on shard 0, whose row lock serialises the check; shards it filled
// while unlimited still count; an unlimited one counts on any shard), the issuer DID checked to be the tenant's and
// active, the credential and its outbox event inserted (already published when no endpoint of the tenant subscribes
// to it), and the idempotency row completed (its response stored, naming the credential so that erasing it finds
// the response to redact) only if the credential was inserted — a refused issue leaves the row in flight, for the
// caller to release. Once every row is written, the audit entries of those inserted are left waiting for the chain
// (20261201000000_audit_pending_entries, src/modules/audit/audit-pending.ts): the batch takes no chain head.
const ISSUE_BATCH_SQL = 'SELECT item, issued, lease_held AS "leaseHeld" FROM issue_credentials($1::jsonb)';

/**
 * At most this many batches in flight: the first issues go at once, alone; those that arrive meanwhile wait for
 * a batch to come back and then go together, one round trip and one commit for all of them. The PostgreSQL
 * pool (10) keeps connections for everything else.
 */
const BATCHES_IN_FLIGHT = 3;
const MAX_BATCH = 64;

type Waiting = { credential: NewCredential; done: (outcome: IssueOutcome) => void; failed: (error: unknown) => void };

/**
 * Inserts credentials if the quota has room, the DID is active and the idempotency lease (if any) is still the
 * request's, and says what happened to each. The hottest statement of the service: issues that arrive together
 * share one call of issue_credentials(), a prepared statement (planned once per connection).
 */
export function createCredentialWriter(sql: PreparedSql, { batchesInFlight = BATCHES_IN_FLIGHT } = {}) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  function pump() {
    while (inFlight < batchesInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      inFlight++;
      void send(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  async function send(batch: Waiting[]) {
    try {
      const outcomes = await issueBatch(
        sql,
        batch.map((entry) => entry.credential),
      );
      batch.forEach((entry, index) => entry.done(outcomes[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.failed(error);
      // One credential's error rolled back the whole batch (or two batches deadlocked on rows outside the
      // counters): each goes again alone, so only the one at fault fails.
      await Promise.all(
        batch.map((entry) =>
          issueBatch(sql, [entry.credential]).then(([outcome]) => entry.done(outcome!), entry.failed),
        ),
      );
    }
  }

  return {
    insertWithinQuota(credential: NewCredential): Promise<IssueOutcome> {
      return new Promise<IssueOutcome>((done, failed) => {
        waiting.push({ credential, done, failed });
        pump();
      });
    },
  };
}

/** issue_credentials()'s argument: one item per credential. */
function batchItems(credentials: readonly NewCredential[]): string {
  const items = credentials.map((c, item) => ({
    item,
    tenant_id: c.tenantId,
    month: c.month,
    shard: c.monthlyLimit === null ? Math.floor(Math.random() * UNLIMITED_COUNTER_SHARDS) : 0,
    issuer_did_id: c.issuerDidId,
    monthly_limit: c.monthlyLimit,
    id: c.id,
    format: c.format,
    credential_type: c.credentialType,
    subject_id: c.subjectId,
    status_list_id: c.statusListId,
    status_index: c.statusIndex,
    credential: c.credential,
    issued_at: c.issuedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    event: c.event,
    idempotency_id: c.idempotency?.id ?? null,
    lease_token: c.idempotency?.leaseToken ?? null,
    response: c.idempotency ? Buffer.from(c.idempotency.response).toString('base64') : null,
    claim_names: c.claimNames,
    exposed_claims: c.exposedClaims,
    audit: c.audit,
  }));
  return JSON.stringify(items);
}

type BatchRow = { item: number; issued: boolean; leaseHeld: boolean };

function outcomesOf(rows: BatchRow[]): IssueOutcome[] {
  const outcomes: IssueOutcome[] = [];
  for (const row of rows) outcomes[row.item] = { inserted: row.issued, leaseHeld: row.leaseHeld };
  return outcomes;
}

async function issueBatch(sql: PreparedSql, credentials: NewCredential[]): Promise<IssueOutcome[]> {
  // A batch that PostgreSQL aborted for a deadlock did nothing: it goes again (src/db/transactions.ts).
  const parameters = [batchItems(credentials)];
  return outcomesOf(await retryOnConflict(() => sql<BatchRow>('issue-credentials', ISSUE_BATCH_SQL, parameters)));
}

/**
 * The same issue statement as the writer's, in the caller's transaction (which retries it as a whole on a
 * conflict): for credentials that must be stored together with other changes, or not at all (an OpenID4VCI batch
 * with its nonce consumed). Says what happened to each; the caller rolls back when one was refused.
 */
export async function issueCredentialsWithin(
  tx: Prisma.TransactionClient,
  credentials: readonly NewCredential[],
): Promise<IssueOutcome[]> {
  return outcomesOf(await tx.$queryRawUnsafe<BatchRow[]>(ISSUE_BATCH_SQL, batchItems(credentials)));
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
      INSERT INTO outbox_events (tenant_id, type, payload)
      SELECT ${tenantId}::uuid, 'credential.revoked', ${JSON.stringify(event)}::jsonb
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
