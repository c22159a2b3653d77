// The Credential Endpoint (OpenID4VCI 1.0 §8): one configuration's credentials for the access token's session, one
// per key proof, all or none. Everything that can be checked is checked first (token, request, proofs, nonces), then
// the credentials are built and signed by the issue path of POST /v1/credentials/issue, and one transaction consumes
// the nonces, records the DPoP proof, moves the session and stores the credentials (quota, status slots, events and
// audit entries of that path), so that a refusal stores nothing and spends no quota.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { invalidDpopProof, invalidToken, Oauth2Error } from '../../http/oauth2-errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { findAppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { parseIssueInput } from '../credentials/credentials.inputs.js';
import type { CredentialsService, IssuingParty } from '../credentials/credentials.service.js';
import type { Clock } from '../jobs/clock.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { issueRequestFor, type CredentialConfiguration, type HolderKey } from './credential-configurations.js';
import { DPOP_ALGS } from './issuer-metadata.js';
import { credentialResponse, parseCredentialRequest, peekProofNonce, verifyKeyProof } from './oid4vci.library.js';
import { consumeCNonces, liveValues, recordDpopJti } from './nonce-store.js';
import {
  BATCH_SIZE,
  C_NONCE_TTL_SECONDS,
  credentialRefusal,
  PROOF_CLOCK_SKEW_SECONDS,
} from './offer-session.policy.js';
import * as repository from './oid4vci.repository.js';
import { findConfigurations } from './configurations.repository.js';
import type { DeferredIssuance } from './deferred.js';
import type { OfferRow } from './oid4vci.repository.js';
import type { Issuer, WalletAuth, WalletRequest } from './wallet-auth.js';
import {
  decryptRequest,
  encryptResponse,
  ENCRYPTED_MEDIA_TYPE,
  responseEncryptionOf,
  type IssuerEncryptionKey,
} from './message-encryption.js';

/** What an endpoint answers: JSON, or with `contentType` a text body as it is (an encrypted response). */
export type Answer = { body: unknown; headers?: Record<string, string>; status?: number; contentType?: string };

export type CredentialEndpointDeps = {
  prisma: PrismaClient;
  credentials: Pick<CredentialsService, 'prepare' | 'storeAllWithin' | 'issued'>;
  auth: WalletAuth;
  clock: Clock;
  log: Logger;
  /** The issuer's metadata with the tenant's configurations, as the library parses a request against it. */
  issuerMetadataOf: (issuer: Issuer, configurations: CredentialConfiguration[]) => object;
  /** The tenant's request-encryption key (message-encryption.ts). */
  encryptionKeyOf: (tenantId: string) => Promise<IssuerEncryptionKey>;
  /** Deferred issuance (deferred.ts): what a credential request of a deferred offer without its claims gets. */
  deferral: Pick<DeferredIssuance, 'pending'>;
};

