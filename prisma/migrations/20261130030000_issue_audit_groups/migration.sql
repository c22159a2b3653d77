-- Issued credentials join the audit chain a group at a time: one chain event per issue batch and tenant, whose
-- entries (one per credential, each with its own digest) it carries. Per credential the batch statement only
-- passes its entry along; per group it takes the chain head's lock once, after all of the batch's rows, and
-- hashes one short text. The per-credential events of 20261128200000_issue_audit_entries stay as they are.
--
-- A group is an audit_events row with group_size set and details {"entries": [...]}. Each entry holds the fields
-- of an event (id, action, actor_user_id, actor_api_key_id, target_type, target_id, details, request_id,
-- created_at) and `digest`, the SHA-256 of the RFC 8785 text of those fields with tenant_id (computed by the
-- service: src/modules/audit/audit.chain.ts, auditEntryDigest). The group's hash is the chain's usual one over
-- its own fields, except that its details are hashed as {"entries": [the digests, in order]}: a changed entry
-- no longer matches its digest, and a changed, dropped or reordered digest breaks the group's hash.
--
-- Lock order (src/db/transactions.ts): the chain heads are the last locks the batch takes, in tenant order, once
-- every row is written.

ALTER TABLE audit_events ADD COLUMN group_size INT;

-- The RFC 8785 text of a group as audit.chain.ts's canonicalAuditRecord writes it: keys in code-unit order,
-- no whitespace; every value here is a fixed ASCII word, a UUID, a hex digest, an integer or null, so none needs
-- escaping. created_at as Date.prototype.toISOString writes it (milliseconds, UTC).
CREATE FUNCTION append_audit_group(tenant UUID, entries JSONB) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  group_id UUID := uuid_v7();
  at TIMESTAMPTZ := date_trunc('milliseconds', statement_timestamp());
  this_seq INT;
  previous TEXT;
  this_hash TEXT;
  digests TEXT;
BEGIN
  IF jsonb_array_length(entries) = 0 THEN RETURN; END IF;
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

-- The batch issue function of 20261128200000_issue_audit_entries, its audit entries collected per tenant and
-- appended as groups once the batch's rows are written.
CREATE OR REPLACE FUNCTION issue_credentials(batch JSONB)
RETURNS TABLE (item INT, issued BOOLEAN, lease_held BOOLEAN)
LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  g RECORD;
  tenant UUID;
  subscribed BOOLEAN;
  issued_items INT[] := '{}';
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
  -- Every row is written: each tenant's issued credentials join its chain as one group, heads in tenant order.
  FOR g IN
    SELECT x.tenant_id, jsonb_agg(x.audit ORDER BY x.item) AS entries
    FROM jsonb_to_recordset(batch) AS x(item INT, tenant_id UUID, audit JSONB)
    WHERE x.item = ANY(issued_items)
    GROUP BY x.tenant_id
    ORDER BY x.tenant_id
  LOOP
    PERFORM append_audit_group(g.tenant_id, g.entries);
  END LOOP;
END
$$;

DROP FUNCTION append_audit_entries(UUID, JSONB);
