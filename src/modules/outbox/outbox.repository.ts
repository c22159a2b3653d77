// The transactional outbox: domain events are written in the same transaction (or statement) as the change
// they describe, so a delivery worker (webhooks, a later issue) can never publish a change that did not
// happen, nor miss one that did.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type DomainEventType = 'did.created' | 'did.deactivated' | 'credential.issued' | 'credential.revoked';

export function recordEvent(db: Db, tenantId: string, type: DomainEventType, payload: Prisma.InputJsonObject) {
  return db.outboxEvent.create({ data: { tenantId, type, payload }, select: { id: true } });
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
