// The event log's filter, shared by both transports: the GraphQL enum EventType and the OpenAPI query
// parameter derive from it, and a REST `?type=` outside the catalogue gets its error text.
import { z } from 'zod';
import { EVENT_TYPES } from './event-catalogue.js';

export const eventType = z
  .enum(EVENT_TYPES, {
    error: (issue) =>
      typeof issue.input === 'string' ? `unknown event type: ${issue.input}` : 'type must be a string',
  })
  .meta({ id: 'EventType', description: 'An event type of the catalogue (the OpenAPI document’s `webhooks`).' });

export const listInput = z.object({
  type: eventType.nullish().meta({ description: 'Only events of this type.' }),
});
