// Status list indexes handed out from blocks of slots reserved in the database, so that issuing a credential
// costs no extra statement for its index. A block is reserved by one UPDATE (see reserveIndexes); slots left
// unused when the process stops are skipped, never reused. Concurrent callers share one reservation in flight.
// Slots are consecutive, indexes are not: each slot goes through the list's permutation (index-permutation.ts).
import type { PrismaClient } from '../../generated/prisma/client.js';
import { permutationOf } from './index-permutation.js';
import type { StatusListFormat } from './status-list.codec.js';
import { reserveIndexes } from './status-lists.repository.js';

/** Large enough to take the database off the hot path, small enough that a restart skips little. */
export const RESERVATION_BLOCK = 64;

type Block = { listId: string; next: number; end: number; permute: (slot: number) => number };

export function createIndexReservations(prisma: PrismaClient) {
  const blocks = new Map<string, Block>();
  const pending = new Map<string, Promise<Block>>();

  async function next(
    tenantId: string,
    didId: string,
    format: StatusListFormat,
  ): Promise<{ listId: string; index: number }> {
    const key = `${didId}:${format}`;
    for (;;) {
      const block = blocks.get(key);
      if (block && block.next < block.end) {
        return { listId: block.listId, index: block.permute(block.next++) };
      }
      let reservation = pending.get(key);
      if (!reservation) {
        reservation = reserveIndexes(prisma, tenantId, didId, format, RESERVATION_BLOCK).then(
          ({ id, first, count, size, indexKey }) => ({
            listId: id,
            next: first,
            end: first + count,
            permute: permutationOf(indexKey, size),
          }),
        );
        pending.set(key, reservation);
        reservation.then(
          (fresh) => {
            blocks.set(key, fresh);
            pending.delete(key);
          },
          () => pending.delete(key),
        );
      }
      await reservation;
    }
  }

  return { next };
}
