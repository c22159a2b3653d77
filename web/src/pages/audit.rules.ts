// The rules of the audit log page: the filters over the loaded page (the service pages the log by cursor and
// filters nothing itself), who acted, and the chain verification's verdict in words.

export type AuditRow = {
  id: string;
  seq: number;
  action: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  targetType: string;
  targetId: string | null;
  createdAt: string;
};

export type AuditFilters = {
  /** An exact action, or '' for all. */
  action: string;
  /** Text found in the actor's name, email or id. */
  actor: string;
  /** Text found in the target's type or id. */
  target: string;
  /** `YYYY-MM-DDTHH:mm` of a datetime-local input (the browser's time zone), or ''. Inclusive. */
  from: string;
  to: string;
};

export const NO_FILTERS: AuditFilters = { action: '', actor: '', target: '', from: '', to: '' };

/** A member's name for an actor id, when the page could list the members. */
export type ActorNames = ReadonlyMap<string, string>;

export function actorText(row: Pick<AuditRow, 'actorUserId' | 'actorApiKeyId'>, names: ActorNames): string {
  if (row.actorApiKeyId) {
    const by = row.actorUserId ? ` of ${names.get(row.actorUserId) ?? row.actorUserId}` : '';
    return `API key ${row.actorApiKeyId}${by}`;
  }
  if (row.actorUserId) return names.get(row.actorUserId) ?? row.actorUserId;
  return 'the service';
}

/** The target; a member by name when known. */
export function targetText(row: Pick<AuditRow, 'targetType' | 'targetId'>, names: ActorNames = new Map()): string {
  if (!row.targetId) return row.targetType;
  const name = row.targetType === 'member' ? names.get(row.targetId) : undefined;
  return `${row.targetType} ${name ?? row.targetId}`;
}

/** A datetime-local value as an instant; minutes without seconds, so `to` takes in its whole minute. */
function localInstant(value: string, endOfMinute: boolean): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  return endOfMinute && value.length <= 16 ? time + 59_999 : time;
}

export function filterAudit<Row extends AuditRow>(
  rows: readonly Row[],
  filters: AuditFilters,
  names: ActorNames,
): Row[] {
  const actor = filters.actor.trim().toLowerCase();
  const target = filters.target.trim().toLowerCase();
  const from = localInstant(filters.from, false);
  const to = localInstant(filters.to, true);
  return rows.filter((row) => {
    if (filters.action && row.action !== filters.action) return false;
    if (actor) {
      const who = [actorText(row, names), row.actorUserId ?? '', row.actorApiKeyId ?? ''].join(' ').toLowerCase();
      if (!who.includes(actor)) return false;
    }
    if (target && !`${targetText(row, names)} ${row.targetId ?? ''}`.toLowerCase().includes(target)) return false;
    const at = new Date(row.createdAt).getTime();
    if (from !== null && at < from) return false;
    if (to !== null && at > to) return false;
    return true;
  });
}

/** The actions on the loaded page, for the filter's choices, sorted. */
export function actionsOf(rows: readonly Pick<AuditRow, 'action'>[]): string[] {
  return [...new Set(rows.map((row) => row.action))].sort();
}

export type ChainVerification = {
  valid: boolean;
  eventsChecked: number;
  head: { seq: number; hash: string } | null;
  firstBreak: { seq: number; reason: string; expected: string; found: string } | null;
};

const BREAK_REASONS: Record<string, string> = {
  sequence_gap: 'an event before it is missing (its seq is not the one after the previous)',
  prev_hash_mismatch: 'the event before it was replaced (its prevHash is not that event’s hash)',
  hash_mismatch: 'the event was edited (it no longer hashes to its hash)',
  head_mismatch: 'events were deleted from the end (the chain ends before the recorded head)',
};

/** The verification in a sentence. */
export function verificationText(result: ChainVerification): string {
  if (result.valid) {
    if (!result.head) return 'The audit chain is intact: no event yet.';
    return `The audit chain is intact: ${result.eventsChecked} event${result.eventsChecked === 1 ? '' : 's'} checked, up to #${result.head.seq} (hash ${result.head.hash.slice(0, 12)}…).`;
  }
  const broken = result.firstBreak;
  if (!broken) return 'The audit chain does not hold.';
  return `The audit chain is broken at #${broken.seq}: ${BREAK_REASONS[broken.reason] ?? broken.reason}. Expected ${broken.expected}, found ${broken.found}.`;
}
