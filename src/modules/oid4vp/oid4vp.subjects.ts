// A data subject's rights (src/modules/compliance/data-subjects.service.ts) as they reach the tenant's OpenID4VP
// requests, found by the subjects and holder their presentations named: the export lists them (GDPR Art. 15), and
// the erasure (Art. 17) keeps each one's checks and verdict and removes what was disclosed (claims, payload,
// subject, holder), in the erasure's transaction.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import * as repository from './oid4vp.repository.js';
import { erasedResult, toView, type RequestView } from './oid4vp.views.js';

/** The tenant's requests whose presentations named the subject, newest first, at most `take`. */
export async function presentationRequestsOfSubject(
  db: PrismaClient,
  tenantId: string,
  subjectId: string,
  take: number,
): Promise<RequestView[]> {
  const now = new Date();
  return (await repository.listSubjectRequests(db, tenantId, subjectId, take)).map((row) => toView(row, now));
}

export async function eraseSubjectPresentations(
  tx: Prisma.TransactionClient,
  tenantId: string,
  subjectId: string,
  at: Date,
): Promise<number> {
  const rows = await repository.subjectRequests(tx, tenantId, subjectId);
  for (const row of rows) {
    await repository.eraseRequestResult(tx, tenantId, row.id, erasedResult(row.result) as Prisma.InputJsonObject, at);
  }
  return rows.length;
}
