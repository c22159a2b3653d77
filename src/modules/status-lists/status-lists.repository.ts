// Status list rows. Index allocation is one UPDATE … RETURNING on the issuer's current list: the row lock
// serialises concurrent issuers, so an index is never handed out twice, and a failed issue merely skips one.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { STATUS_LIST_SIZE, type StatusListFormat } from './status-list.codec.js';

type Db = PrismaClient | Prisma.TransactionClient;

export async function allocateIndex(db: Db, tenantId: string, didId: string, format: StatusListFormat) {
  const taken = await db.$queryRaw<{ id: string; index: number }[]>`
    UPDATE status_lists SET next_index = next_index + 1
    WHERE id = (SELECT id FROM status_lists
                WHERE did_id = ${didId}::uuid AND format = ${format}::status_list_format AND next_index < size
                ORDER BY created_at DESC LIMIT 1)
      AND next_index < size
    RETURNING id::text AS id, next_index - 1 AS index`;
  if (taken[0]) return taken[0];
  // No list with room yet: start one and take its first index. Two racing issuers may each start one;
  // both are valid lists, and each index still belongs to exactly one credential.
  const created = await db.$queryRaw<{ id: string; index: number }[]>`
    INSERT INTO status_lists (id, tenant_id, did_id, format, size, next_index, bits)
    VALUES (gen_random_uuid(), ${tenantId}::uuid, ${didId}::uuid, ${format}::status_list_format,
            ${STATUS_LIST_SIZE}, 1, decode(repeat('00', ${STATUS_LIST_SIZE / 8}), 'hex'))
    RETURNING id::text AS id, 0 AS index`;
  return created[0]!;
}

export function findStatusList(db: Db, id: string) {
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
