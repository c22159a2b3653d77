// The overview's variables, shared by the page and the first load's early request (early-requests.ts): the same
// variables make the same request, so the early answer is the one the page takes. A module of its own, without
// the operation files' text, so the page registry can be read outside the bundler (scripts/dashboard-screenshots.ts).

export const RECENT_EVENTS = 10;

/** The overview's variables, for a member holding `granted` (the events need events:read). */
export const overviewVariables = (granted: readonly string[]) => ({
  canSeeEvents: granted.includes('events:read'),
  eventLimit: RECENT_EVENTS,
});
