// Status list rows. Slots are reserved by one UPDATE … RETURNING on the issuer's current list: the row lock
// serialises concurrent reservations, so a slot (and so its index, see index-permutation.ts) is never handed
// out twice, and a failed issue merely skips one. Reservations name the tenant in every statement; reading a
// list for publication and status checks is global by nature (findPublishedStatusList).
import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import { STATUS_LIST_SIZE, type StatusListFormat } from './status-list.codec.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** Slots `[first, first + count)` of list `id`, with what maps them to indexes (permuteIndex). */
export type ReservedSlots = { id: string; first: number; count: number; size: number; indexKey: Uint8Array };

/**
 * Reserves up to `count` consecutive slots of the issuer's current list: `[first, first + count)`, fewer
 * when the list is nearly full. Reserved slots a process never uses are skipped, never handed out again.
 * `next_index` counts slots, not indexes.
 */
export async function reserveIndexes(
  db: Db,
  tenantId: string,
  didId: string,
  format: StatusListFormat,
  count: number,
): Promise<ReservedSlots> {
  // FOR UPDATE: a concurrent reservation waits, then reads the list's new next_index (READ COMMITTED
  // re-checks a locked row), so two reservations never overlap.
  const taken = await db.$queryRaw<ReservedSlots[]>`
    WITH current AS (
      SELECT id, next_index FROM status_lists
      WHERE tenant_id = ${tenantId}::uuid AND did_id = ${didId}::uuid AND format = ${format}::status_list_format
        AND next_index < size
      ORDER BY created_at DESC LIMIT 1
      FOR UPDATE
    )
    UPDATE status_lists s SET next_index = LEAST(c.next_index + ${count}::int, s.size)
    FROM current c WHERE s.tenant_id = ${tenantId}::uuid AND s.id = c.id
    RETURNING s.id::text AS id, c.next_index AS first, s.next_index - c.next_index AS count, s.size,
              s.index_key AS "indexKey"`;
  if (taken[0]) return taken[0];
  // No list with room yet: start one and take its first index. Two racing issuers may each start one;
  // both are valid lists, and each index still belongs to exactly one credential.
  const created = await db.$queryRaw<ReservedSlots[]>`
    INSERT INTO status_lists (id, tenant_id, did_id, format, size, next_index, bits, index_key)
    VALUES (gen_random_uuid(), ${tenantId}::uuid, ${didId}::uuid, ${format}::status_list_format,
            ${STATUS_LIST_SIZE}, ${count}::int, decode(repeat('00', ${STATUS_LIST_SIZE / 8}), 'hex'),
            ${randomBytes(32)})
    RETURNING id::text AS id, 0 AS first, ${count}::int AS count, size, index_key AS "indexKey"`;
  return created[0]!;
}

/**
 * A list by its id alone, whichever tenant's: lists are public documents. Publication serves one to any relying
 * party without credentials (GET /v1/status-lists/{id}), and verification judges any credential's reference
 * against the list it names, whoever asks (status-lists.policy.ts).
 */
export function findPublishedStatusList(db: Db, id: string) {
  return db.statusList.findUnique({
    where: { id },
    select: {
      id: true,
      tenantId: true,
      format: true,
      size: true,
      bits: true,
      version: true,
      updatedAt: true,
      did: { select: { id: true, did: true } },
    },
  });
}

/**
 * A list's owner and version alone (no bits): what a fetch needs to know that its cached rendering is still the
 * list's. A prepared statement, as lists are fetched by every relying party that checks a credential.
 */
export async function findStatusListVersion(
  sql: PreparedSql,
  id: string,
): Promise<{ tenantId: string; version: number } | null> {
  const rows = await sql<{ tenantId: string; version: number }>(
    'status-list-version',
    'SELECT tenant_id::text AS "tenantId", version FROM status_lists WHERE id = $1::uuid',
    [id],
  );
  return rows[0] ?? null;
}

/** What judging one entry needs: the list's facts and the one byte that holds the entry (null past the list). */
export type StatusListEntryRow = {
  tenantId: string;
  format: StatusListFormat;
  size: number;
  issuerDid: string;
  entryByte: number | null;
};

/**
 * A list's facts and the byte holding entry `index`, by the list's id alone (verification judges any
 * credential's reference against the list it names): one prepared statement, not the list's 16 KiB of bits.
 * Both formats keep entry i in byte i / 8 (status-list.codec.ts numbers the bits within it).
 */
export async function findStatusListEntry(
  sql: PreparedSql,
  id: string,
  index: number,
): Promise<StatusListEntryRow | null> {
  const byteOffset = Number.isInteger(index) && index >= 0 && index < 2 ** 31 ? Math.floor(index / 8) : null;
  const rows = await sql<StatusListEntryRow>(
    'status-list-entry',
    `SELECT s.tenant_id::text AS "tenantId", s.format::text AS format, s.size, d.did AS "issuerDid",
            CASE WHEN $2::int < octet_length(s.bits) THEN get_byte(s.bits, $2::int) END AS "entryByte"
     FROM status_lists s JOIN dids d ON d.id = s.did_id AND d.tenant_id = s.tenant_id
     WHERE s.id = $1::uuid`,
    [id, byteOffset],
  );
  return rows[0] ?? null;
}
