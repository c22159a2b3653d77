// The validity period from JWT time claims (RFC 7519 §4.1.4–4.1.6) and, for VC-JWT 1.1, the
// credential's own issuanceDate/expirationDate (VC Data Model 1.1 §4.6, §4.7).
import { failed, passed } from './checks.js';
import type { Check } from './verify.types.js';

export type TimeClaims = { iat?: unknown; nbf?: unknown; exp?: unknown };
export type VcDates = { issuanceDate?: unknown; expirationDate?: unknown };

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** NumericDate (RFC 7519 §2): seconds since the epoch, possibly fractional. */
function numericDate(value: unknown, name: string, problems: string[]): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  problems.push(`${name} is not a NumericDate`);
  return undefined;
}

function dateTime(value: unknown, name: string, problems: string[]): number | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) {
    problems.push(`${name} is not a date-time`);
    return undefined;
  }
  return ms / 1000;
}

export function checkValidityPeriod(claims: TimeClaims, vcDates: VcDates, now: number, tolerance: number): Check {
  const problems: string[] = [];
  const iat = numericDate(claims.iat, 'iat', problems);
  const nbf = numericDate(claims.nbf, 'nbf', problems);
  const exp = numericDate(claims.exp, 'exp', problems);
  const issuanceDate = dateTime(vcDates.issuanceDate, 'vc.issuanceDate', problems);
  const expirationDate = dateTime(vcDates.expirationDate, 'vc.expirationDate', problems);

  for (const [name, start] of Object.entries({ nbf, 'vc.issuanceDate': issuanceDate })) {
    if (start !== undefined && start > now + tolerance) problems.push(`not valid before ${iso(start)} (${name})`);
  }
  // RFC 7519 §4.1.6 does not forbid a future iat, but a credential issued in the future is a forgery or
  // a broken clock either way.
  if (iat !== undefined && iat > now + tolerance) problems.push(`issued in the future at ${iso(iat)} (iat)`);
  // exp is the time "on or after which" the JWT MUST NOT be accepted (RFC 7519 §4.1.4).
  for (const [name, end] of Object.entries({ exp, 'vc.expirationDate': expirationDate })) {
    if (end !== undefined && end <= now - tolerance) problems.push(`expired at ${iso(end)} (${name})`);
  }
  if (problems.length > 0) return failed('validity_period', problems.join('; '));

  const defined = (times: (number | undefined)[]) => times.filter((t): t is number => t !== undefined);
  const starts = defined([nbf, issuanceDate]);
  const ends = defined([exp, expirationDate]);
  const from = starts.length ? Math.max(...starts) : iat;
  const stated = [from !== undefined && `from ${iso(from)}`, ends.length && `until ${iso(Math.min(...ends))}`];
  const period = stated.filter(Boolean).join(' ');
  return passed('validity_period', period ? `valid ${period}` : 'no validity period stated');
}
