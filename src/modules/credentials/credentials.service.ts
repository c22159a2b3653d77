// Issuing, listing, reading and revoking credentials (spec §2–§4, §7). Business rules only: each format lives
// in formats/, the SQL in credentials.repository.ts, verification in verify/.
import { uuidV7 } from '../../lib/crypto.js';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, conflict, notFound, quotaReached, unauthorized } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { publicationBaseUrl } from '../dids/methods/index.js';
import { didNotFound } from '../dids/dids.service.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import type { IdempotencySlot } from '../idempotency/idempotency.service.js';
import { hasRoom, PLANS, usageMonth } from '../plans/plans.js';
import { credentialsIssuedIn } from '../usage/usage.repository.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import type { CredentialStatusView, IssueContext } from './formats/credential-format.js';
import type { CertificateChains } from '../dids/certificates/certificate-chains.js';
import { credentialIssuerIdentifier } from '../oid4vci/issuer-identifier.js';
import { findTenantSlug } from '../tenants/tenants.repository.js';
import { credentialFormatNamed, credentialFormatStoredAs, type CredentialFormatName } from './formats/index.js';
import { listInput, parseIssueInput, type IssueInput } from './credentials.inputs.js';
import {
  createCredentialWriter,
  findUnrevokedCredential,
  issueCredentialsWithin,
  listCredentials,
  revokeAndFlip,
  type CredentialRow,
  type NewCredential,
} from './credentials.repository.js';
import { NO_ACTIVITY, type CredentialActivity } from './credential-activity.js';
import { issueRefusal } from '../compliance/evaluation.js';
import type { CredentialDeliverer, CredentialDelivery } from '../didcomm/credential-delivery.js';
import {
  actorFrom,
  groupedAuditEntry,
  recordAudit,
  type AuditActor,
  type AuditEntry,
} from '../audit/audit.repository.js';
import { can, permissionDenied } from '../../auth/principal.js';
import type { AuditChainer } from '../audit/audit-pending.js';

/**
 * Which door a credential was issued through: the API (POST /v1/credentials/issue, GraphQL issueCredential), or
 * an OpenID4VCI offer redeemed by a wallet (src/modules/oid4vci), whose subject is the offer's data subject
 * (what export and erasure find it by) while the credential itself names the holder's key.
 */
export type IssueChannel = { channel: 'api' } | { channel: 'oid4vci'; offerId: string; dataSubjectId: string };

const API_CHANNEL: IssueChannel = { channel: 'api' };

/**
 * What names a credential in its events (the event catalogue's credential.* data): never the credential
 * itself nor any of its claims.
 */
const credentialEventFields = (view: CredentialView) => ({
  credential_id: view.id,
  format: view.format,
  credential_type: view.credentialType,
  issuer: view.issuer,
  subject_id: view.subjectId,
  status: { type: view.status.type, uri: view.status.uri, index: view.status.index },
});

/** Where it came from, in its credential.issued event and audit entry. */
const channelFields = (through: IssueChannel) => ({
  channel: through.channel,
  offer_id: through.channel === 'oid4vci' ? through.offerId : null,
});

/** What the audit log says of a credential: what names it, as its events do (never its claims). */
const credentialAuditDetails = (view: CredentialView) => ({
  format: view.format,
  credential_type: view.credentialType,
  issuer: view.issuer,
  subject_id: view.subjectId,
});

/**
 * For whom and by whom a credential is issued, as issuing needs it: the tenant, its plan and compliance state as
 * they are now, and the actor its audit entry names. A request's principal (partyOf), or the tenant of an
 * OpenID4VCI offer with the offer's creator as the actor.
 */
export type IssuingParty = {
  tenantId: string;
  plan: Principal['plan'];
  compliance: Principal['compliance'];
  actor: AuditActor;
};

export const partyOf = (principal: Principal, requestId: string | null): IssuingParty => ({
  tenantId: principal.tenantId,
  plan: principal.plan,
  compliance: principal.compliance,
  actor: actorFrom(principal, requestId),
});

