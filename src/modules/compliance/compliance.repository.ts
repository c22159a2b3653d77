// Adoptions, attestations, settings and reports: each row names its tenant, and every lookup is by (tenant, id).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor } from '../../lib/pagination.js';

type Db = PrismaClient | Prisma.TransactionClient;
type Actor = { actorUserId: string | null; actorApiKeyId: string | null };

export function listAdoptions(db: Db, tenantId: string) {
  return db.complianceAdoption.findMany({ where: { tenantId }, select: { frameworkId: true, adoptedAt: true } });
}

/** Adopts unless adopted already; true when this call adopted it. */
export async function insertAdoption(db: Db, tenantId: string, frameworkId: string, actor: Actor, at: Date) {
  const { count } = await db.complianceAdoption.createMany({
    data: [
      {
        tenantId,
        frameworkId,
        adoptedAt: at,
        adoptedByUserId: actor.actorUserId,
        adoptedByApiKeyId: actor.actorApiKeyId,
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}

/** True when it was adopted. */
export async function deleteAdoption(db: Db, tenantId: string, frameworkId: string) {
  const { count } = await db.complianceAdoption.deleteMany({ where: { tenantId, frameworkId } });
  return count === 1;
}

export function insertAttestation(
  db: Db,
  tenantId: string,
  attestation: { frameworkId: string; controlId: string; statement: string; createdAt: Date } & Actor,
) {
  return db.complianceAttestation.create({ data: { tenantId, ...attestation }, select: { id: true } });
}

export function updateSettings(
  db: Db,
  tenantId: string,
  settings: { personalClaims?: string[]; keyRotationDays?: number },
) {
  return db.tenant.update({
    where: { id: tenantId },
    data: settings,
    select: { personalClaims: true, keyRotationDays: true },
  });
}

const reportSelect = {
  id: true,
  frameworkId: true,
  evaluation: true,
  credential: true,
  createdAt: true,
  issuerDid: { select: { did: true } },
} as const;

export type ReportRow = Prisma.ComplianceReportGetPayload<{ select: typeof reportSelect }>;

export function insertReport(
  db: Db,
  tenantId: string,
  report: {
    id: string;
    frameworkId: string;
    issuerDidId: string;
    evaluation: Prisma.InputJsonObject;
    credential: string;
    createdAt: Date;
  } & Actor,
): Promise<ReportRow> {
  return db.complianceReport.create({ data: { tenantId, ...report }, select: reportSelect });
}

export function findReport(db: Db, tenantId: string, id: string): Promise<ReportRow | null> {
  return db.complianceReport.findFirst({ where: { tenantId, id }, select: reportSelect });
}

export function listReports(
  db: Db,
  tenantId: string,
  filter: { frameworkId?: string | null },
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<ReportRow[]> {
  return db.complianceReport.findMany({
    where: {
      tenantId,
      ...(filter.frameworkId && { frameworkId: filter.frameworkId }),
      ...afterCursor('createdAt', page.before),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit,
    select: reportSelect,
  });
}
