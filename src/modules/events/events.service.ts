// The tenant's event log (GET /v1/events): its outbox rows, newest first, as the envelopes webhooks deliver,
// so a consumer that was down can catch up without webhooks at all. It shows a caller only the event types
// whose data they may read elsewhere (the catalogue's readPermission): events:read alone shows nothing.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { permissionDenied, type Principal } from '../../auth/principal.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { listEvents, type EventRow } from '../outbox/outbox.repository.js';
import { eventReadPermission, readableEventTypes } from './event-catalogue.js';
import { listInput } from './events.inputs.js';

export function createEventsService({ prisma }: { prisma: PrismaClient }) {
  async function list(
    principal: Principal,
    rawFilters: unknown,
    page: PageRequest,
  ): Promise<{ events: EventRow[]; nextCursor: string | null }> {
    const filters = parseInput(listInput, rawFilters);
    let types = readableEventTypes(principal.permissions);
    if (filters.type) {
      // Asked for by name: say which permission it takes rather than answer an empty list.
      const needed = eventReadPermission(filters.type);
      if (!principal.permissions.has(needed)) throw permissionDenied(principal, needed);
      types = [filters.type];
    }
    const result = await fetchPage(page, (window) => listEvents(prisma, principal.tenantId, { types }, window));
    return { events: result.items, nextCursor: result.nextCursor };
  }

  return { list };
}

export type EventsService = ReturnType<typeof createEventsService>;
