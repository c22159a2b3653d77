// The tenant's backend decides an authorization of the code flow (credentials:issue) once its user signed in at the
// tenant's login page: approve with the claims to issue (validated against the configurations, as an offer's are) or
// deny. Either answer carries `redirect_to`, the service's URL the tenant's page sends the browser to: the service
// then redirects it to the wallet with the code (or access_denied), so the code never passes through the tenant.
// An approval of a wallet-initiated request makes the offer the token will redeem; one of an offer's issuer_state
// moves that offer on. Audited and announced in the decision's transaction.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { randomToken, sha256, uuidV7 } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import type { Clock } from '../jobs/clock.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { findConfigurations } from './configurations.repository.js';
import { approveAuthorizationInput, denyAuthorizationInput } from './authorization.inputs.js';
import {
  authorizationStateAt,
  RETURN_TTL_SECONDS,
  SIGN_IN_TTL_SECONDS,
  type AuthorizationState,
} from './authorization.policy.js';
import * as repository from './authorization.repository.js';
import type { AuthorizationRow } from './authorization.repository.js';
import { checkOfferedClaims } from './oid4vci.service.js';
import * as offers from './oid4vci.repository.js';
import { randomSecret, stateAt } from './offer-session.policy.js';
import { issuerEndpoints } from './issuer-metadata.js';

export const AUTHORIZATION_NOT_FOUND = 'authorization not found';
const NOT_PENDING = 'the authorization is not awaiting a decision (decided, expired, or the browser never arrived)';

export type AuthorizationView = Omit<
  AuthorizationRow,
  'state' | 'codeChallenge' | 'redirectUri' | 'walletState' | 'baseUrl'
> & {
  state: AuthorizationState;
};
/** A decision, with the URL to send the holder's browser to (shown this once). */
export type DecidedAuthorization = AuthorizationView & { redirectTo: string };

export type AuthorizationServiceDeps = { prisma: PrismaClient; clock: Clock };

