// What every paged list shares (src/lib/pagination.ts): its two arguments and the meaning of nextCursor,
// described once so that the schema and the OpenAPI document say the same for each list.
import type { ArgBuilder, SchemaTypes } from '@pothos/core';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../lib/pagination.js';

export function pageArgs<Types extends SchemaTypes>(arg: ArgBuilder<Types>) {
  return {
    limit: arg.int({
      required: false,
      description: `Items per page, 1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}.`,
    }),
    cursor: arg.string({ required: false, description: 'The previous page’s nextCursor; omit for the first page.' }),
  };
}

export const NEXT_CURSOR = 'Pass as cursor to get the next page; null on the last page.';
