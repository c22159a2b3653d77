// Reading the audit log (spec: every change to members, roles, API keys and plan is recorded).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { decodeCursor, pageLimit, toPage, type PageRequest } from '../../lib/pagination.js';
import { listAuditEvents } from './audit.repository.js';

export type AuditEventView = {
  id: string;
  action: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  targetType: string;
  targetId: string | null;
  details: unknown;
  requestId: string | null;
  createdAt: Date;
};

export function createAuditService({ prisma }: { prisma: PrismaClient }) {
  async function list(principal: Principal, request: PageRequest) {
    const limit = pageLimit(request.limit);
    const before = decodeCursor(request.cursor);
    const rows = await listAuditEvents(prisma, principal.tenantId, { limit: limit + 1, before });
    const page = toPage(rows, limit);
    return { events: page.items as AuditEventView[], nextCursor: page.nextCursor };
  }
  return { list };
}
