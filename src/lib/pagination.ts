// Keyset (cursor) pagination over (created_at, id), newest first unless a list says otherwise: stable under
// concurrent inserts, and the cursor is opaque to clients.
import { badRequest } from './errors.js';

export type PageRequest = { limit?: number | null; cursor?: string | null };
export type Keyset = { createdAt: Date; id: string };

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export function pageLimit(limit: number | null | undefined): number {
  if (limit === undefined || limit === null) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw badRequest(`limit must be an integer between 1 and ${MAX_PAGE_SIZE}`);
  }
  return limit;
}

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(`${keyset.createdAt.toISOString()}|${keyset.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): Keyset | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !UUID.test(id)) throw badRequest('invalid cursor');
  return { createdAt, id };
}

/** The rows a page asks a repository for: those after the cursor, and one more than the page holds. */
export type PageWindow = { before: Keyset | undefined; take: number };

/**
 * One page of a list: checks the request's limit and cursor, reads the window through `fetch`, and cuts the
 * page from it with the cursor of the next one.
 */
export async function fetchPage<T extends Keyset>(
  page: PageRequest,
  fetch: (window: PageWindow) => Promise<T[]>,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const limit = pageLimit(page.limit);
  return toPage(await fetch({ before: decodeCursor(page.cursor), take: limit + 1 }), limit);
}

/** Fetch limit + 1 rows; the extra one only tells whether there is a next page. */
export function toPage<T extends Keyset>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export type KeysetOrder = 'desc' | 'asc';

/**
 * The rows after the cursor in (time, id) order, descending by default, as a Prisma `where` fragment. Its
 * OR sits beside the caller's own conditions: a where with an OR of its own puts both in an AND.
 */
export function afterCursor<Field extends string>(
  field: Field,
  before: Keyset | undefined,
  order: KeysetOrder = 'desc',
) {
  if (!before) return {};
  const past = order === 'desc' ? 'lt' : 'gt';
  return {
    OR: [
      { [field]: { [past]: before.createdAt } } as Record<Field, { lt?: Date; gt?: Date }>,
      { [field]: before.createdAt, id: { [past]: before.id } } as Record<Field, Date> & {
        id: { lt?: string; gt?: string };
      },
    ],
  };
}
