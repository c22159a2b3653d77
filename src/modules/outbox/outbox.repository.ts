// The transactional outbox: domain events are written in the same transaction (or statement) as the change
// they describe, so a delivery worker (webhooks) can never publish a change that did not happen, nor miss one
// that did. What each event's payload holds is the event catalogue's (src/modules/events/event-catalogue.ts).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';
import type { EventData, EventType } from '../events/event-catalogue.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type DomainEventType = EventType;

/** Records one event of the tenant; `data` is the payload its catalogue entry describes. */
export function recordEvent<Type extends DomainEventType>(db: Db, tenantId: string, type: Type, data: EventData<Type>) {
  return db.outboxEvent.create({
    data: { tenantId, type, payload: data as Prisma.InputJsonObject },
    select: { id: true },
  });
}

/** Records several events of one type in one statement (e.g. the API keys revoked with their creator). */
export async function recordEvents<Type extends DomainEventType>(
  db: Db,
  tenantId: string,
  type: Type,
  data: EventData<Type>[],
): Promise<void> {
  if (!data.length) return;
  await db.outboxEvent.createMany({
    data: data.map((payload) => ({ tenantId, type, payload: payload as Prisma.InputJsonObject })),
  });
}

export const eventView = {
  id: true,
  tenantId: true,
  type: true,
  payload: true,
  createdAt: true,
} satisfies Prisma.OutboxEventSelect;

export type EventRow = Prisma.OutboxEventGetPayload<{ select: typeof eventView }>;

/** The tenant's events of the given types, newest first, `take` rows after the cursor. */
export function listEvents(
  db: Db,
  tenantId: string,
  filters: { types: readonly DomainEventType[] },
  page: { before: Keyset | undefined; take: number },
): Promise<EventRow[]> {
  return db.outboxEvent.findMany({
    where: { tenantId, type: { in: [...filters.types] }, ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: eventView,
  });
}

/**
 * The tenant's events about one person, newest first, at most `take`: those whose data names them as a
 * credential's subject (`subject_id`: credential.issued, credential.revoked, compliance.subject.erased) or as
 * an attestation's (`subject_did`).
 */
export function listSubjectEvents(db: Db, tenantId: string, subjectId: string, take: number): Promise<EventRow[]> {
  return db.outboxEvent.findMany({
    where: {
      tenantId,
      OR: [
        { payload: { path: ['subject_id'], equals: subjectId } },
        { payload: { path: ['subject_did'], equals: subjectId } },
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: eventView,
  });
}

/** Events not yet published (all tenants: an operator's figure) and the oldest one's age; the index on (published_at, created_at) serves both. */
export async function outboxBacklog(db: PrismaClient): Promise<{ events: number; oldestAgeSeconds: number }> {
  const [row] = await db.$queryRaw<{ events: bigint; oldest: Date | null }[]>`
    SELECT count(*) AS events, min(created_at) AS oldest FROM outbox_events WHERE published_at IS NULL`;
  const oldest = row?.oldest;
  return {
    events: Number(row?.events ?? 0),
    oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
}

/** Retention: events fanned out before `cutoff`, of every tenant (a sweep by age, not a request's data). */
export async function deleteEventsPublishedBefore(db: PrismaClient, cutoff: Date): Promise<number> {
  return db.$executeRaw`DELETE FROM outbox_events WHERE published_at < ${cutoff}::timestamptz`;
}
