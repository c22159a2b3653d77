-- Issues a batch of credentials in one call, one transaction and one commit: under load the service gathers the
-- issues that arrive while earlier ones are in flight and sends them together (credentials.repository.ts).
-- Each item runs the single-issue statement's own steps, in its own statement, so it sees the items before it:
-- the idempotency lease (still this request's?), the month's quota (checked and consumed atomically; the
-- shard 0 row lock serialises a limited tenant), the issuer DID (still the tenant's and active?), the credential,
-- its outbox event and the idempotency key's completion. Items run in (tenant, shard) order, so two batches take
-- the counter rows' locks in one order and cannot deadlock on them.
-- `batch` is a JSON array of objects, one per credential (the fields below); the result names each by `item`.
CREATE FUNCTION issue_credentials(batch JSONB)
RETURNS TABLE (item INT, issued BOOLEAN, lease_held BOOLEAN)
LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
BEGIN
  FOR c IN
    SELECT * FROM jsonb_to_recordset(batch) AS x(
      item INT, tenant_id UUID, month TEXT, shard SMALLINT, issuer_did_id UUID, monthly_limit INT, id UUID,
      format credential_format, credential_type TEXT, subject_id TEXT, status_list_id UUID, status_index INT,
      credential TEXT, issued_at TIMESTAMPTZ, expires_at TIMESTAMPTZ, event JSONB, idempotency_id UUID,
      lease_token UUID, response TEXT, claim_names TEXT[], exposed_claims TEXT[])
    ORDER BY x.tenant_id, x.shard, x.item
  LOOP
    item := c.item;
    WITH idempotency AS (
      SELECT k.id FROM idempotency_keys k
      WHERE k.id = c.idempotency_id AND k.tenant_id = c.tenant_id AND k.lease_token = c.lease_token
        AND k.completed_at IS NULL
      FOR UPDATE
    ), quota AS (
      INSERT INTO usage_counters (tenant_id, month, shard, credentials_issued)
      SELECT c.tenant_id, c.month, c.shard, 1
      WHERE EXISTS (SELECT 1 FROM dids d WHERE d.id = c.issuer_did_id AND d.tenant_id = c.tenant_id AND d.deactivated_at IS NULL)
        AND (c.monthly_limit IS NULL OR c.monthly_limit > 0)
        AND (c.idempotency_id IS NULL OR EXISTS (SELECT 1 FROM idempotency))
      ON CONFLICT (tenant_id, month, shard) DO UPDATE SET credentials_issued = usage_counters.credentials_issued + 1
        WHERE c.monthly_limit IS NULL
           OR usage_counters.credentials_issued + (
                SELECT coalesce(sum(other.credentials_issued), 0) FROM usage_counters other
                WHERE other.tenant_id = c.tenant_id AND other.month = c.month AND other.shard <> 0
              ) < c.monthly_limit
      RETURNING credentials_issued
    ), inserted AS (
      INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
                               status_index, credential, issued_at, expires_at, claim_names, exposed_claims)
      SELECT c.id, c.tenant_id, c.issuer_did_id, c.format, c.credential_type, c.subject_id, c.status_list_id,
             c.status_index, c.credential, c.issued_at, c.expires_at, c.claim_names, c.exposed_claims
      FROM quota
      RETURNING credentials.id
    ), event AS (
      INSERT INTO outbox_events (id, tenant_id, type, payload)
      SELECT gen_random_uuid(), c.tenant_id, 'credential.issued', c.event FROM inserted
    ), idempotency_completed AS (
      UPDATE idempotency_keys k SET response = decode(c.response, 'base64'), resource_id = c.id, completed_at = now()
      FROM idempotency i WHERE k.tenant_id = c.tenant_id AND k.id = i.id AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT EXISTS (SELECT 1 FROM inserted), (c.idempotency_id IS NULL OR EXISTS (SELECT 1 FROM idempotency))
    INTO issued, lease_held;
    RETURN NEXT;
  END LOOP;
END
$$;