/** A credential built, signed and given its status slot, not yet stored: the issue statement's row, and its view. */
export type PreparedCredential = { view: CredentialView; row: NewCredential };

export type CredentialView = {
  id: string;
  format: CredentialFormatName;
  /** The credential as issued; null once erased at its subject's request (src/modules/compliance). */
  credential: string | null;
  issuer: string;
  credentialType: string;
  subjectId: string | null;
  status: CredentialStatusView;
  issuedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Issued with deliver_to: what became of the DIDComm message carrying it. */
  delivery?: CredentialDelivery | null;
  /** When its body was erased; null while it is kept. */
  erasedAt: Date | null;
};

/**
 * Where the request came in: the public base URL its credentials' status list URLs are made under
 * (src/http/public-base-url.ts). Callers without a request (tests, scripts) leave it out: the configured one.
 */
/**
 * Where a request came in: its public base URL, and the tenant whose verified custom domain it came in on (null
 * on the service's own host).
 */
export type RequestOrigin = { publicBaseUrl: string; hostTenantId?: string | null };

export type CredentialsServiceDeps = {
  prisma: PrismaClient;
  sql: PreparedSql;
  /** For issue batches, which wait for their tenants' counter locks (Database.lockingSql). */
  lockingSql: PreparedSql;
  issuerKeys: IssuerKeys;
  statusLists: StatusListsService;
  activity?: CredentialActivity;
  /** Sends a credential issued with deliver_to over DIDComm (src/modules/didcomm). */
  deliverer?: CredentialDeliverer;
  /** Whether verifiers can resolve the tenant's issuer DID now (its method decides: methods/index.ts). */
  issuerPublished?: (tenantId: string, did: string) => Promise<boolean>;
  /** The x5c of the issuer DIDs that have a certificate chain (src/modules/dids/certificates). */
  certificateChains?: Pick<CertificateChains, 'x5cFor'>;
  /** The configured public base URL: a request's origin other than it is the tenant's verified custom domain. */
  publicBaseUrl?: () => string;
  /** Chains the audit entries the issue statement left waiting (src/modules/audit/audit-pending.ts). */
  auditChainer?: Pick<AuditChainer, 'issued'>;
};

