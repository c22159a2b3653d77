// DIDs (spec §2, §3): did:key with Ed25519 (default) or P-256 keys generated here. The private key never
// leaves the server unencrypted: it is stored as AES-256-GCM ciphertext bound to its tenant and DID.
// The plan's DID limit counts active DIDs, checked with the tenant row locked.
import { z } from 'zod';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { keyAadFor, type KeyEncryption } from '../../lib/key-encryption.js';
import { MESSAGES } from '../../lib/messages.js';
import { afterCursor, decodeCursor, pageLimit, toPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { hasRoom, PLANS } from '../plans/plans.js';
import { lockTenant } from '../usage/usage.repository.js';
import { didDocument, generateDidKey, parseDidKey, type DidKeyType } from './did-key.js';

export type DidView = {
  id: string;
  did: string;
  keyType: DidKeyType;
  verificationMethod: string;
  status: 'active' | 'deactivated';
  createdAt: Date;
  deactivatedAt: Date | null;
  didDocument: unknown;
};

type DidRow = { id: string; did: string; keyType: string; createdAt: Date; deactivatedAt: Date | null };

const didView = { id: true, did: true, keyType: true, createdAt: true, deactivatedAt: true } as const;

export function toDidView(row: DidRow): DidView {
  const parsed = parseDidKey(row.did);
  return {
    id: row.id,
    did: row.did,
    keyType: row.keyType as DidKeyType,
    verificationMethod: parsed.kid,
    status: row.deactivatedAt ? 'deactivated' : 'active',
    createdAt: row.createdAt,
    deactivatedAt: row.deactivatedAt,
    didDocument: didDocument(row.did),
  };
}

const KEY_TYPES: Record<string, DidKeyType> = { ed25519: 'Ed25519', 'p-256': 'P-256', p256: 'P-256' };

const createInput = z.object({
  keyType: z
    .string({ error: 'key_type must be a string' })
    .transform((value) => KEY_TYPES[value.toLowerCase()])
    .refine((value) => value !== undefined, { error: 'key_type must be Ed25519 or P-256' })
    .nullish(),
});

const listInput = z.object({
  status: z.enum(['active', 'deactivated'], { error: 'status must be active or deactivated' }).nullish(),
});

export const didNotFound = (did: string) => notFound(MESSAGES.didNotFound(did));

export function createDidsService({ prisma, keys }: { prisma: PrismaClient; keys: KeyEncryption }) {
  async function create(
    principal: Principal,
    rawInput: unknown,
    idempotency: IdempotencySlot | null = null,
  ): Promise<DidView> {
    const input = parseInput(createInput, rawInput);
    const generated = generateDidKey(input.keyType ?? 'Ed25519');
    const ciphertext = keys.encrypt(generated.privateKeyPkcs8, keyAadFor(principal.tenantId, generated.did));
    return prisma.$transaction(async (tx) => {
      const tenant = await lockTenant(tx, principal.tenantId);
      if (!tenant) throw unauthorized();
      const limit = PLANS[tenant.plan].quotas.dids;
      const active = await tx.did.count({ where: { tenantId: principal.tenantId, deactivatedAt: null } });
      if (!hasRoom(limit, active)) throw forbidden(MESSAGES.didLimitReached(limit!));
      const row = await tx.did.create({
        data: {
          tenantId: principal.tenantId,
          did: generated.did,
          keyType: generated.keyType,
          publicJwk: generated.publicJwk,
          privateKeyCiphertext: new Uint8Array(ciphertext),
        },
        select: didView,
      });
      await recordEvent(tx, principal.tenantId, 'did.created', { did: row.did, keyType: row.keyType });
      const view = toDidView(row);
      await completeIdempotentRequest(tx, idempotency, view);
      return view;
    });
  }

  async function list(principal: Principal, rawInput: unknown, page: PageRequest) {
    const input = parseInput(listInput, rawInput);
    const limit = pageLimit(page.limit);
    const before = decodeCursor(page.cursor);
    const rows = await prisma.did.findMany({
      where: {
        tenantId: principal.tenantId,
        ...(input.status === 'active' && { deactivatedAt: null }),
        ...(input.status === 'deactivated' && { deactivatedAt: { not: null } }),
        ...afterCursor('createdAt', before),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: didView,
    });
    const result = toPage(rows, limit);
    return { dids: result.items.map(toDidView), nextCursor: result.nextCursor };
  }

  async function get(principal: Principal, did: string): Promise<DidView> {
    const row = await prisma.did.findFirst({ where: { did, tenantId: principal.tenantId }, select: didView });
    if (!row) throw didNotFound(did);
    return toDidView(row);
  }

  /** Deactivation is final (no reactivation) and frees a slot under the DID limit; repeating it changes nothing. */
  async function deactivate(principal: Principal, did: string): Promise<DidView> {
    return prisma.$transaction(async (tx) => {
      const row = await tx.did.findFirst({ where: { did, tenantId: principal.tenantId }, select: didView });
      if (!row) throw didNotFound(did);
      if (row.deactivatedAt) return toDidView(row);
      const updated = await tx.did.update({
        where: { id: row.id },
        data: { deactivatedAt: new Date() },
        select: didView,
      });
      await recordEvent(tx, principal.tenantId, 'did.deactivated', { did });
      return toDidView(updated);
    });
  }

  return { create, list, get, deactivate };
}
