// Rules both OpenID pages share: the QR code the service draws, taken apart into shapes the page draws itself
// (never its markup as HTML), and how often a page asks again while it follows an offer or a request live.

/** One shape of the service's QR code: a path of moves and lines, filled or stroked in a plain colour. */
export type QrShape = { d: string; fill?: string; stroke?: string };
export type QrDrawing = { viewBox: string; shapes: QrShape[] };

const VIEW_BOX = /^\d{1,4} \d{1,4} \d{1,4} \d{1,4}$/;
// The path commands the QR library writes (moves, horizontal, vertical and straight lines, close) and numbers.
const PATH_DATA = /^[MmHhVvLlZz0-9.\s-]{1,200000}$/;
const COLOUR = /^#[0-9a-fA-F]{3,8}$/;

/**
 * The SVG text of a QR code (src/lib/qr-code.ts: an svg element with a viewBox and path elements, each with a
 * fill or stroke colour), as shapes to draw; null when it holds anything else. Only values that match these
 * patterns are kept, so whatever the text holds, nothing of it runs or is parsed as markup by the page. The page
 * draws the shapes as SVG elements of its own: an <img> with a data: URL would break the app's CSP (img-src 'self').
 */
export function qrDrawingOf(svg: string): QrDrawing | null {
  const root = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg);
  if (!root) return null;
  const viewBox = attribute(root[1]!, 'viewBox');
  if (!viewBox || !VIEW_BOX.test(viewBox)) return null;
  const shapes: QrShape[] = [];
  const body = root[2]!.trim();
  const element = /<path\b([^<>]*?)\/>/g;
  let consumed = 0;
  for (let match = element.exec(body); match; match = element.exec(body)) {
    if (body.slice(consumed, match.index).trim() !== '') return null;
    consumed = match.index + match[0].length;
    const d = attribute(match[1]!, 'd');
    const fill = attribute(match[1]!, 'fill');
    const stroke = attribute(match[1]!, 'stroke');
    if (!d || !PATH_DATA.test(d)) return null;
    if ((fill && !COLOUR.test(fill)) || (stroke && !COLOUR.test(stroke))) return null;
    shapes.push({ d, ...(fill && { fill }), ...(stroke && { stroke }) });
  }
  if (body.slice(consumed).trim() !== '' || shapes.length === 0) return null;
  return { viewBox, shapes };
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes);
  return match ? match[1]! : null;
}

/** The service's last word on the tenant's request budget (api/rate-limit.ts), when it gave one. */
export type Budget = { limit: number; remaining: number } | null;

/** Asked again this soon at first: a wallet usually answers within seconds of scanning. */
export const POLL_FIRST_MS = 2_000;
export const POLL_LATER_MS = 5_000;
export const POLL_SLOW_MS = 15_000;

/**
 * How long a page following an offer or a request waits before asking the service again, `elapsedMs` after it
 * began following. Every answer spends a token of the tenant's bucket (the Developer plan refills ten a minute),
 * so the page asks every 2 s for the first 30 s, every 5 s to five minutes, then every 15 s; and slower when the
 * bucket runs low, so following one page never starves the others: under half left, no faster than the
 * Developer plan's refill (6 s), under a quarter, every 15 s.
 */
export function pollDelay(elapsedMs: number, budget: Budget): number {
  const byAge = elapsedMs < 30_000 ? POLL_FIRST_MS : elapsedMs < 300_000 ? POLL_LATER_MS : POLL_SLOW_MS;
  if (!budget || budget.limit <= 0) return byAge;
  const share = budget.remaining / budget.limit;
  if (share < 0.25) return Math.max(byAge, POLL_SLOW_MS);
  if (share < 0.5) return Math.max(byAge, 6_000);
  return byAge;
}

/** Seconds as people read a lifetime: "90 s", "10 min", "2 h", "1 d 2 h". */
export function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86400) return `${Math.round(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86400);
  const hours = Math.round((seconds % 86400) / 3600);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

/** A whole number of seconds typed in a field, within bounds; blank is `null` (the service's default). */
export function secondsOf(
  text: string,
  bounds: { min: number; max: number },
  field: string,
): { ok: true; value: number | null } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < bounds.min || value > bounds.max) {
    return { ok: false, problem: `${field} must be a whole number of seconds from ${bounds.min} to ${bounds.max}.` };
  }
  return { ok: true, value };
}
