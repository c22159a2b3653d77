-- A DID string is unique among active DIDs, and within a tenant. did:web:<domain> names a place, not a key: when
-- a domain is deleted its tenant's did:web DIDs on it are deactivated (deactivation is final), and the tenant
-- that verifies the name next may create did:web:<domain> with a key of its own. The deactivated rows stay
-- (credentials, status lists and attestations reference them). A tenant never holds one DID string twice, so
-- its keys stay found by (tenant, DID), as the signing-key cache keys them; (did, tenant_id) also serves the
-- look-ups by DID alone.
DROP INDEX "dids_did_key";

CREATE UNIQUE INDEX "dids_did_key" ON "dids"("did") WHERE (deactivated_at IS NULL);

CREATE UNIQUE INDEX "dids_did_tenant_id_key" ON "dids"("did", "tenant_id");

-- did:web DIDs left active by domains deleted before this rule: nobody can serve them (their tenant no longer
-- claims the name), and they would keep the name's next holder from creating its own.
UPDATE "dids" AS d
SET deactivated_at = now()
WHERE d.deactivated_at IS NULL
  AND d.did LIKE 'did:web:%'
  AND NOT EXISTS (
    SELECT 1 FROM "custom_domains" AS c
    WHERE c.tenant_id = d.tenant_id AND c.domain = split_part(d.did, ':', 3)
  );

-- did:web DIDs whose first path segment the did:web URL rule cannot give a place of its own here
-- (did-web.ts RESERVED_FIRST_SEGMENTS): did:web:<domain>:.well-known is read at /.well-known/did.json, the
-- document of did:web:<domain>; nothing under /v1/ or /1.0/ is ever a did.json. No verifier could resolve them.
UPDATE "dids"
SET deactivated_at = now()
WHERE deactivated_at IS NULL
  AND did LIKE 'did:web:%'
  AND lower(split_part(did, ':', 4)) IN ('.well-known', 'v1', '1.0');
