// The rules of the API keys page: which scopes a key may get, when it expires, and what state it is in.
import { grantable } from './roles.rules';

export type ScopeMode = 'role' | 'scoped';

/**
 * The `scopes` of createApiKey: null for a key that acts with its creator's role (unscoped), else the chosen
 * permissions the creator holds (the service refuses any other). An empty choice is a problem, not a key
 * with no permissions.
 */
export function scopesToSend(
  mode: ScopeMode,
  chosen: Iterable<string>,
  held: readonly string[],
): { scopes: string[] | null } | { problem: string } {
  if (mode === 'role') return { scopes: null };
  const scopes = grantable(chosen, held);
  return scopes.length ? { scopes } : { problem: 'Choose at least one scope, or let the key act with your role.' };
}

export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: 'date', label: 'On a date…' },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The `expiresAt` of createApiKey: null for never; a number of days from `now`; or the end of a chosen date
 * (YYYY-MM-DD, 23:59:59.999 in the browser's time zone), which must be in the future.
 */
export function expiresAt(
  choice: ExpiryChoice,
  date: string,
  now: Date,
): { expiresAt: string | null } | { problem: string } {
  if (choice === 'never') return { expiresAt: null };
  if (choice !== 'date') return { expiresAt: new Date(now.getTime() + Number(choice) * DAY_MS).toISOString() };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return { problem: 'Choose the day the key expires.' };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime())
    return { problem: 'The expiry must be in the future.' };
  return { expiresAt: end.toISOString() };
}

export type KeyState = 'active' | 'expired' | 'revoked';

export function keyState(key: { revokedAt: string | null; expiresAt: string | null }, now: Date): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** A key's scopes in a table cell: an unscoped key has its creator's role. */
export function scopesText(scopes: readonly string[] | null): string {
  return scopes === null ? 'all of its creator’s role' : scopes.join(', ');
}
