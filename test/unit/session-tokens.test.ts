import { describe, expect, it } from 'vitest';
import { isSessionExpired, newSessionToken } from '../../src/auth/session-tokens.js';
import { bearerToken } from '../../src/auth/authenticate.js';
import { constantTimeEqual } from '../../src/lib/crypto.js';

describe('session tokens', () => {
  it('are distinct, carry 256 random bits and come with their SHA-256', async () => {
    const { createHash } = await import('node:crypto');
    const tokens = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const { token, tokenHash } = newSessionToken();
      tokens.add(token);
      expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
      expect(Buffer.from(tokenHash).equals(createHash('sha256').update(token).digest())).toBe(true);
    }
    expect(tokens.size).toBe(1000);
  });

  it('expire at their expiry instant, not after', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isSessionExpired(new Date('2026-01-01T00:00:01Z'), now)).toBe(false);
    expect(isSessionExpired(now, now)).toBe(true);
    expect(isSessionExpired(new Date('2025-12-31T23:59:59Z'), now)).toBe(true);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER  abc ', 'abc'],
    ['Bearer', null],
    ['Bearer a b', null],
    ['Basic abc', null],
    ['abc', null],
    ['', null],
  ])('%j → %j', (header, token) => expect(bearerToken(header)).toBe(token));
});

describe('constantTimeEqual', () => {
  it('compares contents and lengths', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
  });
});
