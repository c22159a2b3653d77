// A tenant's DIDs. Every statement names the tenant and addresses rows by (tenant, id) or (tenant, DID), so a
// DID of another tenant is "not found" here. Resolving a DID (public) reads no row: methods/index.ts.
import type { PreparedSql } from '../../db/database.js';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Keyset } from '../../lib/pagination.js';
import type { KeyType } from './signing-keys.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const didView = {
  id: true,
  did: true,
  keyType: true,
  publicJwk: true,
  createdAt: true,
  deactivatedAt: true,
} as const;

export type DidRow = Prisma.DidGetPayload<{ select: typeof didView }>;

export function countActiveDids(db: Db, tenantId: string): Promise<number> {
  return db.did.count({ where: { tenantId, deactivatedAt: null } });
}

export function createDid(
  db: Db,
  tenantId: string,
  did: {
    did: string;
    keyType: KeyType;
    publicJwk: Prisma.InputJsonObject;
    privateKeyCiphertext: Uint8Array<ArrayBuffer>;
  },
): Promise<DidRow> {
  return db.did.create({ data: { tenantId, ...did }, select: didView });
}

// A page of the tenant's DIDs, newest first: GET /v1/dids is read by every integration and dashboard visit, so
// it runs as a prepared statement. The keyset (created_at, id) < cursor is the row comparison PostgreSQL
// evaluates as "created_at < c OR (created_at = c AND id < i)".
const LIST_DIDS_SQL = `
  SELECT id::text, did, key_type AS "keyType", public_jwk AS "publicJwk", created_at AS "createdAt",
         deactivated_at AS "deactivatedAt"
  FROM dids
  WHERE tenant_id = $1::uuid
    AND ($2::text IS NULL OR ($2::text = 'active') = (deactivated_at IS NULL))
    AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
  ORDER BY created_at DESC, id DESC
  LIMIT $5::int`;

/** Newest first, `take` rows after the cursor. */
export function listDids(
  sql: PreparedSql,
  tenantId: string,
  filter: { status?: 'active' | 'deactivated' | null },
  page: { before: Keyset | undefined; take: number },
): Promise<DidRow[]> {
  return sql<DidRow>('list-dids', LIST_DIDS_SQL, [
    tenantId,
    filter.status ?? null,
    page.before?.createdAt ?? null,
    page.before?.id ?? null,
    page.take,
  ]);
}

export function findDid(db: Db, tenantId: string, did: string): Promise<DidRow | null> {
  return db.did.findFirst({ where: { tenantId, did }, select: didView });
}

export function markDidDeactivated(db: Db, tenantId: string, id: string, at: Date): Promise<DidRow> {
  return db.did.update({ where: { id, tenantId }, data: { deactivatedAt: at }, select: didView });
}

/** The tenant's DID with its encrypted private key (issuer-keys.ts decrypts it), or null. */
export function findDidWithKey(db: Db, tenantId: string, did: string) {
  return db.did.findFirst({
    where: { tenantId, did },
    select: { id: true, keyType: true, createdAt: true, deactivatedAt: true, privateKeyCiphertext: true },
  });
}

/** The tenant's oldest active DID: the default attester of trust attestations. */
export function oldestActiveDid(db: Db, tenantId: string) {
  return db.did.findFirst({
    where: { tenantId, deactivatedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, did: true },
  });
}

/**
 * Whether the tenant's DID is still active, checked inside the transaction that stores an attestation. The row
 * is locked FOR SHARE, so a concurrent deactivation waits for the attestation to commit (or finds it made
 * after) rather than slipping between the check and the insert.
 */
export async function didIsActive(db: Db, tenantId: string, didId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM dids
    WHERE tenant_id = ${tenantId}::uuid AND id = ${didId}::uuid AND deactivated_at IS NULL
    FOR SHARE`;
  return rows.length === 1;
}

/**
 * Deactivates the tenant's active did:web DIDs on `domain` (did:web:<domain> and did:web:<domain>:<path…>) as of
 * `at`, when the tenant stops holding the name; returns them. Domain names hold no LIKE wildcard (domains.inputs.ts).
 */
export async function deactivateDidWebsOn(db: Db, tenantId: string, domain: string, at: Date) {
  const root = `did:web:${domain}`;
  const where = {
    tenantId,
    deactivatedAt: null,
    OR: [{ did: root }, { did: { startsWith: `${root}:` } }],
  } satisfies Prisma.DidWhereInput;
  const rows = await db.did.findMany({ where, select: { id: true, did: true, keyType: true } });
  if (rows.length) {
    await db.did.updateMany({
      where: { ...where, id: { in: rows.map((row) => row.id) } },
      data: { deactivatedAt: at },
    });
  }
  return rows;
}
