// The life of a presentation request, as pure decisions: pending → received → verified | failed, or expired
// (no answer in time) or cancelled (by the tenant). A request takes one answer, ever: the first that arrives in
// time moves it to received in one conditional statement, so a replay, a late answer or a second instance's
// concurrent answer finds it no longer pending (OpenID4VP 1.0 §14.1: the nonce is for one transaction).

export type RequestStatus = 'pending' | 'received' | 'verified' | 'failed' | 'expired' | 'cancelled';

/** How long a wallet has to answer: long enough to scan, consent and present, short enough to bound replay. */
export const REQUEST_LIFETIME_SECONDS = { default: 300, min: 30, max: 3600 } as const;

/** A verification that began and never finished (its instance died) is failed this long after it began. */
export const RECEIVED_TIMEOUT_SECONDS = 120;

export const TERMINAL_STATUSES: readonly RequestStatus[] = ['verified', 'failed', 'expired', 'cancelled'];

export const isTerminal = (status: RequestStatus) => TERMINAL_STATUSES.includes(status);

type Session = { status: RequestStatus; expiresAt: Date };

/** A pending request past its expiry is expired, whether or not the sweep has written so yet. */
export function effectiveStatus(session: Session, now: Date): RequestStatus {
  return session.status === 'pending' && session.expiresAt <= now ? 'expired' : session.status;
}

export type AnswerVerdict =
  | { kind: 'accept' }
  /** It expired without an answer: the late answer is refused, and the request recorded as expired. */
  | { kind: 'expired' }
  /** Answered, cancelled or expired already: refused, the request left as it is. */
  | { kind: 'closed'; reason: string };

/** What becomes of a wallet's answer (or its fetch of the request object) to a request in this state. */
export function answerVerdict(session: Session, now: Date): AnswerVerdict {
  const status = effectiveStatus(session, now);
  if (status === 'pending') return { kind: 'accept' };
  if (status === 'expired') return session.status === 'pending' ? { kind: 'expired' } : closed('expired');
  return closed(status);
}

const CLOSED_REASONS: Record<RequestStatus, string> = {
  pending: 'the request is pending',
  received: 'the request has been answered already',
  verified: 'the request has been answered already',
  failed: 'the request has been answered already',
  expired: 'the request has expired',
  cancelled: 'the request was cancelled',
};

const closed = (status: RequestStatus): AnswerVerdict => ({ kind: 'closed', reason: CLOSED_REASONS[status] });

/** Whether the tenant may cancel it: only while no wallet has answered (a verdict is never withdrawn). */
export function cancelProblem(session: Session, now: Date): string | null {
  const status = effectiveStatus(session, now);
  return status === 'pending' ? null : `the request is ${status}: only a pending one can be cancelled`;
}

/** The instant a request of `expiresIn` seconds (default lifetime when absent) made at `now` expires. */
export function expiryOf(now: Date, expiresIn: number | null | undefined): Date {
  return new Date(now.getTime() + (expiresIn ?? REQUEST_LIFETIME_SECONDS.default) * 1000);
}
