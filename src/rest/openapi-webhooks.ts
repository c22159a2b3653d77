// The OpenAPI 3.1 `webhooks` section: one entry per event type of the catalogue
// (src/modules/events/event-catalogue.ts), the POST this service sends to a subscribed endpoint. Its body is
// the event envelope with that type's `data`, turned into JSON Schema by zod itself as the request bodies
// are; its headers are those of Standard Webhooks (https://www.standardwebhooks.com/, "Signature scheme").
import { z } from 'zod';
import { EVENT_CATALOGUE, EVENT_TYPES, type EventType } from '../modules/events/event-catalogue.js';

type JsonSchema = Record<string, unknown>;

/** The envelope every delivery (and GET /v1/events) carries, with the data of one event type. */
const envelopeOf = (type: EventType) =>
  z.strictObject({
    id: z.uuid().meta({ description: 'The event’s id; also its webhook-id header. Deduplicate on it.' }),
    type: z.literal(type),
    tenant_id: z.uuid().meta({ description: 'The tenant the event happened in.' }),
    created_at: z.iso.datetime().meta({ description: 'When it happened (committed with the change).' }),
    data: EVENT_CATALOGUE[type].data,
  });

const header = (name: string, description: string, schema: JsonSchema, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { ...schema, examples: [example] },
});

const EXAMPLE_EVENT_ID = '0a3c5e7f-9b1d-4f2a-8c4e-6a8b0c2d4e6f';

const STANDARD_WEBHOOKS_HEADERS = [
  header(
    'webhook-id',
    'The event’s id: the same on every attempt and replay of it, so a receiver can drop duplicates (delivery ' +
      'is at least once).',
    { type: 'string' },
    EXAMPLE_EVENT_ID,
  ),
  header(
    'webhook-timestamp',
    'When this attempt was signed, in seconds since the Unix epoch. Refuse a message too far from your clock ' +
      '(replay protection; the standard suggests 5 minutes).',
    { type: 'string', pattern: '^[0-9]+$' },
    '1795546510',
  ),
  header(
    'webhook-signature',
    'Space-separated signatures `v1,<base64>`: HMAC-SHA256 with the endpoint’s secret (the base64 after ' +
      '`whsec_`) over `<webhook-id>.<webhook-timestamp>.<body>`. Accept the message when any one matches: ' +
      'while a rotated secret overlaps (24 h), both secrets sign.',
    { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

/**
 * The section, one entry per event type. `components` takes zod's JSON Schema of a body and returns it with
 * its named schemas (a z.enum with `.meta({ id })`) moved to the document's components and referenced there.
 */
export function describeWebhooks(components: (json: JsonSchema) => JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const entry = EVENT_CATALOGUE[type];
      const schema = components(jsonSchema(envelopeOf(type)));
      const example = {
        id: EXAMPLE_EVENT_ID,
        type,
        tenant_id: '82f12f1a-6b3d-4c8e-9f0a-1b2c3d4e5f60',
        created_at: '2026-11-24T18:50:02.117Z',
        data: entry.example,
      };
      return [
        type,
        {
          post: {
            operationId: `${type.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase())}Webhook`,
            summary: type,
            description:
              `${entry.description}\n\nPOSTed to every enabled endpoint subscribed to \`${type}\` (or \`*\`) when it ` +
              'happened (an endpoint gets the events after it is added), signed per Standard Webhooks; also listed by ' +
              'GET /v1/events.',
            parameters: STANDARD_WEBHOOKS_HEADERS,
            requestBody: { required: true, content: { 'application/json': { schema, example } } },
            responses: {
              '2XX': { description: 'Delivered. Any other answer, a redirect or none within 10 s is retried.' },
            },
          },
        },
      ];
    }),
  );
}

const jsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, {
    unrepresentable: 'any',
    // A format says it all; zod's equivalent pattern is a wall of regex.
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === 'string') delete jsonSchema.pattern;
    },
  }) as JsonSchema;
