// Data subject requests (GDPR Art. 15 export, Art. 17 erasure): one row per request a tenant answered, written
// when it is received and completed in the transaction that answers it, so a request that failed stays
// unanswered. The tenant's compliance evidence reads dataSubjectRequestStats. Every statement names the tenant.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { DataSubjectRequestKind } from '../../generated/prisma/enums.js';
import type { AuditActor } from '../audit/audit.repository.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const requestView = {
  id: true,
  subjectId: true,
  kind: true,
  actorUserId: true,
  actorApiKeyId: true,
  requestId: true,
  credentialsCount: true,
  createdAt: true,
  completedAt: true,
} satisfies Prisma.DataSubjectRequestSelect;

export type DataSubjectRequestRow = Prisma.DataSubjectRequestGetPayload<{ select: typeof requestView }>;

/** Records a request as received (not yet answered), by whom and in which HTTP request. */
export function insertRequest(
  db: Db,
  actor: AuditActor,
  request: { subjectId: string; kind: DataSubjectRequestKind },
): Promise<DataSubjectRequestRow> {
  return db.dataSubjectRequest.create({
    data: {
      tenantId: actor.tenantId,
      subjectId: request.subjectId,
      kind: request.kind,
      actorUserId: actor.actorUserId,
      actorApiKeyId: actor.actorApiKeyId,
      requestId: actor.requestId,
    },
    select: requestView,
  });
}

/** Marks the request answered, with the number of credentials it exported or erased. */
export async function completeRequest(
  db: Db,
  tenantId: string,
  id: string,
  credentialsCount: number,
  completedAt: Date,
): Promise<void> {
  await db.dataSubjectRequest.updateMany({
    where: { tenantId, id },
    data: { credentialsCount, completedAt },
  });
}

/** The subject's requests other than `exceptId`, newest first, at most `take`. */
export function listSubjectRequests(
  db: Db,
  tenantId: string,
  subjectId: string,
  exceptId: string,
  take: number,
): Promise<DataSubjectRequestRow[]> {
  return db.dataSubjectRequest.findMany({
    where: { tenantId, subjectId, id: { not: exceptId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: requestView,
  });
}

export type DataSubjectRequestStats = {
  /** Export requests answered. */
  exports: number;
  /** Erase requests answered. */
  erasures: number;
  /** When the last export was answered; null if none was. */
  lastExportAt: Date | null;
  /** When the last erasure was answered; null if none was. */
  lastErasureAt: Date | null;
  /**
   * Requests received but not answered: being answered right now, or failed (their transaction rolled back;
   * a retry is a new request). Either kind.
   */
  unanswered: number;
};

/** The tenant's data subject requests as compliance evidence (counts over all time). */
export async function dataSubjectRequestStats(db: Db, tenantId: string): Promise<DataSubjectRequestStats> {
  const [row] = await db.$queryRaw<
    {
      exports: number;
      erasures: number;
      last_export_at: Date | null;
      last_erasure_at: Date | null;
      unanswered: number;
    }[]
  >`
    SELECT count(*) FILTER (WHERE kind = 'export' AND completed_at IS NOT NULL)::int AS exports,
           count(*) FILTER (WHERE kind = 'erase' AND completed_at IS NOT NULL)::int AS erasures,
           max(completed_at) FILTER (WHERE kind = 'export') AS last_export_at,
           max(completed_at) FILTER (WHERE kind = 'erase') AS last_erasure_at,
           count(*) FILTER (WHERE completed_at IS NULL)::int AS unanswered
    FROM data_subject_requests WHERE tenant_id = ${tenantId}::uuid`;
  return {
    exports: row?.exports ?? 0,
    erasures: row?.erasures ?? 0,
    lastExportAt: row?.last_export_at ?? null,
    lastErasureAt: row?.last_erasure_at ?? null,
    unanswered: row?.unanswered ?? 0,
  };
}
