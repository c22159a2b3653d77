-- Issued credentials' audit entries are chained off the issue path. The issue statement only writes each entry,
-- with its digest, to audit_pending_entries (a row without secondary indexes); chain_pending_audit() then moves
-- whatever is waiting into the chain, one group per tenant, the way issue_credentials() of
-- 20261130030000_issue_audit_groups appended one group per batch. The service runs it shortly after an issue
-- (coalescing the issues of that moment into one group), before reading a tenant's log, and as a recurring job
-- for entries an instance left behind (src/modules/audit/audit-pending.ts).
--
-- Lock order (src/db/transactions.ts): the pending rows taken first (a DELETE; a concurrent run waits for them and
-- then finds them gone), then the chain heads in tenant order, last, as every append takes them.

CREATE TABLE audit_pending_entries (
  id UUID NOT NULL,
  tenant_id UUID NOT NULL,
  entry JSONB NOT NULL,

  CONSTRAINT audit_pending_entries_pkey PRIMARY KEY (id)
);

-- A group is now written after its entries: its time is that of its newest entry (milliseconds), so the log,
-- newest first, shows entries near their own time.
DROP FUNCTION append_audit_group(UUID, JSONB);

CREATE FUNCTION append_audit_group(tenant UUID, entries JSONB, at TIMESTAMPTZ) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  group_id UUID := uuid_v7();
  this_seq INT;
  previous TEXT;
  this_hash TEXT;
  digests TEXT;
BEGIN
  IF jsonb_array_length(entries) = 0 THEN RETURN; END IF;
  at := date_trunc('milliseconds', at);
  INSERT INTO audit_chain_heads AS h (tenant_id, seq, event_id, hash)
  VALUES (tenant, 1, group_id, repeat('0', 64))
  ON CONFLICT (tenant_id) DO UPDATE SET seq = h.seq + 1, event_id = EXCLUDED.event_id
  RETURNING h.seq, h.hash INTO this_seq, previous;
  SELECT string_agg('"' || (e ->> 'digest') || '"', ',' ORDER BY n) INTO digests
  FROM jsonb_array_elements(entries) WITH ORDINALITY AS d(e, n);
  this_hash := encode(sha256(convert_to(
    '{"action":"credential.issued","actor_api_key_id":null,"actor_user_id":null,"created_at":"'
    || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","details":{"entries":[' || digests || ']},"id":"' || group_id || '","prev_hash":"' || previous
    || '","request_id":null,"seq":' || this_seq || ',"target_id":null,"target_type":"credential","tenant_id":"'
    || tenant || '"}', 'UTF8')), 'hex');
  INSERT INTO audit_events (id, tenant_id, seq, prev_hash, hash, action, target_type, details, created_at, group_size)
  VALUES (group_id, tenant, this_seq, previous, this_hash, 'credential.issued', 'credential',
          jsonb_build_object('entries', entries), at, jsonb_array_length(entries));
  UPDATE audit_chain_heads SET hash = this_hash WHERE tenant_id = tenant;
END
$$;

-- Moves the waiting entries (of one tenant, or of all when only_tenant is null) into the chain: one group per
-- tenant, entries in the order they were issued (their ids are UUIDv7). Returns how many entries it chained.
CREATE FUNCTION chain_pending_audit(only_tenant UUID) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  groups JSONB;
  g JSONB;
  chained INT := 0;
BEGIN
  WITH taken AS (
    DELETE FROM audit_pending_entries p
    WHERE only_tenant IS NULL OR p.tenant_id = only_tenant
    RETURNING p.id, p.tenant_id, p.entry
  ), per_tenant AS (
    SELECT t.tenant_id, jsonb_agg(t.entry ORDER BY t.id) AS entries,
           max((t.entry ->> 'created_at')::timestamptz) AS newest
    FROM taken t GROUP BY t.tenant_id
  )
  SELECT jsonb_agg(jsonb_build_object('tenant_id', p.tenant_id, 'entries', p.entries, 'at', p.newest)
                   ORDER BY p.tenant_id)
  INTO groups FROM per_tenant p;
  IF groups IS NULL THEN RETURN 0; END IF;
  FOR g IN SELECT value FROM jsonb_array_elements(groups) LOOP
    PERFORM append_audit_group((g ->> 'tenant_id')::uuid, g -> 'entries', (g ->> 'at')::timestamptz);
    chained := chained + jsonb_array_length(g -> 'entries');
  END LOOP;
  RETURN chained;
END
$$;

-- issue_credentials() of 20261130030000_issue_audit_groups, its entries written to audit_pending_entries instead
-- of appended to the chain in the issue statement (and read only there: the loop over the batch leaves them out).
CREATE OR REPLACE FUNCTION issue_credentials(batch JSONB)
RETURNS TABLE (item INT, issued BOOLEAN, lease_held BOOLEAN)
LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  tenant UUID;
  subscribed BOOLEAN;
  issued_items INT[] := '{}';
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
    IF tenant IS DISTINCT FROM c.tenant_id THEN
      tenant := c.tenant_id;
      -- Held to commit. An endpoint's creation or change takes it exclusively (webhooks.repository.ts,
      -- lockSubscriptions), so it waits for this batch, or this batch waits for it and the next statement,
      -- with a snapshot of its own, sees the endpoint.
      PERFORM pg_advisory_xact_lock_shared(hashtext('webhook-subscriptions:' || tenant::text));
      subscribed := EXISTS (
        SELECT 1 FROM webhook_endpoints w
        WHERE w.tenant_id = tenant AND w.enabled AND ('credential.issued' = ANY(w.events) OR '*' = ANY(w.events)));
    END IF;
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
      INSERT INTO outbox_events (tenant_id, type, payload, published_at)
      SELECT c.tenant_id, 'credential.issued', c.event, CASE WHEN subscribed THEN NULL ELSE statement_timestamp() END FROM inserted
    ), idempotency_completed AS (
      UPDATE idempotency_keys k SET response = decode(c.response, 'base64'), resource_id = c.id, completed_at = now()
      FROM idempotency i WHERE k.tenant_id = c.tenant_id AND k.id = i.id AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT EXISTS (SELECT 1 FROM inserted), (c.idempotency_id IS NULL OR EXISTS (SELECT 1 FROM idempotency))
    INTO issued, lease_held;
    IF issued THEN issued_items := issued_items || c.item; END IF;
    RETURN NEXT;
  END LOOP;
  -- Every row is written: the issued credentials' entries wait for the chain (chain_pending_audit).
  INSERT INTO audit_pending_entries (id, tenant_id, entry)
  SELECT (x.audit ->> 'id')::uuid, x.tenant_id, x.audit
  FROM jsonb_to_recordset(batch) AS x(item INT, tenant_id UUID, audit JSONB)
  WHERE x.item = ANY(issued_items);
END
$$;
