import { describe, expect, it, vi } from 'vitest';
import { createPrincipalCache } from '../../src/auth/principal-cache.js';
import type { Principal } from '../../src/auth/principal.js';

const principal = (tenantId: string): Principal => ({
  kind: 'session',
  sessionId: 's',
  userId: 'u',
  tenantId,
  plan: 'developer',
  compliance: { adopted: [], personalClaims: [], keyRotationDays: 365 },
  trustPolicy: null,
  role: { id: 'r', name: 'owner' },
  permissions: new Set(['members:list']),
});

describe('the principal cache', () => {
  it('serves an entry until its TTL, and never past the credential’s own expiry', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const cache = createPrincipalCache(2_000);
      cache.set('a', principal('t1'), null);
      cache.set('b', principal('t1'), 1_000_000 + 500); // the session ends in 0.5 s
      vi.advanceTimersByTime(499);
      expect(cache.get('a')).toBeDefined();
      expect(cache.get('b')).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(cache.get('b')).toBeUndefined();
      vi.advanceTimersByTime(1_500);
      expect(cache.get('a')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops every entry of a tenant whose access changed, and only those', () => {
    const cache = createPrincipalCache();
    cache.set('a', principal('t1'), null);
    cache.set('b', principal('t1'), null);
    cache.set('c', principal('t2'), null);
    cache.invalidateTenant('t1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});
