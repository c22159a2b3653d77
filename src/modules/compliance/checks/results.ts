// Building check results: the verdict, its figures, and at most a page of the objects it rests on.
import type { CheckResult } from './check.types.js';

/** Evidence lists name at most this many objects; the count beside them is exact. */
export const EVIDENCE_LIST_LIMIT = 20;

export const DAY_MS = 24 * 60 * 60 * 1000;

export function met(summary: string, evidence: Record<string, unknown>): CheckResult {
  return { state: 'met', figure: null, summary, evidence, remediation: null };
}

export function notMet(summary: string, evidence: Record<string, unknown>, remediation: string): CheckResult {
  return { state: 'not_met', figure: null, summary, evidence, remediation };
}

/** `compliant` of `total`: met when all are, not met when none is, partial with the share otherwise. */
export function share(
  compliant: number,
  total: number,
  text: { summary: string; remediation: string },
  evidence: Record<string, unknown>,
): CheckResult {
  if (compliant >= total) return met(text.summary, evidence);
  if (compliant === 0) return notMet(text.summary, evidence, text.remediation);
  const figure = Math.floor((compliant / total) * 10_000) / 10_000;
  return { state: 'partial', figure, summary: text.summary, evidence, remediation: text.remediation };
}

export const firstPage = <T>(items: readonly T[]) => items.slice(0, EVIDENCE_LIST_LIMIT);

export const ageInDays = (since: Date, now: Date) => Math.floor((now.getTime() - since.getTime()) / DAY_MS);

export function numberParam(params: Record<string, unknown>, name: string, fallback: number): number {
  const value = params[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function listParam(params: Record<string, unknown>, name: string, fallback: readonly string[]): string[] {
  const value = params[name];
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : [...fallback];
}
