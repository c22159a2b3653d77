// The wallet's door of OpenID4VCI 1.0, without a principal: metadata, the offer by reference, and the
// pre-authorized code flow (token, nonce, credential, notification). Each function answers what its endpoint
// sends, or throws the Oauth2Error the spec names (src/http/oauth2-errors.ts). The credential endpoint is
// credential-endpoint.ts; how a wallet's token and DPoP proofs are checked, wallet-auth.ts.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { invalidDpopProof, invalidGrant, invalidRequest, Oauth2Error } from '../../http/oauth2-errors.js';
import type { PublicBaseUrl } from '../../http/public-base-url.js';
import { constantTimeEqual, randomToken, sha256 } from '../../lib/crypto.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import type { Logger } from '../../lib/logger.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { Clock } from '../jobs/clock.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import type { CredentialConfiguration } from './credential-configurations.js';
import { createCredentialEndpoint, parseJsonBody, type Answer } from './credential-endpoint.js';
import { createDeferredIssuance } from './deferred.js';
import { credentialIssuerIdentifier } from './issuer-identifier.js';
import { createIssuerEncryptionKeys, encryptionMetadata } from './message-encryption.js';
import { authorizationServerMetadata, credentialIssuerMetadata, etagOf, issuerEndpoints } from './issuer-metadata.js';
import {
  checkedAuthorizationServerMetadata,
  checkedIssuerMetadata,
  credentialOffer,
  nonceResponse,
  parseTokenRequest,
} from './oid4vci.library.js';
import { issueCNonce, recordDpopJti } from './nonce-store.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  preAuthorizedCodeOf,
  redeemRefusal,
  stateAt,
  txCodeHash,
} from './offer-session.policy.js';
import { notificationRequest } from './oid4vci.inputs.js';
import * as repository from './oid4vci.repository.js';
import { findConfigurations } from './configurations.repository.js';
import type { OfferRow } from './oid4vci.repository.js';
import { ACCESS_TOKEN_PREFIX, createWalletAuth, type Issuer, type WalletRequest } from './wallet-auth.js';
import { createAuthorizationProtocol } from './authorization.protocol.js';
import { issuerStateOf } from './authorization.policy.js';

export type { Answer, Issuer, WalletRequest };

export type Oid4vciProtocolDeps = {
  prisma: PrismaClient;
  keys: KeyEncryption;
  publicBaseUrl: PublicBaseUrl;
  credentials: Pick<CredentialsService, 'prepare' | 'storeAllWithin' | 'issued'>;
  clock: Clock;
  log: Logger;
};

