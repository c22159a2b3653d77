// Issuing, listing, reading and revoking credentials (spec §2–§4, §7). Business rules only: the formats
// live in credential-formats.ts, the SQL in credentials.repository.ts, verification in verify/.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import type { CredentialFormat } from '../../generated/prisma/enums.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { afterCursor, decodeCursor, isUuid, pageLimit, toPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { didNotFound } from '../dids/dids.service.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import type { IdempotencySlot } from '../idempotency/idempotency.service.js';
import { hasRoom, PLANS, usageMonth } from '../plans/plans.js';
import { credentialsIssuedIn } from '../usage/usage.repository.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import { issueJwtVcJson, issueSdJwtVc } from './credential-formats.js';
import { listInput, parseIssueInput, type CredentialFormatName } from './credentials.inputs.js';
import { credentialView, insertWithinQuota, revokeAndFlip, type CredentialRow } from './credentials.repository.js';

export type CredentialView = {
  id: string;
  format: CredentialFormatName;
  credential: string;
  issuer: string;
  credentialType: string;
  subjectId: string | null;
  status: { type: 'BitstringStatusListEntry' | 'TokenStatusList'; uri: string; index: number };
  issuedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

const FORMAT_TO_DB: Record<CredentialFormatName, CredentialFormat> = {
  jwt_vc_json: 'jwt_vc_json',
  'vc+sd-jwt': 'vc_sd_jwt',
};
const FORMAT_FROM_DB: Record<CredentialFormat, CredentialFormatName> = {
  jwt_vc_json: 'jwt_vc_json',
  vc_sd_jwt: 'vc+sd-jwt',
};

export type CredentialsServiceDeps = {
  prisma: PrismaClient;
  sql: PreparedSql;
  issuerKeys: IssuerKeys;
  statusLists: StatusListsService;
};

export function createCredentialsService({ prisma, sql, issuerKeys, statusLists }: CredentialsServiceDeps) {
  const toView = (row: CredentialRow): CredentialView => ({
    id: row.id,
    format: FORMAT_FROM_DB[row.format],
    credential: row.credential,
    issuer: row.issuerDid.did,
    credentialType: row.credentialType,
    subjectId: row.subjectId,
    status: {
      type: row.format === 'jwt_vc_json' ? 'BitstringStatusListEntry' : 'TokenStatusList',
      uri: statusLists.urlFor(row.statusListId),
      index: row.statusIndex,
    },
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
  });

  /** With an idempotency slot, the issue statement completes it too (see insertWithinQuota). */
  async function issue(
    principal: Principal,
    rawInput: unknown,
    idempotency: IdempotencySlot | null = null,
  ): Promise<CredentialView> {
    const input = parseIssueInput(rawInput);
    const issuer = await issuerKeys.forTenant(principal.tenantId, input.issuer);
    if (!issuer) throw didNotFound(input.issuer);
    if (issuer.deactivated) throw badRequest(MESSAGES.issuerDidDeactivated);
    const limit = PLANS[principal.plan].quotas.credentialsPerMonth;
    const month = usageMonth();
    // A spent quota is refused before a status index is taken; the insert below re-checks atomically.
    if (limit !== null && !hasRoom(limit, await credentialsIssuedIn(prisma, principal.tenantId, month))) {
      throw forbidden(MESSAGES.monthlyIssuanceLimitReached(limit));
    }
    const slot = await statusLists.allocate(
      principal.tenantId,
      issuer.didId,
      input.format === 'jwt_vc_json' ? 'bitstring' : 'token',
    );
    const id = randomUUID();
    const issuedAt = new Date();
    const context = { credentialId: id, issuedAt, statusListUrl: slot.url, statusIndex: slot.index };
    const credential =
      input.format === 'jwt_vc_json'
        ? issueJwtVcJson(input, issuer.key, context)
        : await issueSdJwtVc(input, issuer.key, context);
    // The most specific type names the credential in listings: the last one given, as VCs list them.
    const credentialType =
      input.format === 'jwt_vc_json' ? (input.type?.at(-1) ?? 'VerifiableCredential') : input.vct!;
    const view: CredentialView = {
      id,
      format: input.format,
      credential,
      issuer: input.issuer,
      credentialType,
      subjectId: input.subjectId ?? null,
      status: {
        type: input.format === 'jwt_vc_json' ? 'BitstringStatusListEntry' : 'TokenStatusList',
        uri: slot.url,
        index: slot.index,
      },
      issuedAt,
      expiresAt: input.validUntil ?? null,
      revokedAt: null,
    };
    const outcome = await insertWithinQuota(sql, {
      id,
      tenantId: principal.tenantId,
      issuerDidId: issuer.didId,
      format: input.format,
      credentialType,
      subjectId: input.subjectId ?? null,
      statusListId: slot.listId,
      statusIndex: slot.index,
      credential,
      issuedAt,
      expiresAt: input.validUntil ?? null,
      month,
      monthlyLimit: limit,
      event: { credentialId: id, format: input.format, issuer: input.issuer, credentialType },
      idempotency: idempotency && {
        id: idempotency.id,
        leaseToken: idempotency.leaseToken,
        response: idempotency.seal(view),
      },
    });
    if (!outcome.leaseHeld) throw conflict(MESSAGES.idempotencyKeyInProgress);
    if (!outcome.inserted) {
      const again = await issuerKeys.forTenant(principal.tenantId, input.issuer, { fresh: true });
      if (!again || again.deactivated) throw badRequest(MESSAGES.issuerDidDeactivated);
      throw forbidden(MESSAGES.monthlyIssuanceLimitReached(limit!));
    }
    return view;
  }

  async function list(principal: Principal, rawFilters: unknown, page: PageRequest) {
    const filters = parseInput(listInput, rawFilters);
    const limit = pageLimit(page.limit);
    const before = decodeCursor(page.cursor);
    const rows = await prisma.credential.findMany({
      relationLoadStrategy: 'join',
      where: {
        tenantId: principal.tenantId,
        ...(filters.format && { format: FORMAT_TO_DB[filters.format] }),
        ...(filters.issuer && { issuerDid: { did: filters.issuer } }),
        ...(filters.status === 'active' && { revokedAt: null }),
        ...(filters.status === 'revoked' && { revokedAt: { not: null } }),
        ...afterCursor('issuedAt', before),
      },
      orderBy: [{ issuedAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: credentialView,
    });
    const result = toPage(
      rows.map((row) => ({ ...row, createdAt: row.issuedAt })),
      limit,
    );
    return { credentials: result.items.map(toView), nextCursor: result.nextCursor };
  }

  /** A credential of the tenant that is not revoked; unknown, foreign and revoked ones are the same 404. */
  async function get(principal: Principal, id: string): Promise<CredentialView> {
    if (!isUuid(id)) throw notFound(MESSAGES.credentialNotFound);
    const row = await prisma.credential.findFirst({
      relationLoadStrategy: 'join',
      where: { id, tenantId: principal.tenantId, revokedAt: null },
      select: credentialView,
    });
    if (!row) throw notFound(MESSAGES.credentialNotFound);
    return toView(row);
  }

  async function revoke(principal: Principal, id: string): Promise<{ id: string; status: 'revoked'; revokedAt: Date }> {
    if (!isUuid(id) || !(await revokeAndFlip(prisma, principal.tenantId, id))) {
      throw notFound(MESSAGES.credentialNotFound);
    }
    const row = await prisma.credential.findUniqueOrThrow({ where: { id }, select: { revokedAt: true } });
    return { id, status: 'revoked', revokedAt: row.revokedAt! };
  }

  return { issue, list, get, revoke };
}
