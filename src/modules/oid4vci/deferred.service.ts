// Deferred issuance, the tenant's side (credentials:issue): the claims of a deferred offer, given once the subject's
// data is ready. They are checked as an offer's claims are (the configurations' mandatory claims, the issue rules);
// the credentials of every transaction a wallet waits on (deferred.ts) are issued then, through the issue path of
// the credential endpoint (quota, status lists, credential.issued with channel oid4vci), all or none, and collected
// by the wallet's next poll. Configurations the wallet has not asked for yet are served at once when it does.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { parseIssueInput } from '../credentials/credentials.inputs.js';
import { partyOf, type CredentialsService, type PreparedCredential } from '../credentials/credentials.service.js';
import type { Clock } from '../jobs/clock.js';
import { findConfigurations } from './configurations.repository.js';
import { issueRequestFor } from './credential-configurations.js';
import {
  findDeferredOffer,
  lockDeferredOffer,
  updateDeferredOffer,
  type DeferredOfferRow,
  type DeferredTransaction,
} from './deferred.repository.js';
import { offerClaimsInput } from './oid4vci.inputs.js';
import { OFFER_NOT_FOUND, checkOfferedClaims, viewOfOffer } from './oid4vci.service.js';
import { OPEN_STATES, stateAt } from './offer-session.policy.js';
import { findOffer } from './oid4vci.repository.js';

export const NOT_DEFERRED = 'the offer is not deferred: its claims were given with it';
export const CLAIMS_GIVEN = 'the offer’s claims were given already';
export const OFFER_ENDED = 'the offer is no longer open';
const CHANGED_MEANWHILE = 'the offer changed meanwhile: give its claims again';

export type DeferredClaimsDeps = {
  prisma: PrismaClient;
  credentials: Pick<CredentialsService, 'prepare' | 'storeAllWithin' | 'issued'>;
  clock: Clock;
};

export function createDeferredClaims({ prisma, credentials, clock }: DeferredClaimsDeps) {
  /** Why the offer takes no claims now (409), or null when it does. */
  function refusal(row: DeferredOfferRow, now: Date): string | null {
    if (!row.deferred) return NOT_DEFERRED;
    if (row.claimsSuppliedAt !== null) return CLAIMS_GIVEN;
    if (!OPEN_STATES.includes(stateAt(row, now))) return OFFER_ENDED;
    return null;
  }

  const waiting = (row: DeferredOfferRow) => row.deferredTransactions.filter((entry) => entry.credential_ids === null);

  /**
   * Gives a deferred offer its claims (POST /v1/oid4vci/offers/{id}/claims) and issues the credentials its wallet
   * waits for, in one transaction: refused whole (nothing stored, no quota spent) when any cannot be issued.
   */
  async function supplyOfferClaims(principal: Principal, id: string, rawInput: unknown, requestId: string | null) {
    const input = parseInput(offerClaimsInput, rawInput);
    const { tenantId } = principal;
    const found = isUuid(id) ? await findDeferredOffer(prisma, tenantId, id) : null;
    if (!found) throw notFound(OFFER_NOT_FOUND);
    const now = clock.now();
    const refused = refusal(found, now);
    if (refused) throw conflict(refused);
    const configs = await findConfigurations(prisma, tenantId, found.configurationIds);
    checkOfferedClaims(configs, input.claims);
    const claims = Object.fromEntries(
      found.configurationIds.map((configurationId) => [configurationId, input.claims[configurationId] ?? {}]),
    );
    const party = partyOf(principal, requestId);
    const through = { channel: 'oid4vci' as const, offerId: found.id, dataSubjectId: found.subjectId };
    // Built and signed before the transaction, as at the credential endpoint; one batch per waiting transaction.
    const batches: { entry: DeferredTransaction; prepared: PreparedCredential[] }[] = [];
    for (const entry of waiting(found)) {
      const config = configs.find((candidate) => candidate.configurationId === entry.configuration_id);
      if (!config) throw conflict(OFFER_ENDED);
      const inputs = entry.holders.map((holder) =>
        parseIssueInput(issueRequestFor(config, claims[config.configurationId]!, holder, now)),
      );
      const prepared = await credentials.prepare(party, inputs, { publicBaseUrl: entry.base_url }, through);
      batches.push({ entry, prepared });
    }
    const issued = batches.flatMap((batch) => batch.prepared.map((credential) => credential.view));
    const updated = await prisma.$transaction(async (tx) => {
      const row = await lockDeferredOffer(tx, tenantId, found.id);
      if (!row) throw notFound(OFFER_NOT_FOUND);
      const refusedNow = refusal(row, now);
      if (refusedNow) throw conflict(refusedNow);
      // A wallet asked meanwhile: its transaction was not prepared above.
      const hashes = (rows: DeferredTransaction[]) => rows.map((entry) => entry.transaction_id_hash).join();
      if (hashes(waiting(row)) !== hashes(waiting(found))) throw conflict(CHANGED_MEANWHILE);
      for (const batch of batches) await credentials.storeAllWithin(tx, party, batch.prepared);
      const idsOf = (entry: DeferredTransaction) =>
        batches
          .find((batch) => batch.entry.transaction_id_hash === entry.transaction_id_hash)
          ?.prepared.map((credential) => credential.view.id);
      const transactions = row.deferredTransactions.map((entry) =>
        entry.credential_ids === null ? { ...entry, credential_ids: idsOf(entry) ?? [] } : entry,
      );
      await updateDeferredOffer(tx, tenantId, row.id, {
        claims,
        claimsSuppliedAt: now,
        deferredTransactions: transactions,
        issuedConfigurationIds: [
          ...row.issuedConfigurationIds,
          ...batches.map((batch) => batch.entry.configuration_id),
        ],
        credentialIds: [...row.credentialIds, ...issued.map((view) => view.id)],
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.offer.claims_supplied',
        targetType: 'oid4vci_offer',
        targetId: row.id,
        details: {
          subject_id: row.subjectId,
          configuration_ids: row.configurationIds,
          credential_ids: issued.map((view) => view.id),
        },
      });
      return findOffer(tx, tenantId, row.id);
    });
    credentials.issued(issued);
    return viewOfOffer(updated!, now);
  }

  return { supplyOfferClaims };
}
