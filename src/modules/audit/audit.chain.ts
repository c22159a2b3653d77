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
//
// Issued credentials are chained a group at a time: one event per tenant for the entries that waited (audit-pending.ts)
// whose details carry an entry per credential, each with its own digest, and whose hash takes its details as the list of those digests
// (see GroupedEntry below). Verification checks every entry against its digest, then the group as any event.
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

/** An event's fields but its place in the chain, as the hashed objects name them (JCS sorts them). */
function eventFields(event: Omit<ChainedEvent, 'seq' | 'prevHash'>) {
  return {
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
  };
}

/** The exact text an event's hash is taken over (see the top of this file). */
export function canonicalAuditRecord(event: ChainedEvent): string {
  return canonicalJson({ seq: event.seq, prev_hash: event.prevHash, ...eventFields(event) });
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
export function checkLink(
  previous: ChainLink,
  event: ChainedEvent & { hash: string; groupSize?: number | null },
): ChainBreak | null {
  const at = { seq: event.seq, eventId: event.id };
  if (event.seq !== previous.seq + 1) {
    return { ...at, reason: 'sequence_gap', expected: String(previous.seq + 1), found: String(event.seq) };
  }
  if (event.prevHash !== previous.hash) {
    return { ...at, reason: 'prev_hash_mismatch', expected: previous.hash, found: event.prevHash };
  }
  const grouped = event.groupSize !== null && event.groupSize !== undefined;
  if (grouped) {
    const entryBreak = checkGroupEntries(event);
    if (entryBreak) return entryBreak;
  }
  const hash = auditEventHash(grouped ? groupAsHashed(event) : event);
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
 * Issued credentials join the chain a group at a time (chain_pending_audit(), audit-pending.ts): one chain event
 * per tenant for the entries that waited, carrying one entry per credential. An entry is an event's fields but
 * its place in the chain; its digest is SHA-256 of the RFC 8785 text of those fields with the tenant.
 */
export type GroupedEntry = Omit<ChainedEvent, 'seq' | 'prevHash'>;

export function canonicalAuditEntry(entry: GroupedEntry): string {
  return canonicalJson(eventFields(entry));
}

export function auditEntryDigest(entry: GroupedEntry): string {
  return createHash('sha256').update(canonicalAuditEntry(entry), 'utf8').digest('hex');
}

/** An entry as a group stores it (its JSON names), with its digest. */
export type StoredGroupEntry = {
  id: string;
  action: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  target_type: string;
  target_id: string | null;
  details: unknown;
  request_id: string | null;
  created_at: string;
  digest: string;
};

export function storedGroupEntry(entry: GroupedEntry): StoredGroupEntry {
  return {
    id: entry.id,
    action: entry.action,
    actor_user_id: entry.actorUserId,
    actor_api_key_id: entry.actorApiKeyId,
    target_type: entry.targetType,
    target_id: entry.targetId,
    details: entry.details,
    request_id: entry.requestId,
    created_at: entry.createdAt.toISOString(),
    digest: auditEntryDigest(entry),
  };
}

export function groupedEntryOf(tenantId: string, stored: StoredGroupEntry): GroupedEntry {
  return {
    tenantId,
    id: stored.id,
    action: stored.action,
    actorUserId: stored.actor_user_id,
    actorApiKeyId: stored.actor_api_key_id,
    targetType: stored.target_type,
    targetId: stored.target_id,
    details: stored.details,
    requestId: stored.request_id,
    createdAt: new Date(stored.created_at),
  };
}

/** A group's entries, from its stored details (an empty list for anything else). */
export function entriesOfGroup(details: unknown): StoredGroupEntry[] {
  const entries = (details as { entries?: unknown } | null)?.entries;
  return Array.isArray(entries) ? (entries as StoredGroupEntry[]) : [];
}

/**
 * A group as its hash covers it: its details are the digests of its entries, in order. The entries' own fields
 * are covered by their digests, which checkGroupEntries holds them to.
 */
export function groupAsHashed<E extends ChainedEvent>(event: E): E {
  return { ...event, details: { entries: entriesOfGroup(event.details).map((entry) => entry.digest) } };
}

/** The first entry of a group whose fields are not what its digest covers, as a break at the group's seq. */
export function checkGroupEntries(group: ChainedEvent): ChainBreak | null {
  for (const stored of entriesOfGroup(group.details)) {
    const digest = auditEntryDigest(groupedEntryOf(group.tenantId, stored));
    if (digest !== stored.digest) {
      return { seq: group.seq, eventId: stored.id, reason: 'hash_mismatch', expected: digest, found: String(stored.digest) };
    }
  }
  return null;
}
