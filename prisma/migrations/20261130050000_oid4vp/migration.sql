-- OpenID4VP presentation requests (src/modules/oid4vp): every tenant a verifier. One row per request, its verdict
-- and, once verified, the disclosed claims (erasable by subject: subject_ids).

-- CreateEnum
CREATE TYPE "oid4vp_response_mode" AS ENUM ('direct_post', 'direct_post.jwt');

-- CreateEnum
CREATE TYPE "oid4vp_request_status" AS ENUM ('pending', 'received', 'verified', 'failed', 'expired', 'cancelled');

-- CreateTable
CREATE TABLE "oid4vp_requests" (
    "id" UUID NOT NULL DEFAULT uuid_v7(),
    "tenant_id" UUID NOT NULL,
    "did_id" UUID,
    "client_id" TEXT NOT NULL,
    "handle_hash" BYTEA NOT NULL,
    "base_url" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_mode" "oid4vp_response_mode" NOT NULL,
    "dcql_query" JSONB NOT NULL,
    "purpose" TEXT,
    "redirect_uri" TEXT,
    "encryption_jwk" JSONB,
    "encryption_key_ciphertext" BYTEA,
    "status" "oid4vp_request_status" NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "received_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "error_description" TEXT,
    "result" JSONB,
    "holder" TEXT,
    "subject_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "response_code_hash" BYTEA,
    "response_code_used_at" TIMESTAMPTZ(3),
    "erased_at" TIMESTAMPTZ(3),

    CONSTRAINT "oid4vp_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oid4vp_requests_handle_hash_key" ON "oid4vp_requests"("handle_hash");

-- CreateIndex
CREATE INDEX "oid4vp_requests_tenant_id_created_at_id_idx" ON "oid4vp_requests"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "oid4vp_requests_status_expires_at_idx" ON "oid4vp_requests"("status", "expires_at");

-- CreateIndex
CREATE INDEX "oid4vp_requests_subject_ids_idx" ON "oid4vp_requests" USING GIN ("subject_ids");

-- CreateIndex
CREATE INDEX "oid4vp_requests_did_id_idx" ON "oid4vp_requests"("did_id");

-- AddForeignKey
ALTER TABLE "oid4vp_requests" ADD CONSTRAINT "oid4vp_requests_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oid4vp_requests" ADD CONSTRAINT "oid4vp_requests_did_id_fkey" FOREIGN KEY ("did_id") REFERENCES "dids"("id") ON DELETE CASCADE ON UPDATE CASCADE;
