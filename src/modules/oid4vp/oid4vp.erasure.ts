// A data subject's erasure (GDPR Art. 17; src/modules/compliance/data-subjects.service.ts) as it reaches the
// tenant's OpenID4VP requests: each one whose presentations named the subject (as subject or holder) keeps its
// checks and verdict, and loses what was disclosed (claims, payload, subject, holder), in the erasure's transaction.
import type { Prisma } from '../../generated/prisma/client.js';
import * as repository from './oid4vp.repository.js';
import { erasedResult } from './oid4vp.views.js';

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
