-- Keys a wallet can find without resolving DIDs (HAIP 1.0, SD-JWT VC §2.5): the X.509 chain a CA issued for a DID's
-- key, kept with the DID (leaf first, base64 DER, as the tenant uploaded it and the service checked it), and the
-- root certificates a tenant trusts when it verifies an SD-JWT VC by its x5c header.
-- AlterTable
ALTER TABLE "dids" ADD COLUMN     "certificate_chain" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "certificate_chain_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "trust_anchors" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "certificate" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "fingerprint_sha256" TEXT NOT NULL,
    "not_after" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trust_anchors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "trust_anchors_tenant_id_created_at_idx" ON "trust_anchors"("tenant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "trust_anchors_tenant_id_fingerprint_sha256_key" ON "trust_anchors"("tenant_id", "fingerprint_sha256");

-- AddForeignKey
ALTER TABLE "trust_anchors" ADD CONSTRAINT "trust_anchors_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
