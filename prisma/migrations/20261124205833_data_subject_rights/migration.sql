-- CreateEnum
CREATE TYPE "data_subject_request_kind" AS ENUM ('export', 'erase');

-- AlterTable
ALTER TABLE "credentials" ADD COLUMN     "credential_sha256" BYTEA,
ADD COLUMN     "erased_at" TIMESTAMPTZ(3),
ALTER COLUMN "credential" DROP NOT NULL;

-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN     "resource_id" UUID;

-- CreateTable
CREATE TABLE "data_subject_requests" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "subject_id" TEXT NOT NULL,
    "kind" "data_subject_request_kind" NOT NULL,
    "actor_user_id" UUID,
    "actor_api_key_id" UUID,
    "request_id" TEXT,
    "credentials_count" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "data_subject_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "data_subject_requests_tenant_id_subject_id_created_at_idx" ON "data_subject_requests"("tenant_id", "subject_id", "created_at");

-- CreateIndex
CREATE INDEX "data_subject_requests_tenant_id_kind_created_at_idx" ON "data_subject_requests"("tenant_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "credentials_tenant_id_subject_id_idx" ON "credentials"("tenant_id", "subject_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_tenant_id_resource_id_idx" ON "idempotency_keys"("tenant_id", "resource_id");

-- AddForeignKey
ALTER TABLE "data_subject_requests" ADD CONSTRAINT "data_subject_requests_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
