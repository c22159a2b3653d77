// A data subject's rights (src/modules/compliance/data-subjects.service.ts) as they reach the tenant's OpenID4VCI
// offers, found by the subject id the tenant gave each: the export lists them with their claims (GDPR Art. 15),
// given with the offer or later for a deferred one. The erasure is eraseSubjectOffers (oid4vci.repository.ts).
import type { PrismaClient } from '../../generated/prisma/client.js';
import { offerView } from './oid4vci.repository.js';
import { viewOfOffer, type OfferView } from './oid4vci.service.js';

/** The tenant's offers about the subject, newest first, at most `take`. */
export async function offersOfSubject(
  db: PrismaClient,
  tenantId: string,
  subjectId: string,
  take: number,
): Promise<OfferView[]> {
  const rows = await db.oid4vciOffer.findMany({
    where: { tenantId, subjectId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: offerView,
  });
  const now = new Date();
  return rows.map((row) => viewOfOffer(row, now));
}
