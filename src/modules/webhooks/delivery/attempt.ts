// One attempt of one claimed delivery: the event as its envelope, signed with the endpoint's secret(s),
// POSTed to the address its URL resolves to now (checked again at every attempt: DNS may have changed), and
// the outcome recorded under the claim — with the next attempt's time, the endpoint's failing streak, and
// the endpoint disabled once it has failed for five days.
import type { PrismaClient } from '../../../generated/prisma/client.js';
import type { KeyEncryption } from '../../../lib/key-encryption.js';
import type { Logger } from '../../../lib/logger.js';
import { recordAudit } from '../../audit/audit.repository.js';
import { toEventEnvelope } from '../../events/event-catalogue.js';
import { openWebhookSecret } from '../webhook-secrets.js';
import {
  disableEndpoint,
  markEndpointFailing,
  markEndpointHealthy,
  recordAttempt,
  type ClaimedDelivery,
} from './dispatch.repository.js';
import { sendWebhook, type DeliveryAttemptResult } from './http-sender.js';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './retry-schedule.js';
import { webhookHeaders } from './signature.js';
import { parseWebhookUrl, resolveDeliveryAddress, WebhookHostUnresolved, WebhookUrlNotAllowed } from './url-policy.js';

export type AttemptOptions = {
  db: PrismaClient;
  keys: KeyEncryption;
  log: Logger;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: loopback and private receivers allowed (development, tests). */
  allowPrivate: boolean;
  production: boolean;
  timeoutMs: number;
};

export type AttemptOutcome = DeliveryAttemptResult & {
  state: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  /** False when another instance took the delivery over meanwhile: this attempt's outcome was not recorded. */
  recorded: boolean;
};

/**
 * `scheduled`: an attempt of the retry schedule; a failure schedules the next one, or ends the delivery as
 * failed after the last. `test`: the one attempt of a test send, never retried. `replay`: an extra attempt
 * a user asked for; a failure leaves a finished delivery as it was and a pending one on its schedule.
 */
export type AttemptKind = 'scheduled' | 'test' | 'replay';

/** Makes the claimed attempt and records it. */
export async function attemptDelivery(
  options: AttemptOptions,
  claimed: ClaimedDelivery & { lockedBy: string },
  now: () => Date,
  kind: AttemptKind = 'scheduled',
): Promise<AttemptOutcome> {
  const { db, log } = options;
  const started = now();
  const { result, wasFailing } = await send(options, claimed, started);
  const at = now();
  let state: AttemptOutcome['state'];
  let next: Date | null = null;
  if (result.ok) state = 'succeeded';
  else if (kind === 'test') state = 'failed';
  else if (kind === 'replay' && claimed.state !== 'pending') state = claimed.state as AttemptOutcome['state'];
  else {
    next = nextAttemptAt(claimed.attempts, at, result.retryAfterSeconds);
    state = next ? 'pending' : 'failed';
  }
  const recorded = await recordAttempt(
    db,
    { id: claimed.id, lockedBy: claimed.lockedBy, attempts: claimed.attempts },
    {
      state,
      nextAttemptAt: next,
      at,
      status: result.status,
      durationMs: result.durationMs,
      excerpt: result.responseExcerpt,
      error: result.error,
    },
  );
  if (!recorded) {
    log.warn({ deliveryId: claimed.id }, 'webhook delivery taken over by another instance; outcome dropped');
    return { ...result, state, nextAttemptAt: next, recorded };
  }
  if (!result.ok) await noteFailure(options, claimed, at);
  else if (wasFailing) await markEndpointHealthy(db, claimed.tenantId, claimed.endpointId);
  return { ...result, state, nextAttemptAt: next, recorded };
}

/** The attempt's result, and whether the endpoint was in a failing streak before it. */
async function send(
  options: AttemptOptions,
  claimed: ClaimedDelivery,
  at: Date,
): Promise<{ result: DeliveryAttemptResult; wasFailing: boolean }> {
  const { keys } = options;
  const wasFailing = claimed.failingSince !== null;
  if (claimed.eventType === null || claimed.eventCreatedAt === null) {
    return { result: failure('the event of this delivery no longer exists'), wasFailing };
  }
  const secrets = [openWebhookSecret(keys, claimed.tenantId, claimed.endpointId, claimed.secretCiphertext)];
  // During a rotation's overlap both secrets sign, so a receiver verifies with either.
  if (claimed.previousSecretCiphertext && claimed.previousSecretExpiresAt && claimed.previousSecretExpiresAt > at) {
    secrets.push(openWebhookSecret(keys, claimed.tenantId, claimed.endpointId, claimed.previousSecretCiphertext));
  }
  let url: URL;
  let address: { address: string; family: 4 | 6 };
  try {
    url = parseWebhookUrl(claimed.url, { production: options.production });
    address = await resolveDeliveryAddress(url.hostname, { allowPrivate: options.allowPrivate });
  } catch (error) {
    // Refused by policy, or a name that does not resolve now: a failed attempt either way, retried on schedule.
    if (error instanceof WebhookUrlNotAllowed || error instanceof WebhookHostUnresolved) {
      return { result: failure(error.message), wasFailing };
    }
    throw error;
  }
  const event = {
    id: claimed.eventId,
    tenantId: claimed.tenantId,
    type: claimed.eventType,
    payload: claimed.eventPayload,
    createdAt: claimed.eventCreatedAt,
  };
  const body = JSON.stringify(toEventEnvelope(event));
  const headers = webhookHeaders({ id: event.id, timestamp: at, body, secrets });
  return { result: await sendWebhook({ url, address, body, headers, timeoutMs: options.timeoutMs }), wasFailing };
}

function failure(error: string): DeliveryAttemptResult {
  return { ok: false, status: null, durationMs: 0, responseExcerpt: '', retryAfterSeconds: null, error };
}

/** The endpoint's failing streak grows; five days of it disables the endpoint, in the audit log. */
async function noteFailure(options: AttemptOptions, claimed: ClaimedDelivery, at: Date) {
  const { db, log } = options;
  const since = await markEndpointFailing(db, claimed.tenantId, claimed.endpointId, at);
  if (!since || at.getTime() - since.getTime() < DISABLE_AFTER_FAILING_MS) return;
  const reason = `every delivery failed since ${since.toISOString()}`;
  const disabled = await db.$transaction(async (tx) => {
    if (!(await disableEndpoint(tx, claimed.tenantId, claimed.endpointId, reason, at))) return false;
    await recordAudit(
      tx,
      { tenantId: claimed.tenantId, actorUserId: null, actorApiKeyId: null, requestId: null },
      { action: 'webhook.disabled', targetType: 'webhook', targetId: claimed.endpointId, details: { reason } },
    );
    return true;
  });
  if (disabled)
    log.warn({ tenantId: claimed.tenantId, endpointId: claimed.endpointId, reason }, 'webhook endpoint disabled');
}