export function createCredentialEndpoint({
  prisma,
  credentials,
  auth,
  clock,
  log,
  issuerMetadataOf,
  encryptionKeyOf,
  deferral,
}: CredentialEndpointDeps) {
  const { authorized } = auth;
  const configurationsOf = (issuer: Issuer) => findConfigurations(prisma, issuer.tenant.id);

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

  /**
   * The configuration the request asks for and its key proofs, if the token may have it (§8.2, §8.3.1): the
   * token's own configurations, each once (RFC 6750 insufficient_scope for another), up to BATCH_SIZE jwt proofs.
   */
  async function requested(issuer: Issuer, offer: OfferRow, request: WalletRequest, now: Date) {
    const configurations = await configurationsOf(issuer);
    const { body, encryption } = await readRequest(issuer, request, encryptionKeyOf);
    const parsed = parseCredentialRequest(body, issuerMetadataOf(issuer, configurations));
    // An authorization code grant's token response names one dataset per configuration, identified by its id (§6.2).
    const identified = parsed.credentialIdentifier;
    if (
      identified !== undefined &&
      !(offer.grantType === 'authorization_code' && offer.configurationIds.includes(identified))
    ) {
      throw new Oauth2Error(
        'unknown_credential_identifier',
        'no such credential identifier was issued with this token',
      );
    }
    const configurationId = identified ?? parsed.configurationId!;
    const scheme = offer.dpopJkt ? 'DPoP' : 'Bearer';
    const refusal = credentialRefusal(offer, configurationId, now);
    if (refusal?.error === 'invalid_token') throw invalidToken(refusal.description, scheme);
    if (refusal?.error === 'insufficient_scope') {
      throw new Oauth2Error(refusal.error, refusal.description, {
        status: 403,
        challenge: { scheme, algs: DPOP_ALGS },
      });
    }
    if (refusal) throw new Oauth2Error(refusal.error, refusal.description);
    const proofs = parsed.jwtProofs;
    if (!proofs?.length) {
      throw new Oauth2Error(
        'invalid_proof',
        parsed.otherProofs ? 'only jwt proofs are accepted' : 'proofs are required',
      );
    }
    if (proofs.length > BATCH_SIZE) {
      throw new Oauth2Error('invalid_credential_request', `at most ${BATCH_SIZE} proofs in one request`);
    }
    const config = configurations.find((candidate) => candidate.configurationId === configurationId)!;
    return { config, proofs, encryption };
  }

  /**
   * The holders' keys the proofs prove (Appendix F), each with a c_nonce of ours still unused (a missing one is
   * invalid_proof, an unknown, used or expired one invalid_nonce, §8.3.1.2). The nonces are consumed later, with
   * the credentials.
   */
  async function provenKeys(issuer: Issuer, config: CredentialConfiguration, proofs: string[], now: Date) {
    const nonces = proofs.map(peekProofNonce);
    if (nonces.some((value) => value === undefined)) throw new Oauth2Error('invalid_proof', 'a key proof has no nonce');
    const live = await liveValues(prisma, issuer.tenant.id, 'c_nonce', nonces as string[], now);
    if (nonces.some((value) => !live.has(value!))) {
      throw new Oauth2Error('invalid_nonce', 'a key proof’s nonce is unknown, used or expired: get a new c_nonce');
    }
    const holders: HolderKey[] = [];
    for (const [index, jwt] of proofs.entries()) {
      const proof = {
        jwt,
        identifier: issuer.identifier,
        expectedNonce: nonces[index]!,
        allowedAlgs: config.proofAlgs,
        maxAgeSeconds: C_NONCE_TTL_SECONDS,
        skewSeconds: PROOF_CLOCK_SKEW_SECONDS,
        now,
      };
      holders.push(await verifyKeyProof(proof));
    }
    return { holders, nonces: nonces as string[] };
  }

  /** The Credential Endpoint (§8): one configuration's credentials, one per key proof, all or none. */
  async function credential(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const { offer, token, dpop } = await authorized(issuer, request);
    const now = clock.now();
    const { config, proofs, encryption } = await requested(issuer, offer, request, now);
    const { holders, nonces } = await provenKeys(issuer, config, proofs, now);
    // A deferred offer whose claims the tenant has not given yet: a transaction_id to poll with (deferred.ts).
    if (offer.deferred && offer.claimsSuppliedAt === null) {
      return deferral.pending({ issuer, offer, dpop, config, holders, nonces, encryption, now });
    }
    const configurationId = config.configurationId;
    const claims = (offer.claims as Record<string, Record<string, unknown>>)[configurationId] ?? {};
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
    const credentialIds = views.map((view) => view.id);
    const notificationId = randomToken('', 16);
    // Lock order (src/db/transactions.ts): the nonces, the proof's jti and the offer, then the issue statement.
    const state = await prisma.$transaction(async (tx) => {
      if (!(await consumeCNonces(tx, issuer.tenant.id, nonces, now))) {
        throw new Oauth2Error('invalid_nonce', 'a key proof’s nonce was used meanwhile: get a new c_nonce');
      }
      if (dpop && !(await recordDpopJti(tx, issuer.tenant.id, dpop.jti, now))) {
        throw invalidDpopProof('the DPoP proof was used before', 401);
      }
      const notification = {
        notification_id: notificationId,
        configuration_id: configurationId,
        event: null,
        event_description: null,
        at: null,
      };
      const recorded = await repository.recordIssued(
        tx,
        issuer.tenant.id,
        sha256(token),
        { configurationId, credentialIds, notification },
        now,
      );
      if (!recorded) throw new Oauth2Error('credential_request_denied', 'this configuration was issued meanwhile');
      await refusedAsDenied(() => credentials.storeAllWithin(tx, party, prepared));
      await recordEvent(tx, issuer.tenant.id, 'oid4vci.offer.credential_issued', {
        offer_id: offer.id,
        subject_id: offer.subjectId,
        configuration_ids: offer.configurationIds,
        configuration_id: configurationId,
        credential_ids: credentialIds,
        state: recorded.state === 'credential_issued' ? 'credential_issued' : 'token_issued',
      });
      return recorded.state;
    });
    credentials.issued(views);
    log.debug({ offerId: offer.id, configurationId, credentials: views.length, state }, 'oid4vci credentials issued');
    const body = credentialResponse(
      views.map((view) => view.credential!),
      notificationId,
    );
    // The next request of a DPoP wallet (another configuration) signs with a fresh nonce.
    const headers = { 'Cache-Control': 'no-store', ...(dpop && { 'DPoP-Nonce': auth.nextDpopNonce(issuer) }) };
    if (!encryption) return { body, headers };
    return { body: await encryptResponse(body, encryption), contentType: ENCRYPTED_MEDIA_TYPE, headers };
  }

  return credential;
}

/**
 * The request's JSON, decrypted when it is a JWE to the issuer's key (§10), and the wallet's key for an encrypted
 * response, which only an encrypted request may ask for (§8.2: the key could be swapped otherwise).
 */
export async function readRequest(
  issuer: Issuer,
  request: WalletRequest,
  encryptionKeyOf: (tenantId: string) => Promise<IssuerEncryptionKey>,
) {
  const encrypted = mediaTypeOf(request) === ENCRYPTED_MEDIA_TYPE;
  const body = encrypted
    ? await decryptRequest(request.body.toString('utf8'), await encryptionKeyOf(issuer.tenant.id))
    : parseJsonBody(request, 'invalid_credential_request');
  const asked = (body as { credential_response_encryption?: unknown } | null)?.credential_response_encryption;
  if (asked !== undefined && !encrypted) {
    throw new Oauth2Error('invalid_encryption_parameters', 'encrypt the request to ask for an encrypted response');
  }
  return { body, encryption: asked === undefined ? null : await responseEncryptionOf(asked) };
}

const mediaTypeOf = (request: WalletRequest) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** A JSON request body (§8.2, §11.1: application/json); anything else is the endpoint's malformed-request `error`. */
export function parseJsonBody(request: WalletRequest, error: string): unknown {
  if (mediaTypeOf(request) !== 'application/json') throw new Oauth2Error(error, 'send the request as application/json');
  try {
    return JSON.parse(request.body.toString('utf8'));
  } catch {
    throw new Oauth2Error(error, 'the request body is not JSON');
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
