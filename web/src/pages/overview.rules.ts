// Formatting for the overview: an event's payload in a line, months and times for people.

/** A few of the payload's plain values (`did: did:key:z6Mk…`), enough to tell one event from another. */
export function eventSummary(data: unknown, most = 3): string {
  if (!data || typeof data !== 'object') return '';
  return Object.entries(data as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    .slice(0, most)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** "2026-11" → "November 2026" (the service's month is the UTC calendar month). */
export function monthName(month: string, locale?: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function formatTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
