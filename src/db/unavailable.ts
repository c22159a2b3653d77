// A database that cannot be reached is an outage, not a bug: the client gets 503 with Retry-After (RFC 9110
// §15.6.4) and may retry, instead of a 500. Recognised from Prisma's codes, the driver adapter's error kinds
// and node-postgres's own errors (the hot paths that bypass Prisma).
import { AppError, badRequest } from '../lib/errors.js';
import { NUL_MESSAGE } from '../lib/json-guards.js';
import { MESSAGES } from '../lib/messages.js';
import { isTransactionConflict, transactionConflictError } from './transactions.js';

/** Seconds a client should wait before retrying: PostgreSQL restarts and fail-overs take about this long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// P1001 can't reach, P1002 timed out reaching, P1008 operation timed out, P1017 server closed the
// connection, P2024 timed out waiting for a pool connection.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
// @prisma/driver-adapter-utils error kinds that mean "no usable connection".
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now), 53300 (too many
// connections).
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const NODE_POSTGRES_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** The fields of an error (or one of its causes) that say what the database or driver reported. */
type ErrorFacts = {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  cause?: unknown;
  originalError?: unknown;
};

/** An error and its causes (GraphQL's originalError, Error.cause, a driver adapter's cause), outermost first. */
function* causes(error: unknown): Generator<ErrorFacts> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const facts = current as ErrorFacts;
    yield facts;
    if (facts.meta?.driverAdapterError?.cause) yield facts.meta.driverAdapterError.cause as ErrorFacts;
    current = facts.originalError ?? facts.cause;
  }
}

const messageOf = (facts: ErrorFacts) => (typeof facts.message === 'string' ? facts.message : '');

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const facts of causes(error)) {
    const code = typeof facts.code === 'string' ? facts.code : '';
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code)) return true;
    if (ADAPTER_KINDS.has(String(facts.kind))) return true;
    if (NODE_POSTGRES_MESSAGES.some((text) => messageOf(facts).includes(text))) return true;
  }
  return false;
}

/** The 503 for a database outage, or undefined when the error is something else. */
export function unavailableError(error: unknown): AppError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return new AppError('UNAVAILABLE', MESSAGES.serviceUnavailable, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}

// PostgreSQL cannot store U+0000: text refuses it as 22021 (invalid byte sequence), jsonb as 22P05
// (untranslatable character). Requests are checked for it up front; a value that reaches the database some
// other way (a GraphQL literal, say) is still the client's mistake, answered 400, not a server error.
const NUL_SQLSTATES = new Set(['22021', '22P05']);
const NUL_TEXTS = ['invalid byte sequence for encoding "UTF8": 0x00', 'unsupported Unicode escape sequence'];

export function isUnstorableText(error: unknown): boolean {
  for (const facts of causes(error)) {
    if (NUL_SQLSTATES.has(String(facts.code)) || NUL_SQLSTATES.has(String(facts.originalCode))) return true;
    if (NUL_TEXTS.some((text) => messageOf(facts).includes(text))) return true;
  }
  return false;
}

/**
 * What a failure the database reported means for the client (503 outage, 503 deadlock or serialization failure
 * that retries did not get past, 400 NUL), or undefined.
 */
export function databaseErrorAnswer(error: unknown): AppError | undefined {
  return (
    unavailableError(error) ??
    (isTransactionConflict(error) ? transactionConflictError() : undefined) ??
    (isUnstorableText(error) ? badRequest(NUL_MESSAGE) : undefined)
  );
}
