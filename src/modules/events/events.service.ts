// The tenant's event log (GET /v1/events): its outbox rows, newest first, as the envelopes webhooks deliver,
// so a consumer that was down can catch up without webhooks at all.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { listEvents, type EventRow } from '../outbox/outbox.repository.js';
import { listInput } from './events.inputs.js';

export function createEventsService({ prisma }: { prisma: PrismaClient }) {
  async function list(
    principal: Principal,
    rawFilters: unknown,
    page: PageRequest,
  ): Promise<{ events: EventRow[]; nextCursor: string | null }> {
    const filters = parseInput(listInput, rawFilters);
    const result = await fetchPage(page, (window) =>
      listEvents(prisma, principal.tenantId, { type: filters.type }, window),
    );
    return { events: result.items, nextCursor: result.nextCursor };
  }

  return { list };
}

export type EventsService = ReturnType<typeof createEventsService>;
