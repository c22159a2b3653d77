// Rows of the authorization code flow: the tenant's login page setting and its authorization requests. Every
// statement names the tenant (the wallet's look-ups take it from the URL, the tenant's from its principal); each move
// of an authorization is conditioned on the state and expiry it was decided from, so a request_uri, a return URL
// or a code is spent once however many requests race.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;
type Hash = Uint8Array<ArrayBuffer>;

export function findSettings(db: Db, tenantId: string) {
  return db.oid4vciIssuerSettings.findUnique({ where: { tenantId }, select: { loginUrl: true, updatedAt: true } });
}

export function saveSettings(db: Db, tenantId: string, loginUrl: string | null) {
  return db.oid4vciIssuerSettings.upsert({
    where: { tenantId },
    create: { tenantId, loginUrl },
    update: { loginUrl },
    select: { loginUrl: true, updatedAt: true },
  });
}

export const authorizationView = {
  id: true,
  state: true,
  offerId: true,
  baseUrl: true,
  clientId: true,
  redirectUri: true,
  walletState: true,
  codeChallenge: true,
  configurationIds: true,
  usedAuthorizationDetails: true,
  expiresAt: true,
  decidedByUserId: true,
  decidedByApiKeyId: true,
  createdAt: true,
  decidedAt: true,
  redeemedAt: true,
} satisfies Prisma.Oid4vciAuthorizationSelect;

export type AuthorizationRow = Prisma.Oid4vciAuthorizationGetPayload<{ select: typeof authorizationView }>;

export type NewAuthorization = {
  tenantId: string;
  offerId: string | null;
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  walletState: string | null;
  codeChallenge: string;
  configurationIds: string[];
  usedAuthorizationDetails: boolean;
  requestUriHash: Hash;
  expiresAt: Date;
};

export function createAuthorization(db: Db, row: NewAuthorization) {
  return db.oid4vciAuthorization.create({ data: row, select: authorizationView });
}

export function findAuthorization(db: Db, tenantId: string, id: string) {
  return db.oid4vciAuthorization.findFirst({ where: { tenantId, id }, select: authorizationView });
}

/** The tenant's offer of the authorization code grant whose issuer_state hashes to `key`, open or not. */
export function findOfferByIssuerState(db: Db, tenantId: string, key: string) {
  return db.oid4vciOffer.findUnique({
    where: { tenantId_issuerState: { tenantId, issuerState: key } },
    select: { id: true, state: true, expiresAt: true, configurationIds: true, subjectId: true },
  });
}

/** The client a request_uri was pushed by. */
export function findPushedClient(db: Db, tenantId: string, requestUriHash: Hash) {
  return db.oid4vciAuthorization.findUnique({
    where: { tenantId_requestUriHash: { tenantId, requestUriHash } },
    select: { clientId: true },
  });
}

/**
 * Spends the request_uri (pushed → pending): once, before its expiry. The sign-in window starts. Null when the
 * request_uri is unknown, used or expired.
 */
export async function startSignIn(db: Db, tenantId: string, requestUriHash: Hash, until: Date, now: Date) {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE oid4vci_authorizations SET state = 'pending', expires_at = ${until}::timestamptz
    WHERE tenant_id = ${tenantId}::uuid AND request_uri_hash = ${requestUriHash} AND state = 'pushed'
      AND expires_at > ${now}::timestamptz
    RETURNING id::text AS id`;
  return rows[0] ? findAuthorization(db, tenantId, rows[0].id) : null;
}

/** The tenant's decision on a pending authorization (pending → approved | denied), once, before its expiry. */
export async function decide(
  db: Db,
  tenantId: string,
  id: string,
  decision: {
    state: 'approved' | 'denied';
    offerId: string | null;
    returnHash: Hash;
    until: Date;
    userId: string;
    apiKeyId: string | null;
  },
  now: Date,
): Promise<boolean> {
  const { count } = await db.oid4vciAuthorization.updateMany({
    where: { tenantId, id, state: 'pending', expiresAt: { gt: now } },
    data: {
      state: decision.state,
      ...(decision.offerId && { offerId: decision.offerId }),
      returnHash: decision.returnHash,
      expiresAt: decision.until,
      decidedByUserId: decision.userId,
      decidedByApiKeyId: decision.apiKeyId,
      decidedAt: now,
    },
  });
  return count === 1;
}

/**
 * The browser's return after the decision, once: an approved authorization gets its code (approved → code_issued),
 * a denied one is spent (its return hash cleared). Answers the row as it was decided, or null.
 */
export async function completeReturn(
  db: Db,
  tenantId: string,
  returnHash: Hash,
  code: { hash: Hash; until: Date },
  now: Date,
) {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE oid4vci_authorizations
    SET state = CASE WHEN state = 'approved' THEN 'code_issued'::oid4vci_authorization_state ELSE state END,
        code_hash = CASE WHEN state = 'approved' THEN ${code.hash}::bytea ELSE NULL END,
        expires_at = CASE WHEN state = 'approved' THEN ${code.until}::timestamptz ELSE expires_at END,
        return_hash = NULL
    WHERE tenant_id = ${tenantId}::uuid AND return_hash = ${returnHash} AND state IN ('approved', 'denied')
      AND expires_at > ${now}::timestamptz
    RETURNING id::text AS id`;
  return rows[0] ? findAuthorization(db, tenantId, rows[0].id) : null;
}

export function findByCodeHash(db: Db, tenantId: string, codeHash: Hash) {
  return db.oid4vciAuthorization.findUnique({
    where: { tenantId_codeHash: { tenantId, codeHash } },
    select: authorizationView,
  });
}

/** Spends the code (code_issued → redeemed), once, before its expiry. */
export async function redeemAuthorizationCode(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const { count } = await db.oid4vciAuthorization.updateMany({
    where: { tenantId, id, state: 'code_issued', expiresAt: { gt: now } },
    data: { state: 'redeemed', redeemedAt: now },
  });
  return count === 1;
}

/**
 * Exchanges an authorized offer for an access token: only from offered and before its expiry, the session then
 * covering exactly the configurations authorized and living as long as its token. False when no longer redeemable.
 */
export async function redeemAuthorizedOffer(
  db: Db,
  tenantId: string,
  offerId: string,
  configurationIds: string[],
  token: { hash: Hash; jkt: string | null; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const { count } = await db.oid4vciOffer.updateMany({
    where: { tenantId, id: offerId, grantType: 'authorization_code', state: 'offered', expiresAt: { gt: now } },
    data: {
      state: 'token_issued',
      configurationIds,
      accessTokenHash: token.hash,
      accessTokenExpiresAt: token.expiresAt,
      dpopJkt: token.jkt,
      tokenIssuedAt: now,
      expiresAt: token.expiresAt,
    },
  });
  return count === 1;
}

/** The claims an approval supplied for an offer of the authorization code grant, while it is still offered. */
export function replaceOfferClaims(db: Db, tenantId: string, offerId: string, claims: Record<string, unknown>) {
  return db.oid4vciOffer.updateMany({
    where: { tenantId, id: offerId, grantType: 'authorization_code', state: 'offered' },
    data: { claims: claims as Prisma.InputJsonObject },
  });
}
