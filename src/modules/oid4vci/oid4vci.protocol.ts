// The wallet's door of OpenID4VCI 1.0, without a principal: metadata, the offer by reference, and the
// pre-authorized code flow (token, nonce, credential, notification). Each function answers what its endpoint
// sends, or throws the Oauth2Error the spec names (src/http/oauth2-errors.ts). A refusal stores nothing and spends
// no quota: everything that can be checked is checked before the one transaction that consumes the nonces, records
// the DPoP proof, moves the session and stores the credentials through the issue path of POST /v1/credentials/issue.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { invalidDpopProof, invalidGrant, invalidRequest, invalidToken, Oauth2Error, type TokenScheme } from '../../http/oauth2-errors.js';
import type { PublicBaseUrl } from '../../http/public-base-url.js';
import { constantTimeEqual, randomToken, sha256 } from '../../lib/crypto.js';
import { findAppError } from '../../lib/errors.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import type { Logger } from '../../lib/logger.js';
import { parseIssueInput } from '../credentials/credentials.inputs.js';
import type { CredentialsService, IssuingParty } from '../credentials/credentials.service.js';
import type { Clock } from '../jobs/clock.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { issueRequestFor, type CredentialConfiguration, type HolderKey } from './credential-configurations.js';
import { credentialIssuerIdentifier } from './issuer-identifier.js';
import {
  authorizationServerMetadata,
  credentialIssuerMetadata,
  DPOP_ALGS,
  etagOf,
  issuerEndpoints,
  type IssuerEndpoints,
} from './issuer-metadata.js';
import {
  checkedAuthorizationServerMetadata,
  checkedIssuerMetadata,
  credentialOffer,
  credentialResponse,
  nonceResponse,
  parseCredentialRequest,
  parseTokenRequest,
  peekDpopProof,
  peekProofNonce,
  verifyDpopProof,
  verifyKeyProof,
  type RequestLike,
} from './oid4vci.library.js';
import {
  consumeCNonces,
  isFreshDpopNonce,
  issueCNonce,
  liveValues,
  mintDpopNonce,
  recordDpopJti,
} from './nonce-store.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  afterWrongTxCode,
  BATCH_SIZE,
  C_NONCE_TTL_SECONDS,
  credentialRefusal,
  DPOP_NONCE_TTL_SECONDS,
  PROOF_CLOCK_SKEW_SECONDS,
  redeemRefusal,
  preAuthorizedCodeOf,
  stateAt,
} from './offer-session.policy.js';
import { notificationRequest } from './oid4vci.inputs.js';
import * as repository from './oid4vci.repository.js';
import type { IssuerTenantRow, OfferRow } from './oid4vci.repository.js';
import { txCodeHash } from './oid4vci.service.js';

/** The tenant whose issuer a request is for, and its identifier and endpoints under the request's host. */
export type Issuer = { tenant: IssuerTenantRow; identifier: string; baseUrl: string; endpoints: IssuerEndpoints };

/** What the HTTP layer hands over of a request: its method, the URL the wallet used, headers and body. */
export type WalletRequest = RequestLike & { body: Buffer; requestId: string };

export type Answer = { body: unknown; headers?: Record<string, string>; status?: number };

export type Oid4vciProtocolDeps = {
  prisma: PrismaClient;
  keys: KeyEncryption;
  publicBaseUrl: PublicBaseUrl;
  credentials: Pick<CredentialsService, 'prepare' | 'storeAllWithin' | 'issued'>;
  clock: Clock;
  log: Logger;
};

const ACCESS_TOKEN_PREFIX = 'bsv_';

