-- AlterTable
ALTER TABLE "credentials" ADD COLUMN     "claim_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "exposed_claims" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "key_rotation_days" INTEGER NOT NULL DEFAULT 365,
ADD COLUMN     "personal_claims" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "compliance_adoptions" (
    "tenant_id" UUID NOT NULL,
    "framework_id" TEXT NOT NULL,
    "adopted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "adopted_by_user_id" UUID,
    "adopted_by_api_key_id" UUID,

    CONSTRAINT "compliance_adoptions_pkey" PRIMARY KEY ("tenant_id","framework_id")
);

-- CreateTable
CREATE TABLE "compliance_attestations" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "framework_id" TEXT NOT NULL,
    "control_id" TEXT NOT NULL,
    "statement" TEXT NOT NULL,
    "actor_user_id" UUID,
    "actor_api_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_attestations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compliance_reports" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "framework_id" TEXT NOT NULL,
    "issuer_did_id" UUID NOT NULL,
    "evaluation" JSONB NOT NULL,
    "credential" TEXT NOT NULL,
    "actor_user_id" UUID,
    "actor_api_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "compliance_attestations_tenant_id_framework_id_control_id_c_idx" ON "compliance_attestations"("tenant_id", "framework_id", "control_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "compliance_reports_tenant_id_created_at_id_idx" ON "compliance_reports"("tenant_id", "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "compliance_adoptions" ADD CONSTRAINT "compliance_adoptions_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_attestations" ADD CONSTRAINT "compliance_attestations_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_reports" ADD CONSTRAINT "compliance_reports_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_reports" ADD CONSTRAINT "compliance_reports_issuer_did_id_fkey" FOREIGN KEY ("issuer_did_id") REFERENCES "dids"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Backfill: the claim names of credentials issued before, read from their own bodies (base64url JSON).
CREATE FUNCTION pg_temp.base64url_json(part TEXT) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_from(decode(rpad(translate(part, '-_', '+/'), (length(part) + 3) / 4 * 4, '='), 'base64'), 'UTF8')::jsonb
$$;

-- jwt_vc_json: every credentialSubject claim but id, all of them visible to any verifier.
WITH subjects AS (
  SELECT id, pg_temp.base64url_json(split_part(credential, '.', 2)) -> 'vc' -> 'credentialSubject' AS subject
  FROM "credentials" WHERE format = 'jwt_vc_json'
), names AS (
  SELECT s.id, coalesce(array_agg(k ORDER BY k) FILTER (WHERE k IS NOT NULL), ARRAY[]::TEXT[]) AS claim_names
  FROM subjects s
  LEFT JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(s.subject) = 'object' THEN s.subject ELSE '{}' END) k
    ON k <> 'id'
  GROUP BY s.id
)
UPDATE "credentials" c SET claim_names = n.claim_names, exposed_claims = n.claim_names FROM names n WHERE c.id = n.id;

-- vc+sd-jwt: the issuer-signed payload's own claims (but the registered and structural ones) are visible; each
-- disclosure [salt, name, value] after the first "~" names a claim the holder may withhold.
WITH parts AS (
  SELECT id, pg_temp.base64url_json(split_part(split_part(credential, '~', 1), '.', 2)) AS payload,
         (string_to_array(credential, '~'))[2:] AS disclosures
  FROM "credentials" WHERE format = 'vc+sd-jwt'
), visible AS (
  SELECT p.id, coalesce(array_agg(k ORDER BY k) FILTER (WHERE k IS NOT NULL), ARRAY[]::TEXT[]) AS names
  FROM parts p
  LEFT JOIN LATERAL jsonb_object_keys(p.payload) k
    ON k NOT IN ('iss', 'sub', 'iat', 'nbf', 'exp', 'jti', 'vct', 'cnf', 'status', 'vc', '_sd', '_sd_alg', 'vct#integrity')
  GROUP BY p.id
), hidden AS (
  SELECT p.id, coalesce(array_agg(pg_temp.base64url_json(d) ->> 1) FILTER (WHERE d <> ''), ARRAY[]::TEXT[]) AS names
  FROM parts p LEFT JOIN LATERAL unnest(p.disclosures) d ON true
  GROUP BY p.id
)
UPDATE "credentials" c
SET exposed_claims = v.names,
    claim_names = ARRAY(SELECT DISTINCT unnest(v.names || h.names) ORDER BY 1)
FROM visible v JOIN hidden h ON h.id = v.id
WHERE c.id = v.id;
