-- CreateEnum
CREATE TYPE "didcomm_direction" AS ENUM ('inbound', 'outbound');

-- CreateEnum
CREATE TYPE "didcomm_packing" AS ENUM ('authcrypt', 'anoncrypt', 'signed', 'plaintext');

-- CreateEnum
CREATE TYPE "didcomm_delivery" AS ENUM ('inbox', 'delivered', 'failed', 'returned', 'received');

-- CreateTable
CREATE TABLE "didcomm_messages" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "did_id" UUID NOT NULL,
    "direction" "didcomm_direction" NOT NULL,
    "message_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "from_did" TEXT,
    "to_dids" TEXT[],
    "thid" TEXT,
    "packing" "didcomm_packing" NOT NULL,
    "plaintext" JSONB NOT NULL,
    "envelope" TEXT NOT NULL,
    "delivery" "didcomm_delivery" NOT NULL,
    "delivery_detail" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "didcomm_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "didcomm_messages_tenant_id_created_at_id_idx" ON "didcomm_messages"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "didcomm_messages_tenant_id_thid_idx" ON "didcomm_messages"("tenant_id", "thid");

-- CreateIndex
CREATE INDEX "didcomm_messages_did_id_idx" ON "didcomm_messages"("did_id");

-- CreateIndex
CREATE UNIQUE INDEX "didcomm_messages_tenant_id_direction_did_id_message_id_key" ON "didcomm_messages"("tenant_id", "direction", "did_id", "message_id");

-- AddForeignKey
ALTER TABLE "didcomm_messages" ADD CONSTRAINT "didcomm_messages_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "didcomm_messages" ADD CONSTRAINT "didcomm_messages_did_id_fkey" FOREIGN KEY ("did_id") REFERENCES "dids"("id") ON DELETE CASCADE ON UPDATE CASCADE;
