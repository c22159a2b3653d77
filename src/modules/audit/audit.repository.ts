// The audit log: one row per sign-up and sign-in (successful or failed), per change to members, invitations, roles,
// API keys, the plan, DIDs (created, deactivated), credentials (issued, revoked), webhook endpoints and trust
// (attestations, policy), compliance (adoption, attestations, settings, reports), custom domains, OpenID4VCI
// (configurations; offers made and cancelled; a wallet's credentials are credential.issued in the name of the offer's
// creator), OpenID4VP presentation requests made, cancelled and answered (the verdict, by no actor of the tenant),
// and per data subject request answered (an export discloses, an erasure destroys), written in the same
// transaction (or statement) as the change it records. A failed sign-in is recorded in the tenant it would have opened a session in; one that names
// no tenant the person belongs to (an unknown email among them) belongs to no tenant's log, and only the service
// log sees it.
import { uuidV7 } from '../../lib/crypto.js';

import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { actorOf } from '../../auth/principal.js';
import {
  auditEventHash,
  GENESIS_HASH,
  storedGroupEntry,
  type ChainedEvent,
  type RecordedHead,
  type StoredGroupEntry,
} from './audit.chain.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type AuditAction =
  | 'auth.registered'
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'did.created'
  | 'did.deactivated'
  | 'did.certificate_requested'
  | 'did.certificate_chain.set'
  | 'did.certificate_chain.removed'
  | 'credential.issued'
  | 'credential.revoked'
  | 'member.invited'
  | 'invitation.revoked'
  | 'invitation.accepted'
  | 'member.role_changed'
  | 'member.removed'
  | 'role.created'
  | 'role.updated'
  | 'role.deleted'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'plan.changed'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.secret_rotated'
  | 'webhook.disabled'
  | 'trust.attestation.created'
  | 'trust.attestation.revoked'
  | 'trust.policy.updated'
  | 'trust.anchor.added'
  | 'trust.anchor.removed'
  | 'compliance.framework.adopted'
  | 'compliance.framework.unadopted'
  | 'compliance.attestation.recorded'
  | 'compliance.settings.updated'
  | 'compliance.report.issued'
  | 'compliance.subject.exported'
  | 'compliance.subject.erased'
  | 'domain.added'
  | 'domain.verified'
  | 'domain.unverified'
  | 'domain.removed'
  | 'didcomm.message.sent'
  | 'oid4vci.configuration.created'
  | 'oid4vci.configuration.updated'
  | 'oid4vci.configuration.deleted'
  | 'oid4vci.offer.created'
  | 'oid4vci.offer.cancelled'
  | 'oid4vci.authorization_settings.updated'
  | 'oid4vci.authorization.approved'
  | 'oid4vci.authorization.denied'
  | 'oid4vci.offer.claims_supplied'
  | 'oid4vp.request.created'
  | 'oid4vp.request.cancelled'
  | 'oid4vp.presentation.verified'
  | 'oid4vp.presentation.failed'
  | 'oid4vp.response_code.redeemed';

export type AuditEntry = {
  action: AuditAction;
  targetType:
    | 'member'
    /** A DID of the tenant; targetId is the DID itself. */
    | 'did'
    | 'credential'
    | 'invitation'
    | 'role'
    | 'api_key'
    | 'tenant'
    | 'webhook'
    | 'trust_attestation'
    /** A root certificate the tenant trusts for x5c chains; targetId is its id. */
    | 'trust_anchor'
    | 'compliance_framework'
    | 'compliance_attestation'
    | 'compliance_report'
    /** A custom domain; targetId is its id. */
    | 'domain'
    | 'didcomm_message'
    /** An OpenID4VCI credential configuration; targetId is its configuration id. */
    | 'oid4vci_configuration'
    /** An OpenID4VCI offer; targetId is its id. */
    | 'oid4vci_offer'
    /** The tenant's OpenID4VCI authorization code flow settings; targetId is the tenant's id. */
    | 'oid4vci_issuer_settings'
    /** An authorization of the OpenID4VCI authorization code flow; targetId is its id. */
    | 'oid4vci_authorization'
    /** An OpenID4VP presentation request; targetId is its id. */
    | 'oid4vp_request'

    /** A person the tenant's credentials are about; targetId is their subject id. */
    | 'data_subject';
  targetId: string;
  details?: Prisma.InputJsonObject;
};

