// GraphQL surface of the event log: the tenant's outbox, as the envelopes webhooks deliver. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod } from './zod-types.js';
import { eventReadRules } from '../modules/events/event-catalogue.js';
import { eventType, listInput } from '../modules/events/events.inputs.js';
import type { EventRow } from '../modules/outbox/outbox.repository.js';

const EventType = enumFromZod(eventType);

export const Event = builder.objectRef<EventRow>('Event').implement({
  description:
    'Something that happened in the tenant, as webhooks deliver it: the envelope {id, type, tenant_id, ' +
    'created_at, data}. The event catalogue (the OpenAPI document’s `webhooks`) describes each type’s data.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The event’s id: also the webhook-id header of its deliveries.' }),
    type: t.field({ type: EventType, resolve: (event) => event.type as never }),
    tenantId: t.exposeID('tenantId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    data: t.field({
      type: 'JSON',
      description: 'The payload, in the REST spelling (snake_case keys) that webhooks deliver.',
      resolve: (event) => event.payload,
    }),
  }),
});

const EventPage = builder.objectRef<{ events: EventRow[]; nextCursor: string | null }>('EventPage').implement({
  fields: (t) => ({
    events: t.field({ type: [Event], resolve: (page) => page.events }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

builder.queryFields((t) => ({
  events: t.field({
    type: EventPage,
    description:
      'The tenant’s event log, newest first; filters by type. A consumer that was down catches up here, ' +
      'webhooks or not. Needs events:read, and lists only the event types whose data the caller may also read ' +
      `through its own endpoint (${eventReadRules()}). Asking for a type by name without its permission is ` +
      'a 403 naming the permission.',
    ...requires('events:read'),
    args: {
      ...argsFromZod(t, listInput, 'Events'),
      ...pageArgs(t.arg),
    },
    resolve: (_root, { type, ...page }, { services, principal }) => services.events.list(principal!, { type }, page),
  }),
}));
