// Pure helpers for what a delivery keeps of the receiver's answer.

/** Retry-After is honoured up to a day; a longer wait is the receiver's mistake, not a schedule. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Seconds to wait from a Retry-After value (RFC 9110 §10.2.3: delta-seconds or an HTTP-date), capped at a
 * day; a date in the past is 0; anything else is null (no advice: the normal backoff applies).
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_RETRY_AFTER_SECONDS);
  // Every HTTP-date form starts with a day name; Date.parse alone would read "7.5" as a date in 2001.
  if (!/^[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, Math.ceil((at - nowMs) / 1000)), MAX_RETRY_AFTER_SECONDS);
}

/**
 * At most `maxBytes` of UTF-8 text from the start of a response body: a character cut by the limit is
 * dropped rather than turned into a replacement character, and NUL (which PostgreSQL text refuses) and
 * invalid bytes become U+FFFD, still within the limit.
 */
export function utf8Excerpt(body: Buffer, maxBytes: number): string {
  let end = Math.min(body.length, maxBytes);
  // A continuation byte (10xxxxxx) just past the cut means the cut is inside a character: back up to its
  // first byte (a character is at most 4 bytes).
  for (let back = 0; back < 3 && end > 0 && end < body.length && (body[end]! & 0xc0) === 0x80; back++) end--;
  const text = body.toString('utf8', 0, end).replaceAll('\u0000', '\uFFFD');
  if (Buffer.byteLength(text) <= maxBytes) return text;
  // Only bodies that are not UTF-8 get here (each bad byte grew to three): drop whole code points.
  const points = Array.from(text);
  let bytes = Buffer.byteLength(text);
  while (bytes > maxBytes) bytes -= Buffer.byteLength(points.pop()!);
  return points.join('');
}
