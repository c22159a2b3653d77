// A tenant's API keys: stored as SHA-256 beside a short visible prefix. Every statement names the tenant;
// finding a key by its hash to authenticate a request is global and lives in src/auth/principal.repository.ts.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const apiKeyView = {
  id: true,
  name: true,
  prefix: true,
  scoped: true,
  scopes: true,
  createdByUserId: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.ApiKeySelect;

export type ApiKeyRow = Prisma.ApiKeyGetPayload<{ select: typeof apiKeyView }>;

export function createApiKey(
  db: Db,
  tenantId: string,
  key: {
    createdByUserId: string;
    name: string;
    prefix: string;
    keyHash: Uint8Array<ArrayBuffer>;
    scoped: boolean;
    scopes: string[];
    expiresAt: Date | null;
  },
): Promise<ApiKeyRow> {
  return db.apiKey.create({ data: { tenantId, ...key }, select: apiKeyView });
}

/** Newest first, `take` rows after the cursor. */
export function listApiKeys(
  db: Db,
  tenantId: string,
  page: { before: Keyset | undefined; take: number },
): Promise<ApiKeyRow[]> {
  return db.apiKey.findMany({
    where: { tenantId, ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: apiKeyView,
  });
}

/** The tenant's unrevoked key, with who created it; null for unknown, foreign and revoked keys alike. */
export function findUnrevokedApiKey(db: Db, tenantId: string, id: string) {
  return db.apiKey.findFirst({ where: { tenantId, id, revokedAt: null }, select: { createdByUserId: true } });
}

/** Revokes the tenant's unrevoked key and returns it as it is now; null if there was none to revoke. */
export async function revokeApiKey(db: Db, tenantId: string, id: string, at: Date): Promise<ApiKeyRow | null> {
  const { count } = await db.apiKey.updateMany({ where: { tenantId, id, revokedAt: null }, data: { revokedAt: at } });
  if (count === 0) return null;
  return db.apiKey.findFirstOrThrow({ where: { tenantId, id }, select: apiKeyView });
}

/** Revokes every unrevoked key the user created in the tenant (they are leaving it); returns them. */
export function revokeApiKeysCreatedBy(db: Db, tenantId: string, userId: string, at: Date): Promise<ApiKeyRow[]> {
  return db.apiKey.updateManyAndReturn({
    where: { tenantId, createdByUserId: userId, revokedAt: null },
    data: { revokedAt: at },
    select: apiKeyView,
  });
}
