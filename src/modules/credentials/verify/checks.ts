import type { Check, CheckName, VerificationResult, VerifiedContent } from './verify.types.js';

export const passed = (name: CheckName, detail?: string): Check =>
  detail === undefined ? { name, status: 'passed' } : { name, status: 'passed', detail };
export const failed = (name: CheckName, detail: string): Check => ({ name, status: 'failed', detail });
export const skipped = (name: CheckName, detail: string): Check => ({ name, status: 'skipped', detail });

export const anyFailed = (checks: Check[]) => checks.some((check) => check.status === 'failed');

/** Default allowance for clock skew between issuer, holder and us. */
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;

export const nowSeconds = (now: Date | undefined) => Math.floor((now ?? new Date()).getTime() / 1000);

export function verdict(
  format: VerificationResult['format'],
  issuer: string | null,
  subject: string | null,
  content: VerifiedContent | undefined,
  checks: Check[],
): VerificationResult {
  const verified = !anyFailed(checks);
  return { verified, format, issuer, subject, checks, ...content };
}
