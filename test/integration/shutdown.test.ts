// SIGTERM ends the service whatever its standard output is: a file, a pipe whose reader has exited (EPIPE), or
// a pipe nobody reads (full). Every request sent before the signal gets its whole answer, the process exits 0
// within seconds, and logging never holds up a request or the exit: a full pipe once kept the process alive
// for ever after SIGTERM (pino's flushSync retrying EAGAIN; a thread-pool write() blocked on the pipe).
// A pipe that is read is the common case, covered in process.test.ts. One process per shape, one after the
// other on one seeded DATA_DIR.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, readSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledBuild } from '../support/build-cache.js';
import { seededDataDir, startService, type ChildService } from '../support/child-service.js';
import { get, signalUnderLoad, unanswered, type SignalledService } from '../support/in-flight.js';

let dataDir: string;
const started: ChildService[] = [];
// The compiled build too, when this run has yet to make it (seconds of CPU): waited for under the hook's timeout,
// not the first test's.
beforeAll(async () => {
  [dataDir] = await Promise.all([seededDataDir('shutdown-'), compiledBuild()]);
});
afterAll(async () => {
  for (const service of started.filter((service) => service.process.exitCode === null)) {
    service.process.kill('SIGKILL'); // left running by a test that failed
    await service.exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

/** On the shared DATA_DIR, limits out of the way: these tests send hundreds of requests from one address. */
async function start(stdout?: number) {
  const limits = { BURST: '100000', PER_MINUTE: '100000' };
  const service = await startService(
    {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_BURST: limits.BURST,
      AUTH_RATE_LIMIT_PER_MINUTE: limits.PER_MINUTE,
      PUBLIC_RATE_LIMIT_BURST: limits.BURST,
      PUBLIC_RATE_LIMIT_PER_MINUTE: limits.PER_MINUTE,
    },
    undefined,
    { stdout },
  );
  started.push(service);
  return service;
}

/** Every request sent before the signal answered in full, the process gone with 0 within seconds. */
function expectCleanShutdown({ sentBefore, slowStatuses, exitCode, exitMs }: SignalledService) {
  expect(sentBefore.length).toBeGreaterThan(8);
  expect(unanswered(sentBefore)).toEqual([]);
  expect(slowStatuses).toEqual([200, 200]);
  expect(exitCode).toBe(0);
  expect(exitMs).toBeLessThan(5_000);
}

describe('SIGTERM, whatever standard output is', () => {
  it('a file: every line is written, the last one saying so', async () => {
    const logFile = path.join(dataDir, 'service.log');
    const fd = openSync(logFile, 'w');
    const service = await start(fd);
    closeSync(fd);
    expectCleanShutdown(await signalUnderLoad(service));
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => message === 'request').length).toBeGreaterThan(16);
    expect(messages.at(-1)).toBe('shut down cleanly');
  });

  it('a pipe whose reader has exited: logs are dropped, nothing fails', async () => {
    const service = await start();
    service.process.stdout!.destroy(); // the reader goes: the service's next write meets EPIPE
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${service.url}/v1/auth/me`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(401));
    expectCleanShutdown(await signalUnderLoad(service));
    expect(service.errors()).toBe('');
  });

  it('a pipe nobody reads: requests are answered promptly while it is full, and the exit waits 1 s at most', async () => {
    const fifo = path.join(dataDir, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    // Opened read-write so that open() does not wait for a reader, and blocking, like a shell's pipe; nobody
    // reads it. (The service's libuv stream makes it non-blocking; its thread-pool writes once blocked on it.)
    const fd = openSync(fifo, constants.O_RDWR);
    try {
      const service = await start(fd);
      // 4 KiB paths, each logged: 2 MiB of lines, past the pipe's 64 KiB and the service's 1 MiB of buffer.
      const longPath = `${service.url}/v1/${'x'.repeat(4096)}`;
      const slowest: number[] = [];
      for (let round = 0; round < 64; round++) {
        const answers = await Promise.all(Array.from({ length: 8 }, () => get(longPath)));
        expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(404));
        slowest.push(Math.max(...answers.map((answer) => answer.ms)));
      }
      // A write blocking the event loop would hold every round for ever; 5 s tells that apart from a 2-core
      // machine shared with other work (rounds of ~1 s were seen at load average 10), without timing anything.
      expect(Math.max(...slowest.slice(-32))).toBeLessThan(5_000);
      const shutdown = await signalUnderLoad(service);
      expectCleanShutdown(shutdown);
      expect(shutdown.exitMs).toBeGreaterThan(900); // it did wait for the reader, for the bounded second
      // Full from early on: what is in it stops long before the shutdown's lines.
      const inPipe = readWaiting(fifo);
      expect(inPipe.length).toBeGreaterThan(32 * 1024);
      expect(inPipe).not.toContain('shutting down');
    } finally {
      closeSync(fd);
    }
  });
});

/** Reads a FIFO through a descriptor of its own, non-blocking: what is in the pipe, without waiting for more. */
function readWaiting(fifo: string): string {
  const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const read = readSync(fd, chunk);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
  } finally {
    closeSync(fd);
  }
  return Buffer.concat(chunks).toString();
}
