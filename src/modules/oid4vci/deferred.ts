// Deferred issuance, the wallet's side (OpenID4VCI 1.0 §8.3, §9). A credential request of a deferred offer whose
// claims the tenant has not given yet is checked as any other (token, proofs, nonces), then answered 202 with a
// transaction_id and an interval: the holders' keys are recorded, the nonces consumed, no quota spent, and the tenant
// told (oid4vci.offer.credential_pending). Once the tenant gave the claims (deferred.service.ts issues the credentials
// then), the wallet's poll of the Deferred Credential Endpoint collects them, once; before, it is answered 202 again.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { invalidDpopProof, Oauth2Error } from '../../http/oauth2-errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../jobs/clock.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import type { CredentialConfiguration, HolderKey } from './credential-configurations.js';
import { readRequest, type Answer } from './credential-endpoint.js';
import {
  credentialBodies,
  findDeferredOffer,
  lockDeferredOffer,
  updateDeferredOffer,
  type DeferredOfferRow,
  type DeferredTransaction,
} from './deferred.repository.js';
import { encryptResponse, ENCRYPTED_MEDIA_TYPE, type IssuerEncryptionKey } from './message-encryption.js';
import type { ResponseEncryption } from './message-encryption.js';
import { credentialResponse } from './oid4vci.library.js';
import { deferredCredentialRequest } from './oid4vci.inputs.js';
import { consumeCNonces, recordDpopJti } from './nonce-store.js';
import { DEFERRED_INTERVAL_SECONDS, DEFERRED_TTL_SECONDS, randomSecret, stateAt } from './offer-session.policy.js';
import type { Notification, OfferRow } from './oid4vci.repository.js';
import type { Issuer, WalletAuth, WalletRequest } from './wallet-auth.js';

export type DeferredIssuanceDeps = {
  prisma: PrismaClient;
  auth: WalletAuth;
  clock: Clock;
  log: Logger;
  encryptionKeyOf: (tenantId: string) => Promise<IssuerEncryptionKey>;
};

/** What the credential endpoint hands over of a request it checked, for a deferred offer without its claims. */
export type PendingRequest = {
  issuer: Issuer;
  offer: OfferRow;
  dpop: { jti: string } | null;
  config: CredentialConfiguration;
  holders: HolderKey[];
  nonces: string[];
  encryption: ResponseEncryption | null;
  now: Date;
};

const transactionHash = (transactionId: string) => Buffer.from(sha256(transactionId)).toString('hex');

