// Reading the audit log (spec: every change to members, roles, API keys and plan is recorded) and verifying
// its hash chain (audit.chain.ts).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { CHAIN_START, checkEnd, checkLink, type ChainBreak, type ChainedEvent, type ChainLink } from './audit.chain.js';
import { auditEventsBySeq, findRecordedChainHead, listAuditEvents, newestAuditEvent } from './audit.repository.js';

/** An event as the log shows it: what its hash covers (but the tenant, which is the caller's), and the hash. */
export type AuditEventView = Omit<ChainedEvent, 'tenantId'> & { hash: string };

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
    const page = await fetchPage(request, ({ before, take }) =>
      listAuditEvents(prisma, principal.tenantId, { limit: take, before }),
    );
    return { events: page.items as AuditEventView[], nextCursor: page.nextCursor };
  }

  /**
   * Walks the principal's tenant's chain in seq order, in batches, and reports the first event that breaks it.
   * The walk stops at the chain head as recorded when it starts, so events appended meanwhile neither lengthen
   * it nor look like a break.
   */
  async function verifyTenantChain(tenantId: string): Promise<AuditChainVerification> {
    const recorded = await findRecordedChainHead(prisma, tenantId);
    const atMostSeq = recorded?.seq ?? null;
    let previous: ChainLink = CHAIN_START;
    let last: { seq: number; id: string; hash: string; createdAt: Date } | null = null;
    let eventsChecked = 0;
    let firstBreak: ChainBreak | null = null;
    walk: for (;;) {
      const batch = await auditEventsBySeq(prisma, tenantId, { afterSeq: previous.seq, atMostSeq, take: VERIFY_BATCH });
      for (const event of batch) {
        eventsChecked += 1;
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
