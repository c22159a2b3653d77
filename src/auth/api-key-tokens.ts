// API keys: `bsk_live_` + 48 lowercase hex (192 bits from the CSPRNG), spec §2 and §8. Only the SHA-256 is
// stored, beside a short visible prefix that lets a list tell keys apart without revealing them. The format
// lives beside authenticate.ts, which recognises it; the api-keys module mints keys with it.
import { randomBytes } from 'node:crypto';
import { sha256 } from '../lib/crypto.js';

export const API_KEY_PREFIX = 'bsk_live_';
export const API_KEY_PATTERN = /^bsk_live_[0-9a-f]{48}$/;
const VISIBLE_HEX = 6;

export function newApiKey(): { key: string; keyHash: Uint8Array<ArrayBuffer>; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(24).toString('hex');
  return { key, keyHash: sha256(key), prefix: visiblePrefix(key) };
}

export function visiblePrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + VISIBLE_HEX);
}

/** Pure verdict on whether a key may still be used (conventions §6). */
export function isApiKeyUsable(key: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): boolean {
  if (key.revokedAt) return false;
  return !key.expiresAt || key.expiresAt.getTime() > now.getTime();
}

/** last_used_at is written at most once a minute per key, so a busy key does not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export function lastUseIsStale(lastUsedAt: Date | null, now = new Date()): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}
