// /v1/events: the tenant's event log. Each event is the envelope webhooks deliver, its data as
// recorded (already the REST spelling: not snake_cased again).
import { pageQuery, type RestEndpoint } from '../endpoint.js';

type Event = { id: string; type: string; tenantId: string; createdAt: string; data: unknown };

const envelope = (event: Event) => ({
  id: event.id,
  type: event.type,
  tenant_id: event.tenantId,
  created_at: event.createdAt,
  data: event.data,
});

export const EVENT_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'GET',
    path: '/v1/events',
    operation:
      'query Events($type: EventType, $limit: Int, $cursor: String) { events(type: $type, limit: $limit, cursor: $cursor) { events { id type tenantId createdAt data } nextCursor } }',
    variables: (request) => ({ type: request.query.get('type'), ...pageQuery(request) }),
    result: (data) => {
      const page = data.events as { events: Event[]; nextCursor: string | null };
      return { events: page.events.map(envelope), next_cursor: page.nextCursor };
    },
  },
];