export function createAuthorizationService({ prisma, clock }: AuthorizationServiceDeps) {
  function viewOf(row: AuthorizationRow, now: Date): AuthorizationView {
    const { codeChallenge: _c, redirectUri: _r, walletState: _w, baseUrl: _b, ...rest } = row;
    return { ...rest, state: authorizationStateAt(row, now) };
  }

  async function authorizationOf(principal: Principal, id: string) {
    const row = isUuid(id) ? await repository.findAuthorization(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(AUTHORIZATION_NOT_FOUND);
    return row;
  }

  async function getAuthorization(principal: Principal, id: string) {
    return viewOf(await authorizationOf(principal, id), clock.now());
  }

  /** The service's URL the browser returns through: on the host the wallet pushed its request to (its issuer). */
  async function returnUrl(tenantId: string, row: AuthorizationRow, secret: string) {
    const tenant = await offers.findIssuerTenant(prisma, tenantId);
    return `${issuerEndpoints(row.baseUrl, tenant!.slug).authorizationReturn}?session=${secret}`;
  }

  async function approveAuthorization(
    principal: Principal,
    id: string,
    rawInput: unknown,
    requestId: string | null,
  ): Promise<DecidedAuthorization> {
    const input = parseInput(approveAuthorizationInput, rawInput);
    const row = await authorizationOf(principal, id);
    const now = clock.now();
    if (authorizationStateAt(row, now) !== 'pending') throw conflict(NOT_PENDING);
    const { tenantId } = principal;
    const configs = await findConfigurations(prisma, tenantId, row.configurationIds);
    if (configs.length !== row.configurationIds.length) throw conflict('a configuration asked for no longer exists');
    const offer = row.offerId ? await offers.findOffer(prisma, tenantId, row.offerId) : null;
    if (row.offerId && (!offer || stateAt(offer, now) !== 'offered')) throw conflict('the offer is no longer open');
    if (offer && input.subjectId && input.subjectId !== offer.subjectId) {
      throw badRequest('subject_id is the offer’s: leave it out');
    }
    if (!offer && !input.subjectId) throw badRequest('subject_id is required');
    if (!offer && !input.claims) throw badRequest('claims are required');
    const offered = (offer?.claims ?? {}) as Record<string, Record<string, unknown>>;
    const claims = Object.fromEntries(
      configs.map((config) => [
        config.configurationId,
        input.claims?.[config.configurationId] ?? offered[config.configurationId] ?? {},
      ]),
    );
    const unknown = Object.keys(input.claims ?? {}).find((configId) => !row.configurationIds.includes(configId));
    if (unknown !== undefined) throw badRequest(`claims names a configuration that was not asked for: ${unknown}`);
    checkOfferedClaims(configs, claims);
    const secret = randomSecret();
    const redirectTo = await returnUrl(tenantId, row, secret);
    const until = new Date(now.getTime() + RETURN_TTL_SECONDS * 1000);
    const subjectId = offer?.subjectId ?? input.subjectId!;
    const decided = await prisma.$transaction(async (tx) => {
      let offerId = row.offerId;
      if (!offerId) {
        offerId = uuidV7(now.getTime());
        // The wallet asked without an offer: the approval is the offer its token redeems, never handed out.
        await offers.createOffer(tx, offerId, {
          tenantId,
          subjectId,
          configurationIds: row.configurationIds,
          claims,
          referenceHash: sha256(randomSecret()),
          preAuthorizedCodeHash: null,
          grantType: 'authorization_code',
          deferred: false,
          txCode: null,
          expiresAt: new Date(now.getTime() + SIGN_IN_TTL_SECONDS * 1000),
          createdByUserId: principal.userId,
          createdByApiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
        });
        await recordEvent(tx, tenantId, 'oid4vci.offer.created', {
          offer_id: offerId,
          subject_id: subjectId,
          configuration_ids: row.configurationIds,
          grant_type: 'authorization_code',
          tx_code_required: false,
          deferred: false,
          expires_at: new Date(now.getTime() + SIGN_IN_TTL_SECONDS * 1000).toISOString(),
        });
      } else if (input.claims) {
        await repository.replaceOfferClaims(tx, tenantId, offerId, { ...offered, ...claims });
      }
      const moved = await repository.decide(
        tx,
        tenantId,
        id,
        { state: 'approved', offerId, returnHash: sha256(secret), until, ...deciderOf(principal) },
        now,
      );
      if (!moved) throw conflict(NOT_PENDING);
      await recordEvent(tx, tenantId, 'oid4vci.authorization.approved', {
        authorization_id: id,
        offer_id: offerId,
        subject_id: subjectId,
        configuration_ids: row.configurationIds,
        approved_at: now.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.authorization.approved',
        targetType: 'oid4vci_authorization',
        targetId: id,
        details: { offer_id: offerId, subject_id: subjectId, configuration_ids: row.configurationIds },
      });
      return repository.findAuthorization(tx, tenantId, id);
    });
    return { ...viewOf(decided!, now), redirectTo };
  }

  async function denyAuthorization(
    principal: Principal,
    id: string,
    rawInput: unknown,
    requestId: string | null,
  ): Promise<DecidedAuthorization> {
    const { reason } = parseInput(denyAuthorizationInput, rawInput ?? {});
    const row = await authorizationOf(principal, id);
    const now = clock.now();
    if (authorizationStateAt(row, now) !== 'pending') throw conflict(NOT_PENDING);
    const secret = randomSecret();
    const redirectTo = await returnUrl(principal.tenantId, row, secret);
    const until = new Date(now.getTime() + RETURN_TTL_SECONDS * 1000);
    const decided = await prisma.$transaction(async (tx) => {
      const moved = await repository.decide(
        tx,
        principal.tenantId,
        id,
        { state: 'denied', offerId: null, returnHash: sha256(secret), until, ...deciderOf(principal) },
        now,
      );
      if (!moved) throw conflict(NOT_PENDING);
      await recordEvent(tx, principal.tenantId, 'oid4vci.authorization.denied', {
        authorization_id: id,
        offer_id: row.offerId,
        configuration_ids: row.configurationIds,
        denied_at: now.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.authorization.denied',
        targetType: 'oid4vci_authorization',
        targetId: id,
        details: { offer_id: row.offerId, reason: reason ?? null },
      });
      return repository.findAuthorization(tx, principal.tenantId, id);
    });
    return { ...viewOf(decided!, now), redirectTo };
  }

  return { getAuthorization, approveAuthorization, denyAuthorization };
}

const deciderOf = (principal: Principal) => ({
  userId: principal.userId,
  apiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
});

export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
