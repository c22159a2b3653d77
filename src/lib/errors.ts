// One error type for the whole service, independent of any transport: the REST layer answers it as the
// contract's JSON envelope, the GraphQL layer maps it to a GraphQLError (src/graphql/errors.ts). Anything
// else thrown becomes a generic 500 whose cause is only logged.
import { MESSAGES } from './messages.js';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  MISDIRECTED_REQUEST: 421,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One problem of a request that has several (every field that failed validation, say). */
export type ErrorDetail = { field?: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** HTTP headers that belong with this error (e.g. Retry-After on a 429). */
  readonly headers: Readonly<Record<string, string>>;
  /** Every problem found, when there were several; `message` is the first (the contract's text). */
  readonly details: readonly ErrorDetail[] | undefined;
  /** Set on a refusal because a plan quota is spent: which one (metrics count these). */
  quota?: 'credentials' | 'dids' | 'members';

  constructor(
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    details?: readonly ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
    this.details = details;
  }
}

export const badRequest = (message: string, details?: readonly ErrorDetail[]) =>
  new AppError('BAD_REQUEST', message, {}, details);
export const unauthorized = () => new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
/** The plan's quota for `resource` is spent (403 with the contract's text). */
export const quotaReached = (resource: NonNullable<AppError['quota']>, message: string) =>
  Object.assign(new AppError('FORBIDDEN', message), { quota: resource });
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
export const internalError = () => new AppError('INTERNAL', MESSAGES.internal);
/** 429 with Retry-After in whole seconds (RFC 9110 §10.2.3). */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { 'Retry-After': String(Math.max(Math.ceil(retryAfterSeconds), 1)) });

/** Finds the AppError behind an error, however deeply GraphQL (or a library) wrapped it. */
export function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}
