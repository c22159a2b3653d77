// Rows of OpenID4VCI: the tenant's credential configurations and offers. Every statement names the tenant, the
// wallet's look-ups too (its tenant is in the URL: /oid4vci/{slug}/… or the tenant's verified domain), so a code or
// token of one tenant presented at another's endpoint finds nothing. Global by design: the issuer tenant named by
// its slug, and the expiry sweep. Each change of a session is conditioned on the state it was decided from, so two
// requests racing on one offer cannot both move it.
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import { afterCursor, type PageWindow } from '../../lib/pagination.js';
import { OPEN_STATES, TX_CODE_ATTEMPTS, type OfferState } from './offer-session.policy.js';

type Db = PrismaClient | Prisma.TransactionClient;

// --- The issuer tenant ----------------------------------------------------------------------------------------

const issuerTenantView = {
  id: true,
  slug: true,
  name: true,
  plan: true,
  personalClaims: true,
  keyRotationDays: true,
  complianceAdoptions: { select: { frameworkId: true } },
} satisfies Prisma.TenantSelect;

export type IssuerTenantRow = Prisma.TenantGetPayload<{ select: typeof issuerTenantView }>;

/** Global: the tenant a wallet-facing URL names by its slug (/oid4vci/{slug}/…), with what issuing needs of it. */
export function findIssuerTenantBySlug(db: Db, slug: string): Promise<IssuerTenantRow | null> {
  return db.tenant.findFirst({ relationLoadStrategy: 'join', where: { slug }, select: issuerTenantView });
}

/** The tenant holding the verified domain a request came in on. */
export function findIssuerTenant(db: Db, tenantId: string): Promise<IssuerTenantRow | null> {
  return db.tenant.findUnique({ relationLoadStrategy: 'join', where: { id: tenantId }, select: issuerTenantView });
}

/** Whether an offer still open at `now` names the configuration. */
export async function isOffered(db: Db, tenantId: string, configurationId: string, now: Date): Promise<boolean> {
  const open = await db.oid4vciOffer.findFirst({
    where: {
      tenantId,
      state: { in: [...OPEN_STATES] },
      expiresAt: { gt: now },
      configurationIds: { has: configurationId },
    },
    select: { id: true },
  });
  return open !== null;
}

// --- Offers ---------------------------------------------------------------------------------------------------

export const offerView = {
  id: true,
  grantType: true,
  state: true,
  subjectId: true,
  configurationIds: true,
  claims: true,
  txCodeLength: true,
  txCodeInputMode: true,
  txCodeDescription: true,
  txCodeFailures: true,
  deferred: true,
  claimsSuppliedAt: true,
  dpopJkt: true,
  issuedConfigurationIds: true,
  credentialIds: true,
  notifications: true,
  failureReason: true,
  expiresAt: true,
  createdByUserId: true,
  createdByApiKeyId: true,
  createdAt: true,
  tokenIssuedAt: true,
  credentialIssuedAt: true,
  endedAt: true,
  erasedAt: true,
} satisfies Prisma.Oid4vciOfferSelect;

export type OfferRow = Prisma.Oid4vciOfferGetPayload<{ select: typeof offerView }>;

export type NewOffer = {
  tenantId: string;
  subjectId: string;
  configurationIds: string[];
  claims: Record<string, Record<string, unknown>>;
  /** The claims come later (deferred issuance); `claims` is then {}. */
  deferred: boolean;
  referenceHash: Uint8Array<ArrayBuffer>;
  /** Null for the authorization code grant, whose offers carry an issuer_state (its hash) instead. */
  preAuthorizedCodeHash: Uint8Array<ArrayBuffer> | null;
  grantType?: 'pre_authorized_code' | 'authorization_code';
  issuerState?: string | null;
  txCode: { hash: Uint8Array<ArrayBuffer>; length: number; inputMode: string; description: string | null } | null;
  expiresAt: Date;
  createdByUserId: string;
  createdByApiKeyId: string | null;
};

