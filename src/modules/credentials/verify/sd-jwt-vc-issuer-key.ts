// How verify finds the key of an SD-JWT VC's issuer (SD-JWT VC §2.5, RFC 9901 §7.1 step 2.c), by its `iss`:
//
// - a DID: its DID method, as for every credential (the DID names its keys; an x5c beside it changes nothing);
// - an https URL with an x5c header, when the verifying tenant trusts at least one root: the chain must be valid now,
//   signed link by link up to one of those roots (certificate-chain.ts), and its leaf must name the issuer, by a
//   dNSName SAN equal to the URL's host (HAIP) or a URI SAN equal to `iss`; the key is the leaf's;
// - any other https URL: its JWT VC Issuer Metadata (§4), the key named by kid (or the only one).
//
// An x5c a tenant has no root for is no evidence either way, so the metadata decides; a chain that is checked and
// fails is a failed signature check, never a fallback: an attacker cannot steer a credential from one mechanism to
// the other to escape a refusal (§7.3).
import type { JWK } from 'jose';
import { CertificateChainError, checkCertificateChain } from '../../../lib/x509/certificate-chain.js';
import {
  CertificateFormatError,
  decodeCertificates,
  publicJwkOf,
  subjectAltNames,
  type Certificate,
} from '../../../lib/x509/x509.library.js';
import { isHttpsIssuer } from '../../jwt-vc-issuer/jwt-vc-issuer-remote.js';
import type { ResolvedIssuerKey } from './verify.types.js';

export type SdJwtVcKeySources = {
  /** The DID method's key (verification.service.ts). */
  didKey(did: string, kid: string | undefined): Promise<JWK | null>;
  /** The verifying tenant's trust anchors (none without a tenant). */
  trustAnchors(): Promise<Certificate[]>;
  /** The keys of the issuer's JWT VC Issuer Metadata; throws saying why they cannot be had. */
  metadataKeys(issuer: string): Promise<JWK[]>;
  now: Date;
};

export async function sdJwtVcIssuerKey(
  issuer: string,
  kid: string | undefined,
  header: Record<string, unknown>,
  sources: SdJwtVcKeySources,
): Promise<ResolvedIssuerKey | null> {
  if (issuer.startsWith('did:')) return sources.didKey(issuer, kid);
  if (!isHttpsIssuer(issuer))
    throw new Error(`iss ${issuer} is neither a DID nor an https URL without query or fragment`);
  if (header.x5c !== undefined) {
    const anchors = await sources.trustAnchors();
    if (anchors.length > 0) return { jwk: await x5cKey(issuer, header.x5c, anchors, sources.now), via: 'x5c' };
  }
  const keys = await sources.metadataKeys(issuer);
  const chosen = kid === undefined ? (keys.length === 1 ? keys[0] : undefined) : keys.find((key) => key.kid === kid);
  if (!chosen) {
    throw new Error(
      kid === undefined
        ? `the issuer's JWT VC Issuer Metadata holds ${keys.length} keys and the JWS names none (kid)`
        : `the issuer's JWT VC Issuer Metadata has no key ${kid}`,
    );
  }
  const { kid: _kid, ...jwk } = chosen;
  return { jwk, via: 'JWT VC Issuer Metadata' };
}

/** RFC 7515 §4.1.6: an array of base64 (not base64url) DER certificates, the signer's first. */
async function x5cKey(issuer: string, x5c: unknown, anchors: Certificate[], now: Date): Promise<JWK> {
  if (!Array.isArray(x5c) || x5c.length === 0 || !x5c.every((entry) => typeof entry === 'string')) {
    throw new Error('x5c must be a non-empty array of base64 DER certificates');
  }
  let chain: Certificate[];
  try {
    chain = decodeCertificates(x5c as string[], 'x5c certificate');
    await checkCertificateChain(chain, { now, anchors });
  } catch (error) {
    if (error instanceof CertificateChainError) throw new Error(`x5c chain refused (${error.check}): ${error.detail}`);
    if (error instanceof CertificateFormatError) throw new Error(`x5c chain refused (format): ${error.message}`);
    throw error;
  }
  const leaf = chain[0]!;
  const names = subjectAltNames(leaf);
  const host = new URL(issuer).hostname;
  if (!names.dns.includes(host) && !names.uri.includes(issuer)) {
    throw new Error(
      `x5c chain refused (issuer): the leaf names neither ${host} (dNSName) nor ${issuer} (URI) in its subjectAltName`,
    );
  }
  return publicJwkOf(leaf);
}
