// The checks a certificate chain for a signing key must pass, leaf first as x5c orders it (RFC 7515 §4.1.6): the
// basic RFC 5280 path rules a signer's chain needs (§6.1: each certificate valid now and signed by the next, issuers
// CAs within their path length, no critical extension we do not understand), the leaf fit to sign (keyUsage
// digitalSignature, §4.2.1.3) and not self-signed (HAIP 1.0 §6.1.1), and, for a verifier, a trust anchor at the end.
// Each refusal names its check, so a tenant uploading a chain, or a verifier's answer, says what failed.
import type { JWK } from 'jose';
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  derOf,
  publicJwkOf,
  signedBy,
  type Certificate,
} from './x509.library.js';

export type ChainCheck =
  | 'format'
  | 'leaf_key'
  | 'leaf_self_signed'
  | 'validity'
  | 'signature'
  | 'ca'
  | 'key_usage'
  | 'critical_extension'
  | 'trust_anchor';

export class CertificateChainError extends Error {
  override readonly name = 'CertificateChainError';
  constructor(
    readonly check: ChainCheck,
    readonly detail: string,
  ) {
    super(`${check}: ${detail}`);
  }
}

/** Longer chains are refused: real ones are 2–4 certificates, and every one costs a signature check. */
export const MAX_CHAIN_LENGTH = 8;

// Extensions whose meaning these checks apply or that constrain nothing a signer's chain needs (RFC 5280 §4.2):
// a critical extension outside this list makes the certificate unusable here (§4.2, "MUST reject").
const UNDERSTOOD_EXTENSIONS = new Set([
  '2.5.29.19', // basicConstraints
  '2.5.29.15', // keyUsage
  '2.5.29.37', // extKeyUsage
  '2.5.29.17', // subjectAltName
  '2.5.29.14', // subjectKeyIdentifier
  '2.5.29.35', // authorityKeyIdentifier
]);

export type ChainOptions = {
  now: Date;
  /** The key the leaf must certify (the DID's, when a tenant uploads a chain for it). */
  leafKey?: JWK;
  /** A verifier's trust anchors: the chain must end in one of them or in a certificate one of them signed. */
  anchors?: readonly Certificate[];
};

/** Where `what` is in the chain, for messages: "certificate 2 (CN=Example CA)". */
const named = (chain: readonly Certificate[], index: number) => `certificate ${index + 1} (${chain[index]!.subject})`;

const sameKey = (a: JWK, b: JWK) => a.kty === b.kty && a.crv === b.crv && a.x === b.x && a.y === b.y;

/** Throws CertificateChainError naming the first check the chain fails; returns the anchor it ends in, if asked. */
export async function checkCertificateChain(
  chain: readonly Certificate[],
  options: ChainOptions,
): Promise<{ anchor: Certificate | null }> {
  if (chain.length === 0) throw new CertificateChainError('format', 'the chain holds no certificate');
  if (chain.length > MAX_CHAIN_LENGTH) {
    throw new CertificateChainError('format', `the chain holds more than ${MAX_CHAIN_LENGTH} certificates`);
  }
  const leaf = chain[0]!;
  if (options.leafKey && !sameKey(publicJwkOf(leaf), options.leafKey)) {
    throw new CertificateChainError('leaf_key', `${named(chain, 0)} certifies another key than the DID's`);
  }
  if (leaf.subject === leaf.issuer && (await signedBy(leaf, leaf))) {
    throw new CertificateChainError('leaf_self_signed', `${named(chain, 0)} is self-signed: a CA must certify it`);
  }
  chain.forEach((certificate, index) => checkValidity(chain, index, options.now, 'validity'));
  await checkSignatures(chain);
  checkIssuers(chain);
  const usage = leaf.getExtension(KeyUsagesExtension);
  if (!usage || (usage.usages & KeyUsageFlags.digitalSignature) === 0) {
    throw new CertificateChainError('key_usage', `${named(chain, 0)} has no keyUsage digitalSignature`);
  }
  chain.forEach((certificate, index) => {
    const unknown = certificate.extensions.find(
      (extension) => extension.critical && !UNDERSTOOD_EXTENSIONS.has(extension.type),
    );
    if (unknown) {
      throw new CertificateChainError(
        'critical_extension',
        `${named(chain, index)} has a critical extension ${unknown.type} not supported here`,
      );
    }
  });
  return { anchor: options.anchors ? await anchorOf(chain, options.anchors, options.now) : null };
}