export function createOffer(db: Db, id: string, offer: NewOffer): Promise<OfferRow> {
  return db.oid4vciOffer.create({
    data: {
      id,
      tenantId: offer.tenantId,
      subjectId: offer.subjectId,
      configurationIds: offer.configurationIds,
      claims: offer.claims as Prisma.InputJsonObject,
      deferred: offer.deferred,
      referenceHash: offer.referenceHash,
      preAuthorizedCodeHash: offer.preAuthorizedCodeHash,
      ...(offer.grantType && { grantType: offer.grantType }),
      issuerState: offer.issuerState ?? null,
      txCodeHash: offer.txCode?.hash ?? null,
      txCodeLength: offer.txCode?.length ?? null,
      txCodeInputMode: offer.txCode?.inputMode ?? null,
      txCodeDescription: offer.txCode?.description ?? null,
      expiresAt: offer.expiresAt,
      createdByUserId: offer.createdByUserId,
      createdByApiKeyId: offer.createdByApiKeyId,
    },
    select: offerView,
  });
}

export function findOffer(db: Db, tenantId: string, id: string): Promise<OfferRow | null> {
  return db.oid4vciOffer.findFirst({ where: { tenantId, id }, select: offerView });
}

/** The state filter as read at `now` (offer-session.policy.ts stateAt): an open session past its expiry is expired. */
function stateFilter(state: OfferState, now: Date): Prisma.Oid4vciOfferWhereInput {
  if (state === 'expired') {
    return { OR: [{ state: 'expired' }, { state: { in: [...OPEN_STATES] }, expiresAt: { lte: now } }] };
  }
  if (OPEN_STATES.includes(state)) return { state, expiresAt: { gt: now } };
  return { state };
}

