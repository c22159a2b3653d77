// A tenant's webhook endpoints and the log of their deliveries. Every statement on them names the tenant,
// except the dispatcher's (delivery/dispatch.repository.ts), which serves every tenant by nature.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';
import type { DeliveryState } from './webhooks.inputs.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const endpointView = {
  id: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.WebhookEndpointSelect;

export type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof endpointView }>;

export const deliveryView = {
  id: true,
  endpointId: true,
  eventId: true,
  eventType: true,
  state: true,
  attempts: true,
  nextAttemptAt: true,
  lastAttemptAt: true,
  lastStatus: true,
  lastDurationMs: true,
  lastResponseExcerpt: true,
  lastError: true,
  createdAt: true,
  completedAt: true,
} satisfies Prisma.WebhookDeliverySelect;

export type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliveryView }>;

/**
 * Takes the tenant's subscription lock until the transaction ends; first in every transaction that creates or
 * changes an endpoint. issue_credentials() takes it shared, and writes an issued credential's event already
 * published when no endpoint subscribes (prisma/migrations/20261128120000_issue_events_published_without_subscribers):
 * an issue in flight ends before the change, and one that comes after it sees the endpoint.
 */
export async function lockSubscriptions(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`webhook-subscriptions:${tenantId}`}))) AS l`;
}

export function createEndpoint(
  db: Db,
  tenantId: string,
  endpoint: {
    id: string;
    url: string;
    host: string;
    events: string[];
    description: string;
    secretCiphertext: Uint8Array<ArrayBuffer>;
  },
): Promise<EndpointRow> {
  return db.webhookEndpoint.create({ data: { tenantId, ...endpoint }, select: endpointView });
}

export function listEndpoints(db: Db, tenantId: string, page: { before: Keyset | undefined; take: number }) {
  return db.webhookEndpoint.findMany({
    where: { tenantId, ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: endpointView,
  });
}

export function findEndpoint(db: Db, tenantId: string, id: string): Promise<EndpointRow | null> {
  return db.webhookEndpoint.findFirst({ where: { tenantId, id }, select: endpointView });
}

/** The endpoint with its secrets (ciphertext), to sign with. */
export function findEndpointSecrets(db: Db, tenantId: string, id: string) {
  return db.webhookEndpoint.findFirst({
    where: { tenantId, id },
    select: { ...endpointView, secretCiphertext: true, previousSecretCiphertext: true },
  });
}

/** Updates the tenant's endpoint; null when it has none of that id. */
export async function updateEndpoint(
  db: Db,
  tenantId: string,
  id: string,
  data: Prisma.WebhookEndpointUpdateManyMutationInput,
): Promise<EndpointRow | null> {
  const { count } = await db.webhookEndpoint.updateMany({ where: { tenantId, id }, data });
  return count === 1 ? findEndpoint(db, tenantId, id) : null;
}

export async function deleteEndpoint(db: Db, tenantId: string, id: string): Promise<boolean> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { tenantId, id } });
  return count === 1;
}

/** An endpoint's deliveries, newest first. */
export function listDeliveries(
  db: Db,
  tenantId: string,
  endpointId: string,
  filter: { state: DeliveryState | undefined },
  page: { before: Keyset | undefined; take: number },
): Promise<DeliveryRow[]> {
  return db.webhookDelivery.findMany({
    where: {
      tenantId,
      endpointId,
      ...(filter.state && { state: filter.state }),
      ...afterCursor('createdAt', page.before),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: deliveryView,
  });
}

export function findDelivery(db: Db, tenantId: string, id: string): Promise<DeliveryRow | null> {
  return db.webhookDelivery.findFirst({ where: { tenantId, id }, select: deliveryView });
}

/**
 * A delivery of an event to one endpoint, due only at `dueAt`: the test send's, which its own request claims
 * and attempts at once, so the dispatcher must not take it first — but does, if that request's instance died
 * before the attempt was recorded.
 */
export function createDelivery(
  db: Db,
  tenantId: string,
  delivery: { endpointId: string; eventId: string; eventType: string; now: Date; dueAt: Date },
): Promise<DeliveryRow> {
  return db.webhookDelivery.create({
    data: {
      tenantId,
      endpointId: delivery.endpointId,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      nextAttemptAt: delivery.dueAt,
      createdAt: delivery.now,
    },
    select: deliveryView,
  });
}
