// The compliance page's rules: a framework's evaluation summed up, a control's state and evidence put into
// words, which controls only the tenant can attest, the settings form read as the API wants it, and the names
// of a report's files.
import type { ControlState } from '../generated/graphql';

export const STATE_LABELS: Record<ControlState, string> = {
  met: 'Met',
  not_met: 'Not met',
  partial: 'Partial',
  attestation: 'Attested',
};

export type Counts = { met: number; notMet: number; partial: number; attestation: number };

export const totalControls = (counts: Counts) => counts.met + counts.notMet + counts.partial + counts.attestation;

/**
 * The framework's overall standing: not met while any control is not met, partial while any is partial, met
 * when every control is met or attested.
 */
export function overallState(counts: Counts): ControlState {
  if (counts.notMet > 0) return 'not_met';
  if (counts.partial > 0) return 'partial';
  return 'met';
}

/** "7 of 12 met or attested · 2 partial · 3 not met". */
export function countsSummary(counts: Counts): string {
  const parts = [`${counts.met + counts.attestation} of ${totalControls(counts)} met or attested`];
  if (counts.partial) parts.push(`${counts.partial} partial`);
  if (counts.notMet) parts.push(`${counts.notMet} not met`);
  return parts.join(' · ');
}

/** A partial control's compliant share as a percentage ("75 %"); rounded down, so 99.6 % is not "100 %". */
export function figureText(figure: number | null): string | null {
  if (figure === null || !Number.isFinite(figure)) return null;
  return `${Math.floor(Math.min(Math.max(figure, 0), 1) * 1000) / 10} %`;
}

/**
 * Whether the tenant records this control itself (a breach procedure, a processor agreement): its evidence
 * names the attestation, or null before there is one (src/modules/compliance/checks/records.checks.ts).
 */
export function isAttestable(control: { evidence: unknown; state: ControlState }): boolean {
  return control.state === 'attestation' || (isRecord(control.evidence) && 'attestation' in control.evidence);
}

/** The evidence as lines of name and value for people: plain values as they are, the rest as compact JSON. */
export function evidenceLines(evidence: unknown): { name: string; value: string }[] {
  if (!isRecord(evidence)) return evidence === null || evidence === undefined ? [] : [{ name: 'evidence', value: JSON.stringify(evidence) }];
  return Object.entries(evidence).map(([name, value]) => ({
    name: name.replaceAll('_', ' '),
    value: value === null ? 'none' : typeof value === 'object' ? JSON.stringify(value) : String(value),
  }));
}

// The service's settings rules (src/modules/compliance/compliance.inputs.ts; web/src tests compare them).
const CLAIM_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;
export const CLAIMS_RULE = 'personal_claims must list claim names (letters, digits, _ . : -, at most 100)';
export const ROTATION_RULE = 'key_rotation_days must be an integer from 30 to 1825';

/** Claim names separated by commas, spaces or new lines, each once. */
export function parsePersonalClaims(text: string): { claims: string[]; problem: string | null } {
  const claims = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  return { claims, problem: claims.every((claim) => CLAIM_NAME.test(claim)) ? null : CLAIMS_RULE };
}

export function parseRotationDays(text: string): { days: number | null; problem: string | null } {
  const days = text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(days) && days >= 30 && days <= 1825 ? { days, problem: null } : { days: null, problem: ROTATION_RULE };
}

/** "gdpr-report-2026-11-24.html": a report's files, by framework and day. */
export function reportFileName(report: { framework: string; createdAt: string }, extension: 'html' | 'jwt' | 'json'): string {
  return `${report.framework}-report-${report.createdAt.slice(0, 10)}.${extension}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
