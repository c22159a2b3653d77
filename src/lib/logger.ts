// Structured JSON logs. Secrets never reach them: request bodies and Authorization headers are never
// logged, and the redaction list is a second line of defence for anything passed by mistake.
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

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

/**
 * Standard output, written asynchronously: under load, log lines written while a write is in flight go out
 * together in the next one instead of one blocking write per request. Call `flushSync` before exiting.
 */
export function stdoutDestination() {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'credential-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination ?? pino.destination(1),
  );
}
