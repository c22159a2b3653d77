const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "86400" (seconds), "90s", "30m", "24h" or "7d" → seconds; anything else → null. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2] || 's']!;
}
