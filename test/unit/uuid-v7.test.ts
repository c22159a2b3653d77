import { describe, expect, it } from 'vitest';
import { uuidV7 } from '../../src/lib/crypto.js';

// RFC 9562 §5.7: 48 bits of Unix milliseconds, version 7, 12 random bits, variant 10, 62 random bits.
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondsOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('uuidV7', () => {
  it('is a version 7, variant 10 UUID carrying the time in milliseconds', () => {
    const before = Date.now();
    const id = uuidV7();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisecondsOf(id)).toBeLessThanOrEqual(after);
    // RFC 9562's own example (Appendix A.6): 2022-02-22T19:22:22Z is 017F22E279B0.
    expect(uuidV7(Date.parse('2022-02-22T19:22:22.000Z')).slice(0, 13)).toBe('017f22e2-79b0');
  });

  it('sorts by time as text (what a B-tree of uuid compares), and is random within a millisecond', () => {
    const ids = [0, 1, 255, 256, 65_536, Date.now(), 2 ** 47, 2 ** 48 - 1].map((ms) => uuidV7(ms));
    expect([...ids].sort()).toEqual(ids);
    const sameMillisecond = new Set(Array.from({ length: 1_000 }, () => uuidV7(1_800_000_000_000)));
    expect(sameMillisecond.size).toBe(1_000);
    for (const id of sameMillisecond) expect(id).toMatch(UUID_V7);
  });
});
