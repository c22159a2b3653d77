// A tenant's custom domains. Tenant-facing statements name the tenant and address rows by (tenant, id), so a
// domain of another tenant is "not found"; the few global ones (who holds a name verified, the daily re-check's
// sweep, the claims a verification ends) say so.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const domainView = {
  id: true,
  tenantId: true,
  domain: true,
  status: true,
  token: true,
  createdAt: true,
  verifiedAt: true,
  checkedAt: true,
  lastSeenAt: true,
} as const;

export type DomainRow = Prisma.CustomDomainGetPayload<{ select: typeof domainView }>;

export function insertDomain(db: Db, tenantId: string, domain: string, token: string): Promise<DomainRow> {
  return db.customDomain.create({ data: { tenantId, domain, token }, select: domainView });
}

export function listDomains(db: Db, tenantId: string): Promise<DomainRow[]> {
  return db.customDomain.findMany({
    where: { tenantId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: domainView,
  });
}

export function findDomain(db: Db, tenantId: string, id: string): Promise<DomainRow | null> {
  return db.customDomain.findFirst({ where: { tenantId, id }, select: domainView });
}

/** Global: the tenant holding `domain` verified, if any (at most one: verified_name is unique). */
export function findVerifiedHolder(db: Db, domain: string): Promise<{ id: string; tenantId: string } | null> {
  return db.customDomain.findUnique({ where: { verifiedName: domain }, select: { id: true, tenantId: true } });
}

/**
 * Serialises the verifications of one name across tenants and instances until the transaction ends, so that
 * "is it verified elsewhere?" and "now it is mine" cannot interleave.
 */
export async function lockDomainName(tx: Prisma.TransactionClient, domain: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`custom-domain:${domain}`}))) AS l`;
}

export function markVerified(db: Db, tenantId: string, id: string, domain: string, at: Date) {
  return db.customDomain.updateMany({
    where: { tenantId, id },
    data: { status: 'verified', verifiedName: domain, verifiedAt: at, checkedAt: at, lastSeenAt: at },
  });
}

export function markChecked(db: Db, tenantId: string, id: string, at: Date, seen: boolean) {
  return db.customDomain.updateMany({
    where: { tenantId, id },
    data: { checkedAt: at, ...(seen && { lastSeenAt: at }) },
  });
}

export function markUnverified(db: Db, tenantId: string, id: string, at: Date) {
  return db.customDomain.updateMany({
    where: { tenantId, id, status: 'verified' },
    data: { status: 'pending', verifiedName: null, verifiedAt: null, checkedAt: at },
  });
}

export function deleteDomain(db: Db, tenantId: string, id: string) {
  return db.customDomain.deleteMany({ where: { tenantId, id } });
}

/** Global: other tenants' pending claims on a name one tenant has just verified (they end). */
export function otherPendingClaims(db: Db, domain: string, winnerTenantId: string) {
  return db.customDomain.findMany({
    where: { domain, status: 'pending', tenantId: { not: winnerTenantId } },
    select: domainView,
  });
}

/** Global: the daily re-check's sweep, verified domains last checked before `before`, oldest first. */
export function verifiedDomainsCheckedBefore(db: Db, before: Date, take: number): Promise<DomainRow[]> {
  return db.customDomain.findMany({
    where: { status: 'verified', OR: [{ checkedAt: null }, { checkedAt: { lt: before } }] },
    orderBy: [{ checkedAt: 'asc' }, { id: 'asc' }],
    take,
    select: domainView,
  });
}

/** Global: who holds `host` verified (the Host header of a request, the TLS terminator's question). */
export function verifiedTenantOf(db: Db, host: string): Promise<{ tenantId: string } | null> {
  return db.customDomain.findUnique({ where: { verifiedName: host }, select: { tenantId: true } });
}
