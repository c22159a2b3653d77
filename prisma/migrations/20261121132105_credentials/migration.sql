-- CreateEnum
CREATE TYPE "credential_format" AS ENUM ('jwt_vc_json', 'vc+sd-jwt');

-- CreateEnum
CREATE TYPE "status_list_format" AS ENUM ('bitstring', 'token');

-- AlterTable
ALTER TABLE "dids" ADD COLUMN     "private_key_ciphertext" BYTEA NOT NULL,
ADD COLUMN     "public_jwk" JSONB NOT NULL;

-- CreateTable
CREATE TABLE "status_lists" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "did_id" UUID NOT NULL,
    "format" "status_list_format" NOT NULL,
    "size" INTEGER NOT NULL,
    "next_index" INTEGER NOT NULL DEFAULT 0,
    "bits" BYTEA NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "status_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credentials" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "issuer_did_id" UUID NOT NULL,
    "format" "credential_format" NOT NULL,
    "credential_type" TEXT NOT NULL,
    "subject_id" TEXT,
    "status_list_id" UUID NOT NULL,
    "status_index" INTEGER NOT NULL,
    "credential" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "status_lists_did_id_format_created_at_idx" ON "status_lists"("did_id", "format", "created_at");

-- CreateIndex
CREATE INDEX "credentials_tenant_id_issued_at_id_idx" ON "credentials"("tenant_id", "issued_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "credentials_issuer_did_id_idx" ON "credentials"("issuer_did_id");

-- CreateIndex
CREATE UNIQUE INDEX "credentials_status_list_id_status_index_key" ON "credentials"("status_list_id", "status_index");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_created_at_idx" ON "outbox_events"("published_at", "created_at");

-- CreateIndex
CREATE INDEX "outbox_events_tenant_id_created_at_idx" ON "outbox_events"("tenant_id", "created_at");

-- AddForeignKey
ALTER TABLE "status_lists" ADD CONSTRAINT "status_lists_did_id_fkey" FOREIGN KEY ("did_id") REFERENCES "dids"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_issuer_did_id_fkey" FOREIGN KEY ("issuer_did_id") REFERENCES "dids"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_status_list_id_fkey" FOREIGN KEY ("status_list_id") REFERENCES "status_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
