// GraphQL surface of webhooks (permission webhooks:manage). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { idempotent } from './idempotency.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { enumFromZod, inputFromZod } from './zod-types.js';
import { createWebhookInput, deliveryStateInput, updateWebhookInput } from '../modules/webhooks/webhooks.inputs.js';
import type { AttemptView, WebhookView, WebhookWithSecret } from '../modules/webhooks/webhooks.service.js';
import type { DeliveryRow } from '../modules/webhooks/webhooks.repository.js';

const DeliveryState = enumFromZod(deliveryStateInput);

const Webhook = builder.objectRef<WebhookView>('Webhook').implement({
  description:
    'A webhook endpoint: where the tenant’s events are POSTed, signed (Standard Webhooks). Never its secret.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    description: t.exposeString('description'),
    events: t.exposeStringList('events', { description: 'Event types it receives, or ["*"] for all.' }),
    enabled: t.exposeBoolean('enabled'),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why it is disabled: by a user, or after five days of failed deliveries.',
    }),
    failingSince: t.expose('failingSince', {
      type: 'DateTime',
      nullable: true,
      description: 'The first failed attempt since the last success.',
    }),
    previousSecretExpiresAt: t.expose('previousSecretExpiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'After a rotation, until when the previous secret also signs.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const WebhookWithSecretRef = builder.objectRef<WebhookWithSecret>('WebhookWithSecret').implement({
  fields: (t) => ({
    webhook: t.field({ type: Webhook, resolve: (created) => created }),
    secret: t.exposeString('secret', {
      description: 'The signing secret (whsec_ + base64 of 32 bytes): shown only here, once.',
    }),
  }),
});

const WebhookPage = builder.objectRef<{ webhooks: WebhookView[]; nextCursor: string | null }>('WebhookPage').implement({
  fields: (t) => ({
    webhooks: t.field({ type: [Webhook], resolve: (page) => page.webhooks }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

const WebhookDelivery = builder.objectRef<DeliveryRow>('WebhookDelivery').implement({
  description: 'One event delivered (or being delivered) to one endpoint: the log of its attempts.',
  fields: (t) => ({
    id: t.exposeID('id'),
    webhookId: t.exposeID('endpointId'),
    eventId: t.exposeID('eventId', { description: 'Also the webhook-id header, the same on every attempt.' }),
    eventType: t.exposeString('eventType'),
    state: t.field({ type: DeliveryState, resolve: (row) => row.state as never }),
    attempts: t.exposeInt('attempts'),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
    lastStatus: t.exposeInt('lastStatus', { nullable: true, description: 'The HTTP status the receiver answered.' }),
    lastDurationMs: t.exposeInt('lastDurationMs', { nullable: true }),
    lastResponseExcerpt: t.exposeString('lastResponseExcerpt', {
      nullable: true,
      description: 'The first 1 KiB of the receiver’s answer.',
    }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
});

const WebhookDeliveryPage = builder
  .objectRef<{ deliveries: DeliveryRow[]; nextCursor: string | null }>('WebhookDeliveryPage')
  .implement({
    fields: (t) => ({
      deliveries: t.field({ type: [WebhookDelivery], resolve: (page) => page.deliveries }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const WebhookAttempt = builder.objectRef<AttemptView>('WebhookAttempt').implement({
  fields: (t) => ({
    ok: t.exposeBoolean('ok', { description: 'The receiver answered 2xx.' }),
    status: t.exposeInt('status', { nullable: true }),
    durationMs: t.exposeInt('durationMs'),
    error: t.exposeString('error', { nullable: true }),
    responseExcerpt: t.exposeString('responseExcerpt'),
  }),
});

const WebhookAttemptResult = builder
  .objectRef<{ delivery: DeliveryRow; attempt: AttemptView }>('WebhookAttemptResult')
  .implement({
    fields: (t) => ({
      delivery: t.field({ type: WebhookDelivery, resolve: (result) => result.delivery }),
      attempt: t.field({ type: WebhookAttempt, resolve: (result) => result.attempt }),
    }),
  });

const CreateWebhookInput = inputFromZod('CreateWebhookInput', createWebhookInput);
const UpdateWebhookInput = inputFromZod('UpdateWebhookInput', updateWebhookInput);

builder.queryFields((t) => ({
  webhooks: t.field({
    type: WebhookPage,
    description: 'Newest first.',
    ...requires('webhooks:manage'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.webhooks.list(principal!, args),
  }),
  webhook: t.field({
    type: Webhook,
    ...requires('webhooks:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.webhooks.get(principal!, id),
  }),
  webhookDeliveries: t.field({
    type: WebhookDeliveryPage,
    description: 'The endpoint’s delivery log, newest first.',
    ...requires('webhooks:manage'),
    args: {
      id: t.arg.string({ required: true }),
      status: t.arg({ type: DeliveryState, required: false }),
      ...pageArgs(t.arg),
    },
    resolve: (_root, args, { services, principal }) =>
      services.webhooks.deliveries(principal!, args.id, args.status, args),
  }),
}));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    nullable: true,
    type: WebhookWithSecretRef,
    ...requires('webhooks:manage'),
    args: { input: t.arg({ type: CreateWebhookInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, requestId }, slot) =>
      services.webhooks.create(principal!, input, requestId, slot),
    ),
  }),
  updateWebhook: t.field({
    nullable: true,
    type: Webhook,
    ...requires('webhooks:manage'),
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: UpdateWebhookInput, required: true }) },
    resolve: (_root, { id, input }, { services, principal, requestId }) =>
      services.webhooks.update(principal!, id, input, requestId),
  }),
  deleteWebhook: t.field({
    nullable: true,
    type: Webhook,
    ...requires('webhooks:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) => services.webhooks.remove(principal!, id, requestId),
  }),
  rotateWebhookSecret: t.field({
    nullable: true,
    type: WebhookWithSecretRef,
    description: 'A new signing secret; the previous one keeps signing beside it for 24 hours.',
    ...requires('webhooks:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) =>
      services.webhooks.rotateSecret(principal!, id, requestId),
  }),
  testWebhook: t.field({
    nullable: true,
    type: WebhookAttemptResult,
    description: 'Sends a webhook.test event to this endpoint now and answers the attempt’s outcome.',
    ...requires('webhooks:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.webhooks.sendTest(principal!, id),
  }),
  replayWebhookDelivery: t.field({
    nullable: true,
    type: WebhookAttemptResult,
    description: 'A new attempt of the same event now (the same webhook-id), whatever the delivery’s state.',
    ...requires('webhooks:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.webhooks.replay(principal!, id),
  }),
}));
