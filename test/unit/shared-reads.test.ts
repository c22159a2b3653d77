// sharedReads (src/lib/shared-reads.ts): requests asking for a key together share a read, and none is served a
// read that started before it asked.
import { describe, expect, it } from 'vitest';
import { sharedReads } from '../../src/lib/shared-reads.js';

/** A read whose answers the test releases by hand; each answer says which read (1, 2, …) of its key it was. */
function manualReads() {
  const started: { key: string; number: number; answer: (ok: boolean) => void }[] = [];
  const counts = new Map<string, number>();
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const number = (counts.get(key) ?? 0) + 1;
      counts.set(key, number);
      started.push({
        key,
        number,
        answer: (ok) => (ok ? resolve(`${key}#${number}`) : reject(new Error(`${key}#${number} failed`))),
      });
    });
  return { read, started };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReads', () => {
  it('reads at once when nothing is in flight, and again for the next request once it is back', async () => {
    const { read, started } = manualReads();
    const get = sharedReads(read);
    const first = get('a');
    expect(started).toHaveLength(1);
    started[0]!.answer(true);
    expect(await first).toBe('a#1');
    const second = get('a');
    expect(started).toHaveLength(2);
    started[1]!.answer(true);
    expect(await second).toBe('a#2');
  });

  it('has those who ask during a read share the next one, started only after that read is back', async () => {
    const { read, started } = manualReads();
    const get = sharedReads(read);
    const early = get('a');
    const late = [get('a'), get('a'), get('a')];
    await flush();
    expect(started).toHaveLength(1); // the late ones do not join the read that began before they asked
    started[0]!.answer(true);
    expect(await early).toBe('a#1');
    await flush();
    expect(started).toHaveLength(2);
    started[1]!.answer(true);
    expect(await Promise.all(late)).toEqual(['a#2', 'a#2', 'a#2']);
  });

  it('keeps keys apart', async () => {
    const { read, started } = manualReads();
    const get = sharedReads(read);
    const a = get('a');
    const b = get('b');
    expect(started.map((entry) => entry.key)).toEqual(['a', 'b']);
    started[1]!.answer(true);
    started[0]!.answer(true);
    expect([await a, await b]).toEqual(['a#1', 'b#1']);
  });

  it('gives a failed read to those who shared it, and the next request reads anew', async () => {
    const { read, started } = manualReads();
    const get = sharedReads(read);
    const first = get('a');
    const shared = [get('a'), get('a')];
    started[0]!.answer(false);
    await expect(first).rejects.toThrow('a#1 failed');
    await flush();
    started[1]!.answer(false);
    for (const request of shared) await expect(request).rejects.toThrow('a#2 failed');
    const after = get('a');
    expect(started).toHaveLength(3);
    started[2]!.answer(true);
    expect(await after).toBe('a#3');
  });
});
