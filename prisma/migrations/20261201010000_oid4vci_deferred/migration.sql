-- Deferred issuance (OpenID4VCI 1.0 §9): an offer made without its claims answers the wallet's credential request
-- with a transaction_id, and the tenant gives the claims later. Its transactions live on the offer, beside its
-- notifications; the transaction_id column kept for this is replaced by them (it was never written).

-- AlterEnum
ALTER TYPE "oid4vci_offer_state" ADD VALUE 'credential_pending' AFTER 'token_issued';

-- AlterTable
ALTER TABLE "oid4vci_offers" DROP COLUMN "transaction_id",
ADD COLUMN     "claims_supplied_at" TIMESTAMPTZ(3),
ADD COLUMN     "deferred" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "deferred_transactions" JSONB NOT NULL DEFAULT '[]';
