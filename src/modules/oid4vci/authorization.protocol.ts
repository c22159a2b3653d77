// The wallet's door of the authorization code flow (OpenID4VCI 1.0 §5, §6; RFC 6749 §4.1; RFC 9126 PAR; RFC 7636
// PKCE; RFC 9207 iss), for public clients as wallets are:
//   POST …/par                  the request (PKCE S256, redirect_uri, scope or authorization_details, issuer_state)
//                               → 201 {request_uri, expires_in}; nothing else reaches the authorization endpoint
//   GET  …/authorize            request_uri + client_id → 302 to the tenant's login page (authorization_id)
//   (the tenant's backend approves or denies through the API, and sends the browser to redirect_to)
//   GET  …/authorize/return     → 302 to the wallet's redirect_uri with code, state, iss (or error=access_denied)
//   POST …/token                grant_type=authorization_code: code, code_verifier, redirect_uri, client_id
// A refusal stores nothing. The access token it issues is an offer's, so the credential endpoint serves it as any.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { invalidDpopProof, invalidGrant, invalidRequest, Oauth2Error } from '../../http/oauth2-errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Clock } from '../jobs/clock.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { findConfigurations } from './configurations.repository.js';
import type { Answer } from './credential-endpoint.js';
import {
  CODE_TTL_SECONDS,
  parsePushedRequest,
  pkceMatches,
  REQUEST_URI_PREFIX,
  REQUEST_URI_TTL_SECONDS,
  requestedConfigurations,
  issuerStateKey,
  SIGN_IN_TTL_SECONDS,
} from './authorization.policy.js';
import * as repository from './authorization.repository.js';
import { pushedAuthorizationResponse, type TokenGrant } from './oid4vci.library.js';
import { recordDpopJti } from './nonce-store.js';
import { ACCESS_TOKEN_TTL_SECONDS, randomSecret, stateAt } from './offer-session.policy.js';
import * as offers from './oid4vci.repository.js';
import { ACCESS_TOKEN_PREFIX, type Issuer, type WalletAuth, type WalletRequest } from './wallet-auth.js';

/** Where the browser goes next. */
export type Redirect = { location: string };