export function createDeferredIssuance({ prisma, auth, clock, log, encryptionKeyOf }: DeferredIssuanceDeps) {
  /** A JSON answer, encrypted when the request asked for it (§10: whatever its content). */
  async function answer(
    issuer: Issuer,
    dpop: unknown,
    status: 200 | 202,
    body: object,
    encryption: ResponseEncryption | null,
  ): Promise<Answer> {
    // The wallet's next request (a poll) signs its DPoP proof with a fresh nonce.
    const headers = { 'Cache-Control': 'no-store', ...(dpop ? { 'DPoP-Nonce': auth.nextDpopNonce(issuer) } : {}) };
    if (!encryption) return { status, body, headers };
    return { status, body: await encryptResponse(body, encryption), contentType: ENCRYPTED_MEDIA_TYPE, headers };
  }

  /**
   * The credential request of a deferred offer without its claims (§8.3): the nonces consumed, the DPoP proof's jti
   * recorded, the transaction stored with the holders' keys, the session kept for DEFERRED_TTL_SECONDS, all in one
   * transaction; 202 with the transaction_id (only its hash is kept) and the interval.
   */
  async function pending({ issuer, offer, dpop, config, holders, nonces, encryption, now }: PendingRequest) {
    const tenantId = issuer.tenant.id;
    const transactionId = randomSecret();
    const waitsUntil = new Date(now.getTime() + DEFERRED_TTL_SECONDS * 1000);
    await prisma.$transaction(async (tx) => {
      if (!(await consumeCNonces(tx, tenantId, nonces, now))) {
        throw new Oauth2Error('invalid_nonce', 'a key proof’s nonce was used meanwhile: get a new c_nonce');
      }
      if (dpop && !(await recordDpopJti(tx, tenantId, dpop.jti, now))) {
        throw invalidDpopProof('the DPoP proof was used before', 401);
      }
      const row = await lockDeferredOffer(tx, tenantId, offer.id);
      if (!row || !['token_issued', 'credential_pending'].includes(stateAt(row, now))) {
        throw new Oauth2Error('credential_request_denied', 'the offer of this access token is no longer open');
      }
      // The claims were given between the checks and this lock: asked again, the request is served at once.
      if (row.claimsSuppliedAt !== null) {
        throw new Oauth2Error('credential_request_denied', 'the credentials became available meanwhile: ask again');
      }
      if (row.deferredTransactions.some((entry) => entry.configuration_id === config.configurationId)) {
        throw new Oauth2Error(
          'credential_request_denied',
          'this configuration was already requested: poll the deferred credential endpoint',
        );
      }
      const entry: DeferredTransaction = {
        transaction_id_hash: transactionHash(transactionId),
        configuration_id: config.configurationId,
        holders,
        base_url: issuer.baseUrl,
        requested_at: now.toISOString(),
        credential_ids: null,
        notification_id: null,
        delivered_at: null,
      };
      await updateDeferredOffer(tx, tenantId, offer.id, {
        state: 'credential_pending',
        expiresAt: waitsUntil,
        accessTokenExpiresAt: waitsUntil,
        deferredTransactions: [...row.deferredTransactions, entry],
      });
      await recordEvent(tx, tenantId, 'oid4vci.offer.credential_pending', {
        offer_id: offer.id,
        subject_id: offer.subjectId,
        configuration_ids: offer.configurationIds,
        configuration_id: config.configurationId,
        credentials_requested: holders.length,
        waits_until: waitsUntil.toISOString(),
      });
    });
    log.debug({ offerId: offer.id, configurationId: config.configurationId }, 'oid4vci credential deferred');
    return answer(
      issuer,
      dpop,
      202,
      { transaction_id: transactionId, interval: DEFERRED_INTERVAL_SECONDS },
      encryption,
    );
  }

  /**
   * The Deferred Credential Endpoint (§9): with the access token of the transaction's session, its credentials once
   * the tenant gave the claims (200, once: the transaction_id is spent then), 202 with the interval before. An
   * unknown or spent transaction_id is invalid_transaction_id; a withdrawn offer credential_request_denied.
   */
  async function deferredCredential(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const { offer, dpop } = await auth.authorized(issuer, request);
    const { body, encryption } = await readRequest(issuer, request, encryptionKeyOf);
    const parsed = deferredCredentialRequest.safeParse(body);
    if (!parsed.success) throw new Oauth2Error('invalid_credential_request', 'a malformed deferred credential request');
    const transactionId = parsed.data.transaction_id;
    const hash = transactionHash(transactionId);
    const now = clock.now();
    const tenantId = issuer.tenant.id;
    const found = await findDeferredOffer(prisma, tenantId, offer.id);
    const transactionOf = (row: DeferredOfferRow | null) =>
      row?.deferredTransactions.find((entry) => entry.transaction_id_hash === hash && entry.delivered_at === null);
    const entry = transactionOf(found);
    if (!found || !entry) throw new Oauth2Error('invalid_transaction_id', 'unknown or spent transaction_id');
    refuseEnded(found, now);
    if (entry.credential_ids === null) {
      if (dpop) await prisma.$transaction((tx) => recordJti(tx, tenantId, dpop.jti, now));
      const body = { transaction_id: transactionId, interval: DEFERRED_INTERVAL_SECONDS };
      return answer(issuer, dpop, 202, body, encryption);
    }
    const notificationId = randomToken('', 16);
    const delivered = await prisma.$transaction(async (tx) => {
      if (dpop) await recordJti(tx, tenantId, dpop.jti, now);
      const row = await lockDeferredOffer(tx, tenantId, offer.id);
      const current = transactionOf(row);
      if (!row || !current?.credential_ids) {
        throw new Oauth2Error('invalid_transaction_id', 'unknown or spent transaction_id');
      }
      refuseEnded(row, now);
      const credentials = await credentialBodies(tx, tenantId, current.credential_ids);
      if (credentials.some((credential) => credential === null)) {
        throw new Oauth2Error('credential_request_denied', 'the credentials are no longer available');
      }
      const transactions = row.deferredTransactions.map((candidate) =>
        candidate === current
          ? { ...current, notification_id: notificationId, delivered_at: now.toISOString() }
          : candidate,
      );
      const done =
        transactions.every((candidate) => candidate.delivered_at !== null) &&
        row.configurationIds.every((id) => row.issuedConfigurationIds.includes(id));
      const notification: Notification = {
        notification_id: notificationId,
        configuration_id: current.configuration_id,
        event: null,
        event_description: null,
        at: null,
      };
      const pendingLeft = transactions.some((candidate) => candidate.delivered_at === null);
      const state = done ? 'credential_issued' : pendingLeft ? 'credential_pending' : 'token_issued';
      await updateDeferredOffer(tx, tenantId, row.id, {
        state,
        deferredTransactions: transactions,
        notifications: [...(row.notifications as Notification[]), notification],
        ...(done && { credentialIssuedAt: now }),
      });
      await recordEvent(tx, tenantId, 'oid4vci.offer.credential_issued', {
        offer_id: row.id,
        subject_id: row.subjectId,
        configuration_ids: row.configurationIds,
        configuration_id: current.configuration_id,
        credential_ids: current.credential_ids,
        state,
      });
      return credentials as string[];
    });
    log.debug({ offerId: offer.id, credentials: delivered.length }, 'oid4vci deferred credentials delivered');
    return answer(issuer, dpop, 200, credentialResponse(delivered, notificationId), encryption);
  }

  return { pending, deferredCredential };
}

export type DeferredIssuance = ReturnType<typeof createDeferredIssuance>;

/** The DPoP proof's jti, once (RFC 9449 §11.1), in the transaction of what it authorised. */
async function recordJti(tx: Parameters<typeof recordDpopJti>[0], tenantId: string, jti: string, now: Date) {
  if (!(await recordDpopJti(tx, tenantId, jti, now))) throw invalidDpopProof('the DPoP proof was used before', 401);
}

/** A withdrawn offer's transactions will never be served (§9.3: the wallet stops polling on this error). */
function refuseEnded(row: DeferredOfferRow, now: Date) {
  const state = stateAt(row, now);
  if (state === 'cancelled' || state === 'failed' || state === 'expired') {
    throw new Oauth2Error('credential_request_denied', 'the offer was withdrawn: no credential will be issued');
  }
}
