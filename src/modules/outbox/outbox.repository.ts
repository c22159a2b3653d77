// The transactional outbox: domain events are written in the same transaction (or statement) as the change
// they describe, so a delivery worker (webhooks, a later issue) can never publish a change that did not
// happen, nor miss one that did.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type DomainEventType = 'did.created' | 'did.deactivated' | 'credential.issued' | 'credential.revoked';

export function recordEvent(db: Db, tenantId: string, type: DomainEventType, payload: Prisma.InputJsonObject) {
  return db.outboxEvent.create({ data: { tenantId, type, payload }, select: { id: true } });
}
