// Structured JSON logs. Secrets never reach them: request bodies and Authorization headers are never
// logged, and the redaction list is a second line of defence for anything passed by mistake.
import { createWriteStream, fstatSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const SERVICE = 'credential-service';

const REDACTED_PATHS = [
  'password',
  '*.password',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
];

/** Log bytes waiting for a slow reader before new lines are dropped: bursts fit, a stalled reader costs 1 MiB. */
export const MAX_PENDING_LOG_BYTES = 1024 * 1024;

/** Where log lines go: drops what cannot be written instead of ever blocking or growing without bound. */
export type LogDestination = DestinationStream & {
  /** Lines dropped so far: the reader was not keeping up, had gone (EPIPE), or the stream failed. */
  readonly dropped: number;
  /**
   * Resolves once buffered lines are written or after `timeoutMs`, whichever comes first; never rejects.
   * (Not named `flush`: pino's logger.flush(cb) would call it with a callback.)
   */
  drain(timeoutMs: number): Promise<void>;
};

let stdout: LogDestination | undefined;

/**
 * Standard output, whatever it is, without ever stalling the service or its exit:
 * - a regular file: an fs stream, written asynchronously and batched (a write to a file always completes);
 * - anything else (a pipe, a socket, a terminal): `process.stdout`, a libuv stream that puts the descriptor
 *   in non-blocking mode and writes from the event loop.
 * Not pino.destination() (sonic-boom): its asynchronous writes run in libuv's thread pool, where write() on a
 * full pipe with a blocking descriptor never returns, and process.exit() then waits for that thread for
 * ever; with a non-blocking descriptor, its flushSync() (called by pino's own 'exit' hook too) retries
 * EAGAIN for ever.
 */
export function stdoutDestination(): LogDestination {
  stdout ??= boundedDestination(
    fstatSync(1).isFile() ? createWriteStream('/dev/stdout', { fd: 1, autoClose: false }) : process.stdout,
  );
  return stdout;
}

/** Destinations holding lines of the current event-loop turn: written out on the way out, whatever the exit. */
const unflushed = new Set<() => void>();
process.once('exit', () => unflushed.forEach((flush) => flush()));

/**
 * Writes lines to `stream` while less than `maxPendingBytes` wait to be written, and drops them past that,
 * so that a reader that stops reading costs bounded memory and never a request's time. The next line
 * written after drops is preceded by one saying how many were lost.
 *
 * The lines of one event-loop turn go out in one write: standard output on a pipe is written synchronously,
 * one system call per write, and under load a turn ends several requests, each logging a line.
 */
export function boundedDestination(stream: Writable, maxPendingBytes = MAX_PENDING_LOG_BYTES): LogDestination {
  let broken = false;
  let dropped = 0;
  let unreported = 0;
  let batch = '';
  // EPIPE (the reader has exited) or a failed file write: drop from now on rather than crash on 'error'.
  stream.on('error', () => {
    broken = true;
  });
  const flush = () => {
    unflushed.delete(flush);
    if (batch === '') return;
    const lines = batch;
    batch = '';
    if (!broken) stream.write(lines);
  };
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      // (A line is never too long for an empty buffer: a huge one is still written, once nothing waits.)
      const waiting = stream.writableLength + batch.length;
      if (broken || (waiting > 0 && waiting + line.length > maxPendingBytes)) {
        dropped += 1;
        unreported += 1;
        return;
      }
      if (unreported > 0) {
        batch += droppedNotice(unreported);
        unreported = 0;
      }
      if (batch === '') {
        unflushed.add(flush);
        setImmediate(flush);
      }
      batch += line;
    },
    async drain(timeoutMs: number) {
      flush();
      const deadline = performance.now() + timeoutMs;
      while (!broken && stream.writableLength > 0 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

/** In the logger's format (createLogger below), written by hand: the destination sits below pino. */
function droppedNotice(count: number): string {
  const line = {
    level: 'warn',
    time: new Date().toISOString(),
    service: SERVICE,
    droppedLines: count,
    msg: `${count} log lines dropped: standard output was not being read fast enough`,
  };
  return `${JSON.stringify(line)}\n`;
}

export function createLogger(level: string, destination: DestinationStream = stdoutDestination()): Logger {
  return pino(
    {
      level,
      base: { service: SERVICE },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}
