// What a webhook endpoint is made of, as the API accepts it. The URL's syntax is checked here; whether its
// host may be called (SSRF) needs DNS and is the service's check (delivery/url-policy.ts).
import { z } from 'zod';
import { EVENT_TYPES, isEventType } from '../events/event-catalogue.js';

export const ALL_EVENTS = '*';
export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const url = z
  .string({ error: 'url must be a string' })
  .trim()
  .min(1, { error: 'url is required' })
  .max(2048, { error: 'url must be at most 2048 characters' })
  .meta({
    description: 'Where events are POSTed (https in production).',
    examples: ['https://hooks.example.com/credentials'],
  });

const events = z
  .array(z.string({ error: 'events must be strings' }), { error: 'events must be an array' })
  .min(1, { error: 'events must name at least one event type, or be ["*"]' })
  .max(EVENT_TYPES.length + 1, { error: 'events names an event type twice' })
  .superRefine((names, ctx) => {
    const unknown = names.find((name) => name !== ALL_EVENTS && !isEventType(name));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `unknown event type: ${unknown}` });
    else if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: 'events names an event type twice' });
  })
  .meta({
    description: `Event types to receive (${EVENT_TYPES.join(', ')}), or ["*"] for all, including those added later.`,
    examples: [['credential.issued', 'credential.revoked']],
  });

const description = z
  .string({ error: 'description must be a string' })
  .trim()
  .max(500, { error: 'description must be at most 500 characters' })
  .meta({ description: 'A note for your team.', examples: ['revocation sync'] });

export const createWebhookInput = z.object({ url, events, description: description.nullish() });

export const updateWebhookInput = z.object({
  url: url.nullish(),
  events: events.nullish(),
  description: description.nullish(),
  enabled: z
    .boolean({ error: 'enabled must be a boolean' })
    .nullish()
    .meta({ description: 'false pauses deliveries; true resumes them (and re-enables a disabled endpoint).' }),
});

export const deliveryStateInput = z
  .enum(DELIVERY_STATES, { error: 'status must be pending, succeeded or failed' })
  .meta({ id: 'WebhookDeliveryState', description: 'A delivery’s state.' });
