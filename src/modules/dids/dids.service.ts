// DIDs (spec §2, §3): did:key (the default) or did:web on a verified custom domain, with Ed25519
// (default) or P-256 keys generated here.
// The private key never leaves the server unencrypted: it is stored as AES-256-GCM ciphertext bound to its
// tenant and DID. The plan's DID limit counts active DIDs, checked with the tenant row locked.
import type { JWK } from 'jose';
import { z } from 'zod';
import type { PreparedSql } from '../../db/database.js';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, conflict, notFound, quotaReached, unauthorized } from '../../lib/errors.js';
import { keyAadFor, type KeyEncryption } from '../../lib/key-encryption.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { hasRoom, PLANS } from '../plans/plans.js';
import { lockTenant } from '../tenants/tenants.repository.js';
import { countActiveDids, createDid, findDid, listDids, markDidDeactivated, type DidRow } from './dids.repository.js';
import type { DidDocument } from './methods/did-method.js';
import { DEFAULT_DID_METHOD, didMethodOfStored } from './methods/index.js';
import { didWebMethod } from './methods/did-web/did-web.method.js';
import { findVerifiedHolder, lockDomainName } from '../domains/domains.repository.js';
import { KEY_TYPES, type KeyType } from './signing-keys.js';

export type DidView = {
  id: string;
  did: string;
  keyType: KeyType;
  verificationMethod: string;
  status: 'active' | 'deactivated';
  createdAt: Date;
  deactivatedAt: Date | null;
  didDocument: unknown;
};

function toDidView(row: DidRow): DidView {
  return viewWithDocument(row, didMethodOfStored(row.did).document(row.did, row.publicJwk as JWK));
}

/** A DID just made comes with its document: deriving it again would cost a second key conversion. */
function viewWithDocument(row: DidRow, document: DidDocument): DidView {
  const method = didMethodOfStored(row.did);
  return {
    id: row.id,
    did: row.did,
    keyType: row.keyType as KeyType,
    verificationMethod: method.verificationMethodId(row.did),
    status: row.deactivatedAt ? 'deactivated' : 'active',
    createdAt: row.createdAt,
    deactivatedAt: row.deactivatedAt,
    didDocument: document,
  };
}

// Input rules, shared by both transports: the GraphQL types and the OpenAPI document derive from them.
export const didKeyType = z
  .enum(KEY_TYPES, {
    error: (issue) =>
      typeof issue.input === 'string' ? 'key_type must be Ed25519 or P-256' : 'key_type must be a string',
  })
  .meta({ id: 'KeyType', description: 'Ed25519 (alg EdDSA) or P-256 (alg ES256).' });

export const didStatus = z
  .enum(['active', 'deactivated'], { error: 'status must be active or deactivated' })
  .meta({ id: 'DidStatus' });

export const didMethodName = z
  .enum(['key', 'web'], { error: 'method must be key or web' })
  .meta({ id: 'DidMethod', description: 'key (did:key, the default) or web (did:web on a verified custom domain).' });

/** Key type names as clients write them, whatever their case. */
const KEY_TYPE_SPELLINGS: Record<string, KeyType> = { ed25519: 'Ed25519', 'p-256': 'P-256', p256: 'P-256' };

export const createInput = z.object({
  keyType: z
    .preprocess(
      (value) => (typeof value === 'string' ? (KEY_TYPE_SPELLINGS[value.toLowerCase()] ?? value) : value),
      didKeyType,
    )
    .nullish()
    .meta({ description: 'Ed25519 (default) or P-256.' }),
  method: didMethodName.nullish().meta({ description: 'key (default) or web.' }),
  domain: z
    .string({ error: 'domain must be a string' })
    .nullish()
    .meta({ description: 'did:web only: one of the tenant’s verified custom domains.' }),
  path: z
    .string({ error: 'path must be a string' })
    .nullish()
    .meta({
      description:
        'did:web only: a path under the domain, e.g. issuers/degrees (did:web:<domain>:issuers:degrees). Up to 8 ' +
        'segments of letters, digits, ., _, ~ and -, none . or ..; the first may not be .well-known (where the ' +
        'domain’s own did:web:<domain> has its document), v1 or 1.0 (the service’s API and DID resolution).',
    }),
});

