// The slot → index permutation of a status list (src/modules/status-lists/index-permutation.ts): a bijection,
// so no two slots share an index, and keyed, so indexes do not follow issue order (REC v1.0 §6.5).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { permutationOf, permuteIndex } from '../../src/modules/status-lists/index-permutation.js';
import { STATUS_LIST_SIZE } from '../../src/modules/status-lists/status-list.codec.js';

const KEY = Buffer.alloc(32, 7);

describe('permuteIndex', () => {
  it.each([1, 2, 3, 7, 64, 1000, 4096, 4097])('is a permutation of [0, %i)', (size) => {
    const indexes = Array.from({ length: size }, (_, slot) => permuteIndex(KEY, size, slot));
    expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i));
  });

  it('stays inside a full-size list and never repeats among its first 20,000 slots', () => {
    const seen = new Set<number>();
    for (let slot = 0; slot < 20_000; slot++) {
      const index = permuteIndex(KEY, STATUS_LIST_SIZE, slot);
      expect(index >= 0 && index < STATUS_LIST_SIZE && Number.isInteger(index)).toBe(true);
      seen.add(index);
    }
    expect(seen.size).toBe(20_000);
  });

  it('is deterministic for a key, different between keys, and does not keep issue order', () => {
    const first = (key: Uint8Array) =>
      Array.from({ length: 40 }, (_, slot) => permuteIndex(key, STATUS_LIST_SIZE, slot));
    expect(first(KEY)).toEqual(first(Buffer.from(KEY)));
    expect(first(randomBytes(32))).not.toEqual(first(KEY));
    const indexes = first(randomBytes(32));
    expect(indexes).not.toEqual([...indexes].sort((a, b) => a - b));
    // Spread over the list, not bunched at its start: 40 draws all under 1/8 of it would be (1/8)^40.
    expect(Math.max(...indexes)).toBeGreaterThan(STATUS_LIST_SIZE / 8);
  });

  it('gives the indexes it always gave: lists already in the database keep their mapping', () => {
    // Computed by the first implementation (an HMAC per round, nothing kept); the round tables must not move them.
    const slots = [0, 1, 2, 3, 63, 64, 1000, 131_071];
    expect(slots.map((slot) => permuteIndex(KEY, STATUS_LIST_SIZE, slot))).toEqual([
      104907, 81508, 103395, 124474, 104048, 124601, 14771, 58147,
    ]);
    expect([0, 1, 2, 999].map((slot) => permuteIndex(KEY, 1000, slot))).toEqual([963, 819, 910, 719]);
    // Past the tabled sizes, the rounds are computed each time: still a permutation of the list.
    const large = permutationOf(KEY, 2 ** 22 + 3);
    const indexes = new Set(Array.from({ length: 2_000 }, (_, slot) => large(slot)));
    expect(indexes.size).toBe(2_000);
    expect([...indexes].every((index) => index < 2 ** 22 + 3)).toBe(true);
  });

  it('refuses slots outside the list and short keys', () => {
    expect(() => permuteIndex(KEY, 64, 64)).toThrow(RangeError);
    expect(() => permuteIndex(KEY, 64, -1)).toThrow(RangeError);
    expect(() => permuteIndex(KEY, 64, 1.5)).toThrow(RangeError);
    expect(() => permuteIndex(Buffer.alloc(8), 64, 0)).toThrow(RangeError);
  });
});
