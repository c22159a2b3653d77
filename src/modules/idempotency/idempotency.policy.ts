// The decisions of idempotent retries, as pure functions (conventions §6): what a key may look like, what
// makes two requests "the same", and what a request finds when its key is already taken. Modelled on
// Stripe's Idempotency-Key (https://docs.stripe.com/api/idempotent_requests) and the IETF draft
// draft-ietf-httpapi-idempotency-key-header.
import { createHash } from 'node:crypto';

/** How long a key is remembered, from its first request. */
export const RETENTION_SECONDS = 24 * 60 * 60;

/** 1 to 255 printable ASCII characters (Stripe's limit; a UUID v4 is the usual choice). */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x20-\x7e]{1,255}$/.test(key);
}

/**
 * SHA-256 of the canonical JSON of the operation (the GraphQL root field), its arguments as the resolver
 * receives them (a REST body arrives there as the same arguments, so both transports hash alike) and the
 * caller: a user's sessions share their keys, an API key has its own. A key replayed to another member or key
 * of the tenant could hand out what the first caller was given (an API key acting for them), so that is a
 * different request.
 */
export function requestHash(operation: string, args: unknown, caller: string): Uint8Array {
  return new Uint8Array(
    createHash('sha256')
      .update(canonicalJson({ operation, arguments: args, caller }), 'utf8')
      .digest(),
  );
}

/** JSON with object keys sorted at every level (undefined members left out, as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`);
  return `{${members.join(',')}}`;
}

export type ExistingKey = {
  sameRequest: boolean;
  completed: boolean;
  leaseActive: boolean;
  expired: boolean;
};

export type Verdict =
  /** Older than the retention window: start it over for this request. */
  | 'replace'
  /** The key was used with another request: 422. */
  | 'mismatch'
  /** Completed: answer with the stored response. */
  | 'replay'
  /** Its request is still running: 409. */
  | 'in-progress'
  /** Its request's lease ran out (the process died): this request takes the key over and runs. */
  | 'take-over';

export function verdictFor(existing: ExistingKey): Verdict {
  if (existing.expired) return 'replace';
  if (!existing.sameRequest) return 'mismatch';
  if (existing.completed) return 'replay';
  return existing.leaseActive ? 'in-progress' : 'take-over';
}