/** Who acted and in which request; the invitee accepting an invitation acts as themselves. */
export type AuditActor = {
  tenantId: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  requestId: string | null;
};

export function actorFrom(principal: Principal, requestId: string | null): AuditActor {
  return { tenantId: principal.tenantId, ...actorOf(principal), requestId };
}

/** An event as the chain hashes it, but for the two values only its append knows (seq, prev_hash). */
function unchainedEvent(actor: AuditActor, entry: AuditEntry, createdAt: Date): Omit<ChainedEvent, 'seq' | 'prevHash'> {
  return {
    tenantId: actor.tenantId,
    id: uuidV7(createdAt.getTime()),
    action: entry.action,
    actorUserId: actor.actorUserId,
    actorApiKeyId: actor.actorApiKeyId,
    targetType: entry.targetType,
    targetId: entry.targetId,
    // As jsonb will hold it (undefined fields dropped), so that the hash covers exactly what is stored.
    details: JSON.parse(JSON.stringify(entry.details ?? {})) as unknown,
    requestId: actor.requestId,
    createdAt,
  };
}

/**
 * Appends an event to the tenant's audit chain. Call it inside the transaction of the change it records: the
 * first statement takes the tenant's chain head row lock (or creates the row), which queues the tenant's other
 * appends until this transaction ends, and hands back the previous event's seq and hash; the second inserts
 * the event and moves the head's hash on. Two statements, whatever the chain's length.
 *
 * The head's lock is the last one a transaction takes (the lock order of src/db/transactions.ts): call this after
 * the change's own writes and locks, never before taking the tenant's row.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<{ id: string }> {
  const unchained = unchainedEvent(actor, entry, new Date());
  const { id, details, createdAt } = unchained;
  const [link] = await db.$queryRaw<{ seq: number; hash: string }[]>`
    INSERT INTO audit_chain_heads (tenant_id, seq, event_id, hash)
    VALUES (${actor.tenantId}::uuid, 1, ${id}::uuid, ${GENESIS_HASH})
    ON CONFLICT (tenant_id) DO UPDATE SET seq = audit_chain_heads.seq + 1, event_id = EXCLUDED.event_id
    RETURNING seq, hash`;
  if (!link) throw new Error('audit chain head not returned');
  const event: ChainedEvent = { ...unchained, seq: link.seq, prevHash: link.hash };
  const hash = auditEventHash(event);
  await db.$executeRaw`
    WITH appended AS (
      INSERT INTO audit_events (id, tenant_id, seq, prev_hash, hash, actor_user_id, actor_api_key_id, action,
                                target_type, target_id, details, request_id, created_at)
      VALUES (${id}::uuid, ${actor.tenantId}::uuid, ${event.seq}::int, ${event.prevHash}, ${hash},
              ${event.actorUserId}::uuid, ${event.actorApiKeyId}::uuid, ${event.action}, ${event.targetType},
              ${event.targetId}, ${JSON.stringify(details)}::jsonb, ${event.requestId},
              ${createdAt.toISOString()}::timestamptz)
    )
    UPDATE audit_chain_heads SET hash = ${hash} WHERE tenant_id = ${actor.tenantId}::uuid`;
  return { id };
}

/**
 * The entry `recordAudit` would have appended at `createdAt`, with its digest, for the issue statement to leave
 * waiting and chain_pending_audit() to chain as part of a group (audit-pending.ts).
 */
export function groupedAuditEntry(actor: AuditActor, entry: AuditEntry, createdAt: Date): StoredGroupEntry {
  return storedGroupEntry(unchainedEvent(actor, entry, createdAt));
}

/** A row of the log as listed: an event, or one entry of a group (`entry` set, the group's own fields beside). */
export type AuditListRow = {
  id: string;
  seq: number;
  prevHash: string;
  hash: string;
  action: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  targetType: string;
  targetId: string | null;
  /** Null for a group: its entries come one per row. */
  details: unknown;
  requestId: string | null;
  createdAt: Date;
  entry: StoredGroupEntry | null;
  /** The keyset: the event's time and its id, or the group's time and the entry's id. */
  sortId: string;
};

/**
 * The tenant's log newest first, a group's entries each a row of their own (newest id first), so that a page holds
 * `limit` entries whatever the groups. The keyset is (created_at of the event or group, id of the event or entry).
 */
