// The issuance session's rules, pure: its lifetimes, the transaction code's attempt budget, how a state is read at
// a given moment, and what a token or credential request may do in each state. The repository writes what these
// decide, each change conditioned on the state it was decided from.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sha256 } from '../../lib/crypto.js';

/** How long an offer's pre-authorized code may be redeemed, by default and at most (OpenID4VCI 1.0 §4.1.1: short-lived). */
export const OFFER_TTL_SECONDS = { default: 3600, min: 60, max: 7 * 24 * 3600 } as const;
/** An access token lives this long; the session with it (it was the only one the code could buy). */
export const ACCESS_TOKEN_TTL_SECONDS = 300;
/** A c_nonce may be used this long after the nonce endpoint handed it out, once. */
export const C_NONCE_TTL_SECONDS = 300;
/** A server-provided DPoP nonce (RFC 9449 §8) is accepted this long after it was minted. */
export const DPOP_NONCE_TTL_SECONDS = 300;
/**
 * A proof's `iat` (key proof, DPoP proof) may be this far in the future (clock skew, OpenID4VCI §F.4) and at most
 * as old as the nonce it carries may be.
 */
export const PROOF_CLOCK_SKEW_SECONDS = 60;
/** Wrong transaction codes a session survives; the next one fails it (OpenID4VCI §13.6.3). */
export const TX_CODE_ATTEMPTS = 5;
/** Key proofs one credential request may carry (batch_credential_issuance.batch_size, OpenID4VCI §12.2.4). */
export const BATCH_SIZE = 10;
export const TX_CODE_LENGTH = { default: 6, min: 4, max: 12 } as const;

export const OFFER_STATES = [
  'offered',
  'token_issued',
  'credential_pending',
  'credential_issued',
  'expired',
  'cancelled',
  'failed',
] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** States a session can still move on from. */
export const OPEN_STATES: readonly OfferState[] = ['offered', 'token_issued', 'credential_pending'];
/**
 * A deferred issuance (§9) waits this long for the tenant's claims and the wallet's collection: the session, and the
 * access token the wallet polls with, live this long from the credential request answered with a transaction_id.
 */
export const DEFERRED_TTL_SECONDS = 7 * 24 * 3600;
/** The interval a wallet is told to wait between polls of the Deferred Credential Endpoint (§8.3). */
export const DEFERRED_INTERVAL_SECONDS = 60;

/** The state as it is at `now`: an open session past its expiry is expired, whether or not the sweep has written it. */
export function stateAt(session: { state: OfferState; expiresAt: Date }, now: Date): OfferState {
  return OPEN_STATES.includes(session.state) && session.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : session.state;
}

export type TxCodeMode = 'numeric' | 'text';

// Text codes avoid characters people confuse (0/O, 1/l/I) when reading one out or typing it.
const TEXT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh transaction code of `length` characters: digits, or letters and digits for text. */
export function generateTxCode(length: number, mode: TxCodeMode): string {
  const alphabet = mode === 'numeric' ? '0123456789' : TEXT_ALPHABET;
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A random secret of 256 bits in base64url: offer references, c_nonces. */
export const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * The pre-authorized code of an offer, derived from its reference (the last segment of its credential_offer_uri):
 * the offer object served there must carry the code, and only hashes of either are stored. Whoever holds the
 * reference holds the code, as OpenID4VCI §4.1.3 has it (the transaction code guards against that).
 */
export const preAuthorizedCodeOf = (reference: string) =>
  createHash('sha256').update(`oid4vci-pre-authorized-code:${reference}`).digest('base64url');

/** SHA-256 of a transaction code, salted with its offer's id (a short code's hash alone is a lookup away). */
export const txCodeHash = (offerId: string, code: string) => sha256(`${offerId}:${code}`);

/** Why a pre-authorized code cannot be redeemed now (the wallet gets invalid_grant), or null when it can. */
export function redeemRefusal(session: { state: OfferState; expiresAt: Date }, now: Date): string | null {
  switch (stateAt(session, now)) {
    case 'offered':
      return null;
    case 'expired':
      return 'the pre-authorized code has expired';
    case 'cancelled':
      return 'the offer was cancelled';
    case 'failed':
      return 'the offer is locked after too many wrong transaction codes';
    default:
      return 'the pre-authorized code was already used';
  }
}

/**
 * Whether a token holder may still ask for `configurationId` now: the session must be token_issued and unexpired,
 * the configuration one it was offered, and not issued already (each offered configuration is issued once, as one
 * batch). Null when it may; otherwise the OAuth error and its description.
 */
export function credentialRefusal(
  session: {
    state: OfferState;
    expiresAt: Date;
    configurationIds: readonly string[];
    issuedConfigurationIds: readonly string[];
  },
  configurationId: string,
  now: Date,
): { error: 'invalid_token' | 'insufficient_scope' | 'credential_request_denied'; description: string } | null {
  const state = stateAt(session, now);
  if (state === 'expired') return { error: 'invalid_token', description: 'the access token has expired' };
  if (state === 'cancelled' || state === 'failed') {
    return { error: 'invalid_token', description: 'the offer of this access token is no longer open' };
  }
  // RFC 6750 §3.1: the token is valid, but not for this (OpenID4VCI §8.3.1.1).
  if (!session.configurationIds.includes(configurationId)) {
    return { error: 'insufficient_scope', description: 'the access token does not cover this configuration' };
  }
  if (session.issuedConfigurationIds.includes(configurationId)) {
    return { error: 'credential_request_denied', description: 'this configuration was already issued' };
  }
  return null;
}
