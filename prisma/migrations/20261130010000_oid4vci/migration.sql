-- OpenID4VCI 1.0 issuance (src/modules/oid4vci): a tenant's credential configurations, its offers (issuance
-- sessions of the pre-authorized code flow, ready for an authorization code grant and deferred issuance), and
-- the single-use c_nonces and DPoP proof ids its Credential Issuer has handed out or accepted.

-- CreateEnum
CREATE TYPE "oid4vci_format" AS ENUM ('dc+sd-jwt', 'jwt_vc_json');

-- CreateEnum
CREATE TYPE "oid4vci_offer_state" AS ENUM ('offered', 'token_issued', 'credential_issued', 'expired', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "oid4vci_grant_type" AS ENUM ('pre_authorized_code', 'authorization_code');

-- CreateTable
CREATE TABLE "oid4vci_credential_configurations" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "configuration_id" TEXT NOT NULL,
    "format" "oid4vci_format" NOT NULL,
    "issuer_did_id" UUID NOT NULL,
    "vct" TEXT,
    "types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "claims" JSONB NOT NULL DEFAULT '[]',
    "display" JSONB NOT NULL DEFAULT '[]',
    "validity_seconds" INTEGER,
    "binding_methods" TEXT[],
    "proof_algs" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oid4vci_credential_configurations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oid4vci_offers" (
    "id" UUID NOT NULL DEFAULT uuid_v7(),
    "tenant_id" UUID NOT NULL,
    "grant_type" "oid4vci_grant_type" NOT NULL DEFAULT 'pre_authorized_code',
    "state" "oid4vci_offer_state" NOT NULL DEFAULT 'offered',
    "subject_id" TEXT NOT NULL,
    "configuration_ids" TEXT[],
    "claims" JSONB NOT NULL,
    "reference_hash" BYTEA NOT NULL,
    "pre_authorized_code_hash" BYTEA,
    "tx_code_hash" BYTEA,
    "tx_code_length" INTEGER,
    "tx_code_input_mode" TEXT,
    "tx_code_description" TEXT,
    "tx_code_failures" INTEGER NOT NULL DEFAULT 0,
    "issuer_state" TEXT,
    "access_token_hash" BYTEA,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "dpop_jkt" TEXT,
    "transaction_id" TEXT,
    "issued_configuration_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "credential_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "notifications" JSONB NOT NULL DEFAULT '[]',
    "failure_reason" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_by_api_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "token_issued_at" TIMESTAMPTZ(3),
    "credential_issued_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "erased_at" TIMESTAMPTZ(3),

    CONSTRAINT "oid4vci_offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oid4vci_nonces" (
    "tenant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "value_hash" BYTEA NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oid4vci_nonces_pkey" PRIMARY KEY ("tenant_id","kind","value_hash")
);

-- CreateIndex
CREATE INDEX "oid4vci_credential_configurations_tenant_id_created_at_id_idx" ON "oid4vci_credential_configurations"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "oid4vci_credential_configurations_issuer_did_id_idx" ON "oid4vci_credential_configurations"("issuer_did_id");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_credential_configurations_tenant_id_configuration_i_key" ON "oid4vci_credential_configurations"("tenant_id", "configuration_id");

-- CreateIndex
CREATE INDEX "oid4vci_offers_tenant_id_created_at_id_idx" ON "oid4vci_offers"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "oid4vci_offers_tenant_id_subject_id_idx" ON "oid4vci_offers"("tenant_id", "subject_id");

-- CreateIndex
CREATE INDEX "oid4vci_offers_state_expires_at_idx" ON "oid4vci_offers"("state", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_offers_tenant_id_reference_hash_key" ON "oid4vci_offers"("tenant_id", "reference_hash");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_offers_tenant_id_pre_authorized_code_hash_key" ON "oid4vci_offers"("tenant_id", "pre_authorized_code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_offers_tenant_id_access_token_hash_key" ON "oid4vci_offers"("tenant_id", "access_token_hash");

-- CreateIndex
CREATE INDEX "oid4vci_nonces_expires_at_idx" ON "oid4vci_nonces"("expires_at");

-- AddForeignKey
ALTER TABLE "oid4vci_credential_configurations" ADD CONSTRAINT "oid4vci_credential_configurations_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oid4vci_credential_configurations" ADD CONSTRAINT "oid4vci_credential_configurations_issuer_did_id_fkey" FOREIGN KEY ("issuer_did_id") REFERENCES "dids"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oid4vci_offers" ADD CONSTRAINT "oid4vci_offers_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oid4vci_nonces" ADD CONSTRAINT "oid4vci_nonces_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