export function createCredentialsService({
  prisma,
  sql,
  lockingSql,
  issuerKeys,
  statusLists,
  activity = NO_ACTIVITY,
  deliverer,
  issuerPublished,
  certificateChains,
  publicBaseUrl,
  auditChainer,
}: CredentialsServiceDeps) {
  const writer = createCredentialWriter(lockingSql);
  // Slugs never change: each tenant's is read once (a bounded set of them kept).
  const slugs = new Map<string, string>();
  async function slugOf(tenantId: string): Promise<string | null> {
    const known = slugs.get(tenantId);
    if (known !== undefined) return known;
    const slug = await findTenantSlug(prisma, tenantId);
    if (slug === null) return null;
    if (slugs.size >= 10_000) slugs.delete(slugs.keys().next().value!);
    slugs.set(tenantId, slug);
    return slug;
  }

  /**
   * The tenant's OpenID4VCI credential issuer identifier as this request names it (issuer-identifier.ts): on its
   * verified custom domain, that domain; otherwise a path under the service's base URL.
   */
  async function issuerIdentifierFor(tenantId: string, origin: RequestOrigin | undefined): Promise<string> {
    const configured = publicBaseUrl?.() ?? origin?.publicBaseUrl ?? '';
    const base = origin?.publicBaseUrl ?? configured;
    const slug = await slugOf(tenantId);
    if (slug === null) throw unauthorized(); // the tenant is gone
    return credentialIssuerIdentifier(base, slug, base !== configured);
  }

  const toView = (row: CredentialRow, origin: RequestOrigin | undefined): CredentialView => {
    const format = credentialFormatStoredAs(row.format);
    return {
      id: row.id,
      format: format.name,
      credential: row.credential,
      issuer: row.issuerDid.did,
      credentialType: row.credentialType,
      subjectId: row.subjectId,
      status: format.statusReference({
        uri: statusLists.urlFor(row.statusListId, publicationBaseUrl(row.issuerDid.did, origin?.publicBaseUrl)),
        index: row.statusIndex,
      }),
      issuedAt: row.issuedAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      erasedAt: row.erasedAt,
    };
  };

  /**
   * Builds and signs `inputs` (one issuer DID for all) for the party: the issuer is the tenant's and active (and
   * published), the adopted frameworks allow each, the month's quota has room for all of them (re-checked
   * atomically by the issue statement), each has its status slot. Nothing is stored yet.
   */
  async function prepare(
    party: IssuingParty,
    inputs: readonly IssueInput[],
    origin: RequestOrigin | undefined,
    through: IssueChannel = API_CHANNEL,
  ): Promise<PreparedCredential[]> {
    const issuerDid = inputs[0]!.issuer;
    const issuer = await issuerKeys.forTenant(party.tenantId, issuerDid);
    if (!issuer) throw didNotFound(issuerDid);
    if (issuer.deactivated) throw badRequest(MESSAGES.issuerDidDeactivated);
    // A credential no verifier could check: its issuer's domain has lapsed or was removed.
    if (issuerPublished && !(await issuerPublished(party.tenantId, issuerDid))) {
      // Deactivated with its domain (domains.service.ts) rather than lapsed: say so, which a cached key cannot.
      const fresh = await issuerKeys.forTenant(party.tenantId, issuerDid, { fresh: true });
      throw badRequest(fresh?.deactivated ? MESSAGES.issuerDidDeactivated : MESSAGES.issuerDomainNotVerified);
    }
    const shaped = inputs.map((input) => {
      const format = credentialFormatNamed(input.format);
      // Names only (never values): stored with the credential, and what compliance enforcement judges.
      return { input, format, claimNames: Object.keys(input.claims ?? {}), visibleClaims: format.visibleClaims(input) };
    });
    // The adopted frameworks' technical controls (src/modules/compliance); they ride on the cached principal.
    if (party.compliance.adopted.length > 0) {
      for (const { input, format, claimNames, visibleClaims } of shaped) {
        const refusal = issueRefusal(
          party.compliance,
          {
            format: format.name,
            claimNames,
            visibleClaims,
            validFrom: input.validFrom ?? new Date(),
            validUntil: input.validUntil ?? null,
            issuer: { did: issuer.key.did, alg: issuer.key.alg, createdAt: issuer.createdAt },
          },
          new Date(),
        );
        if (refusal) throw badRequest(refusal);
      }
    }
    const limit = PLANS[party.plan].quotas.credentialsPerMonth;
    const month = usageMonth();
    // A spent quota is refused before a status index is taken; the insert below re-checks atomically.
    if (limit !== null && !hasRoom(limit, await credentialsIssuedIn(prisma, party.tenantId, month), inputs.length)) {
      throw quotaReached('credentials', MESSAGES.monthlyIssuanceLimitReached(limit));
    }
    const prepared: PreparedCredential[] = [];
    for (const { input, format, claimNames, visibleClaims } of shaped) {
      const slot = await statusLists.allocate(
        party.tenantId,
        issuer.didId,
        format.statusListFormat,
        publicationBaseUrl(issuerDid, origin?.publicBaseUrl),
      );
      const issuedAt = new Date();
      const id = uuidV7(issuedAt.getTime()); // its time is the credential's issued_at
      const context: IssueContext = {
        credentialId: id,
        issuedAt,
        statusListUrl: slot.url,
        statusIndex: slot.index,
        ...(input.issuerIdentifier === 'url' && {
          issuerIdentifier: await issuerIdentifierFor(party.tenantId, origin),
        }),
      };
      const x5c = format.x5c ? await certificateChains?.x5cFor(party.tenantId, issuer.didId) : null;
      if (x5c) context.x5c = x5c;
      const credential = await format.issue(input, issuer.key, context);
      const credentialType = format.credentialType(input);
      const subjectId = through.channel === 'oid4vci' ? through.dataSubjectId : (input.subjectId ?? null);
      const view: CredentialView = {
        id,
        format: format.name,
        credential,
        issuer: issuerDid,
        credentialType,
        subjectId,
        status: format.statusReference({ uri: slot.url, index: slot.index }),
        issuedAt,
        expiresAt: input.validUntil ?? null,
        revokedAt: null,
        erasedAt: null,
      };
      const row: NewCredential = {
        id,
        tenantId: party.tenantId,
        issuerDidId: issuer.didId,
        format: format.name,
        credentialType,
        subjectId,
        statusListId: slot.listId,
        statusIndex: slot.index,
        credential,
        claimNames,
        exposedClaims: visibleClaims,
        issuedAt,
        expiresAt: input.validUntil ?? null,
        month,
        monthlyLimit: limit,
        event: {
          ...credentialEventFields(view),
          issued_at: issuedAt.toISOString(),
          expires_at: view.expiresAt?.toISOString() ?? null,
          ...channelFields(through),
        },
        idempotency: null,
        audit: groupedAuditEntry(
          party.actor,
          {
            action: 'credential.issued',
            targetType: 'credential',
            targetId: id,
            details: { ...credentialAuditDetails(view), ...channelFields(through) },
          },
          issuedAt,
        ),
      };
      prepared.push({ view, row });
    }
    return prepared;
  }

  /** Why the issue statement inserted nothing: the issuer DID went inactive meanwhile, or the quota is spent. */
  async function refusalOf(party: IssuingParty, issuerDid: string, limit: number | null) {
    const again = await issuerKeys.forTenant(party.tenantId, issuerDid, { fresh: true });
    if (!again || again.deactivated) return badRequest(MESSAGES.issuerDidDeactivated);
    return quotaReached('credentials', MESSAGES.monthlyIssuanceLimitReached(limit!));
  }

  /** With an idempotency slot, the issue statement completes it too (see createCredentialWriter). */
  async function issue(
    principal: Principal,
    rawInput: unknown,
    idempotency: IdempotencySlot | null = null,
    origin?: RequestOrigin,
    requestId: string | null = null,
  ): Promise<CredentialView> {
    const input = parseIssueInput(rawInput);
    // Delivery sends a DIDComm message: it needs that permission too, and a holder DID that resolves, before
    // anything is issued.
    if (input.deliverTo) {
      if (!can(principal, 'didcomm:send')) throw permissionDenied(principal, 'didcomm:send');
      if (!deliverer) throw badRequest('deliver_to is not available');
      await deliverer.checkRecipient(input.deliverTo);
    }
    const party = partyOf(principal, requestId);
    const [{ view, row }] = (await prepare(party, [input], origin)) as [PreparedCredential];
    const outcome = await writer.insertWithinQuota({
      ...row,
      idempotency: idempotency && {
        id: idempotency.id,
        leaseToken: idempotency.leaseToken,
        response: idempotency.seal(view),
      },
    });
    if (!outcome.leaseHeld) throw conflict(MESSAGES.idempotencyKeyInProgress);
    if (!outcome.inserted) throw await refusalOf(party, input.issuer, row.monthlyLimit);
    activity.issued(view.format);
    auditChainer?.issued();
    if (input.deliverTo && deliverer) {
      const delivery = await deliverer.deliver(principal, { ...view, credential: row.credential }, input.deliverTo);
      return { ...view, delivery };
    }
    return view;
  }

  /**
   * Stores prepared credentials in the caller's transaction `tx`, all or none: the same issue statement as issue()
   * (quota, DID, events, audit entries), in one call. When any is refused, throws that refusal (the caller's
   * transaction then rolls back, so nothing is stored and no quota spent). The caller tells issued() once it commits.
   */
  async function storeAllWithin(tx: Prisma.TransactionClient, party: IssuingParty, prepared: PreparedCredential[]) {
    const outcomes = await issueCredentialsWithin(
      tx,
      prepared.map((credential) => credential.row),
    );
    if (outcomes.every((outcome) => outcome.inserted)) return;
    throw await refusalOf(party, prepared[0]!.view.issuer, prepared[0]!.row.monthlyLimit);
  }

  /** Counts credentials stored by storeAllWithin once their transaction committed. */
  function issued(views: readonly CredentialView[]) {
    views.forEach((view) => activity.issued(view.format));
    auditChainer?.issued();
  }

  async function list(principal: Principal, rawFilters: unknown, page: PageRequest, origin?: RequestOrigin) {
    const filters = parseInput(listInput, rawFilters);
    const filter = {
      format: filters.format ? credentialFormatNamed(filters.format).name : undefined,
      issuer: filters.issuer,
      status: filters.status,
    };
    // Credentials are ordered by when they were issued: that is their keyset's time.
    const result = await fetchPage(page, async (window) =>
      (await listCredentials(sql, principal.tenantId, filter, window)).map((row) => ({
        ...row,
        createdAt: row.issuedAt,
      })),
    );
    return { credentials: result.items.map((row) => toView(row, origin)), nextCursor: result.nextCursor };
  }

  /** A credential of the tenant that is not revoked; unknown, foreign and revoked ones are the same 404. */
  async function get(principal: Principal, id: string, origin?: RequestOrigin): Promise<CredentialView> {
    if (!isUuid(id)) throw notFound(MESSAGES.credentialNotFound);
    const row = await findUnrevokedCredential(prisma, principal.tenantId, id);
    if (!row) throw notFound(MESSAGES.credentialNotFound);
    return toView(row, origin);
  }

  /**
   * Revokes the tenant's credential `id` in the transaction `tx` (to revoke with other changes) as the revoke
   * endpoint does: its bit flipped and its credential.revoked event, in one statement. The status entry in the
   * event is under the revoking request's origin, as issue's is under its own. Returns what the audit log is to
   * say of it (the caller records it last, after its other locks: src/db/transactions.ts), or null for unknown,
   * foreign and already revoked ones, which it leaves alone.
   */
  async function revokeWith(
    tx: Prisma.TransactionClient,
    tenantId: string,
    id: string,
    revokedAt: Date,
    origin?: RequestOrigin,
  ): Promise<AuditEntry | null> {
    const row = isUuid(id) ? await findUnrevokedCredential(tx, tenantId, id) : null;
    if (!row) return null;
    const view = toView(row, origin);
    const event = { ...credentialEventFields(view), revoked_at: revokedAt.toISOString() };
    // Revoked concurrently since the read: as if it had been revoked before.
    if (!(await revokeAndFlip(tx, tenantId, id, revokedAt, event))) return null;
    return {
      action: 'credential.revoked',
      targetType: 'credential',
      targetId: id,
      details: credentialAuditDetails(view),
    };
  }

  async function revoke(
    principal: Principal,
    id: string,
    origin?: RequestOrigin,
    requestId: string | null = null,
  ): Promise<{ id: string; status: 'revoked'; revokedAt: Date }> {
    const revokedAt = new Date();
    const actor: AuditActor = actorFrom(principal, requestId);
    const revoked = await prisma.$transaction(async (tx) => {
      const entry = await revokeWith(tx, principal.tenantId, id, revokedAt, origin);
      if (entry) await recordAudit(tx, actor, entry);
      return entry !== null;
    });
    if (!revoked) throw notFound(MESSAGES.credentialNotFound);
    return { id, status: 'revoked', revokedAt };
  }

  /** A stored credential as the API shows it, its status list URL under the request's origin. */
  const view = toView;

  return { issue, prepare, storeAllWithin, issued, list, get, revoke, revokeWith, view };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
