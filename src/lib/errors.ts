// One error type for the whole service. It is a GraphQLError so that Yoga's error masking lets it
// through unchanged, while anything else thrown becomes a generic 500 whose cause is only logged.
import { GraphQLError } from 'graphql';
import { MESSAGES } from './messages.js';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;
  /** HTTP headers that belong with this error (e.g. Retry-After on a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message, { extensions: { code, status: ERROR_STATUS[code] } });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
export const internalError = () => new AppError('INTERNAL', MESSAGES.internal);
/** 429 with Retry-After in whole seconds (RFC 9110 §10.2.3). */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { 'Retry-After': String(Math.max(Math.ceil(retryAfterSeconds), 1)) });

/** Finds the AppError behind an error, however deeply GraphQL wrapped it. */
export function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}
