import type { Clock } from '../../src/modules/jobs/clock.js';

/** A clock that moves only when the test says so: time-based behaviour without sleeping. */
export function manualClock(start: Date = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(at: Date) {
      now = at.getTime();
    },
  } satisfies Clock & Record<string, unknown>;
}

export type ManualClock = ReturnType<typeof manualClock>;
