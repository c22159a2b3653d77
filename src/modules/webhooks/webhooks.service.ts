// Webhook endpoints (permission webhooks:manage): create with a signing secret shown once, list, read,
// change, delete, rotate the secret (the old one signs beside the new for 24 h), send a test event, read the
// delivery log and replay a delivery. Deliveries themselves are the dispatcher's (delivery/dispatcher.ts).
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { permissionDenied, type Principal } from '../../auth/principal.js';
import { badRequest, conflict, notFound, rateLimited } from '../../lib/errors.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { missingSubscriptionPermission } from '../events/event-catalogue.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import type { AttemptOutcome } from './delivery/attempt.js';
import { DeliverySlotsFull } from './delivery/dispatch.repository.js';
import type { WebhookDispatcher } from './delivery/dispatcher.js';
import { generateWebhookSecret } from './delivery/signature.js';
import {
  parseWebhookUrl,
  resolveDeliveryAddress,
  WebhookHostUnresolved,
  WebhookUrlNotAllowed,
} from './delivery/url-policy.js';
import { sealWebhookSecret } from './webhook-secrets.js';
import { createWebhookInput, deliveryStateInput, updateWebhookInput, type DeliveryState } from './webhooks.inputs.js';
import * as repository from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** A test send is the dispatcher's only after this: long after its own request has attempted it. */
const TEST_SEND_GRACE_MS = 5 * 60 * 1000;
/** How long a rotated-out secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3600 * 1000;
const NOT_FOUND = 'webhook not found';
const SLOTS_FULL = 'too many deliveries to this endpoint or its host are in progress; try again shortly';

export type WebhookView = Omit<EndpointRow, 'previousSecretExpiresAt' | 'failingSince'> & {
  /** Until when the previous secret still signs beside the current one; null outside a rotation. */
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
};
export type WebhookWithSecret = WebhookView & { secret: string };
export type AttemptView = Pick<AttemptOutcome, 'ok' | 'status' | 'durationMs' | 'error'> & {
  responseExcerpt: string;
};

export type WebhooksServiceDeps = {
  prisma: PrismaClient;
  keys: KeyEncryption;
  dispatcher: WebhookDispatcher;
  allowPrivate: boolean;
  production: boolean;
};

