// Database rows prepared for toEqual.
import { expect } from 'vitest';
import type { AuditEvent, PrismaClient } from '../../src/generated/prisma/client.js';

/**
 * Rows with their byte columns (hashes, key ciphertexts, a status list's 16 KiB of bits) as hex strings:
 * equal exactly when the bytes are, but compared as one string, where toEqual would walk every byte of a
 * Uint8Array as an object key (seconds per comparison, and the matrices make hundreds).
 */
export function bytesAsHex<Row extends object>(rows: Row[]) {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value instanceof Uint8Array ? `bytes:${Buffer.from(value).toString('hex')}` : value,
      ]),
    ),
  );
}

/**
 * Checks that acts change nothing of a state (a tenant's rows, its API view), for a run of cases that must each
 * change nothing: the state one case leaves is the next case's "before", taken once rather than again before
 * every case (the matrices take such states a few hundred times). A case that changes the state fails, and the
 * cases after it compare against what it left, so the failure stays with the case that caused it.
 */
export function unchangedState<State>(take: () => Promise<State>) {
  let lastSeen: { state: State } | undefined;
  return {
    /** Runs `act` and checks the state is as before it; returns the state. */
    async expectUnchangedBy(act: () => Promise<unknown>): Promise<State> {
      const before = lastSeen ?? { state: await take() };
      lastSeen = undefined; // until `act` has run and the state is taken again
      await act();
      lastSeen = { state: await take() };
      expect(lastSeen.state).toEqual(before.state);
      return lastSeen.state;
    },
  };
}

/**
 * A tenant's audit log as stored, in chain order, each issued credential's entry as an event of its own: the
 * entry's fields with its group's seq, prev_hash and hash, and `groupId` naming the group row.
 */
export function auditEntries(rows: AuditEvent[]): (AuditEvent & { groupId: string | null })[] {
  return rows.flatMap((row): (AuditEvent & { groupId: string | null })[] => {
    if (row.groupSize === null) return [{ ...row, groupId: null }];
    const entries = (row.details as { entries: Record<string, any>[] }).entries;
    return entries.map((entry) => ({
      ...row,
      id: entry.id as string,
      action: entry.action as string,
      actorUserId: entry.actor_user_id as string | null,
      actorApiKeyId: entry.actor_api_key_id as string | null,
      targetType: entry.target_type as string,
      targetId: entry.target_id as string | null,
      details: entry.details as AuditEvent['details'],
      requestId: entry.request_id as string | null,
      createdAt: new Date(entry.created_at as string),
      groupId: row.id,
    }));
  });
}

/**
 * A tenant's audit log as a change can alter it, the same whether issued credentials' entries still wait for the
 * chain or have joined it (src/modules/audit/audit-pending.ts chains them in the background, when it will): every
 * event and every entry with its own fields, in id order, without the links (seq, hashes) the chaining adds.
 */
export async function auditLogState(db: PrismaClient, tenantId: string): Promise<unknown[]> {
  // One snapshot for both: read apart, a chaining between the reads would show an entry twice or not at all.
  const [events, waiting] = await db.$transaction(
    [db.auditEvent.findMany({ where: { tenantId } }), db.auditPendingEntry.findMany({ where: { tenantId } })],
    { isolationLevel: 'RepeatableRead' },
  );
  const entries: { id: string }[] = [
    ...events.flatMap(({ seq: _seq, prevHash: _prev, hash: _hash, groupSize, ...event }) =>
      groupSize === null ? [event] : (event.details as { entries: { id: string }[] }).entries,
    ),
    ...waiting.map((row) => row.entry as { id: string }),
  ];
  return entries.sort((one, other) => (one.id < other.id ? -1 : one.id > other.id ? 1 : 0));
}