export function listAuditEvents(
  db: Db,
  tenantId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<AuditListRow[]> {
  const before = page.before?.createdAt ?? null;
  const beforeId = page.before?.id ?? null;
  return db.$queryRaw<AuditListRow[]>`
    SELECT e.id, e.seq, e.prev_hash AS "prevHash", e.hash, e.action, e.actor_user_id AS "actorUserId",
           e.actor_api_key_id AS "actorApiKeyId", e.target_type AS "targetType", e.target_id AS "targetId",
           CASE WHEN e.group_size IS NULL THEN e.details END AS details, e.request_id AS "requestId",
           e.created_at AS "createdAt", x.entry, coalesce((x.entry ->> 'id')::uuid, e.id)::text AS "sortId"
    FROM audit_events e
    LEFT JOIN LATERAL jsonb_array_elements(CASE WHEN e.group_size IS NOT NULL THEN e.details -> 'entries' END)
      AS x(entry) ON true
    WHERE e.tenant_id = ${tenantId}::uuid
      AND (${before}::timestamptz IS NULL OR e.created_at < ${before}::timestamptz
           OR (e.created_at = ${before}::timestamptz AND coalesce((x.entry ->> 'id')::uuid, e.id) < ${beforeId}::uuid))
      AND (${before}::timestamptz IS NULL OR e.created_at <= ${before}::timestamptz)
    ORDER BY e.created_at DESC, coalesce((x.entry ->> 'id')::uuid, e.id) DESC
    LIMIT ${page.limit}`;
}

/**
 * How many entries the tenant's log holds (a group counts its entries, and entries waiting to be chained count:
 * audit-pending.ts) and when the first was written.
 */
export async function auditLogExtent(db: Db, tenantId: string): Promise<{ events: number; oldestAt: Date | null }> {
  const [row] = await db.$queryRaw<{ events: number; oldestAt: Date | null }[]>`
    SELECT coalesce(sum(n), 0)::int AS events, min(at) AS "oldestAt"
    FROM (SELECT coalesce(group_size, 1) AS n, created_at AS at FROM audit_events WHERE tenant_id = ${tenantId}::uuid
          UNION ALL
          SELECT 1, (entry ->> 'created_at')::timestamptz FROM audit_pending_entries
          WHERE tenant_id = ${tenantId}::uuid) AS entries`;
  return row ?? { events: 0, oldestAt: null };
}

const HEAD_FIELDS = { seq: true, id: true, hash: true, createdAt: true } as const;

/**
 * The newest event of the tenant's audit chain: its seq, id, hash and time, or null before the first event.
 * One look-up of the (tenant_id, seq) index. A report that records it can later prove, by verifying the chain,
 * that the log it was computed from has not changed since.
 */
export async function auditChainHead(
  db: Db,
  tenantId: string,
): Promise<{ seq: number; eventId: string; hash: string; createdAt: Date } | null> {
  return newestAuditEvent(db, tenantId, null);
}

/** The newest event at or below `atMostSeq` (null: the newest of all). */
export async function newestAuditEvent(db: Db, tenantId: string, atMostSeq: number | null) {
  const row = await db.auditEvent.findFirst({
    where: { tenantId, ...(atMostSeq !== null && { seq: { lte: atMostSeq } }) },
    orderBy: { seq: 'desc' },
    select: HEAD_FIELDS,
  });
  return row && { seq: row.seq, eventId: row.id, hash: row.hash, createdAt: row.createdAt };
}

/** Where the tenant's appends say the chain ends (the row recordAudit locks). */
export function findRecordedChainHead(db: Db, tenantId: string): Promise<RecordedHead | null> {
  return db.auditChainHead.findUnique({ where: { tenantId }, select: { seq: true, eventId: true, hash: true } });
}

/** The tenant's events after seq `afterSeq` and at most `atMostSeq`, in seq order: one batch of a walk. */
export function auditEventsBySeq(
  db: Db,
  tenantId: string,
  batch: { afterSeq: number; atMostSeq: number | null; take: number },
) {
  return db.auditEvent.findMany({
    where: { tenantId, seq: { gt: batch.afterSeq, ...(batch.atMostSeq !== null && { lte: batch.atMostSeq }) } },
    orderBy: { seq: 'asc' },
    take: batch.take,
  });
}