export function createWebhooksService({ prisma, keys, dispatcher, allowPrivate, production }: WebhooksServiceDeps) {
  const toView = (row: EndpointRow, now = new Date()): WebhookView => ({
    ...row,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null,
  });

  /** The URL's syntax and, through DNS now, its address: refused with the contract's text when not allowed. */
  async function checkUrl(raw: string): Promise<string> {
    try {
      const url = parseWebhookUrl(raw, { production });
      await resolveDeliveryAddress(url.hostname, { allowPrivate });
      return url.toString();
    } catch (error) {
      if (error instanceof WebhookUrlNotAllowed) throw badRequest(error.message);
      // A name that does not resolve cannot be checked, so it is not accepted (an integrator's typo, mostly).
      if (error instanceof WebhookHostUnresolved) throw badRequest(`webhook url not allowed: ${error.message}`);
      throw error;
    }
  }

  async function endpointOf(principal: Principal, id: string): Promise<EndpointRow> {
    const row = isUuid(id) ? await repository.findEndpoint(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * An endpoint receives the data of every event it subscribes to, so subscribing takes what reading those events
   * takes (the catalogue's readPermission, as GET /v1/events does): webhooks:manage alone would otherwise have
   * member emails and credential subject ids delivered to a URL of the caller's choice.
   */
  function assertMaySubscribe(principal: Principal, events: readonly string[]): void {
    const missing = missingSubscriptionPermission(events, principal.permissions);
    if (missing) throw permissionDenied(principal, missing);
  }

  async function create(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    idempotency: IdempotencySlot | null = null,
  ): Promise<WebhookWithSecret> {
    const input = parseInput(createWebhookInput, rawInput);
    assertMaySubscribe(principal, input.events);
    const url = await checkUrl(input.url);
    const id = randomUUID();
    const secret = generateWebhookSecret();
    return prisma.$transaction(async (tx) => {
      await repository.lockSubscriptions(tx, principal.tenantId);
      const row = await repository.createEndpoint(tx, principal.tenantId, {
        id,
        url,
        host: new URL(url).host,
        events: input.events,
        description: input.description ?? '',
        secretCiphertext: sealWebhookSecret(keys, principal.tenantId, id, secret),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'webhook.created',
        targetType: 'webhook',
        targetId: id,
        details: { url, events: input.events },
      });
      const created = { ...toView(row), secret };
      await completeIdempotentRequest(tx, idempotency, created);
      return created;
    });
  }

  async function list(principal: Principal, page: PageRequest) {
    const result = await fetchPage(page, (window) => repository.listEndpoints(prisma, principal.tenantId, window));
    return { webhooks: result.items.map((row) => toView(row)), nextCursor: result.nextCursor };
  }

  async function get(principal: Principal, id: string): Promise<WebhookView> {
    return toView(await endpointOf(principal, id));
  }

  async function update(principal: Principal, id: string, rawInput: unknown, requestId: string | null) {
    const input = parseInput(updateWebhookInput, rawInput);
    const current = await endpointOf(principal, id);
    // New types, or the current ones sent to a new URL: either makes the caller the reader of what it receives.
    if (input.events) assertMaySubscribe(principal, input.events);
    else if (input.url) assertMaySubscribe(principal, current.events);
    const url = input.url ? await checkUrl(input.url) : undefined;
    return prisma.$transaction(async (tx) => {
      await repository.lockSubscriptions(tx, principal.tenantId);
      const row = await repository.updateEndpoint(tx, principal.tenantId, id, {
        ...(url !== undefined && { url, host: new URL(url).host }),
        ...(input.events && { events: input.events }),
        ...(input.description !== undefined && input.description !== null && { description: input.description }),
        // Enabling again starts a fresh failing streak (a disabled endpoint would otherwise be disabled at once).
        ...(input.enabled === true && { enabled: true, disabledReason: null, failingSince: null }),
        ...(input.enabled === false && { enabled: false, disabledReason: 'disabled by a user' }),
        updatedAt: new Date(),
      });
      if (!row) throw notFound(NOT_FOUND);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'webhook.updated',
        targetType: 'webhook',
        targetId: id,
        details: JSON.parse(JSON.stringify({ ...input, url })),
      });
      return toView(row);
    });
  }

  async function remove(principal: Principal, id: string, requestId: string | null): Promise<WebhookView> {
    const row = await endpointOf(principal, id);
    await prisma.$transaction(async (tx) => {
      if (!(await repository.deleteEndpoint(tx, principal.tenantId, id))) throw notFound(NOT_FOUND);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'webhook.deleted',
        targetType: 'webhook',
        targetId: id,
        details: { url: row.url },
      });
    });
    return toView(row);
  }

  /** A new secret; the current one keeps signing beside it for 24 h (one overlap at a time). */
  async function rotateSecret(principal: Principal, id: string, requestId: string | null): Promise<WebhookWithSecret> {
    await endpointOf(principal, id);
    const secret = generateWebhookSecret();
    const now = new Date();
    return prisma.$transaction(async (tx) => {
      const current = await repository.findEndpointSecrets(tx, principal.tenantId, id);
      if (!current) throw notFound(NOT_FOUND);
      const row = await repository.updateEndpoint(tx, principal.tenantId, id, {
        secretCiphertext: sealWebhookSecret(keys, principal.tenantId, id, secret),
        previousSecretCiphertext: current.secretCiphertext,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
        updatedAt: now,
      });
      if (!row) throw notFound(NOT_FOUND);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'webhook.secret_rotated',
        targetType: 'webhook',
        targetId: id,
        details: { previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null },
      });
      return { ...toView(row, now), secret };
    });
  }

  /**
   * Sends a webhook.test event to this endpoint now (and to no other) and answers the attempt's outcome. It
   * takes one of the endpoint's and its host's slots like any delivery: when they are all taken, 429 and
   * nothing written.
   */
  async function sendTest(principal: Principal, id: string) {
    const endpoint = await endpointOf(principal, id);
    const now = new Date();
    const { delivery, claimed } = await withSlot(() =>
      prisma.$transaction(async (tx) => {
        // Published from the start: the fan-out gives it to no other endpoint.
        const event = await tx.outboxEvent.create({
          data: {
            tenantId: principal.tenantId,
            type: 'webhook.test',
            payload: { webhook_id: endpoint.id, message: 'a test event sent from the API' },
            createdAt: now,
            publishedAt: now,
          },
          select: { id: true },
        });
        const delivery = await repository.createDelivery(tx, principal.tenantId, {
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: 'webhook.test',
          now,
          dueAt: new Date(now.getTime() + TEST_SEND_GRACE_MS),
        });
        return { delivery, claimed: await dispatcher.claimNow(tx, principal.tenantId, delivery.id) };
      }),
    );
    const outcome = claimed ? await dispatcher.attemptClaimed(claimed, 'test') : null;
    return { delivery: await deliveryOf(principal, delivery.id), attempt: attemptView(outcome) };
  }

  /** Runs a claim, answering 429 (with when to retry) when the endpoint's or its host's slots are taken. */
  async function withSlot<T>(claim: () => Promise<T>): Promise<T> {
    try {
      return await claim();
    } catch (error) {
      if (error instanceof DeliverySlotsFull) throw rateLimited(SLOTS_FULL, dispatcher.slotWaitSeconds);
      throw error;
    }
  }

  async function deliveries(principal: Principal, id: string, rawStatus: unknown, page: PageRequest) {
    await endpointOf(principal, id);
    const state: DeliveryState | undefined =
      rawStatus === undefined || rawStatus === null ? undefined : parseInput(deliveryStateInput, rawStatus);
    const result = await fetchPage(page, (window) =>
      repository.listDeliveries(prisma, principal.tenantId, id, { state }, window),
    );
    return { deliveries: result.items, nextCursor: result.nextCursor };
  }

  async function deliveryOf(principal: Principal, id: string): Promise<DeliveryRow> {
    const row = isUuid(id) ? await repository.findDelivery(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound('webhook delivery not found');
    return row;
  }

  /** A new attempt of the same event now (the same webhook-id), whatever the delivery's state. */
  async function replay(principal: Principal, id: string) {
    await deliveryOf(principal, id);
    const outcome = await withSlot(() => dispatcher.attemptNow(principal.tenantId, id, 'replay'));
    return { delivery: await deliveryOf(principal, id), attempt: attemptView(outcome) };
  }

  return { create, list, get, update, remove, rotateSecret, sendTest, deliveries, replay };
}

/** The attempt's outcome as answered; none means another attempt of the delivery holds it. */
function attemptView(outcome: AttemptOutcome | null): AttemptView {
  if (!outcome) throw conflict('an attempt of this delivery is in progress; try again shortly');
  return {
    ok: outcome.ok,
    status: outcome.status,
    durationMs: Math.round(outcome.durationMs),
    error: outcome.error,
    responseExcerpt: outcome.responseExcerpt,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
