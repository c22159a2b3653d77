// DIDComm messages. Every statement names the tenant and picks rows by (tenant, id), except the inbound
// endpoint's look-up of which tenant hosts a recipient DID (global by design: a DID is unique across tenants and
// is the inbox's public address; test/support/tenant-scope.ts allows it).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const messageView = {
  id: true,
  direction: true,
  messageId: true,
  type: true,
  fromDid: true,
  toDids: true,
  thid: true,
  packing: true,
  plaintext: true,
  envelope: true,
  delivery: true,
  deliveryDetail: true,
  createdAt: true,
  did: { select: { did: true } },
} satisfies Prisma.DidcommMessageSelect;

export type MessageRow = Prisma.DidcommMessageGetPayload<{ select: typeof messageView }>;

export type NewMessage = Omit<Prisma.DidcommMessageUncheckedCreateInput, 'tenantId'>;

export function insertMessage(db: Db, tenantId: string, message: NewMessage): Promise<MessageRow> {
  return db.didcommMessage.create({ data: { ...message, tenantId }, select: messageView });
}

/**
 * Locks the recipient DID's row for the rest of the transaction, so that concurrent deliveries to it count
 * each other's messages (READ COMMITTED): the inbox bound is checked where the message is written.
 */
export async function lockRecipient(db: Db, tenantId: string, didId: string): Promise<void> {
  await db.$queryRaw`SELECT id FROM dids WHERE id = ${didId}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
}

/** The inbound messages the DID has stored since `since`: how many, and when the oldest arrived. */
export async function recentInbound(
  db: Db,
  tenantId: string,
  didId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const { _count, _min } = await db.didcommMessage.aggregate({
    where: { tenantId, didId, direction: 'inbound', createdAt: { gte: since } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return { count: _count._all, oldest: _min.createdAt };
}

/** Whether the DID already holds this message (an inbound message is stored once per recipient DID). */
export async function hasMessage(
  db: Db,
  tenantId: string,
  didId: string,
  direction: 'inbound' | 'outbound',
  messageId: string,
): Promise<boolean> {
  const row = await db.didcommMessage.findFirst({
    where: { tenantId, didId, direction, messageId },
    select: { id: true },
  });
  return row !== null;
}

export type MessageFilters = {
  direction?: 'inbound' | 'outbound' | null;
  did?: string | null;
  type?: string | null;
  thid?: string | null;
};

/** Newest first, `take` rows after the cursor. */
export function listMessages(
  db: Db,
  tenantId: string,
  filters: MessageFilters,
  page: { before: Keyset | undefined; take: number },
) {
  return db.didcommMessage.findMany({
    where: {
      tenantId,
      ...(filters.direction && { direction: filters.direction }),
      ...(filters.did && { did: { did: filters.did } }),
      ...(filters.type && { type: filters.type }),
      ...(filters.thid && { thid: filters.thid }),
      ...afterCursor('createdAt', page.before),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: messageView,
  });
}

/** The tenant's messages whose attachments carry a credential about `subjectId`, newest first (GIN on subject_ids). */
export function listSubjectMessages(db: Db, tenantId: string, subjectId: string, take: number): Promise<MessageRow[]> {
  return db.didcommMessage.findMany({
    where: { tenantId, subjectIds: { has: subjectId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: messageView,
  });
}

export function findMessage(db: Db, tenantId: string, id: string): Promise<MessageRow | null> {
  return db.didcommMessage.findFirst({ where: { tenantId, id }, select: messageView });
}

/**
 * The active DIDs among `dids`, whichever tenant holds them, with their encrypted keys: who hosts the recipients
 * of an inbound message. Global by design (see the file's head).
 */
export function findHostedDids(db: Db, dids: string[]) {
  return db.did.findMany({
    where: { did: { in: dids }, deactivatedAt: null },
    select: { id: true, tenantId: true, did: true, keyType: true, privateKeyCiphertext: true },
  });
}

const erasedView = {
  id: true,
  direction: true,
  fromDid: true,
  toDids: true,
  thid: true,
  messageId: true,
  plaintext: true,
  delivery: true,
} satisfies Prisma.DidcommMessageSelect;

export type ErasedMessage = Prisma.DidcommMessageGetPayload<{ select: typeof erasedView }>;

/**
 * Deletes the tenant's messages, sent or received, that carry a credential about `subjectId` (GDPR Art. 17: the
 * plaintext and the envelope both hold it), and returns what the erasure needs to tell their recipients.
 */
export async function deleteSubjectMessages(
  tx: Prisma.TransactionClient,
  tenantId: string,
  subjectId: string,
): Promise<ErasedMessage[]> {
  const rows = await tx.didcommMessage.findMany({
    where: { tenantId, subjectIds: { has: subjectId } },
    select: erasedView,
  });
  if (rows.length) await tx.didcommMessage.deleteMany({ where: { tenantId, id: { in: rows.map((row) => row.id) } } });
  return rows;
}
