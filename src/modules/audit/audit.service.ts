// Reading the audit log (spec: every change to members, roles, API keys and plan is recorded) and verifying
// its hash chain (audit.chain.ts).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import {
  CHAIN_START,
  checkEnd,
  checkLink,
  entriesOfGroup,
  type ChainBreak,
  type ChainedEvent,
  type ChainLink,
} from './audit.chain.js';
import {
  auditEventsBySeq,
  findRecordedChainHead,
  listAuditEvents,
  newestAuditEvent,
  type AuditListRow,
} from './audit.repository.js';
import { chainPendingAudit } from './audit-pending.js';

/**
 * An event as the log shows it: what its hash covers (but the tenant, which is the caller's), and the hash. An
 * issued credential's entry shows its own fields and digest, and the seq, prev_hash and hash of the group that
 * chains it.
 */
export type AuditEventView = Omit<ChainedEvent, 'tenantId'> & { hash: string; groupId: string | null; digest: string | null };

function auditEventView(row: AuditListRow): AuditEventView {
  const chained = { seq: row.seq, prevHash: row.prevHash, hash: row.hash };
  const { entry } = row;
  if (!entry) return { ...row, ...chained, groupId: null, digest: null };
  return {
    ...chained,
    id: entry.id,
    action: entry.action,
    actorUserId: entry.actor_user_id,
    actorApiKeyId: entry.actor_api_key_id,
    targetType: entry.target_type,
    targetId: entry.target_id,
    details: entry.details,
    requestId: entry.request_id,
    createdAt: new Date(entry.created_at),
    groupId: row.id,
    digest: entry.digest,
  };
}

export type AuditChainHeadView = { seq: number; eventId: string; hash: string; createdAt: Date };

export type AuditChainVerification = {
  valid: boolean;
  /** Events read, up to and including the first broken one. */
  eventsChecked: number;
  /** The newest event of the chain verified (null: no event yet). */
  head: AuditChainHeadView | null;
  firstBreak: ChainBreak | null;
};

/** Events read per query while walking a chain: memory stays bounded whatever the chain's length. */
const VERIFY_BATCH = 1000;

export function createAuditService({ prisma }: { prisma: PrismaClient }) {
  async function list(principal: Principal, request: PageRequest) {
    // Issued credentials' entries still waiting join the chain first: the log shows every entry there is.
    await chainPendingAudit(prisma, principal.tenantId);
    // The keyset is the event's (or group's) time and the event's (or entry's) id; the view shows the entry's own.
    const page = await fetchPage(request, async ({ before, take }) =>
      (await listAuditEvents(prisma, principal.tenantId, { limit: take, before })).map((row) => ({
        createdAt: row.createdAt,
        id: row.sortId,
        view: auditEventView(row),
      })),
    );
    return { events: page.items.map((item) => item.view), nextCursor: page.nextCursor };
  }

  /**
   * Walks the principal's tenant's chain in seq order, in batches, and reports the first event that breaks it.
   * The walk stops at the chain head as recorded when it starts, so events appended meanwhile neither lengthen
   * it nor look like a break.
   */
  async function verifyTenantChain(tenantId: string): Promise<AuditChainVerification> {
    await chainPendingAudit(prisma, tenantId);
    const recorded = await findRecordedChainHead(prisma, tenantId);
    const atMostSeq = recorded?.seq ?? null;
    let previous: ChainLink = CHAIN_START;
    let last: { seq: number; id: string; hash: string; createdAt: Date } | null = null;
    let eventsChecked = 0;
    let firstBreak: ChainBreak | null = null;
    walk: for (;;) {
      const batch = await auditEventsBySeq(prisma, tenantId, { afterSeq: previous.seq, atMostSeq, take: VERIFY_BATCH });
      for (const event of batch) {
        // A group is as many events as the entries it carries.
        eventsChecked += event.groupSize === null ? 1 : entriesOfGroup(event.details).length;
        firstBreak = checkLink(previous, event);
        if (firstBreak) break walk;
        previous = { seq: event.seq, hash: event.hash };
        last = event;
      }
      if (batch.length < VERIFY_BATCH) break;
    }
    firstBreak ??= checkEnd(last, recorded);
    // A chain that verifies ends at the last event read; a broken one is read no further, so look its end up.
    const head = firstBreak
      ? await newestAuditEvent(prisma, tenantId, atMostSeq)
      : last && { seq: last.seq, eventId: last.id, hash: last.hash, createdAt: last.createdAt };
    return { valid: firstBreak === null, eventsChecked, head, firstBreak };
  }

  return {
    list,
    verifyChain: (principal: Principal) => verifyTenantChain(principal.tenantId),
    /** For work on the tenant's behalf that holds no principal of its own (compliance evidence). */
    verifyTenantChain,
  };
}
