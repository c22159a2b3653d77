// The one importer of @peculiar/x509 (X.509 certificates and PKCS#10 requests on WebCrypto): its dependency container
// needs the Metadata Reflection polyfill loaded first, and its crypto provider is Node's WebCrypto. Everything else
// reads certificates through what this file exports.
import 'reflect-metadata';
import { createPublicKey, webcrypto, X509Certificate as NodeCertificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { JWK } from 'jose';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export type Certificate = x509.X509Certificate;
export { BasicConstraintsExtension, KeyUsageFlags, KeyUsagesExtension } from '@peculiar/x509';

/** An input that is not a certificate; the message says which entry and why. */
export class CertificateFormatError extends Error {
  override readonly name = 'CertificateFormatError';
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Certificates from a list whose entries are each a PEM bundle (one or more CERTIFICATE blocks) or the base64 DER of
 * one certificate, as an x5c member is (RFC 7515 §4.1.6: base64, not base64url). Order is kept.
 */
export function decodeCertificates(entries: readonly string[], what = 'certificate'): Certificate[] {
  const certificates: Certificate[] = [];
  entries.forEach((entry, index) => {
    const label = entries.length === 1 ? what : `${what} ${index + 1}`;
    const blocks = [...entry.matchAll(PEM_BLOCK)].map((match) => match[1]!.replace(/\s+/g, ''));
    const ders = blocks.length > 0 ? blocks : [entry.replace(/\s+/g, '')];
    for (const base64 of ders) {
      if (!BASE64.test(base64)) throw new CertificateFormatError(`${label} is neither PEM nor base64 DER`);
      certificates.push(parseDer(Buffer.from(base64, 'base64'), label));
    }
  });
  return certificates;
}

function parseDer(der: Buffer, label: string): Certificate {
  // node:crypto's parser (OpenSSL's) is the stricter one: trailing bytes and broken encodings fail there.
  try {
    new NodeCertificate(der);
    return new x509.X509Certificate(new Uint8Array(der));
  } catch {
    throw new CertificateFormatError(`${label} is not a DER X.509 certificate`);
  }
}

export const derOf = (certificate: Certificate): Buffer => Buffer.from(certificate.rawData);
/** The x5c member form of a certificate: base64 (with padding) of its DER. */
export const base64DerOf = (certificate: Certificate): string => derOf(certificate).toString('base64');
export const pemOf = (certificate: Certificate): string => certificate.toString('pem');

/** The certificate's public key as a JWK (public members only). */
export function publicJwkOf(certificate: Certificate): JWK {
  const key = createPublicKey({ key: Buffer.from(certificate.publicKey.rawData), format: 'der', type: 'spki' });
  return key.export({ format: 'jwk' }) as JWK;
}

/** Whether `certificate` carries a signature that `issuer`'s key verifies. */
export function signedBy(certificate: Certificate, issuer: Certificate): Promise<boolean> {
  return certificate.verify({ publicKey: issuer.publicKey, signatureOnly: true }).catch(() => false);
}

/** The dNSName and uniformResourceIdentifier entries of its subjectAltName (RFC 5280 §4.2.1.6). */
export function subjectAltNames(certificate: Certificate): { dns: string[]; uri: string[] } {
  const extension = certificate.getExtension(x509.SubjectAlternativeNameExtension);
  const names = extension?.names.items ?? [];
  return {
    dns: names.filter((name) => name.type === 'dns').map((name) => name.value),
    uri: names.filter((name) => name.type === 'url').map((name) => name.value),
  };
}

export type CsrKey = { keyType: 'Ed25519' | 'P-256'; privateKeyPkcs8: Uint8Array; publicJwk: JWK };
/** Subject attributes, most significant first (C, ST, L, O, OU, CN), each as RFC 4514 names it. */
export type CsrSubject = [attribute: 'C' | 'ST' | 'L' | 'O' | 'OU' | 'CN', value: string][];
export type CsrSan = { dns: readonly string[]; uri: readonly string[] };

const ALGORITHMS = {
  Ed25519: { name: 'Ed25519' },
  'P-256': { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
} as const;

/**
 * A PKCS#10 certification request (RFC 2986) for the key, signed by it: its subject and, when given, a
 * subjectAltName extension request. The private key is imported for this one signature and not kept.
 */
export async function certificationRequest(key: CsrKey, subject: CsrSubject, san: CsrSan): Promise<string> {
  const algorithm = ALGORITHMS[key.keyType];
  const privateKey = await webcrypto.subtle.importKey('pkcs8', key.privateKeyPkcs8, algorithm, false, ['sign']);
  const publicKey = await webcrypto.subtle.importKey('jwk', key.publicJwk as JsonWebKey, algorithm, true, ['verify']);
  const names = [
    ...san.dns.map((value) => ({ type: 'dns' as const, value })),
    ...san.uri.map((value) => ({ type: 'url' as const, value })),
  ];
  const request = await x509.Pkcs10CertificateRequestGenerator.create({
    // PrintableString for the country (RFC 5280 Appendix A: X520countryName), UTF8String otherwise (§4.1.2.6).
    name: new x509.Name(
      subject.map(([attribute, value]) =>
        attribute === 'C' ? { C: [{ printableString: value }] } : { [attribute]: [{ utf8String: value }] },
      ),
    ),
    keys: { privateKey, publicKey },
    signingAlgorithm: algorithm,
    extensions: names.length > 0 ? [new x509.SubjectAlternativeNameExtension(names)] : [],
  });
  return request.toString('pem');
}
