// How a wallet proves itself at the issuer's endpoints: the access token it presents (RFC 6750 §2.1 Bearer, or RFC 9449
// DPoP with its proof), and the DPoP proofs themselves, with the server's stateless nonces (RFC 9449 §8) and each
// proof's jti checked against those recorded (the caller records the jti in the transaction of what it authorised).
import type { PrismaClient } from '../../generated/prisma/client.js';
import { invalidDpopProof, invalidToken, Oauth2Error, type TokenScheme } from '../../http/oauth2-errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import type { Clock } from '../jobs/clock.js';
import { DPOP_ALGS, type IssuerEndpoints } from './issuer-metadata.js';
import { peekDpopProof, verifyDpopProof, type RequestLike } from './oid4vci.library.js';
import { isFreshDpopNonce, liveValues, mintDpopNonce } from './nonce-store.js';
import { DPOP_NONCE_TTL_SECONDS, PROOF_CLOCK_SKEW_SECONDS, stateAt } from './offer-session.policy.js';
import * as repository from './oid4vci.repository.js';
import type { IssuerTenantRow } from './oid4vci.repository.js';

/** The tenant whose issuer a request is for, and its identifier and endpoints under the request's host. */
export type Issuer = { tenant: IssuerTenantRow; identifier: string; baseUrl: string; endpoints: IssuerEndpoints };

/** What the HTTP layer hands over of a request: its method, the URL the wallet used, headers and body. */
export type WalletRequest = RequestLike & { body: Buffer; requestId: string };

/** Access tokens are recognisable by their prefix (only their SHA-256 is stored). */
export const ACCESS_TOKEN_PREFIX = 'bsv_';

export function createWalletAuth({ prisma, keys, clock }: { prisma: PrismaClient; keys: KeyEncryption; clock: Clock }) {
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
      const { accessToken, expectedJkt } = options;
      proof = await verifyDpopProof({
        jwt,
        request,
        allowedAlgs: DPOP_ALGS,
        expectedNonce: presented,
        now,
        accessToken,
        expectedJkt,
      });
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
    if (stateAt(offer, clock.now()) === 'expired')
      throw invalidToken('the access token has expired', scheme, DPOP_ALGS);
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

  /** A fresh DPoP nonce of the issuer's, for a success to hand on (RFC 9449 §8.2, §9). */
  const nextDpopNonce = (issuer: Issuer) => mintDpopNonce(keys, issuer.tenant.id, clock.now());

  return { checkDpop, authorized, nextDpopNonce };
}

export type WalletAuth = ReturnType<typeof createWalletAuth>;
