// Session tokens: 256 bits from the CSPRNG behind a recognisable prefix. Only the SHA-256 is stored. The
// format lives beside authenticate.ts, which recognises it; the auth module mints tokens with it.
import { randomToken, sha256 } from '../lib/crypto.js';

export const SESSION_TOKEN_PREFIX = 'bss_';

export function newSessionToken(): { token: string; tokenHash: Uint8Array<ArrayBuffer> } {
  const token = randomToken(SESSION_TOKEN_PREFIX, 32);
  return { token, tokenHash: sha256(token) };
}

/** Pure verdict on a session's lifetime (conventions §6: security decisions are pure functions). */
export function isSessionExpired(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() <= now.getTime();
}
