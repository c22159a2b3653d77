// How many inbound DIDComm messages one recipient DID takes: at most `perHour` stored in any rolling hour,
// counted from the stored messages themselves (exact, shared by every instance, nothing to expire). A bound per
// recipient, not per sender: POST /didcomm is public, a sender is whoever holds a key (any did:key is free to
// make), and what the bound protects is the recipient's inbox and the tenant's storage. A message already
// stored is answered as a duplicate, never refused: a sender retrying after a lost answer is not punished.

export const INBOX_WINDOW_MS = 60 * 60 * 1000;

export type InboxVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Whether one more message fits, given the messages stored in the last hour (their count and the oldest's
 * time). When it does not, the oldest of them leaves the window first: that is when to try again.
 */
export function inboxVerdict(
  perHour: number,
  recent: { count: number; oldest: Date | null },
  now: Date = new Date(),
): InboxVerdict {
  if (recent.count < perHour) return { ok: true };
  const freesAt = (recent.oldest?.getTime() ?? now.getTime()) + INBOX_WINDOW_MS;
  return { ok: false, retryAfterSeconds: Math.max(Math.ceil((freesAt - now.getTime()) / 1000), 1) };
}
