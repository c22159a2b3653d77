-- CreateEnum
CREATE TYPE "assurance_level" AS ENUM ('low', 'substantial', 'high');

-- CreateTable
CREATE TABLE "trust_attestations" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "attester_did_id" UUID NOT NULL,
    "subject_did" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "assurance_level" "assurance_level" NOT NULL,
    "credential_types" TEXT[],
    "evidence" TEXT,
    "valid_from" TIMESTAMPTZ(3) NOT NULL,
    "valid_until" TIMESTAMPTZ(3),
    "status_list_id" UUID NOT NULL,
    "status_index" INTEGER NOT NULL,
    "credential" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "trust_attestations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trust_policies" (
    "tenant_id" UUID NOT NULL,
    "min_score" INTEGER NOT NULL,
    "min_assurance_level" "assurance_level" NOT NULL,
    "require_attested_issuer" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "trust_policies_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateIndex
CREATE INDEX "trust_attestations_tenant_id_created_at_id_idx" ON "trust_attestations"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "trust_attestations_tenant_id_subject_did_idx" ON "trust_attestations"("tenant_id", "subject_did");

-- CreateIndex
CREATE INDEX "trust_attestations_attester_did_id_idx" ON "trust_attestations"("attester_did_id");

-- CreateIndex
CREATE UNIQUE INDEX "trust_attestations_status_list_id_status_index_key" ON "trust_attestations"("status_list_id", "status_index");

-- AddForeignKey
ALTER TABLE "trust_attestations" ADD CONSTRAINT "trust_attestations_attester_did_id_fkey" FOREIGN KEY ("attester_did_id") REFERENCES "dids"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trust_attestations" ADD CONSTRAINT "trust_attestations_status_list_id_fkey" FOREIGN KEY ("status_list_id") REFERENCES "status_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trust_policies" ADD CONSTRAINT "trust_policies_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
