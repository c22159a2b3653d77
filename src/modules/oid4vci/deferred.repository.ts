// Rows of deferred issuance (OpenID4VCI 1.0 §9): a deferred offer's transactions, kept on the offer beside its
// notifications, and the credentials a transaction hands over. Every statement names the tenant. A change of the
// transactions is made under the offer's row lock (lockDeferredOffer), taken where the credential endpoint takes it:
// after the nonces and the DPoP proof's jti, before the issue statement (src/db/transactions.ts).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { HolderKey } from './credential-configurations.js';
import { offerView, type Notification } from './oid4vci.repository.js';
import type { OfferState } from './offer-session.policy.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** One credential request answered with a transaction_id, as stored (hashes only, never the id itself). */
export type DeferredTransaction = {
  /** SHA-256 of the transaction_id, hex. */
  transaction_id_hash: string;
  configuration_id: string;
  /** The holders' keys the proofs proved, one credential each (public keys). */
  holders: HolderKey[];
  /** The base URL the wallet came in on: the credentials' status list URLs are under it, as at the credential endpoint. */
  base_url: string;
  requested_at: string;
  /** Issued when the tenant gave the claims; null until then. */
  credential_ids: string[] | null;
  notification_id: string | null;
  /** When the wallet collected them: the transaction_id is spent from then on. */
  delivered_at: string | null;
};

const deferredOfferView = { ...offerView, deferredTransactions: true } as const;

export type DeferredOfferRow = Omit<
  Prisma.Oid4vciOfferGetPayload<{ select: typeof deferredOfferView }>,
  'deferredTransactions'
> & { deferredTransactions: DeferredTransaction[] };

const asDeferred = <T extends { deferredTransactions: unknown }>(row: T | null) =>
  row as (T & { deferredTransactions: DeferredTransaction[] }) | null;

/** The tenant's offer with its transactions, unlocked (what a read decides nothing on). */
export async function findDeferredOffer(db: Db, tenantId: string, id: string): Promise<DeferredOfferRow | null> {
  return asDeferred(await db.oid4vciOffer.findFirst({ where: { tenantId, id }, select: deferredOfferView }));
}

/** The tenant's offer with its transactions, locked to the end of the transaction `tx`; null when there is none. */
export async function lockDeferredOffer(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
): Promise<DeferredOfferRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM oid4vci_offers WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`;
  return locked.length ? findDeferredOffer(tx, tenantId, id) : null;
}

export type DeferredChange = {
  state?: OfferState;
  expiresAt?: Date;
  accessTokenExpiresAt?: Date;
  claims?: Record<string, Record<string, unknown>>;
  claimsSuppliedAt?: Date;
  deferredTransactions: DeferredTransaction[];
  issuedConfigurationIds?: string[];
  credentialIds?: string[];
  notifications?: Notification[];
  credentialIssuedAt?: Date;
};

/** Writes a change decided under lockDeferredOffer. */
export async function updateDeferredOffer(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
  change: DeferredChange,
) {
  const { count } = await tx.oid4vciOffer.updateMany({
    where: { tenantId, id },
    data: {
      ...change,
      claims: change.claims as Prisma.InputJsonObject | undefined,
      deferredTransactions: change.deferredTransactions as unknown as Prisma.InputJsonArray,
      notifications: change.notifications as unknown as Prisma.InputJsonArray | undefined,
    },
  });
  return count === 1;
}

/** The bodies of the tenant's credentials `ids`, in that order; null for one erased meanwhile. */
export async function credentialBodies(db: Db, tenantId: string, ids: string[]): Promise<(string | null)[]> {
  const rows = await db.credential.findMany({
    where: { tenantId, id: { in: ids } },
    select: { id: true, credential: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row.credential]));
  return ids.map((id) => byId.get(id) ?? null);
}
