// The verifier's contract. It is pure and transport-free: the HTTP layer supplies key resolution and
// status look-ups, and maps MalformedCredentialError to 400. Anything that parses but fails a check is
// a verdict (verified: false), never an exception.
import type { JWK } from 'jose';
import type { StatusAnswer, StatusReference } from '../../status-lists/status-reference.js';
import type { CredentialFormatName } from '../formats/index.js';

export type CheckName = 'structure' | 'signature' | 'validity_period' | 'status' | 'disclosures' | 'key_binding';

export type Check = { name: CheckName; status: 'passed' | 'failed' | 'skipped'; detail?: string };

export type VerificationResult = {
  verified: boolean;
  format: CredentialFormatName;
  issuer: string | null;
  subject?: string | null;
  /** The JWT claims set; for SD-JWT the processed payload with the disclosed claims (RFC 9901 §7.1).
   * Present only once the issuer's signature (and, for SD-JWT, the disclosures) checked out. */
  claims?: Record<string, unknown>;
  checks: Check[];
};

export type VerifyOptions = {
  now?: Date;
  /** Returns the issuer's public key, or null when none is known for this issuer and kid. */
  resolveIssuerKey: (issuerDid: string, kid: string | undefined) => Promise<JWK | null>;
  /** `issuer` is the credential's (iss), whose list the reference must name; null when it names none. */
  checkStatus?: (reference: StatusReference, issuer: string | null) => Promise<StatusAnswer>;
  expectedAudience?: string;
  expectedNonce?: string;
  clockToleranceSeconds?: number;
};

/** The input is not a credential at all (not a JWS or SD-JWT, undecodable parts, non-JSON). */
export class MalformedCredentialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedCredentialError';
  }
}