export function createOid4vciProtocol({ prisma, keys, publicBaseUrl, credentials, clock, log }: Oid4vciProtocolDeps) {
  /**
   * The issuer of `slug` (a /oid4vci/{slug}/… URL), or of the verified domain the request came in on (slug null:
   * the domain's own well-known documents). On the service's host the identifier is {base}/oid4vci/{slug}; on the
   * tenant's verified domain, https://{domain} (issuer-identifier.ts). Null for an unknown tenant, and for a slug
   * on another tenant's domain (never one host answering as two issuers).
   */
  async function issuerFor(host: { tenantId: string; host: string } | null, slug: string | null): Promise<Issuer | null> {
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

  const configurationsOf = (issuer: Issuer) => repository.findConfigurations(prisma, issuer.tenant.id);

  const issuerMetadataOf = (issuer: Issuer, configurations: CredentialConfiguration[]) =>
    credentialIssuerMetadata(issuer.identifier, issuer.endpoints, issuer.tenant, configurations);

  /** The Credential Issuer Metadata (§12.2.2) as JSON, with its strong ETag. */
  async function metadata(issuer: Issuer) {
    const body = JSON.stringify(checkedIssuerMetadata(issuerMetadataOf(issuer, await configurationsOf(issuer))));
    return { body, etag: etagOf(body) };
  }

  /** The authorization server's metadata (RFC 8414), the issuer being its own authorization server. */
  function asMetadata(issuer: Issuer) {
    const body = JSON.stringify(
      checkedAuthorizationServerMetadata(authorizationServerMetadata(issuer.identifier, issuer.endpoints)),
    );
    return { body, etag: etagOf(body) };
  }

  /** The offer object behind a credential_offer_uri (§4.1.3), while its code can still be redeemed; else null. */
  async function offerByReference(issuer: Issuer, reference: string): Promise<Record<string, unknown> | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(reference)) return null;
    const offer = await repository.findOfferByReferenceHash(prisma, issuer.tenant.id, sha256(reference));
    if (!offer || stateAt(offer, clock.now()) !== 'offered') return null;
    const configurations = await repository.findConfigurations(prisma, issuer.tenant.id, offer.configurationIds);
    const { offer: object } = await credentialOffer({
      metadata: issuerMetadataOf(issuer, configurations),
      configurationIds: offer.configurationIds,
      preAuthorizedCode: preAuthorizedCodeOf(reference),
      txCode: offer.txCodeLength
        ? {
            length: offer.txCodeLength,
            input_mode: offer.txCodeInputMode as 'numeric' | 'text',
            ...(offer.txCodeDescription && { description: offer.txCodeDescription }),
          }
        : null,
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
      headers: { 'Cache-Control': 'no-store', 'DPoP-Nonce': mintDpopNonce(keys, issuer.tenant.id, now) },
    };
  }

  /**
   * Checks the DPoP proof of a request (RFC 9449): a nonce of ours not older than DPOP_NONCE_TTL_SECONDS (else
   * use_dpop_nonce with a fresh one), then the proof itself, its iat, and its jti not seen before. `status`: 400 at
   * the token endpoint (§8), 401 at a resource (§9).
   */
  async function checkDpop(
    issuer: Issuer,
    request: RequestLike,
    jwt: string,
    options: { status: number; accessToken?: string; expectedJkt?: string },
  ) {
    const now = clock.now();
    const freshNonce = () => mintDpopNonce(keys, issuer.tenant.id, now);
    const challenge = options.status === 401 ? { scheme: 'DPoP' as const, algs: DPOP_ALGS } : undefined;
    const refuse = (error: string, description: string) =>
      new Oauth2Error(error, description, { status: options.status, challenge, dpopNonce: freshNonce() });
    const { nonce: presented } = peekDpopProof(jwt);
    if (!presented || !isFreshDpopNonce(keys, issuer.tenant.id, presented, now)) {
      throw refuse('use_dpop_nonce', 'use the DPoP nonce of the DPoP-Nonce header');
    }
    let proof;
    try {
      proof = await verifyDpopProof({ jwt, request, allowedAlgs: DPOP_ALGS, expectedNonce: presented, now, ...options });
    } catch (error) {
      throw refuse('invalid_dpop_proof', (error as Error).message);
    }
    const seconds = now.getTime() / 1000;
    if (proof.iat > seconds + PROOF_CLOCK_SKEW_SECONDS || proof.iat < seconds - DPOP_NONCE_TTL_SECONDS) {
      throw refuse('invalid_dpop_proof', 'the DPoP proof’s iat is not recent');
    }
    if ((await liveValues(prisma, issuer.tenant.id, 'dpop_jti', [proof.jti], now)).size > 0) {
      throw refuse('invalid_dpop_proof', 'the DPoP proof was used before');
    }
    return proof;
  }

  /** The Token Endpoint (§6) of the pre-authorized code grant. */
  async function token(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') {
      throw invalidRequest('send the token request as application/x-www-form-urlencoded');
    }
    const body = Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
    const grant = parseTokenRequest(body, request);
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
        ...(dpop && { 'DPoP-Nonce': mintDpopNonce(keys, tenantId, now) }),
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
    const { locked } = afterWrongTxCode(counted.failures - 1);
    throw invalidGrant(locked ? 'wrong tx_code: the offer is now locked' : 'wrong tx_code');
  }

  /**
   * The access token of a request to a protected endpoint (credential, notification): `Authorization: DPoP` with
   * its proof for a DPoP-bound token, `Bearer` otherwise (RFC 6750 §2.1, RFC 9449 §7). Another tenant's token, an
   * unknown or expired one, or one in the wrong scheme is invalid_token.
   */
  async function authorized(issuer: Issuer, request: WalletRequest) {
    const header = request.headers.get('authorization') ?? '';
    const [rawScheme = '', token = '', ...rest] = header.trim().split(/\s+/);
    const scheme: TokenScheme = rawScheme.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
    if (!token || rest.length || !['dpop', 'bearer'].includes(rawScheme.toLowerCase())) {
      throw invalidToken('send the access token as Authorization: DPoP or Bearer', scheme, DPOP_ALGS);
    }
    const offer = token.startsWith(ACCESS_TOKEN_PREFIX)
      ? await repository.findOfferByAccessTokenHash(prisma, issuer.tenant.id, sha256(token))
      : null;
    if (!offer) throw invalidToken('unknown access token', scheme, DPOP_ALGS);
    if (stateAt(offer, clock.now()) === 'expired') throw invalidToken('the access token has expired', scheme, DPOP_ALGS);
    if (offer.dpopJkt && scheme !== 'DPoP') {
      throw invalidToken('this access token is DPoP-bound: present it with Authorization: DPoP', 'DPoP', DPOP_ALGS);
    }
    if (!offer.dpopJkt && scheme === 'DPoP') throw invalidToken('this access token is a bearer token', 'Bearer');
    let dpop: { jti: string } | null = null;
    if (offer.dpopJkt) {
      const jwt = request.headers.get('dpop');
      if (!jwt) throw invalidDpopProof('a DPoP-bound access token needs a DPoP proof', 401);
      dpop = await checkDpop(issuer, request, jwt, { status: 401, accessToken: token, expectedJkt: offer.dpopJkt });
    }
    return { offer, token, scheme, dpop };
  }

  /** Who a wallet's credential is issued for: the offer's tenant as it is now, in the name of the offer's creator. */
  const partyOf = (issuer: Issuer, offer: OfferRow, requestId: string): IssuingParty => ({
    tenantId: issuer.tenant.id,
    plan: issuer.tenant.plan,
    compliance: {
      adopted: issuer.tenant.complianceAdoptions.map((adoption) => adoption.frameworkId),
      personalClaims: issuer.tenant.personalClaims,
      keyRotationDays: issuer.tenant.keyRotationDays,
    },
    actor: {
      tenantId: issuer.tenant.id,
      actorUserId: offer.createdByUserId,
      actorApiKeyId: offer.createdByApiKeyId,
      requestId,
    },
  });

  /** The Credential Endpoint (§8): one configuration's credentials, one per key proof, all or none. */
  async function credential(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const { offer, token, dpop } = await authorized(issuer, request);
    const now = clock.now();
    const configurations = await configurationsOf(issuer);
    const parsed = parseCredentialRequest(parseJsonBody(request), issuerMetadataOf(issuer, configurations));
    if (parsed.credentialIdentifier !== undefined) {
      throw new Oauth2Error('unknown_credential_identifier', 'no credential identifiers were issued with this token');
    }
    const configurationId = parsed.configurationId!;
    const config = configurations.find((candidate) => candidate.configurationId === configurationId)!;
    const refusal = credentialRefusal(offer, configurationId, now);
    if (refusal?.error === 'invalid_token') throw invalidToken(refusal.description, offer.dpopJkt ? 'DPoP' : 'Bearer');
    if (refusal && !offer.configurationIds.includes(configurationId)) {
      // RFC 6750 §3.1 insufficient_scope: the token is valid, but not for this (OpenID4VCI §8.3.1.1).
      throw new Oauth2Error('insufficient_scope', refusal.description, {
        status: 403,
        challenge: { scheme: offer.dpopJkt ? 'DPoP' : 'Bearer', algs: DPOP_ALGS },
      });
    }
    if (refusal) throw new Oauth2Error(refusal.error, refusal.description);
    if (parsed.wantsEncryption) {
      throw new Oauth2Error('invalid_encryption_parameters', 'this issuer does not encrypt credential responses');
    }
    const proofs = parsed.jwtProofs;
    if (!proofs?.length) {
      throw new Oauth2Error('invalid_proof', parsed.otherProofs ? 'only jwt proofs are accepted' : 'proofs are required');
    }
    if (proofs.length > BATCH_SIZE) {
      throw new Oauth2Error('invalid_credential_request', `at most ${BATCH_SIZE} proofs in one request`);
    }
    // The c_nonce of each proof: required (§8.3.1.2 invalid_proof), and one of ours still unused (invalid_nonce).
    const nonces = proofs.map(peekProofNonce);
    if (nonces.some((value) => value === undefined)) throw new Oauth2Error('invalid_proof', 'a key proof has no nonce');
    const live = await liveValues(prisma, issuer.tenant.id, 'c_nonce', nonces as string[], now);
    if (nonces.some((value) => !live.has(value!))) {
      throw new Oauth2Error('invalid_nonce', 'a key proof’s nonce is unknown, used or expired: get a new c_nonce');
    }
    const holders: HolderKey[] = [];
    for (const [index, jwt] of proofs.entries()) {
      holders.push(
        await verifyKeyProof({
          jwt,
          identifier: issuer.identifier,
          expectedNonce: nonces[index]!,
          allowedAlgs: config.proofAlgs,
          maxAgeSeconds: C_NONCE_TTL_SECONDS,
          skewSeconds: PROOF_CLOCK_SKEW_SECONDS,
          now,
        }),
      );
    }
    const claims = ((offer.claims as Record<string, Record<string, unknown>>)[configurationId] ?? {});
    const party = partyOf(issuer, offer, request.requestId);
    const prepared = await refusedAsDenied(async () =>
      credentials.prepare(
        party,
        holders.map((holder) => parseIssueInput(issueRequestFor(config, claims, holder, now))),
        { publicBaseUrl: issuer.baseUrl },
        { channel: 'oid4vci', offerId: offer.id, dataSubjectId: offer.subjectId },
      ),
    );
    const views = prepared.map((credential) => credential.view);
    const notificationId = randomToken('', 16);
    const state = await prisma.$transaction(async (tx) => {
      if (!(await consumeCNonces(tx, issuer.tenant.id, nonces as string[], now))) {
        throw new Oauth2Error('invalid_nonce', 'a key proof’s nonce was used meanwhile: get a new c_nonce');
      }
      if (dpop && !(await recordDpopJti(tx, issuer.tenant.id, dpop.jti, now))) {
        throw invalidDpopProof('the DPoP proof was used before', 401);
      }
      const recorded = await repository.recordIssued(
        tx,
        issuer.tenant.id,
        sha256(token),
        {
          configurationId,
          credentialIds: views.map((view) => view.id),
          notification: {
            notification_id: notificationId,
            configuration_id: configurationId,
            event: null,
            event_description: null,
            at: null,
          },
        },
        now,
      );
      if (!recorded) throw new Oauth2Error('credential_request_denied', 'this configuration was issued meanwhile');
      await refusedAsDenied(() => credentials.storeAllWithin(tx, party, prepared));
      await recordEvent(tx, issuer.tenant.id, 'oid4vci.offer.credential_issued', {
        offer_id: offer.id,
        subject_id: offer.subjectId,
        configuration_ids: offer.configurationIds,
        configuration_id: configurationId,
        credential_ids: views.map((view) => view.id),
        state: recorded.state === 'credential_issued' ? 'credential_issued' : 'token_issued',
      });
      return recorded.state;
    });
    credentials.issued(views);
    log.debug({ offerId: offer.id, configurationId, credentials: views.length, state }, 'oid4vci credentials issued');
    return {
      body: credentialResponse(
        views.map((view) => view.credential!),
        notificationId,
      ),
      headers: { 'Cache-Control': 'no-store' },
    };
  }

  /** The Notification Endpoint (§11): what became of the credentials of one response. 204, idempotent. */
  async function notification(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const { offer, token } = await authorized(issuer, request);
    const parsed = notificationRequest.safeParse(parseJsonBody(request));
    if (!parsed.success) throw new Oauth2Error('invalid_notification_request', 'a malformed notification request');
    const now = clock.now();
    const recorded = await repository.recordNotification(
      prisma,
      issuer.tenant.id,
      sha256(token),
      { id: parsed.data.notification_id, event: parsed.data.event, description: parsed.data.event_description ?? null },
      now,
    );
    if (!recorded) throw new Oauth2Error('invalid_notification_id', 'unknown notification_id');
    if (recorded.changed) {
      await recordEvent(prisma, issuer.tenant.id, 'oid4vci.offer.notified', {
        offer_id: offer.id,
        subject_id: offer.subjectId,
        configuration_ids: offer.configurationIds,
        notification_id: parsed.data.notification_id,
        configuration_id: recorded.entry.configuration_id,
        event: parsed.data.event,
        notified_at: now.toISOString(),
      });
    }
    return { status: 204, body: null, headers: { 'Cache-Control': 'no-store' } };
  }

  /** The Deferred Credential Endpoint (§9): declared, with no deferred issuance yet, so every transaction_id is unknown. */
  async function deferredCredential(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    await authorized(issuer, request);
    throw new Oauth2Error('invalid_transaction_id', 'no deferred issuance is pending for this token');
  }

  return { issuerFor, metadata, asMetadata, offerByReference, nonce, token, credential, notification, deferredCredential };
}

export type Oid4vciProtocol = ReturnType<typeof createOid4vciProtocol>;

/** A JSON request body (§8.2: application/json); anything else is invalid_credential_request. */
function parseJsonBody(request: WalletRequest): unknown {
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') {
    throw new Oauth2Error('invalid_credential_request', 'send the request as application/json');
  }
  try {
    return JSON.parse(request.body.toString('utf8'));
  } catch {
    throw new Oauth2Error('invalid_credential_request', 'the request body is not JSON');
  }
}

/**
 * The issue path's own refusals (a spent quota, a deactivated issuer DID, a compliance rule), as the credential
 * endpoint names a request it will not serve: credential_request_denied with the service's text.
 */
async function refusedAsDenied<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = findAppError(error);
    if (refusal && refusal.status < 500) throw new Oauth2Error('credential_request_denied', refusal.message);
    throw error;
  }
}
