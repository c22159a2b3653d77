// Idempotent retries (README "Idempotent retries"): a request that carries an Idempotency-Key runs at most
// once per tenant and key within 24 hours; a retry gets the first response back. Correctness first: the
// record of completion commits atomically with the request's effect — the service completes its slot inside
// its own transaction (or statement) — so after any crash, kill -9 included, a retry either finds the stored
// response or runs the request anew, never twice.
//
// begin() claims the key with a lease (a random token and a deadline). The request then either completes the
// slot together with its effect, or fails and release()s it: failures are not recorded, so a corrected retry
// with the same key runs. A process that dies mid-request leaves a lease that runs out; the next retry takes
// the key over. Stored responses hold secrets (an API key, an invitation token), so they are sealed with the
// key-encryption key, bound to the tenant and the key.
import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { badRequest, conflict, unprocessable } from '../../lib/errors.js';
import { constantTimeEqual } from '../../lib/crypto.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import { MESSAGES } from '../../lib/messages.js';
import { isValidIdempotencyKey, requestHash, RETENTION_SECONDS, verdictFor } from './idempotency.policy.js';
import * as repository from './idempotency.repository.js';

/** What a request holding a key carries into its service: complete it with the effect, in one transaction. */
export type IdempotencySlot = {
  /** The tenant whose key this is: every statement on the row names it. */
  readonly tenantId: string;
  readonly id: string;
  readonly leaseToken: string;
  /** The response as stored: JSON, AES-256-GCM sealed for this tenant and key. */
  seal(result: unknown): Uint8Array;
};

export type IdempotentRequest = {
  tenantId: string;
  key: string;
  /** The operation (GraphQL root field) and its arguments, as the resolver receives them. */
  operation: string;
  args: unknown;
  /** Who asks: `user:<id>` for a session, `api_key:<id>` for a key. */
  caller: string;
};

export type Begun = { kind: 'execute'; slot: IdempotencySlot } | { kind: 'replay'; result: unknown };

/** Rounds of "the row changed under us" before giving up; each needs another request to win a race. */
const MAX_ROUNDS = 5;

/** Additional data binding a stored response to its tenant and key: moved to another row, it does not decrypt. */
export const responseAadFor = (tenantId: string, key: string) =>
  JSON.stringify(['idempotent-response/v1', tenantId, key]);

export type IdempotencyServiceDeps = { prisma: PrismaClient; keys: KeyEncryption; leaseSeconds: number };

export function createIdempotencyService({ prisma, keys, leaseSeconds }: IdempotencyServiceDeps) {
  const slotFor = (tenantId: string, key: string, id: string, leaseToken: string): IdempotencySlot => ({
    tenantId,
    id,
    leaseToken,
    seal: (result) =>
      new Uint8Array(keys.encrypt(Buffer.from(JSON.stringify(result), 'utf8'), responseAadFor(tenantId, key))),
  });

  /**
   * Claims the key for this request (→ execute, with the slot to complete), or answers from what the key
   * already holds: the stored result (→ replay), 422 for another request, 409 while its request runs.
   */
  async function begin(request: IdempotentRequest): Promise<Begun> {
    const { tenantId, key, operation } = request;
    if (!isValidIdempotencyKey(key)) throw badRequest(MESSAGES.idempotencyKeyInvalid);
    const hash = requestHash(operation, request.args, request.caller);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const leaseToken = randomUUID();
      const lease = { tenantId, key, requestHash: hash, operation, leaseToken, leaseSeconds };
      const id = await repository.insertIfAbsent(prisma, lease);
      if (id) return { kind: 'execute', slot: slotFor(tenantId, key, id, leaseToken) };

      const existing = await repository.findByKey(prisma, tenantId, key, RETENTION_SECONDS);
      if (!existing) continue; // released (its request failed) since the insert: try again
      const verdict = verdictFor({ ...existing, sameRequest: constantTimeEqual(existing.requestHash, hash) });
      switch (verdict) {
        case 'mismatch':
          throw unprocessable(MESSAGES.idempotencyKeyReused);
        case 'in-progress':
          throw conflict(MESSAGES.idempotencyKeyInProgress);
        case 'replay': {
          const plaintext = keys.decrypt(existing.response!, responseAadFor(tenantId, key));
          return { kind: 'replay', result: JSON.parse(plaintext.toString('utf8')) };
        }
        case 'replace':
          if (await repository.replace(prisma, existing.id, existing.leaseToken, lease)) {
            return { kind: 'execute', slot: slotFor(tenantId, key, existing.id, leaseToken) };
          }
          continue;
        case 'take-over':
          if (await repository.takeOver(prisma, tenantId, existing.id, existing.leaseToken, leaseToken, leaseSeconds)) {
            return { kind: 'execute', slot: slotFor(tenantId, key, existing.id, leaseToken) };
          }
          continue; // completed or taken over by another retry meanwhile: look again
      }
    }
    throw conflict(MESSAGES.idempotencyKeyInProgress);
  }

  /** The request failed: forget the key (if the lease is still this request's) so that a retry runs. */
  async function release(slot: IdempotencySlot): Promise<void> {
    await repository.release(prisma, slot.tenantId, slot.id, slot.leaseToken);
  }

  /**
   * Rewrites the stored responses of the tenant's completed `operation` requests that created one of
   * `resourceIds`, through `redact`, inside the caller's transaction: a retry with the key still replays
   * (nothing is done twice) but no longer hands out what was erased. Returns how many it rewrote.
   */
  async function redactResponses(
    tx: Prisma.TransactionClient,
    tenantId: string,
    operation: string,
    resourceIds: string[],
    redact: (stored: unknown) => unknown,
  ): Promise<number> {
    if (!resourceIds.length) return 0;
    const rows = await repository.completedFor(tx, tenantId, operation, resourceIds);
    for (const row of rows) {
      const aad = responseAadFor(tenantId, row.key);
      const stored: unknown = JSON.parse(keys.decrypt(row.response, aad).toString('utf8'));
      const sealed = keys.encrypt(Buffer.from(JSON.stringify(redact(stored)), 'utf8'), aad);
      await repository.replaceResponse(tx, tenantId, row.id, new Uint8Array(sealed));
    }
    return rows.length;
  }

  /** Forgets keys past the retention window (hourly, from src/server.ts). */
  function purgeExpired(): Promise<number> {
    return repository.purgeAllTenantsOlderThan(prisma, RETENTION_SECONDS);
  }

  return { begin, release, redactResponses, purgeExpired };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/**
 * Marks the slot completed with the request's result, inside the transaction of its effect: both commit or
 * neither does. A lease that is no longer this request's (it ran out and a retry took the key over) is a 409
 * that rolls the effect back: the retry's run is the one that counts.
 */
export async function completeIdempotentRequest(
  tx: Prisma.TransactionClient,
  slot: IdempotencySlot | null,
  result: unknown,
): Promise<void> {
  if (!slot) return;
  if (!(await repository.complete(tx, slot.tenantId, slot.id, slot.leaseToken, slot.seal(result)))) {
    throw conflict(MESSAGES.idempotencyKeyInProgress);
  }
}