function checkValidity(chain: readonly Certificate[], index: number, now: Date, check: ChainCheck) {
  const certificate = chain[index]!;
  if (certificate.notBefore > now) {
    throw new CertificateChainError(
      check,
      `${named(chain, index)} is not valid before ${certificate.notBefore.toISOString()}`,
    );
  }
  if (certificate.notAfter < now) {
    throw new CertificateChainError(check, `${named(chain, index)} expired at ${certificate.notAfter.toISOString()}`);
  }
}

/** Each certificate names the next as its issuer and carries its signature; a self-issued last one signs itself. */
async function checkSignatures(chain: readonly Certificate[]) {
  for (let index = 0; index < chain.length; index++) {
    const certificate = chain[index]!;
    const issuer = chain[index + 1];
    if (!issuer) {
      if (certificate.subject === certificate.issuer && !(await signedBy(certificate, certificate))) {
        throw new CertificateChainError(
          'signature',
          `${named(chain, index)} is self-issued but its signature does not verify`,
        );
      }
      continue;
    }
    if (certificate.issuer !== issuer.subject) {
      throw new CertificateChainError(
        'signature',
        `${named(chain, index)} was issued by ${certificate.issuer}, not by the next certificate (${issuer.subject})`,
      );
    }
    if (!(await signedBy(certificate, issuer))) {
      throw new CertificateChainError(
        'signature',
        `${named(chain, index)} is not signed by the key of ${named(chain, index + 1)}`,
      );
    }
  }
}

/** Every certificate after the leaf certifies the one before: a CA (basicConstraints, keyUsage keyCertSign) within its path length. */
function checkIssuers(chain: readonly Certificate[]) {
  for (let index = 1; index < chain.length; index++) {
    const problem = caProblem(chain[index]!, index - 1);
    if (problem) throw new CertificateChainError('ca', `${named(chain, index)} ${problem}`);
  }
}

/** Why a certificate may not issue, with `below` CA certificates between it and the leaf (RFC 5280 §4.2.1.9). */
export function caProblem(certificate: Certificate, below: number): string | null {
  const constraints = certificate.getExtension(BasicConstraintsExtension);
  if (!constraints?.ca) return 'is not a CA (basicConstraints cA is not set)';
  const usage = certificate.getExtension(KeyUsagesExtension);
  if (usage && (usage.usages & KeyUsageFlags.keyCertSign) === 0)
    return 'may not sign certificates (keyUsage lacks keyCertSign)';
  if (constraints.pathLength !== undefined && below > constraints.pathLength) {
    return `allows ${constraints.pathLength} CA certificate(s) below it, the chain has ${below}`;
  }
  return null;
}

/** The anchor the chain ends in: its last certificate is one, or one of them signed it (a chain without its root, as HAIP wants). */
async function anchorOf(
  chain: readonly Certificate[],
  anchors: readonly Certificate[],
  now: Date,
): Promise<Certificate> {
  const last = chain[chain.length - 1]!;
  const lastDer = derOf(last);
  const included = anchors.find((anchor) => derOf(anchor).equals(lastDer));
  if (included) return included;
  for (const anchor of anchors) {
    if (anchor.subject !== last.issuer || !(await signedBy(last, anchor))) continue;
    if (caProblem(anchor, chain.length - 1) === null && anchor.notAfter >= now && anchor.notBefore <= now)
      return anchor;
  }
  throw new CertificateChainError(
    'trust_anchor',
    `${named(chain, chain.length - 1)} is not issued by a trusted root (issuer ${last.issuer})`,
  );
}

/** The chain as a signer sends it in x5c: without a self-signed root at its end (HAIP 1.0 §6.1.1: the trust anchor MUST NOT be included). */
export async function withoutTrustAnchor(chain: readonly Certificate[]): Promise<Certificate[]> {
  const last = chain[chain.length - 1]!;
  const selfSigned = chain.length > 1 && last.subject === last.issuer && (await signedBy(last, last));
  return selfSigned ? chain.slice(0, -1) : [...chain];
}
