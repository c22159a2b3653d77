-- Each endpoint's host (its URL's host and non-default port, as WHATWG URL's `host`), so the dispatcher can cap
-- the connections open at once to one host across a tenant's endpoints
-- (src/modules/webhooks/delivery/dispatch.repository.ts). Stored URLs are WHATWG-serialised, lower-case host,
-- default port omitted, no credentials (delivery/url-policy.ts): the host is what follows "//" up to the path
-- or query, brackets kept for IPv6.
ALTER TABLE "webhook_endpoints" ADD COLUMN "host" TEXT;
UPDATE "webhook_endpoints"
SET "host" = lower(coalesce(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)'), ''));
ALTER TABLE "webhook_endpoints" ALTER COLUMN "host" SET NOT NULL;

CREATE INDEX "webhook_endpoints_tenant_id_host_idx" ON "webhook_endpoints"("tenant_id", "host");
