// Signing keys of a tenant's DIDs, decrypted once and kept in memory for the process's life: decrypting and
// importing a key costs more than signing with it. Entries are keyed by tenant and DID, so a lookup only
// ever finds the caller's own DIDs. Whether a DID is still active is decided by the database in the
// statement that stores each credential, never by this cache; a cached entry reports `deactivated: null`
// (unknown) and callers that need to know ask again with `fresh`.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { keyAadFor, type KeyEncryption } from '../../lib/key-encryption.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { findDidWithKey, oldestActiveDid } from './dids.repository.js';
import { didMethodOfStored } from './methods/index.js';
import type { KeyType, SigningKey } from './signing-keys.js';

/** `createdAt`: when the DID and its key were made (compliance caps a key's age). */
export type TenantIssuer = { didId: string; createdAt: Date; deactivated: boolean | null; key: SigningKey };

const MAX_CACHED_KEYS = 10_000;

export function createIssuerKeys({ prisma, keys }: { prisma: PrismaClient; keys: KeyEncryption }) {
  const cache = new Map<string, { didId: string; createdAt: Date; key: SigningKey }>();

  /** The tenant's DID with its signing key, or null for unknown and foreign DIDs alike. */
  async function forTenant(
    tenantId: string,
    did: string,
    options: { fresh?: boolean } = {},
  ): Promise<TenantIssuer | null> {
    const hit = options.fresh ? undefined : cache.get(`${tenantId}:${did}`);
    if (hit) return { didId: hit.didId, createdAt: hit.createdAt, deactivated: null, key: hit.key };
    const row = await findDidWithKey(prisma, tenantId, did);
    if (!row) return null;
    const cacheKey = `${tenantId}:${did}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      const pkcs8 = keys.decrypt(row.privateKeyCiphertext, keyAadFor(tenantId, did));
      entry = {
        didId: row.id,
        createdAt: row.createdAt,
        key: didMethodOfStored(did).signingKey(did, row.keyType as KeyType, pkcs8),
      };
      if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value!);
      cache.set(cacheKey, entry);
    }
    return { didId: entry.didId, createdAt: entry.createdAt, deactivated: row.deactivatedAt !== null, key: entry.key };
  }

  /** The signing key of a tenant's DID (status lists are signed by the DID that issued into them). */
  async function signingKey(tenantId: string, did: string) {
    const issuer = await forTenant(tenantId, did);
    if (!issuer) throw new Error(`DID ${did} of tenant ${tenantId} vanished`);
    return issuer.key;
  }

  /**
   * Who signs what the tenant states itself (trust attestations, compliance reports): the DID asked for if it is
   * the tenant's and active, else the tenant's oldest active DID; a tenant without one is told `noDid` (a 400).
   */
  async function statementSigner(tenantId: string, did: string | null | undefined, noDid: string) {
    const chosen = did ?? (await oldestActiveDid(prisma, tenantId))?.did;
    if (!chosen) throw badRequest(noDid);
    const issuer = await forTenant(tenantId, chosen, { fresh: true });
    if (!issuer) throw notFound(MESSAGES.didNotFound(chosen));
    if (issuer.deactivated) throw badRequest(MESSAGES.issuerDidDeactivated);
    return issuer;
  }

  return { forTenant, signingKey, statementSigner };
}

export type IssuerKeys = ReturnType<typeof createIssuerKeys>;
