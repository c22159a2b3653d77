-- Issuing a credential is an audit event (credential.issued), written by the batch issue statement with the
-- credential: the batch appends each tenant's issued credentials to that tenant's audit chain after its last
-- credential, under one lock of the chain head per tenant and batch rather than one per credential. Every entry
-- is an event of the chain as any other (src/modules/audit/audit.chain.ts), verified one by one: its seq, its
-- prev_hash (the entry before), and its hash, SHA-256 of its RFC 8785 canonical text. That text is made by the
-- service but for the two values only the append knows, seq and prev_hash (auditRecordTemplate), so here the
-- hash is sha256(before || prev_hash || middle || seq || after).
--
-- Lock order (src/db/transactions.ts): the chain head is the last lock a transaction takes for a tenant; the
-- batch is in tenant order, so two batches meet at a tenant's head in the same order.

-- Appends `entries` (objects: id, before, middle, after, actor_user_id, actor_api_key_id, action, target_type,
-- target_id, details, request_id, created_at) to the tenant's chain in array order. The first statement locks
-- the head row (or creates it) and moves its seq on by the number of entries; the last sets its hash.
CREATE FUNCTION append_audit_entries(tenant UUID, entries JSONB) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  n INT := jsonb_array_length(entries);
  e JSONB;
  seq_before INT;
  previous TEXT;
  this_hash TEXT;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  INSERT INTO audit_chain_heads AS h (tenant_id, seq, event_id, hash)
  VALUES (tenant, n, (entries -> (n - 1) ->> 'id')::uuid, repeat('0', 64))
  ON CONFLICT (tenant_id) DO UPDATE SET seq = h.seq + n, event_id = EXCLUDED.event_id
  RETURNING h.seq - n, h.hash INTO seq_before, previous;
  FOR i IN 0 .. n - 1 LOOP
    e := entries -> i;
    this_hash := encode(sha256(convert_to(
      (e ->> 'before') || previous || (e ->> 'middle') || (seq_before + i + 1)::text || (e ->> 'after'), 'UTF8')), 'hex');
    INSERT INTO audit_events (id, tenant_id, seq, prev_hash, hash, actor_user_id, actor_api_key_id, action,
                              target_type, target_id, details, request_id, created_at)
    VALUES ((e ->> 'id')::uuid, tenant, seq_before + i + 1, previous, this_hash, (e ->> 'actor_user_id')::uuid,
            (e ->> 'actor_api_key_id')::uuid, e ->> 'action', e ->> 'target_type', e ->> 'target_id', e -> 'details',
            e ->> 'request_id', (e ->> 'created_at')::timestamptz);
    previous := this_hash;
  END LOOP;
  UPDATE audit_chain_heads SET hash = previous WHERE tenant_id = tenant;
END
$$;

-- The batch issue function of 20261128120000_issue_events_published_without_subscribers, unchanged but for each
-- item's audit entry and the appends.
CREATE OR REPLACE FUNCTION issue_credentials(batch JSONB)
RETURNS TABLE (item INT, issued BOOLEAN, lease_held BOOLEAN)
LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  tenant UUID;
  subscribed BOOLEAN;
  audited JSONB := '[]';
BEGIN
  FOR c IN
    SELECT * FROM jsonb_to_recordset(batch) AS x(
      item INT, tenant_id UUID, month TEXT, shard SMALLINT, issuer_did_id UUID, monthly_limit INT, id UUID,
      format credential_format, credential_type TEXT, subject_id TEXT, status_list_id UUID, status_index INT,
      credential TEXT, issued_at TIMESTAMPTZ, expires_at TIMESTAMPTZ, event JSONB, idempotency_id UUID,
      lease_token UUID, response TEXT, claim_names TEXT[], exposed_claims TEXT[], audit JSONB)
    ORDER BY x.tenant_id, x.shard, x.item
  LOOP
    item := c.item;
    IF tenant IS DISTINCT FROM c.tenant_id THEN
      -- The previous tenant's credentials are done: their audit entries join its chain (its head locked last).
      IF tenant IS NOT NULL THEN PERFORM append_audit_entries(tenant, audited); END IF;
      audited := '[]';
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
    IF issued THEN audited := audited || jsonb_build_array(c.audit); END IF;
    RETURN NEXT;
  END LOOP;
  IF tenant IS NOT NULL THEN PERFORM append_audit_entries(tenant, audited); END IF;
END
$$;
