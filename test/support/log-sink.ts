import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/lib/logger.js';

/** A logger whose JSON lines land in `lines`, for asserting on what was (and was not) logged. */
export function capturingLogger(lines: string[], level = 'debug'): Logger {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return createLogger(level, sink);
}
