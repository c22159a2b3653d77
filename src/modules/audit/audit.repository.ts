// The audit log: one row per change to members, invitations, roles, API keys, the plan, webhook endpoints and trust
// (attestations, policy), and per data subject request answered (an export discloses, an erasure destroys),
// written in the same transaction as the change it records.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { actorOf } from '../../auth/principal.js';
import { afterCursor } from '../../lib/pagination.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type AuditAction =
  | 'member.invited'
  | 'invitation.revoked'
  | 'invitation.accepted'
  | 'member.role_changed'
  | 'member.removed'
  | 'role.created'
  | 'role.updated'
  | 'role.deleted'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'plan.changed'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.secret_rotated'
  | 'webhook.disabled'
  | 'trust.attestation.created'
  | 'trust.attestation.revoked'
  | 'trust.policy.updated'
  | 'compliance.subject.exported'
  | 'compliance.subject.erased';

export type AuditEntry = {
  action: AuditAction;
  targetType:
    | 'member'
    | 'invitation'
    | 'role'
    | 'api_key'
    | 'tenant'
    | 'webhook'
    | 'trust_attestation'
    /** A person the tenant's credentials are about; targetId is their subject id. */
    | 'data_subject';
  targetId: string;
  details?: Prisma.InputJsonObject;
};

/** Who acted and in which request; the invitee accepting an invitation acts as themselves. */
export type AuditActor = {
  tenantId: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  requestId: string | null;
};

export function actorFrom(principal: Principal, requestId: string | null): AuditActor {
  return { tenantId: principal.tenantId, ...actorOf(principal), requestId };
}

export function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry) {
  return db.auditEvent.create({
    data: {
      tenantId: actor.tenantId,
      actorUserId: actor.actorUserId,
      actorApiKeyId: actor.actorApiKeyId,
      requestId: actor.requestId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details ?? {},
    },
    select: { id: true },
  });
}

export function listAuditEvents(
  db: Db,
  tenantId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
) {
  return db.auditEvent.findMany({
    where: {
      tenantId,
      ...afterCursor('createdAt', page.before),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit,
  });
}
