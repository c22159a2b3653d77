-- OpenID4VCI's authorization code flow (src/modules/oid4vci/authorization.*): the tenant's login page for it, the
-- authorization requests (PAR, PKCE) with their single-use secrets as SHA-256, and offers found by issuer_state.

-- CreateEnum
CREATE TYPE "oid4vci_authorization_state" AS ENUM ('pushed', 'pending', 'approved', 'denied', 'code_issued', 'redeemed');

-- CreateTable
CREATE TABLE "oid4vci_issuer_settings" (
    "tenant_id" UUID NOT NULL,
    "login_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oid4vci_issuer_settings_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "oid4vci_authorizations" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "state" "oid4vci_authorization_state" NOT NULL DEFAULT 'pushed',
    "offer_id" UUID,
    "base_url" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "wallet_state" TEXT,
    "code_challenge" TEXT NOT NULL,
    "configuration_ids" TEXT[],
    "used_authorization_details" BOOLEAN NOT NULL DEFAULT false,
    "request_uri_hash" BYTEA NOT NULL,
    "return_hash" BYTEA,
    "code_hash" BYTEA,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_by_user_id" UUID,
    "decided_by_api_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    "redeemed_at" TIMESTAMPTZ(3),

    CONSTRAINT "oid4vci_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_offers_tenant_id_issuer_state_key" ON "oid4vci_offers"("tenant_id", "issuer_state");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_authorizations_tenant_id_request_uri_hash_key" ON "oid4vci_authorizations"("tenant_id", "request_uri_hash");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_authorizations_tenant_id_return_hash_key" ON "oid4vci_authorizations"("tenant_id", "return_hash");

-- CreateIndex
CREATE UNIQUE INDEX "oid4vci_authorizations_tenant_id_code_hash_key" ON "oid4vci_authorizations"("tenant_id", "code_hash");

-- CreateIndex
CREATE INDEX "oid4vci_authorizations_tenant_id_offer_id_idx" ON "oid4vci_authorizations"("tenant_id", "offer_id");

-- CreateIndex
CREATE INDEX "oid4vci_authorizations_expires_at_idx" ON "oid4vci_authorizations"("expires_at");

-- AddForeignKey
ALTER TABLE "oid4vci_issuer_settings" ADD CONSTRAINT "oid4vci_issuer_settings_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oid4vci_authorizations" ADD CONSTRAINT "oid4vci_authorizations_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
