// Reading the audit log (spec: every change to members, roles, API keys and plan is recorded).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
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
    const page = await fetchPage(request, ({ before, take }) =>
      listAuditEvents(prisma, principal.tenantId, { limit: take, before }),
    );
    return { events: page.items as AuditEventView[], nextCursor: page.nextCursor };
  }
  return { list };
}
