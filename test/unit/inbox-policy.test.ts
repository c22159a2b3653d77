// The inbound DIDComm bound: a rolling hour per recipient DID, and when a refused sender may try again.
import { describe, expect, it } from 'vitest';
import { INBOX_WINDOW_MS, inboxVerdict } from '../../src/modules/didcomm/inbox.policy.js';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('inboxVerdict', () => {
  it('takes messages while fewer than the bound arrived in the last hour', () => {
    expect(inboxVerdict(3, { count: 0, oldest: null }, now)).toEqual({ ok: true });
    expect(inboxVerdict(3, { count: 2, oldest: ago(10_000) }, now)).toEqual({ ok: true });
  });

  it('refuses at the bound until the oldest of them leaves the window', () => {
    expect(inboxVerdict(3, { count: 3, oldest: ago(10_000) }, now)).toEqual({
      ok: false,
      retryAfterSeconds: (INBOX_WINDOW_MS - 10_000) / 1000,
    });
    // a fraction of a second rounds up, and it is never less than a second
    expect(inboxVerdict(3, { count: 3, oldest: ago(INBOX_WINDOW_MS - 1_500) }, now)).toEqual({
      ok: false,
      retryAfterSeconds: 2,
    });
    expect(inboxVerdict(3, { count: 4, oldest: ago(INBOX_WINDOW_MS) }, now)).toEqual({
      ok: false,
      retryAfterSeconds: 1,
    });
  });
});
