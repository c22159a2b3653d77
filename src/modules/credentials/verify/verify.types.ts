// The verifier's contract. It is pure and transport-free: the HTTP layer supplies key resolution and
// status look-ups, and maps MalformedCredentialError to 400. Anything that parses but fails a check is
// a verdict (verified: false), never an exception.
import type { JWK } from 'jose';
import type { StatusAnswer, StatusReference } from '../../status-lists/status-reference.js';
import type { CredentialFormatName } from '../formats/index.js';

export type CheckName =
  | 'structure'
  | 'signature'
  | 'validity_period'
  | 'status'
  | 'disclosures'
  | 'key_binding'
  /** The issuer's trust under the verifying tenant's policy (src/modules/trust), added by the service. */
  | 'trust'
  /** An OpenID4VP presentation against what its request's DCQL query asked for (src/modules/oid4vp/dcql.ts). */
  | 'query';

export type Check = { name: CheckName; status: 'passed' | 'failed' | 'skipped'; detail?: string };

/**
 * What a credential says, in one shape whatever its format. A verifier gets it only once the issuer's
 * signature (and, for SD-JWT, the disclosures) checked out: unsigned content is never handed out as claims.
 */
export type VerifiedContent = {
  /** The subject's claims: jwt_vc_json's vc.credentialSubject without its id; an SD-JWT VC's processed
   * payload without the claims about the token itself (iss, sub, iat, exp, cnf, status, vct, …). */
  claims: Record<string, unknown>;
  /** RFC 6901 JSON Pointers into `claims` of the values that came from selective disclosures. */
  disclosed: string[];
  /** jwt_vc_json: vc.type; vc+sd-jwt: [vct]. */
  credentialTypes: string[];
  issuedAt: Date | null;
  expiresAt: Date | null;
  /** The whole verified claims set: the JWT's, or the SD-JWT's processed payload (RFC 9901 §7.1). */
  payload: Record<string, unknown>;
};

export type VerificationResult = {
  verified: boolean;
  format: CredentialFormatName;
  issuer: string | null;
  subject?: string | null;
  checks: Check[];
} & Partial<VerifiedContent>;

/** A key found for an issuer, with how it was found when that is worth saying (x5c, metadata). */
export type ResolvedIssuerKey = JWK | { jwk: JWK; via: string };

export type VerifyOptions = {
  now?: Date;
  /** Returns the issuer's public key, or null when none is known for this issuer and kid. */
  resolveIssuerKey: (issuerDid: string, kid: string | undefined) => Promise<JWK | null>;
  /**
   * SD-JWT VC issuer key discovery (SD-JWT VC §2.5): by the DID, the x5c chain or JWT VC Issuer Metadata, chosen by
   * `iss` and the header. Throws to say why no key can be had. Without it, SD-JWT VCs use resolveIssuerKey too.
   */
  resolveSdJwtVcIssuerKey?: (
    issuer: string,
    kid: string | undefined,
    header: Record<string, unknown>,
  ) => Promise<ResolvedIssuerKey | null>;
  /** `issuer` is the credential's (iss), whose list the reference must name; null when it names none. */
  checkStatus?: (reference: StatusReference, issuer: string | null) => Promise<StatusAnswer>;
  expectedAudience?: string;
  expectedNonce?: string;
  clockToleranceSeconds?: number;
  /** When given (the verifying tenant), issuer signatures that verified are remembered under it (issuer-signature.ts). */
  signatureMemoScope?: string;
};

/**
 * A presentation to a verifier (OpenID4VP 1.0 Appendix B): the holder's proof must name the verifier's client_id
 * (`aud`) and the request's nonce, unless the request did not ask for holder binding.
 */
export type PresentationOptions = VerifyOptions & {
  expectedAudience: string;
  expectedNonce: string;
  /** DCQL require_cryptographic_holder_binding (default true): false accepts a presentation without the proof. */
  holderBindingRequired: boolean;
};

export type PresentationResult = VerificationResult & {
  /** Who proved possession: the VP's signer DID (jwt_vc_json), or the did:key of an SD-JWT's cnf key. */
  holder: string | null;
  /** Whether the holder's proof was presented and checked out. */
  holderBound: boolean;
};

/** The input is not a credential at all (not a JWS or SD-JWT, undecodable parts, non-JSON). */
export class MalformedCredentialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedCredentialError';
  }
}