export function createOid4vciProtocol({ prisma, keys, publicBaseUrl, credentials, clock, log }: Oid4vciProtocolDeps) {
  const auth = createWalletAuth({ prisma, keys, clock });
  const { checkDpop, authorized } = auth;
  const authorization = createAuthorizationProtocol({ prisma, clock, auth });
  /**
   * The issuer of `slug` (a /oid4vci/{slug}/… URL), or of the verified domain the request came in on (slug null:
   * the domain's own well-known documents). On the service's host the identifier is {base}/oid4vci/{slug}; on the
   * tenant's verified domain, https://{domain} (issuer-identifier.ts). Null for an unknown tenant, and for a slug
   * on another tenant's domain (never one host answering as two issuers).
   */
  async function issuerFor(
    host: { tenantId: string; host: string } | null,
    slug: string | null,
  ): Promise<Issuer | null> {
    const tenant =
      slug !== null
        ? await repository.findIssuerTenantBySlug(prisma, slug)
        : host && (await repository.findIssuerTenant(prisma, host.tenantId));
    if (!tenant || (host && host.tenantId !== tenant.id)) return null;
    const baseUrl = host ? `https://${host.host}` : publicBaseUrl.configured();
    return {
      tenant,
      identifier: credentialIssuerIdentifier(baseUrl, tenant.slug, host !== null),
      baseUrl,
      endpoints: issuerEndpoints(baseUrl, tenant.slug),
    };
  }

  const configurationsOf = (issuer: Issuer) => findConfigurations(prisma, issuer.tenant.id);

  const issuerMetadataOf = (issuer: Issuer, configurations: CredentialConfiguration[]) =>
    credentialIssuerMetadata(issuer.identifier, issuer.endpoints, issuer.tenant, configurations);

  const encryptionKeyOf = createIssuerEncryptionKeys(keys);
  const deferral = createDeferredIssuance({ prisma, auth, clock, log, encryptionKeyOf });
  const credential = createCredentialEndpoint({
    prisma,
    credentials,
    auth,
    clock,
    log,
    issuerMetadataOf,
    encryptionKeyOf,
    deferral,
  });

  /** The Credential Issuer Metadata (§12.2.2) as JSON, with its strong ETag. */
  async function metadata(issuer: Issuer) {
    const [configurations, key] = await Promise.all([configurationsOf(issuer), encryptionKeyOf(issuer.tenant.id)]);
    const document = credentialIssuerMetadata(
      issuer.identifier,
      issuer.endpoints,
      issuer.tenant,
      configurations,
      encryptionMetadata(key),
    );
    const body = JSON.stringify(checkedIssuerMetadata(document));
    return { body, etag: etagOf(body) };
  }

  /** The authorization server's metadata (RFC 8414), the issuer being its own authorization server. */
  async function asMetadata(issuer: Issuer) {
    const codeFlow = (await authorization.loginUrlOf(issuer)) !== null;
    const body = JSON.stringify(
      checkedAuthorizationServerMetadata(authorizationServerMetadata(issuer.identifier, issuer.endpoints, codeFlow)),
    );
    return { body, etag: etagOf(body) };
  }

  /** The offer object behind a credential_offer_uri (§4.1.3), while its code can still be redeemed; else null. */
  async function offerByReference(issuer: Issuer, reference: string): Promise<Record<string, unknown> | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(reference)) return null;
    const offer = await repository.findOfferByReferenceHash(prisma, issuer.tenant.id, sha256(reference));
    if (!offer || stateAt(offer, clock.now()) !== 'offered') return null;
    const configurations = await findConfigurations(prisma, issuer.tenant.id, offer.configurationIds);
    const { offer: object } = await credentialOffer({
      metadata: issuerMetadataOf(issuer, configurations),
      configurationIds: offer.configurationIds,
      grant:
        offer.grantType === 'authorization_code'
          ? { issuerState: issuerStateOf(reference) }
          : {
              preAuthorizedCode: preAuthorizedCodeOf(reference),
              txCode: offer.txCodeLength
                ? {
                    length: offer.txCodeLength,
                    input_mode: offer.txCodeInputMode as 'numeric' | 'text',
                    ...(offer.txCodeDescription && { description: offer.txCodeDescription }),
                  }
                : null,
            },
      offerUri: `${issuer.endpoints.offerPrefix}${reference}`,
    });
    return object;
  }

  /** A fresh c_nonce (§7), stored for any instance to accept once; a DPoP nonce beside it (RFC 9449 §8). */
  async function nonce(issuer: Issuer): Promise<Answer> {
    const now = clock.now();
    const { nonce: cNonce } = await issueCNonce(prisma, issuer.tenant.id, now);
    return {
      body: nonceResponse(cNonce),
      headers: { 'Cache-Control': 'no-store', 'DPoP-Nonce': auth.nextDpopNonce(issuer) },
    };
  }

  /** The Token Endpoint (§6) of the pre-authorized code grant. */
  async function token(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') {
      throw invalidRequest('send the token request as application/x-www-form-urlencoded');
    }
    const body = Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
    const grant = parseTokenRequest(body, request);
    if (grant.grantType === 'authorization_code') return authorization.token(issuer, request, grant);
    const now = clock.now();
    const tenantId = issuer.tenant.id;
    const offer = await repository.findOfferByPreAuthorizedCodeHash(prisma, tenantId, sha256(grant.preAuthorizedCode));
    if (!offer) throw invalidGrant('unknown pre-authorized code');
    const refusal = redeemRefusal(offer, now);
    if (refusal) throw invalidGrant(refusal);
    // OpenID4VCI §6.3: a missing or unexpected transaction code is invalid_request, a wrong one invalid_grant.
    if (offer.txCodeHash && grant.txCode === undefined) throw invalidRequest('this offer needs its tx_code');
    if (!offer.txCodeHash && grant.txCode !== undefined) throw invalidRequest('this offer has no tx_code');
    if (offer.txCodeHash && !constantTimeEqual(txCodeHash(offer.id, grant.txCode!), offer.txCodeHash)) {
      await wrongTxCode(tenantId, offer, now);
    }
    const dpop = grant.dpopJwt ? await checkDpop(issuer, request, grant.dpopJwt, { status: 400 }) : null;
    const accessToken = randomToken(ACCESS_TOKEN_PREFIX, 32);
    const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    await prisma.$transaction(async (tx) => {
      const redeemed = await repository.redeemCode(
        tx,
        tenantId,
        offer.id,
        { hash: sha256(accessToken), jkt: dpop?.jkt ?? null, expiresAt },
        now,
      );
      if (!redeemed) throw invalidGrant('the pre-authorized code was already used');
      if (dpop && !(await recordDpopJti(tx, tenantId, dpop.jti, now))) {
        throw invalidDpopProof('the DPoP proof was used before');
      }
      await recordEvent(tx, tenantId, 'oid4vci.offer.token_issued', {
        offer_id: offer.id,
        subject_id: offer.subjectId,
        configuration_ids: offer.configurationIds,
        dpop_bound: dpop !== null,
        token_expires_at: expiresAt.toISOString(),
      });
    });
    return {
      body: { access_token: accessToken, token_type: dpop ? 'DPoP' : 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS },
      headers: {
        'Cache-Control': 'no-store',
        ...(dpop && { 'DPoP-Nonce': auth.nextDpopNonce(issuer) }),
      },
    };
  }

  /** A wrong transaction code: counted, and the session failed when it spends the budget (§13.6.3). */
  async function wrongTxCode(tenantId: string, offer: OfferRow, now: Date): Promise<never> {
    const counted = await prisma.$transaction(async (tx) => {
      const after = await repository.countWrongTxCode(tx, tenantId, offer.id, now);
      if (after?.state === 'failed') {
        await recordEvent(tx, tenantId, 'oid4vci.offer.failed', {
          offer_id: offer.id,
          subject_id: offer.subjectId,
          configuration_ids: offer.configurationIds,
          reason: 'tx_code_attempts',
          failed_at: now.toISOString(),
        });
      }
      return after;
    });
    if (!counted) throw invalidGrant('the pre-authorized code can no longer be redeemed');
    throw invalidGrant(counted.state === 'failed' ? 'wrong tx_code: the offer is now locked' : 'wrong tx_code');
  }

  /** The Notification Endpoint (§11): what became of the credentials of one response. 204, idempotent. */
  async function notification(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const { offer, token, dpop } = await authorized(issuer, request);
    const parsed = notificationRequest.safeParse(parseJsonBody(request, 'invalid_notification_request'));
    if (!parsed.success) throw new Oauth2Error('invalid_notification_request', 'a malformed notification request');
    const { notification_id: id, event, event_description: description } = parsed.data;
    const now = clock.now();
    await prisma.$transaction(async (tx) => {
      if (dpop && !(await recordDpopJti(tx, issuer.tenant.id, dpop.jti, now))) {
        throw invalidDpopProof('the DPoP proof was used before', 401);
      }
      const notification = { id, event, description: description ?? null };
      const recorded = await repository.recordNotification(tx, issuer.tenant.id, sha256(token), notification, now);
      if (!recorded) throw new Oauth2Error('invalid_notification_id', 'unknown notification_id');
      // The same event again changes nothing and announces nothing (§11: notifications are idempotent).
      if (!recorded.changed) return;
      await recordEvent(tx, issuer.tenant.id, 'oid4vci.offer.notified', {
        offer_id: offer.id,
        subject_id: offer.subjectId,
        configuration_ids: offer.configurationIds,
        notification_id: id,
        configuration_id: recorded.entry.configuration_id,
        event,
        notified_at: now.toISOString(),
      });
    });
    return { status: 204, body: null, headers: { 'Cache-Control': 'no-store' } };
  }

  return {
    issuerFor,
    metadata,
    asMetadata,
    offerByReference,
    nonce,
    token,
    authorization,
    credential,
    notification,
    /** The Deferred Credential Endpoint (§9): deferred.ts. */
    deferredCredential: deferral.deferredCredential,
  };
}

export type Oid4vciProtocol = ReturnType<typeof createOid4vciProtocol>;