export function listOffers(
  db: Db,
  tenantId: string,
  state: OfferState | null | undefined,
  now: Date,
  page: PageWindow,
) {
  // Both filters may hold an OR: each sits in an AND of its own.
  return db.oid4vciOffer.findMany({
    where: { tenantId, AND: [state ? stateFilter(state, now) : {}, afterCursor('createdAt', page.before)] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: offerView,
  });
}

/** The tenant's offer whose credential_offer_uri ends in the reference hashed to `referenceHash`. */
export function findOfferByReferenceHash(db: Db, tenantId: string, referenceHash: Uint8Array<ArrayBuffer>) {
  return db.oid4vciOffer.findUnique({
    where: { tenantId_referenceHash: { tenantId, referenceHash } },
    select: { ...offerView, txCodeHash: true },
  });
}

/** The tenant's offer of the pre-authorized code hashed to `codeHash`, with its transaction code's hash. */
export function findOfferByPreAuthorizedCodeHash(db: Db, tenantId: string, codeHash: Uint8Array<ArrayBuffer>) {
  return db.oid4vciOffer.findUnique({
    where: { tenantId_preAuthorizedCodeHash: { tenantId, preAuthorizedCodeHash: codeHash } },
    select: { ...offerView, txCodeHash: true },
  });
}

/** The tenant's offer of the access token hashed to `tokenHash`. */
export function findOfferByAccessTokenHash(db: Db, tenantId: string, tokenHash: Uint8Array<ArrayBuffer>) {
  return db.oid4vciOffer.findUnique({
    where: { tenantId_accessTokenHash: { tenantId, accessTokenHash: tokenHash } },
    select: offerView,
  });
}

/**
 * Exchanges the offer's pre-authorized code for an access token: only from offered and before its expiry, so the
 * code is spent once however many token requests race. The session then lives as long as its token. False when it
 * was no longer redeemable.
 */
export async function redeemCode(
  db: Db,
  tenantId: string,
  id: string,
  token: { hash: Uint8Array<ArrayBuffer>; jkt: string | null; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const { count } = await db.oid4vciOffer.updateMany({
    where: { tenantId, id, state: 'offered', expiresAt: { gt: now } },
    data: {
      state: 'token_issued',
      accessTokenHash: token.hash,
      accessTokenExpiresAt: token.expiresAt,
      dpopJkt: token.jkt,
      tokenIssuedAt: now,
      expiresAt: token.expiresAt,
    },
  });
  return count === 1;
}

/**
 * Counts a wrong transaction code against an offered session, and fails it at the budget's end (TX_CODE_ATTEMPTS),
 * in one statement so concurrent guesses cannot overspend it. Null when it was no longer offered.
 */
export async function countWrongTxCode(db: Db, tenantId: string, id: string, now: Date) {
  const rows = await db.$queryRaw<{ failures: number; state: OfferState }[]>`
    UPDATE oid4vci_offers
    SET tx_code_failures = tx_code_failures + 1,
        state = CASE WHEN tx_code_failures + 1 >= ${TX_CODE_ATTEMPTS} THEN 'failed'::oid4vci_offer_state ELSE state END,
        failure_reason = CASE WHEN tx_code_failures + 1 >= ${TX_CODE_ATTEMPTS} THEN 'tx_code_attempts' ELSE failure_reason END,
        ended_at = CASE WHEN tx_code_failures + 1 >= ${TX_CODE_ATTEMPTS} THEN ${now}::timestamptz ELSE ended_at END
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND state = 'offered'
    RETURNING tx_code_failures AS failures, state::text AS state`;
  return rows[0] ?? null;
}

export type Notification = {
  notification_id: string;
  configuration_id: string;
  event: string | null;
  event_description: string | null;
  at: string | null;
};

// A deferred transaction whose credentials the wallet has not collected yet keeps the session from being done.
const UNDELIVERED = Prisma.sql`jsonb_path_exists(deferred_transactions, '$[*] ? (@.delivered_at == null)')`;

/**
 * Records one configuration issued under the access token hashed to `tokenHash`, in the credential request's
 * transaction: only while the session is token_issued, unexpired and that configuration not yet issued. Answers
 * the session's state after it, or null when the token no longer allows it (the caller rolls back).
 */
export async function recordIssued(
  tx: Prisma.TransactionClient,
  tenantId: string,
  tokenHash: Uint8Array<ArrayBuffer>,
  issued: { configurationId: string; credentialIds: string[]; notification: Notification },
  now: Date,
): Promise<{ id: string; state: OfferState } | null> {
  const rows = await tx.$queryRaw<{ id: string; state: OfferState }[]>`
    UPDATE oid4vci_offers
    SET issued_configuration_ids = array_append(issued_configuration_ids, ${issued.configurationId}),
        credential_ids = credential_ids || ${issued.credentialIds}::uuid[],
        notifications = notifications || jsonb_build_array(${JSON.stringify(issued.notification)}::jsonb),
        state = CASE WHEN configuration_ids <@ array_append(issued_configuration_ids, ${issued.configurationId})
                          AND NOT ${UNDELIVERED} THEN 'credential_issued'::oid4vci_offer_state ELSE state END,
        credential_issued_at = CASE WHEN configuration_ids <@ array_append(issued_configuration_ids, ${issued.configurationId})
                                         AND NOT ${UNDELIVERED} THEN ${now}::timestamptz ELSE credential_issued_at END
    WHERE tenant_id = ${tenantId}::uuid AND access_token_hash = ${tokenHash}
      AND state IN ('token_issued', 'credential_pending') AND expires_at > ${now}::timestamptz
      AND ${issued.configurationId} = ANY(configuration_ids)
      AND NOT (${issued.configurationId} = ANY(issued_configuration_ids))
    RETURNING id::text AS id, state::text AS state`;
  return rows[0] ?? null;
}

/**
 * Records the wallet's notification (OpenID4VCI §11) on the notification it names, for the token's session; the
 * same event again changes nothing (notifications are idempotent). Null when the token has no such notification id.
 */
export async function recordNotification(
  tx: Prisma.TransactionClient,
  tenantId: string,
  tokenHash: Uint8Array<ArrayBuffer>,
  notification: { id: string; event: string; description: string | null },
  now: Date,
): Promise<{ entry: Notification; changed: boolean } | null> {
  // Locked to the end of the transaction: two notifications of one session never overwrite each other.
  const [offer] = await tx.$queryRaw<{ id: string; notifications: Notification[] }[]>`
    SELECT id::text AS id, notifications FROM oid4vci_offers
    WHERE tenant_id = ${tenantId}::uuid AND access_token_hash = ${tokenHash}
    FOR UPDATE`;
  const entries = offer?.notifications ?? [];
  const entry = entries.find((candidate) => candidate.notification_id === notification.id);
  if (!offer || !entry) return null;
  if (entry.event === notification.event) return { entry, changed: false };
  const recorded = {
    ...entry,
    event: notification.event,
    event_description: notification.description,
    at: now.toISOString(),
  };
  await tx.oid4vciOffer.updateMany({
    where: { tenantId, id: offer.id },
    data: {
      notifications: entries.map((candidate) => (candidate === entry ? recorded : candidate)) as Prisma.InputJsonArray,
    },
  });
  return { entry: recorded, changed: true };
}

/** Cancels the tenant's offer if it is still open at `now`; null when it is not (or not the tenant's). */
export async function cancelOffer(db: Db, tenantId: string, id: string, now: Date): Promise<OfferRow | null> {
  const { count } = await db.oid4vciOffer.updateMany({
    where: { tenantId, id, state: { in: [...OPEN_STATES] }, expiresAt: { gt: now } },
    data: { state: 'cancelled', failureReason: 'cancelled', endedAt: now },
  });
  return count === 1 ? findOffer(db, tenantId, id) : null;
}

/**
 * Erases the claims of the tenant's offers about `subjectId` (GDPR Art. 17) and cancels those still open. Answers
 * the offers it cancelled, and the credential ids they issued (erased with the subject's other credentials).
 */
export async function eraseSubjectOffers(tx: Prisma.TransactionClient, tenantId: string, subjectId: string, now: Date) {
  const rows = await tx.$queryRaw<{ id: string; configurationIds: string[]; cancelled: boolean }[]>`
    WITH before AS (
      SELECT id, state FROM oid4vci_offers WHERE tenant_id = ${tenantId}::uuid AND subject_id = ${subjectId} FOR UPDATE
    )
    UPDATE oid4vci_offers o
    SET claims = '{}'::jsonb, erased_at = coalesce(o.erased_at, ${now}::timestamptz),
        state = CASE WHEN o.state IN ('offered', 'token_issued', 'credential_pending') THEN 'cancelled'::oid4vci_offer_state ELSE o.state END,
        failure_reason = CASE WHEN o.state IN ('offered', 'token_issued', 'credential_pending') THEN 'subject_erased' ELSE o.failure_reason END,
        ended_at = CASE WHEN o.state IN ('offered', 'token_issued', 'credential_pending') THEN ${now}::timestamptz ELSE o.ended_at END
    FROM before
    WHERE o.tenant_id = ${tenantId}::uuid AND o.id = before.id
    RETURNING o.id::text AS id, o.configuration_ids AS "configurationIds",
              before.state IN ('offered', 'token_issued', 'credential_pending') AS cancelled`;
  return rows;
}

/**
 * The expiry sweep, across tenants (by age, not a request's data): open sessions past their expiry become
 * expired, at most `limit` at a time, oldest first. Answers what it expired, for their events.
 */
export function expireDueOffers(db: Db, now: Date, limit: number) {
  return db.$queryRaw<
    { tenantId: string; id: string; subjectId: string; configurationIds: string[]; expiresAt: Date }[]
  >`
    UPDATE oid4vci_offers o SET state = 'expired', ended_at = ${now}::timestamptz
    FROM (SELECT id FROM oid4vci_offers WHERE state IN ('offered', 'token_issued', 'credential_pending') AND expires_at <= ${now}::timestamptz
          ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
    WHERE o.id = due.id AND o.state IN ('offered', 'token_issued', 'credential_pending')
    RETURNING o.tenant_id::text AS "tenantId", o.id::text AS id, o.subject_id AS "subjectId",
              o.configuration_ids AS "configurationIds", o.expires_at AS "expiresAt"`;
}
