// A tenant's OpenID4VP presentation requests. Every statement names the tenant, but the two that are global by
// nature: a wallet brings only the request's public handle (findRequestByHandleHash), and the expiry sweep runs
// over every tenant's overdue requests by time (overdueRequests).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Oid4vpRequestStatus } from '../../generated/prisma/enums.js';
import { afterCursor, type PageWindow } from '../../lib/pagination.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const requestView = {
  id: true,
  tenantId: true,
  clientId: true,
  baseUrl: true,
  nonce: true,
  state: true,
  responseMode: true,
  dcqlQuery: true,
  purpose: true,
  redirectUri: true,
  encryptionJwk: true,
  encryptionKeyCiphertext: true,
  status: true,
  expiresAt: true,
  createdAt: true,
  receivedAt: true,
  completedAt: true,
  error: true,
  errorDescription: true,
  result: true,
  holder: true,
  responseCodeHash: true,
  responseCodeUsedAt: true,
  erasedAt: true,
  did: { select: { id: true, did: true, keyType: true, publicJwk: true, deactivatedAt: true } },
} as const satisfies Prisma.Oid4vpRequestSelect;

export type RequestRow = Prisma.Oid4vpRequestGetPayload<{ select: typeof requestView }>;

export function insertRequest(
  db: Db,
  tenantId: string,
  data: Omit<Prisma.Oid4vpRequestUncheckedCreateInput, 'tenantId'> & { id: string },
): Promise<RequestRow> {
  return db.oid4vpRequest.create({ data: { ...data, tenantId }, select: requestView });
}

export function findRequest(db: Db, tenantId: string, id: string): Promise<RequestRow | null> {
  return db.oid4vpRequest.findFirst({ where: { tenantId, id }, select: requestView });
}

/** Newest first, `take` rows after the cursor. */
export function listRequests(
  db: Db,
  tenantId: string,
  filters: { status?: Oid4vpRequestStatus | null },
  page: PageWindow,
): Promise<RequestRow[]> {
  return db.oid4vpRequest.findMany({
    where: { tenantId, ...(filters.status && { status: filters.status }), ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: requestView,
  });
}

/** Global: a wallet brings only the handle at the end of the request_uri or response_uri. */
export function findRequestByHandleHash(db: Db, handleHash: Uint8Array<ArrayBuffer>): Promise<RequestRow | null> {
  return db.oid4vpRequest.findUnique({ where: { handleHash }, select: requestView });
}

/**
 * Moves a request from `from` to a new state only if it is still in `from` (and, for a wallet's answer, not
 * expired): the one conditional statement that makes each transition happen once across instances.
 */
export async function transition(
  db: Db,
  tenantId: string,
  id: string,
  from: { status: Oid4vpRequestStatus; notExpiredAt?: Date },
  data: Prisma.Oid4vpRequestUncheckedUpdateManyInput,
): Promise<boolean> {
  const { count } = await db.oid4vpRequest.updateMany({
    where: {
      tenantId,
      id,
      status: from.status,
      ...(from.notExpiredAt && { expiresAt: { gt: from.notExpiredAt } }),
    },
    data,
  });
  return count === 1;
}

/** Marks the request's response code used, if it was not: true when this call used it. */
export async function redeemResponseCode(db: Db, tenantId: string, id: string, at: Date): Promise<boolean> {
  const { count } = await db.oid4vpRequest.updateMany({
    where: { tenantId, id, responseCodeUsedAt: null, responseCodeHash: { not: null } },
    data: { responseCodeUsedAt: at },
  });
  return count === 1;
}

/** Global: the sweep's batch of every tenant's requests left pending past expiry, or received and stuck. */
export function overdueRequests(db: Db, now: Date, receivedBefore: Date, take: number) {
  return db.oid4vpRequest.findMany({
    where: {
      OR: [
        { status: 'pending', expiresAt: { lte: now } },
        { status: 'received', receivedAt: { lte: receivedBefore } },
      ],
    },
    orderBy: { expiresAt: 'asc' },
    take,
    select: { id: true, tenantId: true, status: true },
  });
}

/** The tenant's requests whose presentations named the subject, newest first (its data subject export). */
export function listSubjectRequests(db: Db, tenantId: string, subjectId: string, take: number) {
  return db.oid4vpRequest.findMany({
    where: { tenantId, subjectIds: { has: subjectId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: requestView,
  });
}

/** The tenant's requests whose presentations named the subject and still hold what they disclosed. */
export function subjectRequests(db: Db, tenantId: string, subjectId: string) {
  return db.oid4vpRequest.findMany({
    where: { tenantId, subjectIds: { has: subjectId }, erasedAt: null },
    select: { id: true, result: true },
  });
}

/** Replaces a request's result with its erased form (checks kept, claims gone) and forgets the holder. */
export async function eraseRequestResult(
  db: Db,
  tenantId: string,
  id: string,
  result: Prisma.InputJsonValue,
  at: Date,
): Promise<void> {
  await db.oid4vpRequest.updateMany({ where: { tenantId, id }, data: { result, holder: null, erasedAt: at } });
}