export function createAuthorizationProtocol({
  prisma,
  clock,
  auth,
}: {
  prisma: PrismaClient;
  clock: Clock;
  auth: WalletAuth;
}) {
  /** Whether the tenant set a login page: without one there is no authorization code flow (its metadata says so). */
  async function loginUrlOf(issuer: Issuer) {
    return (await repository.findSettings(prisma, issuer.tenant.id))?.loginUrl ?? null;
  }

  /** The Pushed Authorization Request endpoint (RFC 9126 §2): 201 with the request_uri, valid once and briefly. */
  async function par(issuer: Issuer, request: WalletRequest): Promise<Answer> {
    const body = formBody(request);
    const pushed = parsePushedRequest(body);
    if (!(await loginUrlOf(issuer))) {
      throw new Oauth2Error('unauthorized_client', 'this issuer does not offer the authorization code flow');
    }
    const tenantId = issuer.tenant.id;
    const now = clock.now();
    let offer = null;
    if (pushed.issuerState !== null) {
      // §5.1.3: an issuer_state may be injected; it only ever names one of this tenant's open offers.
      offer = await repository.findOfferByIssuerState(prisma, tenantId, issuerStateKey(pushed.issuerState));
      if (!offer || stateAt(offer, now) !== 'offered') {
        throw invalidRequest('issuer_state is unknown or its offer is no longer open');
      }
    }
    const known = (await findConfigurations(prisma, tenantId)).map((config) => config.configurationId);
    const configurationIds = requestedConfigurations(pushed, known, offer?.configurationIds ?? null);
    const reference = randomSecret();
    await repository.createAuthorization(prisma, {
      tenantId,
      offerId: offer?.id ?? null,
      baseUrl: issuer.baseUrl,
      clientId: pushed.clientId,
      redirectUri: pushed.redirectUri,
      walletState: pushed.state,
      codeChallenge: pushed.codeChallenge,
      configurationIds,
      usedAuthorizationDetails: pushed.detailConfigurationIds !== null,
      requestUriHash: sha256(reference),
      expiresAt: new Date(now.getTime() + REQUEST_URI_TTL_SECONDS * 1000),
    });
    return {
      status: 201,
      body: pushedAuthorizationResponse(`${REQUEST_URI_PREFIX}${reference}`, REQUEST_URI_TTL_SECONDS),
      headers: { 'Cache-Control': 'no-store' },
    };
  }

  /**
   * The Authorization Endpoint (RFC 6749 §4.1.1) for pushed requests only (RFC 9126 §4, HAIP): the request_uri is
   * spent and the browser is sent to the tenant's login page. Its redirect_uri cannot be trusted before the
   * request_uri is found, so refusals are shown, not redirected (RFC 6749 §4.1.2.1).
   */
  async function authorize(issuer: Issuer, query: URLSearchParams): Promise<Redirect> {
    const requestUri = query.get('request_uri');
    const clientId = query.get('client_id');
    if (!requestUri) throw invalidRequest('request_uri is required: push the request first (RFC 9126)');
    if (!clientId) throw invalidRequest('client_id is required');
    const loginUrl = await loginUrlOf(issuer);
    if (!loginUrl)
      throw new Oauth2Error('unauthorized_client', 'this issuer does not offer the authorization code flow');
    const reference = requestUri.startsWith(REQUEST_URI_PREFIX) ? requestUri.slice(REQUEST_URI_PREFIX.length) : '';
    const tenantId = issuer.tenant.id;
    const now = clock.now();
    const pushed = reference ? await repository.findPushedClient(prisma, tenantId, sha256(reference)) : null;
    // RFC 9101 §7: invalid_request_uri; another client's request_uri is as unknown as a missing one.
    if (!pushed || pushed.clientId !== clientId) throw new Oauth2Error('invalid_request_uri', 'unknown request_uri');
    const until = new Date(now.getTime() + SIGN_IN_TTL_SECONDS * 1000);
    const started = await repository.startSignIn(prisma, tenantId, sha256(reference), until, now);
    if (!started) throw new Oauth2Error('invalid_request_uri', 'the request_uri has expired or was used');
    const target = new URL(loginUrl);
    target.searchParams.set('authorization_id', started.id);
    target.searchParams.set('configuration_ids', started.configurationIds.join(' '));
    if (started.offerId) target.searchParams.set('offer_id', started.offerId);
    return { location: target.toString() };
  }

  /**
   * The browser's return after the tenant's decision: the authorization response to the wallet's redirect_uri
   * (RFC 6749 §4.1.2), with the code, its state and our iss (RFC 9207), or error=access_denied.
   */
  async function authorizationReturn(issuer: Issuer, query: URLSearchParams): Promise<Redirect> {
    const secret = query.get('session') ?? '';
    const now = clock.now();
    const code = randomSecret();
    const codeUntil = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
    const row = /^[A-Za-z0-9_-]{43}$/.test(secret)
      ? await repository.completeReturn(
          prisma,
          issuer.tenant.id,
          sha256(secret),
          { hash: sha256(code), until: codeUntil },
          now,
        )
      : null;
    if (!row) throw invalidRequest('this authorization has expired or was completed already');
    const target = new URL(row.redirectUri);
    if (row.state === 'code_issued') target.searchParams.set('code', code);
    else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'the issuer denied the authorization');
    }
    if (row.walletState !== null) target.searchParams.set('state', row.walletState);
    target.searchParams.set('iss', issuer.identifier);
    return { location: target.toString() };
  }

  /**
   * The Token Endpoint of the authorization code grant (RFC 6749 §4.1.3, RFC 7636 §4.5): the code once and while
   * fresh, from the client it was issued to, with its redirect_uri and the PKCE verifier; DPoP-bound when a proof
   * comes with it. The token covers exactly the configurations authorized.
   */
  async function token(
    issuer: Issuer,
    request: WalletRequest,
    grant: Extract<TokenGrant, { grantType: 'authorization_code' }>,
  ): Promise<Answer> {
    if (!grant.clientId) throw invalidRequest('client_id is required');
    if (!grant.redirectUri) throw invalidRequest('redirect_uri is required');
    if (!grant.codeVerifier) throw invalidRequest('code_verifier is required');
    const tenantId = issuer.tenant.id;
    const now = clock.now();
    const row = await repository.findByCodeHash(prisma, tenantId, sha256(grant.code));
    if (!row) throw invalidGrant('unknown authorization code');
    if (row.state === 'redeemed') throw invalidGrant('the authorization code was already used');
    if (row.expiresAt <= now) throw invalidGrant('the authorization code has expired');
    if (row.clientId !== grant.clientId) throw invalidGrant('the authorization code was issued to another client');
    if (row.redirectUri !== grant.redirectUri) {
      throw invalidGrant('redirect_uri does not match the authorization request');
    }
    if (!pkceMatches(grant.codeVerifier, row.codeChallenge)) {
      throw invalidGrant('code_verifier does not match the code_challenge');
    }
    const dpop = grant.dpopJwt ? await auth.checkDpop(issuer, request, grant.dpopJwt, { status: 400 }) : null;
    const accessToken = randomToken(ACCESS_TOKEN_PREFIX, 32);
    const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    await prisma.$transaction(async (tx) => {
      if (!(await repository.redeemAuthorizationCode(tx, tenantId, row.id, now))) {
        throw invalidGrant('the authorization code was already used');
      }
      const token = { hash: sha256(accessToken), jkt: dpop?.jkt ?? null, expiresAt };
      const redeemed = await repository.redeemAuthorizedOffer(
        tx,
        tenantId,
        row.offerId!,
        row.configurationIds,
        token,
        now,
      );
      if (!redeemed) throw invalidGrant('the offer of this authorization is no longer open');
      if (dpop && !(await recordDpopJti(tx, tenantId, dpop.jti, now))) {
        throw invalidDpopProof('the DPoP proof was used before');
      }
      const offer = await offers.findOffer(tx, tenantId, row.offerId!);
      await recordEvent(tx, tenantId, 'oid4vci.offer.token_issued', {
        offer_id: row.offerId!,
        subject_id: offer!.subjectId,
        configuration_ids: row.configurationIds,
        dpop_bound: dpop !== null,
        token_expires_at: expiresAt.toISOString(),
      });
    });
    return {
      body: {
        access_token: accessToken,
        token_type: dpop ? 'DPoP' : 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        // §6.2: required when the wallet asked with authorization_details; one dataset per configuration, named by it.
        ...(row.usedAuthorizationDetails && {
          authorization_details: row.configurationIds.map((id) => ({
            type: 'openid_credential',
            credential_configuration_id: id,
            credential_identifiers: [id],
          })),
        }),
      },
      headers: { 'Cache-Control': 'no-store', ...(dpop && { 'DPoP-Nonce': auth.nextDpopNonce(issuer) }) },
    };
  }

  return { par, authorize, authorizationReturn, token, loginUrlOf };
}

/** A form-encoded request body (RFC 9126 §2.1; RFC 6749 §3.2). */
function formBody(request: WalletRequest): Record<string, string> {
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    throw invalidRequest('send the request as application/x-www-form-urlencoded');
  }
  const params = new URLSearchParams(request.body.toString('utf8'));
  const body: Record<string, string> = {};
  for (const [name, value] of params) {
    // RFC 6749 §3.1: parameters must not be repeated.
    if (name in body) throw invalidRequest(`${name} is repeated`);
    body[name] = value;
  }
  return body;
}

export type AuthorizationProtocol = ReturnType<typeof createAuthorizationProtocol>;
