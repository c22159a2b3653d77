// The log destination under a reader that stalls or goes away: bounded memory, dropped lines counted and
// reported, an exit that waits a bounded time. (The real standard output shapes: shutdown.test.ts.)
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedDestination } from '../../src/lib/logger.js';

/** A stream whose reader has stopped: writes stay pending until `resume()`. */
function stalledStream() {
  let stalled = true;
  const waiting: (() => void)[] = [];
  const written: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      const done = () => {
        written.push(chunk);
        callback();
      };
      if (stalled) waiting.push(done);
      else done();
    },
  });
  const resume = () => {
    stalled = false;
    waiting.splice(0).forEach((done) => done());
  };
  return { stream, written, resume };
}

const line = (n: number) => `${JSON.stringify({ msg: 'request', n })}\n`;

describe('boundedDestination', () => {
  it('drops lines past its bound, then says how many before the next line', async () => {
    const { stream, written, resume } = stalledStream();
    const destination = boundedDestination(stream, 100);
    for (let n = 0; n < 20; n++) destination.write(line(n));
    expect(stream.writableLength).toBeLessThanOrEqual(100);
    const kept = Math.floor(100 / line(0).length);
    expect(destination.dropped).toBe(20 - kept);

    resume();
    await destination.drain(1_000);
    destination.write(line(20));
    await destination.drain(1_000);
    const lines = written
      .join('')
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(lines.map((entry) => entry.n ?? entry.droppedLines)).toEqual([
      ...Array.from({ length: kept }, (_, n) => n),
      20 - kept,
      20,
    ]);
    expect(lines.at(-2)).toMatchObject({ level: 'warn', service: 'credential-service', droppedLines: 20 - kept });
  });

  it('writes the lines of one event-loop turn in one write, before the next turn', async () => {
    const writes: string[] = [];
    const stream = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, callback) {
        writes.push(chunk);
        callback();
      },
    });
    const destination = boundedDestination(stream);
    for (let n = 0; n < 3; n++) destination.write(line(n));
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([line(0) + line(1) + line(2)]);
    destination.write(line(3));
    await destination.drain(1_000); // drain writes what waits at once
    expect(writes).toEqual([line(0) + line(1) + line(2), line(3)]);
  });

  it('waits a bounded time for a reader that never reads', async () => {
    const { stream } = stalledStream();
    const destination = boundedDestination(stream);
    destination.write(line(0));
    const started = performance.now();
    await destination.drain(100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('drops everything, quietly, once the reader has gone (EPIPE)', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const destination = boundedDestination(stream);
    destination.write(line(0));
    await new Promise((resolve) => setImmediate(resolve)); // the error event
    expect(() => destination.write(line(1))).not.toThrow();
    expect(destination.dropped).toBe(1);
    const started = performance.now();
    await destination.drain(1_000);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
