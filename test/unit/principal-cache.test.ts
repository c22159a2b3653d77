import { describe, expect, it, vi } from 'vitest';
import { createPrincipalCache, type Found } from '../../src/auth/principal-cache.js';
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

/** A lookup that answers when the test says, counting how often it was started. */
function heldLookups() {
  const started: { answer: (found: Found | null) => void; fail: (error: Error) => void }[] = [];
  const lookup = () =>
    new Promise<Found | null>((answer, fail) => {
      started.push({ answer, fail });
    });
  return { started, lookup };
}

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

  it('looks a missed token up once however many requests ask for it meanwhile, then serves it from memory', async () => {
    const cache = createPrincipalCache();
    const { started, lookup } = heldLookups();
    const asked = [cache.load('a', lookup), cache.load('a', lookup), cache.load('a', lookup)];
    expect(started).toHaveLength(1);
    started[0]!.answer({ principal: principal('t1'), expiresAt: null });
    const answers = await Promise.all(asked);
    expect(answers.map((answer) => answer?.tenantId)).toEqual(['t1', 't1', 't1']);
    expect(await cache.load('a', lookup)).toBe(answers[0]);
    expect(started).toHaveLength(1);
  });

  it('neither caches nor lets anyone join a lookup that was under way when access changed', async () => {
    const cache = createPrincipalCache();
    const { started, lookup } = heldLookups();
    const before = cache.load('a', lookup);
    cache.invalidateTenant('t1'); // say, the role was changed and committed while the lookup read the old one
    const after = cache.load('a', lookup);
    expect(started).toHaveLength(2);
    const stale = { ...principal('t1'), role: { id: 'r', name: 'admin' } };
    started[0]!.answer({ principal: stale, expiresAt: null });
    expect(await before).toBe(stale); // its own request asked before the change
    expect(cache.get('a')).toBeUndefined();
    started[1]!.answer({ principal: principal('t1'), expiresAt: null });
    expect((await after)?.role.name).toBe('owner');
    expect(cache.get('a')?.role.name).toBe('owner');
  });

  it('shares an unknown token’s answer and a failure with those waiting, and remembers neither', async () => {
    const cache = createPrincipalCache();
    const { started, lookup } = heldLookups();
    const unknown = [cache.load('x', lookup), cache.load('x', lookup)];
    started[0]!.answer(null);
    expect(await Promise.all(unknown)).toEqual([null, null]);
    const failing = [cache.load('x', lookup), cache.load('x', lookup)];
    expect(started).toHaveLength(2);
    started[1]!.fail(new Error('database unavailable'));
    for (const answer of failing) await expect(answer).rejects.toThrow('database unavailable');
    void cache.load('x', lookup);
    expect(started).toHaveLength(3);
  });
});
