// A certificate as the API shows it (a DID's chain, a tenant's trust anchors): who it names, who issued it, when it
// is valid, its SHA-256 fingerprint, and the certificate itself in PEM.
import { createHash } from 'node:crypto';
import { derOf, pemOf, type Certificate } from './x509.library.js';

export type CertificateView = {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER, lower-case hex. */
  fingerprintSha256: string;
  pem: string;
};

export const fingerprintOf = (certificate: Certificate) =>
  createHash('sha256').update(derOf(certificate)).digest('hex');

export function certificateView(certificate: Certificate): CertificateView {
  return {
    subject: certificate.subject,
    issuer: certificate.issuer,
    serialNumber: certificate.serialNumber,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    fingerprintSha256: fingerprintOf(certificate),
    pem: pemOf(certificate),
  };
}
