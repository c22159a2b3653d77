// Paged lists (src/lib/pagination.ts): walking one page by page over REST and GraphQL, and the answers a bad
// page request gets. Every list pages the same way, so one walk serves them all.
import { expect } from 'vitest';
import { expectError } from './contract.js';
import type { HttpResult, TestApp } from './harness.js';

const MAX_PAGES = 50;

/**
 * Walks a REST list with `limit` until `next_cursor` is null; checks each page's size and body keys. Returns
 * every item in order and the number of pages.
 */
export async function walkRestPages(app: TestApp, path: string, key: string, token: string, limit: number) {
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: HttpResult = await app.request('GET', `${path}${query}`, { token });
    expect(page.status, page.text).toBe(200);
    expect(Object.keys(page.body)).toEqual([key, 'next_cursor']);
    expect(page.body[key].length).toBeLessThanOrEqual(limit);
    items.push(...page.body[key]);
    cursor = page.body.next_cursor;
    pages += 1;
  } while (cursor && pages < MAX_PAGES);
  expect(cursor).toBeNull();
  return { items, pages };
}

/** The same walk over GraphQL: `field(limit, cursor) { <key> { <selection> } nextCursor }`. */
export async function walkGraphQLPages(
  app: TestApp,
  field: string,
  key: string,
  selection: string,
  token: string,
  limit: number,
) {
  const query = `query ($limit: Int, $cursor: String) {
    ${field}(limit: $limit, cursor: $cursor) { ${key} { ${selection} } nextCursor } }`;
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response: HttpResult = await app.graphql(query, { limit, cursor }, token);
    expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
    const page: any = response.body.data[field];
    expect(page[key].length).toBeLessThanOrEqual(limit);
    items.push(...page[key]);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < MAX_PAGES);
  expect(cursor).toBeNull();
  return { items, pages };
}

/** A cursor that is not one, and limits out of 1–100, are 400 with the texts every list uses. */
export async function expectBadPageRequestsRefused(app: TestApp, path: string, token: string) {
  expectError(await app.request('GET', `${path}?cursor=garbage`, { token }), 400, 'invalid cursor');
  for (const limit of ['0', '101']) {
    expectError(
      await app.request('GET', `${path}?limit=${limit}`, { token }),
      400,
      'limit must be an integer between 1 and 100',
    );
  }
  expectError(await app.request('GET', `${path}?limit=-1`, { token }), 400, 'limit must be a non-negative integer');
}

/** Every item once: no item on two pages. */
export function expectEachOnce(ids: string[]) {
  expect(new Set(ids).size).toBe(ids.length);
}
