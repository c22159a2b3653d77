// The audit log's hash chain: what an event's hash covers and how one link of the chain is checked. Pure: the
// repository appends, the service walks.
//
// Each tenant's events are numbered seq = 1, 2, 3… without gaps. An event's hash is the lowercase hex SHA-256
// of the UTF-8 bytes of the RFC 8785 (JSON Canonicalization Scheme) serialisation of the object
//   { seq, prev_hash, tenant_id, id, action, actor_user_id, actor_api_key_id, target_type, target_id,
//     details, request_id, created_at }
// with created_at as ISO 8601 in UTC with milliseconds (Date.prototype.toISOString) and absent values as null.
// JCS writes no whitespace, sorts object keys (here and inside details) by UTF-16 code units, and writes
// strings and numbers as ECMAScript's JSON.stringify does. prev_hash is the hash of the tenant's event
// seq - 1, and GENESIS_HASH for seq 1. The migration that introduced the chain hashes older events the same
// way in SQL (prisma/migrations/*_audit_chain).
import { createHash } from 'node:crypto';

import { z } from 'zod';
import { canonicalJson } from '../../lib/canonical-json.js';

/** The prev_hash of a tenant's first event. */
export const GENESIS_HASH = '0'.repeat(64);

export type ChainedEvent = {
  seq: number;
  prevHash: string;
  tenantId: string;
  id: string;
  action: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  targetType: string;
  targetId: string | null;
  details: unknown;
  requestId: string | null;
  createdAt: Date;
};

/** The exact text an event's hash is taken over (see the top of this file). */
export function canonicalAuditRecord(event: ChainedEvent): string {
  return canonicalJson({
    seq: event.seq,
    prev_hash: event.prevHash,
    tenant_id: event.tenantId,
    id: event.id,
    action: event.action,
    actor_user_id: event.actorUserId,
    actor_api_key_id: event.actorApiKeyId,
    target_type: event.targetType,
    target_id: event.targetId,
    details: event.details ?? null,
    request_id: event.requestId,
    created_at: event.createdAt.toISOString(),
  });
}

export function auditEventHash(event: ChainedEvent): string {
  return createHash('sha256').update(canonicalAuditRecord(event), 'utf8').digest('hex');
}

export const chainBreakReason = z.enum(['sequence_gap', 'prev_hash_mismatch', 'hash_mismatch', 'head_mismatch']).meta({
  id: 'AuditChainBreakReason',
  description:
    'sequence_gap: seq is not the one after the previous event (an event before it was deleted, or a seq edited); ' +
    "prev_hash_mismatch: prev_hash is not the previous event's hash (an event before it was replaced); " +
    'hash_mismatch: the event is not what its hash covers (the event was edited); ' +
    "head_mismatch: the chain ends elsewhere than the tenant's recorded chain head (events deleted from the end).",
});
export type ChainBreakReason = z.infer<typeof chainBreakReason>;

export type ChainBreak = {
  seq: number;
  eventId: string | null;
  reason: ChainBreakReason;
  /** For sequence_gap the seq expected, otherwise the hash expected. */
  expected: string;
  found: string;
};

/** Where the walk stands: the last event that checked out (seq 0 and the genesis value before the first). */
export type ChainLink = { seq: number; hash: string };
export const CHAIN_START: ChainLink = { seq: 0, hash: GENESIS_HASH };

/** The first thing wrong with `event` as the successor of `previous`, or null. */
export function checkLink(previous: ChainLink, event: ChainedEvent & { hash: string }): ChainBreak | null {
  const at = { seq: event.seq, eventId: event.id };
  if (event.seq !== previous.seq + 1) {
    return { ...at, reason: 'sequence_gap', expected: String(previous.seq + 1), found: String(event.seq) };
  }
  if (event.prevHash !== previous.hash) {
    return { ...at, reason: 'prev_hash_mismatch', expected: previous.hash, found: event.prevHash };
  }
  const hash = auditEventHash(event);
  if (event.hash !== hash) return { ...at, reason: 'hash_mismatch', expected: hash, found: event.hash };
  return null;
}

export type RecordedHead = { seq: number; eventId: string; hash: string };

/**
 * The walk ended at `last` (null: no event); the tenant's chain head row says where it should end. Events
 * deleted from the end leave no gap behind them, only this disagreement.
 */
export function checkEnd(
  last: { seq: number; id: string; hash: string } | null,
  recorded: RecordedHead | null,
): ChainBreak | null {
  const ends =
    (recorded?.seq ?? 0) === (last?.seq ?? 0) && (recorded?.hash ?? GENESIS_HASH) === (last?.hash ?? GENESIS_HASH);
  if (ends && recorded?.eventId === last?.id) return null;
  return {
    seq: recorded?.seq ?? last?.seq ?? 0,
    eventId: recorded?.eventId ?? last?.id ?? null,
    reason: 'head_mismatch',
    expected: recorded?.hash ?? GENESIS_HASH,
    found: last?.hash ?? GENESIS_HASH,
  };
}

/**
 * An event's canonical text around the two values only its append knows, its seq and prev_hash: the hash of an
 * event appended by SQL (issue_credentials(), which chains a batch's credentials under one lock of the head) is
 * SHA-256 of `before || prev_hash || middle || seq || after`, the same text and hash as auditEventHash's.
 * JCS sorts the keys, so prev_hash (a hex string) and seq (an integer) each sit at one place of the text.
 */
export type AuditRecordTemplate = { before: string; middle: string; after: string };

export function auditRecordTemplate(event: Omit<ChainedEvent, 'seq' | 'prevHash'>): AuditRecordTemplate {
  const marker = GENESIS_HASH.replace(/0/g, 'f');
  const text = canonicalAuditRecord({ ...event, seq: 0, prevHash: marker });
  // The top-level prev_hash follows details (hence the last one); then come request_id (a string or null, whose
  // quotes JSON escapes) and seq.
  const prevAt = text.lastIndexOf(`"prev_hash":"${marker}"`) + '"prev_hash":"'.length;
  const seqAt = text.indexOf('"seq":0', prevAt + marker.length) + '"seq":'.length;
  return {
    before: text.slice(0, prevAt),
    middle: text.slice(prevAt + marker.length, seqAt),
    after: text.slice(seqAt + 1),
  };
}

/** What SQL computes from a template (audit.chain's unit test holds it to auditEventHash). */
export function templateHash(template: AuditRecordTemplate, seq: number, prevHash: string): string {
  return createHash('sha256')
    .update(`${template.before}${prevHash}${template.middle}${seq}${template.after}`, 'utf8')
    .digest('hex');
}
