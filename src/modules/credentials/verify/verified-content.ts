// Helpers for the formats' VerifiedContent (verify.types.ts): the same times, types and pointers whichever
// format a credential came in.

/** A NumericDate (RFC 7519 §2) as an instant; null when absent, not a number or beyond what a Date holds. */
export function instantOf(seconds: unknown): Date | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An RFC 3339 date-time (VCDM 1.1 dates) as an instant; null when absent or unreadable. */
export function instantOfDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One reference token of an RFC 6901 JSON Pointer: "~" and "/" escaped (§3), "~" first. */
export const pointerToken = (key: string | number) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/** The first reference token of a pointer, unescaped: the top-level claim it lies under. */
export function topLevelOf(pointer: string): string {
  const token = pointer.split('/')[1] ?? '';
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}
