// API keys (spec §2, §5): created through the admin interface, shown once, stored as SHA-256 only.
// Scopes are a subset of the creator's permissions; an unscoped key follows its creator's role.
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import { z } from 'zod';
import { newApiKey } from '../../auth/api-key-tokens.js';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { isPermission, PERMISSIONS } from '../../auth/permissions.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { isoDateTime, parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import type { EventData } from '../events/event-catalogue.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import { findMember } from '../members/members.repository.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { assertCanGrant } from '../roles/roles.service.js';
import * as repository from './api-keys.repository.js';
import type { ApiKeyRow } from './api-keys.repository.js';

export type ApiKeyView = Omit<ApiKeyRow, 'scoped' | 'scopes'> & { scopes: string[] | null };
export type CreatedApiKey = ApiKeyView & { key: string };

const toView = ({ scoped, scopes, ...row }: ApiKeyRow): ApiKeyView => ({ ...row, scopes: scoped ? scopes : null });

/** An API key in its events (the event catalogue's api_key.* data): never the key or its hash. */
const apiKeyEventFields = (row: ApiKeyRow) => ({
  api_key_id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scoped ? row.scopes : null,
});

/** The api_key.revoked event of a key revoked by a caller, or with the member who created it. */
export const apiKeyRevokedEvent = (
  row: ApiKeyRow,
  reason: EventData<'api_key.revoked'>['reason'],
): EventData<'api_key.revoked'> => ({
  ...apiKeyEventFields(row),
  revoked_at: row.revokedAt!.toISOString(),
  reason,
});

export const createInput = z.object({
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .max(100, { error: 'name must be at most 100 characters' })
    .nullish(),
  scopes: z
    .array(z.string({ error: 'scopes must be strings' }), { error: 'scopes must be an array' })
    .min(1, { error: "scopes must name at least one permission; omit it for a key with the role's permissions" })
    .nullish()
    .meta({
      description: 'A subset of your permissions; omit for an unscoped key.',
      examples: [['credentials:verify']],
    }),
  expiresAt: isoDateTime('expires_at')
    .nullish()
    .meta({
      description: 'ISO 8601 date-time; omit for a key that does not expire.',
      examples: ['2030-01-01T00:00:00Z'],
    }),
});

export function createApiKeysService({ prisma, access }: { prisma: PrismaClient; access: AccessEvents }) {
  async function create(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    idempotency: IdempotencySlot | null = null,
  ): Promise<CreatedApiKey> {
    const input = parseInput(createInput, rawInput);
    const scopes = input.scopes ? checkScopes(principal, input.scopes) : inheritedScopes(principal);
    if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
      throw badRequest('expires_at must be in the future');
    const { key, keyHash, prefix } = newApiKey();
    return prisma.$transaction(async (tx) => {
      const row = await repository.createApiKey(tx, principal.tenantId, {
        createdByUserId: principal.userId,
        name: input.name ?? '',
        prefix,
        keyHash,
        scoped: scopes !== null,
        scopes: scopes ?? [],
        expiresAt: input.expiresAt ?? null,
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: row.id,
        details: { name: row.name, prefix, scopes, expiresAt: row.expiresAt?.toISOString() ?? null },
      });
      await recordEvent(tx, principal.tenantId, 'api_key.created', {
        ...apiKeyEventFields(row),
        created_by_user_id: row.createdByUserId,
        expires_at: row.expiresAt?.toISOString() ?? null,
      });
      const created = { ...toView(row), key };
      await completeIdempotentRequest(tx, idempotency, created);
      return created;
    });
  }

  async function list(
    principal: Principal,
    page: PageRequest,
  ): Promise<{ apiKeys: ApiKeyView[]; nextCursor: string | null }> {
    const result = await fetchPage(page, (window) => repository.listApiKeys(prisma, principal.tenantId, window));
    return { apiKeys: result.items.map(toView), nextCursor: result.nextCursor };
  }

  /** Revokes at once: the next request with the key gets 401. Unknown, foreign and revoked keys are 404. */
  async function revoke(principal: Principal, apiKeyId: string, requestId: string | null): Promise<ApiKeyView> {
    if (!isUuid(apiKeyId)) throw notFound(MESSAGES.apiKeyNotFound);
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const target = await repository.findUnrevokedApiKey(tx, principal.tenantId, apiKeyId);
        if (!target) throw notFound(MESSAGES.apiKeyNotFound);
        await assertCanActOnCreator(tx, principal, target.createdByUserId);
        // Revoked concurrently since the read: as if it had been revoked before.
        const row = await repository.revokeApiKey(tx, principal.tenantId, apiKeyId, new Date());
        if (!row) throw notFound(MESSAGES.apiKeyNotFound);
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'api_key.revoked',
          targetType: 'api_key',
          targetId: row.id,
          details: { name: row.name, prefix: row.prefix },
        });
        await recordEvent(tx, principal.tenantId, 'api_key.revoked', apiKeyRevokedEvent(row, 'revoked'));
        return toView(row);
      }),
    );
  }

  return { create, list, revoke };
}

/**
 * Revoking someone else's key acts on them: allowed only to a caller who holds everything the key's creator
 * holds now (as for changing their role or removing them). One's own keys can always be revoked.
 */
async function assertCanActOnCreator(tx: Prisma.TransactionClient, principal: Principal, creatorUserId: string) {
  if (creatorUserId === principal.userId) return;
  const creator = await findMember(tx, principal.tenantId, creatorUserId);
  // A creator who left the tenant has no role left to protect (their keys were revoked on removal).
  if (creator) assertCanGrant(principal, creator.role.permissions);
}

/**
 * What a key created without `scopes` may do: a session's key follows the user's role (null: unscoped); a key
 * made by a scoped key keeps the creating key's effective scopes, so a key can never mint a wider one.
 */
function inheritedScopes(principal: Principal): string[] | null {
  if (principal.kind !== 'api_key' || principal.scopes === null) return null;
  return PERMISSIONS.filter((permission) => principal.permissions.has(permission));
}

/** Scopes must be known permissions the creator holds now; anything else is a 400 naming it. */
function checkScopes(principal: Principal, requested: string[]): string[] {
  for (const scope of requested) {
    if (!isPermission(scope)) throw badRequest(`unknown permission: ${scope}`);
    if (!principal.permissions.has(scope)) throw badRequest(`scope not permitted, you do not hold it: ${scope}`);
  }
  return PERMISSIONS.filter((permission) => requested.includes(permission));
}
