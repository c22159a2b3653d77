// How a usage bar is coloured. Two kinds of limit:
// - metered: a quota that is used up over a period and then refused until the next (credentials issued this
//   month; the request burst): warn as it nears the limit (80 %), alarm once it is reached;
// - allowance: a number of things held at once (active DIDs, member seats): holding all one is allowed is the
//   plan doing its job, so a full allowance is neutral; only over it (after a downgrade, say) alarms.
// An unlimited quota has no bar.

export type MeterKind = 'metered' | 'allowance';
export type MeterLevel = 'ok' | 'high' | 'full' | 'over';

/** From this share of a metered quota on, the bar warns. */
export const NEAR_LIMIT = 0.8;

export function meterLevel(used: number, limit: number | null, kind: MeterKind): MeterLevel {
  if (limit === null) return 'ok';
  if (used > limit) return 'over';
  if (kind === 'allowance') return 'ok';
  if (used >= limit) return 'full';
  return used >= limit * NEAR_LIMIT ? 'high' : 'ok';
}
