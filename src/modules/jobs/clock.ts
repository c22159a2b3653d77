// The time the job runner reads for everything it decides: which jobs are due, when a lease runs out, when
// a retry is. Injected so that tests move time forward instead of sleeping.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