export const listInput = z.object({ status: didStatus.nullish() });

export const didNotFound = (did: string) => notFound(MESSAGES.didNotFound(did));

export function createDidsService({
  prisma,
  sql,
  keys,
}: {
  prisma: PrismaClient;
  sql: PreparedSql;
  keys: KeyEncryption;
}) {
  async function create(
    principal: Principal,
    rawInput: unknown,
    idempotency: IdempotencySlot | null = null,
    requestId: string | null = null,
  ): Promise<DidView> {
    const input = parseInput(createInput, rawInput);
    const web = input.method === 'web';
    if (!web && (input.domain || input.path)) throw badRequest('domain and path are for did:web (method web)');
    const method = web ? didWebMethod : DEFAULT_DID_METHOD;
    const placement = { domain: input.domain, path: input.path ? input.path.replace(/^\/+|\/+$/g, '').split('/') : [] };
    const created = method.create(input.keyType ?? 'Ed25519', placement);
    const ciphertext = keys.encrypt(created.privateKeyPkcs8, keyAadFor(principal.tenantId, created.did));
    const write = prisma.$transaction(async (tx) => {
      // Serialised with the domain's removal, which deactivates its did:web DIDs; the name's lock before the
      // tenant's row, as there (domains.service.ts remove()).
      if (web) await lockDomainName(tx, input.domain!);
      const tenant = await lockTenant(tx, principal.tenantId);
      if (!tenant) throw unauthorized();
      if (web && (await findVerifiedHolder(tx, input.domain!))?.tenantId !== principal.tenantId) {
        throw badRequest(MESSAGES.domainNotVerified(input.domain!));
      }
      const limit = PLANS[tenant.plan].quotas.dids;
      const active = await countActiveDids(tx, principal.tenantId);
      if (!hasRoom(limit, active)) throw quotaReached('dids', MESSAGES.didLimitReached(limit!));
      const row = await createDid(tx, principal.tenantId, {
        did: created.did,
        keyType: created.keyType,
        publicJwk: { ...created.publicJwk },
        privateKeyCiphertext: new Uint8Array(ciphertext),
      });
      const view = viewWithDocument(row, created.document);
      await recordEvent(tx, principal.tenantId, 'did.created', {
        did: view.did,
        key_type: view.keyType,
        verification_method: view.verificationMethod,
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'did.created',
        targetType: 'did',
        targetId: view.did,
        details: { key_type: view.keyType },
      });
      await completeIdempotentRequest(tx, idempotency, view);
      return view;
    });
    try {
      return await write;
    } catch (error) {
      // A did:web names a place: the same domain and path twice is the same DID (while it is active: a DID
      // deactivated with its domain no longer holds the name).
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw conflict(MESSAGES.didAlreadyExists(created.did));
      }
      throw error;
    }
  }

  async function list(principal: Principal, rawInput: unknown, page: PageRequest) {
    const input = parseInput(listInput, rawInput);
    const result = await fetchPage(page, (window) =>
      listDids(sql, principal.tenantId, { status: input.status }, window),
    );
    return { dids: result.items.map(toDidView), nextCursor: result.nextCursor };
  }

  async function get(principal: Principal, did: string): Promise<DidView> {
    const row = await findDid(prisma, principal.tenantId, did);
    if (!row) throw didNotFound(did);
    return toDidView(row);
  }

  /** Deactivation is final (no reactivation) and frees a slot under the DID limit; repeating it changes nothing. */
  async function deactivate(principal: Principal, did: string, requestId: string | null = null): Promise<DidView> {
    return prisma.$transaction(async (tx) => {
      const row = await findDid(tx, principal.tenantId, did);
      if (!row) throw didNotFound(did);
      if (row.deactivatedAt) return toDidView(row);
      const updated = toDidView(await markDidDeactivated(tx, principal.tenantId, row.id, new Date()));
      await recordEvent(tx, principal.tenantId, 'did.deactivated', {
        did: updated.did,
        key_type: updated.keyType,
        deactivated_at: updated.deactivatedAt!.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'did.deactivated',
        targetType: 'did',
        targetId: updated.did,
        details: { key_type: updated.keyType },
      });
      return updated;
    });
  }

  return { create, list, get, deactivate };
}
