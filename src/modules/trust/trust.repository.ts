// Trust attestations and policies. Every statement names the tenant first and picks rows by (tenant, id),
// except the public trust list's look-up of a tenant by its slug (global by design: the slug is the list's
// public address; test/support/tenant-scope.ts allows it).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import { afterCursor, type Keyset } from '../../lib/pagination.js';
import type { AssuranceLevel } from './trust.inputs.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const attestationView = {
  id: true,
  subjectDid: true,
  score: true,
  weight: true,
  assuranceLevel: true,
  credentialTypes: true,
  evidence: true,
  validFrom: true,
  validUntil: true,
  statusListId: true,
  statusIndex: true,
  credential: true,
  createdAt: true,
  revokedAt: true,
  attesterDid: { select: { did: true } },
} satisfies Prisma.TrustAttestationSelect;

export type AttestationRow = Prisma.TrustAttestationGetPayload<{ select: typeof attestationView }>;

export type NewAttestation = {
  id: string;
  attesterDidId: string;
  subjectDid: string;
  score: number;
  weight: number;
  assuranceLevel: AssuranceLevel;
  credentialTypes: string[];
  evidence: string | null;
  validFrom: Date;
  validUntil: Date | null;
  statusListId: string;
  statusIndex: number;
  credential: string;
  createdAt: Date;
};

export function insertAttestation(db: Db, tenantId: string, attestation: NewAttestation): Promise<AttestationRow> {
  return db.trustAttestation.create({
    data: { tenantId, ...attestation },
    select: attestationView,
  });
}

export type AttestationFilters = {
  subjectDid?: string | null;
  attesterDid?: string | null;
  assuranceLevel?: AssuranceLevel | null;
  status?: 'active' | 'revoked' | 'expired' | null;
};

/** Unrevoked and in force at `now` (valid_from passed, valid_until not yet). */
const inForce = (now: Date): Prisma.TrustAttestationWhereInput => ({
  revokedAt: null,
  validFrom: { lte: now },
  OR: [{ validUntil: null }, { validUntil: { gt: now } }],
});

function statusWhere(status: AttestationFilters['status'], now: Date): Prisma.TrustAttestationWhereInput {
  if (status === 'revoked') return { revokedAt: { not: null } };
  if (status === 'expired') return { revokedAt: null, validUntil: { lte: now } };
  if (status === 'active') return { revokedAt: null, OR: [{ validUntil: null }, { validUntil: { gt: now } }] };
  return {};
}

/** Newest first, `take` rows after the cursor. */
export function listAttestations(
  db: Db,
  tenantId: string,
  filters: AttestationFilters,
  page: { before: Keyset | undefined; take: number },
  now = new Date(),
): Promise<AttestationRow[]> {
  return db.trustAttestation.findMany({
    relationLoadStrategy: 'join',
    where: {
      tenantId,
      ...(filters.subjectDid && { subjectDid: filters.subjectDid }),
      ...(filters.attesterDid && { attesterDid: { did: filters.attesterDid } }),
      ...(filters.assuranceLevel && { assuranceLevel: filters.assuranceLevel }),
      ...statusWhere(filters.status, now),
      ...afterCursor('createdAt', page.before),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: attestationView,
  });
}

/** The tenant's attestation if it is not revoked; null for unknown, foreign and revoked ones alike. */
export function findUnrevokedAttestation(db: Db, tenantId: string, id: string): Promise<AttestationRow | null> {
  return db.trustAttestation.findFirst({
    relationLoadStrategy: 'join',
    where: { tenantId, id, revokedAt: null },
    select: attestationView,
  });
}

/**
 * The tenant's attestations of a subject in force at `now`; with credential types, those that apply to one
 * of them (an attestation without types applies to all).
 */
export function attestationsInForce(
  db: Db,
  tenantId: string,
  subjectDid: string,
  credentialTypes: readonly string[] | null,
  now = new Date(),
): Promise<AttestationRow[]> {
  return db.trustAttestation.findMany({
    relationLoadStrategy: 'join',
    where: {
      tenantId,
      subjectDid,
      ...inForce(now),
      ...(credentialTypes && {
        AND: [{ OR: [{ credentialTypes: { isEmpty: true } }, { credentialTypes: { hasSome: [...credentialTypes] } }] }],
      }),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: attestationView,
  });
}

/** Every attestation of the tenant in force at `now`, for its public trust list (oldest first). */
export function allAttestationsInForce(db: Db, tenantId: string, now = new Date()): Promise<AttestationRow[]> {
  return db.trustAttestation.findMany({
    relationLoadStrategy: 'join',
    where: { tenantId, ...inForce(now) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 10_000,
    select: attestationView,
  });
}

/**
 * Revokes an unrevoked attestation of the tenant at `revokedAt` and flips its bit in its status list (as
 * credentials.repository.ts revokeAndFlip does); says whether it did.
 */
export async function revokeAttestationAndFlip(
  db: Db,
  tenantId: string,
  id: string,
  revokedAt: Date,
): Promise<boolean> {
  // Bitstring lists are MSB-first, Token Status Lists LSB-first; set_bit numbers bits LSB-first per byte.
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH revoked AS (
      UPDATE trust_attestations SET revoked_at = ${revokedAt}::timestamptz
      WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND revoked_at IS NULL
      RETURNING id, status_list_id, status_index
    ), flipped AS (
      UPDATE status_lists s
      SET bits = set_bit(s.bits, CASE WHEN s.format = 'bitstring' THEN (r.status_index & ~7) | (7 - (r.status_index & 7))
                                      ELSE r.status_index END, 1),
          version = s.version + 1, updated_at = now()
      FROM revoked r WHERE s.tenant_id = ${tenantId}::uuid AND s.id = r.status_list_id
    )
    SELECT id::text FROM revoked`;
  return rows.length === 1;
}

export const policyView = {
  minScore: true,
  minAssuranceLevel: true,
  requireAttestedIssuer: true,
  updatedAt: true,
} satisfies Prisma.TrustPolicySelect;

export type PolicyRow = Prisma.TrustPolicyGetPayload<{ select: typeof policyView }>;

/**
 * The tenant's trust policy (policyView's fields), or null when it has none. A prepared statement: every
 * verification a tenant asks for reads it.
 */
export async function findPolicy(sql: PreparedSql, tenantId: string): Promise<PolicyRow | null> {
  const rows = await sql<PolicyRow>(
    'trust-policy',
    `SELECT min_score AS "minScore", min_assurance_level::text AS "minAssuranceLevel",
            require_attested_issuer AS "requireAttestedIssuer", updated_at AS "updatedAt"
     FROM trust_policies WHERE tenant_id = $1::uuid`,
    [tenantId],
  );
  return rows[0] ?? null;
}

export function upsertPolicy(
  db: Db,
  tenantId: string,
  policy: Omit<PolicyRow, 'updatedAt'> & { updatedAt: Date },
): Promise<PolicyRow> {
  return db.trustPolicy.upsert({
    where: { tenantId },
    create: { tenantId, ...policy },
    update: policy,
    select: policyView,
  });
}
