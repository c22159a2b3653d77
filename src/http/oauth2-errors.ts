// OAuth-style refusals of the wallet-facing endpoints (OpenID4VCI 1.0 §6.3, §8.3.1, §11.3; RFC 6749 §5.2; RFC 6750
// §3; RFC 9449 §7.1, §8, §9): a JSON body {error, error_description} with the spec's error code and status, never
// cached, and for a protected resource the WWW-Authenticate challenge of its scheme (Bearer or DPoP). The
// management API's errors stay the contract's {error, code, request_id} (src/http/respond.ts).
import type { ServerResponse } from 'node:http';

/** The authentication schemes of an access token at the credential endpoint. */
export type TokenScheme = 'Bearer' | 'DPoP';

export class Oauth2Error extends Error {
  readonly error: string;
  readonly status: number;
  /** Set for a refusal of a protected resource (401/403): its challenge goes in WWW-Authenticate. */
  readonly challenge: { scheme: TokenScheme; algs?: readonly string[] } | undefined;
  /** A fresh DPoP nonce to hand back with the refusal (RFC 9449 §8, §9). */
  dpopNonce: string | undefined;

  constructor(
    error: string,
    description: string,
    options: { status?: number; challenge?: Oauth2Error['challenge']; dpopNonce?: string } = {},
  ) {
    super(description);
    this.name = 'Oauth2Error';
    this.error = error;
    this.status = options.status ?? 400;
    this.challenge = options.challenge;
    this.dpopNonce = options.dpopNonce;
  }
}

export const invalidRequest = (description: string) => new Oauth2Error('invalid_request', description);
export const invalidGrant = (description: string) => new Oauth2Error('invalid_grant', description);
export const invalidDpopProof = (description: string, status = 400) =>
  new Oauth2Error('invalid_dpop_proof', description, { status });

/** RFC 6750 §3.1: the token is missing, expired, revoked or not for this resource (401, with the challenge). */
export const invalidToken = (description: string, scheme: TokenScheme, algs?: readonly string[]) =>
  new Oauth2Error('invalid_token', description, { status: 401, challenge: { scheme, algs } });

// error_description is ASCII without `"` and `\` (RFC 6749 §5.2; OpenID4VCI §8.3.1.2): anything else becomes a space,
// so a description built from a library's message cannot break the JSON consumers or the header parameter.
const descriptionText = (text: string) => text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ').slice(0, 500);

/** `Bearer error="…", error_description="…"` (RFC 6750 §3), or DPoP's with its algs (RFC 9449 §7.1). */
export function wwwAuthenticate(error: Oauth2Error): string | undefined {
  if (!error.challenge) return undefined;
  const parameters = [
    ...(error.challenge.scheme === 'DPoP' && error.challenge.algs ? [`algs="${error.challenge.algs.join(' ')}"`] : []),
    `error="${error.error}"`,
    `error_description="${descriptionText(error.message)}"`,
  ];
  return `${error.challenge.scheme} ${parameters.join(', ')}`;
}

/** Writes the refusal: its status, `{error, error_description}`, no-store, and the challenge and DPoP-Nonce if any. */
export function sendOauth2Error(response: ServerResponse, error: Oauth2Error): void {
  const body = JSON.stringify({ error: error.error, error_description: descriptionText(error.message) });
  const challenge = wwwAuthenticate(error);
  response.writeHead(error.status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    ...(challenge && { 'WWW-Authenticate': challenge }),
    ...(error.dpopNonce && { 'DPoP-Nonce': error.dpopNonce }),
  });
  response.end(body);
}
