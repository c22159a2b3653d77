// /v1/webhooks: endpoints, their secrets, test sends and the delivery log. Each row: path →
// operation → body.
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const WEBHOOK =
  'id url description events enabled disabledReason failingSince previousSecretExpiresAt createdAt updatedAt';
const DELIVERY =
  'id webhookId eventId eventType state attempts nextAttemptAt lastAttemptAt lastStatus lastDurationMs lastResponseExcerpt lastError createdAt completedAt';
const ATTEMPT_RESULT = `delivery { ${DELIVERY} } attempt { ok status durationMs error responseExcerpt }`;

const withSecret = (created: unknown) => {
  const { webhook, secret } = created as { webhook: object; secret: string };
  return { ...(snakeKeys(webhook) as object), secret };
};

export const WEBHOOK_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/webhooks',
    operation: `mutation CreateWebhook($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { ${WEBHOOK} } secret } }`,
    bodyInput: 'CreateWebhookInput',
    result: (data) => withSecret(data.createWebhook),
  },
  {
    method: 'GET',
    path: '/v1/webhooks',
    operation: `query Webhooks($limit: Int, $cursor: String) { webhooks(limit: $limit, cursor: $cursor) { webhooks { ${WEBHOOK} } nextCursor } }`,
    variables: pageQuery,
    result: (data) => snakeKeys(data.webhooks),
  },
  {
    method: 'GET',
    path: '/v1/webhooks/:id',
    operation: `query Webhook($id: String!) { webhook(id: $id) { ${WEBHOOK} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.webhook),
  },
  {
    method: 'PATCH',
    path: '/v1/webhooks/:id',
    operation: `mutation UpdateWebhook($id: String!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { ${WEBHOOK} } }`,
    bodyInput: 'UpdateWebhookInput',
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.updateWebhook),
  },
  {
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    operation: `mutation DeleteWebhook($id: String!) { deleteWebhook(id: $id) { ${WEBHOOK} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.deleteWebhook),
  },
  {
    method: 'POST',
    path: '/v1/webhooks/:id/rotate-secret',
    operation: `mutation RotateWebhookSecret($id: String!) { rotateWebhookSecret(id: $id) { webhook { ${WEBHOOK} } secret } }`,
    variables: withParam('id', 'id'),
    result: (data) => withSecret(data.rotateWebhookSecret),
  },
  {
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    operation: `mutation TestWebhook($id: String!) { testWebhook(id: $id) { ${ATTEMPT_RESULT} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.testWebhook),
  },
  {
    method: 'GET',
    path: '/v1/webhooks/:id/deliveries',
    operation: `query WebhookDeliveries($id: String!, $status: WebhookDeliveryState, $limit: Int, $cursor: String) { webhookDeliveries(id: $id, status: $status, limit: $limit, cursor: $cursor) { deliveries { ${DELIVERY} } nextCursor } }`,
    variables: (request) => ({ id: request.params.id, status: request.query.get('status'), ...pageQuery(request) }),
    result: (data) => snakeKeys(data.webhookDeliveries),
  },
  {
    method: 'POST',
    path: '/v1/webhooks/deliveries/:id/replay',
    operation: `mutation ReplayWebhookDelivery($id: String!) { replayWebhookDelivery(id: $id) { ${ATTEMPT_RESULT} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.replayWebhookDelivery),
  },
];
