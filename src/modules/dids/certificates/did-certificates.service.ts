// X.509 certificates for a tenant's DID keys (permission dids:create to request and upload, dids:list to read), so
// that wallets that take an issuer's key from x5c (HAIP 1.0 §6.1.1, SD-JWT VC §2.5) can verify its SD-JWT VCs:
// a PKCS#10 request (RFC 2986) signed by the DID's key, which never leaves the service unencrypted, and the chain
// the tenant's CA issued for it, checked before it is kept (certificate-chain.ts names the check that failed).
// Setting or removing a chain is audited and recorded as an event in the same transaction.
import type { JWK } from 'jose';
import type { PrismaClient } from '../../../generated/prisma/client.js';
import type { Principal } from '../../../auth/principal.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { keyAadFor, type KeyEncryption } from '../../../lib/key-encryption.js';
import { parseInput } from '../../../lib/validation.js';
import { CertificateChainError, checkCertificateChain } from '../../../lib/x509/certificate-chain.js';
import { certificateView, type CertificateView } from '../../../lib/x509/certificate-view.js';
import {
  base64DerOf,
  certificationRequest,
  CertificateFormatError,
  decodeCertificates,
  type CsrSubject,
} from '../../../lib/x509/x509.library.js';
import { actorFrom, recordAudit } from '../../audit/audit.repository.js';
import { findVerifiedHolder } from '../../domains/domains.repository.js';
import { credentialIssuerIdentifier } from '../../oid4vci/issuer-identifier.js';
import { recordEvent } from '../../outbox/outbox.repository.js';
import { findTenantSlug } from '../../tenants/tenants.repository.js';
import { didNotFound } from '../dids.service.js';
import type { KeyType } from '../signing-keys.js';
import { x5cOf, type CertificateChains } from './certificate-chains.js';
import { certificateChainInput, csrInput, type CsrInput } from './did-certificates.inputs.js';
import {
  findCertifiedDid,
  findDidKeyForRequest,
  storeCertificateChain,
  type CertifiedDidRow,
} from './did-certificates.repository.js';

export type CertificateChainView = {
  did: string;
  /** What its SD-JWT VCs carry in their x5c header: leaf first, base64 DER, without a trust anchor. */
  x5c: string[];
  /** The chain as uploaded, leaf first. */
  certificates: CertificateView[];
  uploadedAt: Date;
};

const noChain = (did: string) => notFound(`DID ${did} has no certificate chain`);
const deactivated = (did: string) => badRequest(`DID ${did} is deactivated`);

/** RFC 4514 order, most significant first, as a CA reads a request's subject. */
function subjectOf(subject: CsrInput): CsrSubject {
  const attributes: [CsrSubject[number][0], string | null | undefined][] = [
    ['C', subject.country],
    ['ST', subject.stateOrProvince],
    ['L', subject.locality],
    ['O', subject.organization],
    ['OU', subject.organizationalUnit],
    ['CN', subject.commonName],
  ];
  return attributes.filter((entry): entry is CsrSubject[number] => typeof entry[1] === 'string');
}

async function chainView(row: CertifiedDidRow): Promise<CertificateChainView> {
  return {
    did: row.did,
    x5c: (await x5cOf(row.certificateChain)) ?? [],
    certificates: decodeCertificates(row.certificateChain).map(certificateView),
    uploadedAt: row.certificateChainAt!,
  };
}

/** What names a chain in its events and audit entries: the leaf, never the whole chain. */
const chainFacts = (view: CertificateChainView) => {
  const leaf = view.certificates[0]!;
  return {
    did: view.did,
    leaf_subject: leaf.subject,
    leaf_issuer: leaf.issuer,
    leaf_serial_number: leaf.serialNumber,
    leaf_not_after: leaf.notAfter.toISOString(),
    leaf_fingerprint: leaf.fingerprintSha256,
    certificates: view.certificates.length,
  };
};

export function createDidCertificatesService({
  prisma,
  keys,
  chains,
  publicBaseUrl,
  now = () => new Date(),
}: {
  prisma: PrismaClient;
  keys: KeyEncryption;
  chains: CertificateChains;
  /** The configured public base URL: the tenant's credential issuer identifier on the service's own host. */
  publicBaseUrl: () => string;
  now?: () => Date;
}) {
  /** SAN entries the tenant may ask for: its verified custom domains, and its credential issuer identifiers. */
  async function checkAltNames(tenantId: string, input: CsrInput) {
    const dns = input.dnsNames ?? [];
    const uris = input.uris ?? [];
    for (const name of dns) {
      if ((await findVerifiedHolder(prisma, name))?.tenantId !== tenantId) {
        throw badRequest(`dns_names: ${name} is not a verified custom domain of the tenant`);
      }
    }
    if (uris.length === 0) return { dns, uri: uris };
    const slug = await findTenantSlug(prisma, tenantId);
    const own = credentialIssuerIdentifier(publicBaseUrl(), slug ?? '', false);
    for (const uri of uris) {
      const domain = /^https:\/\/([a-z0-9.-]+)$/.exec(uri)?.[1];
      const onOwnDomain = domain !== undefined && (await findVerifiedHolder(prisma, domain))?.tenantId === tenantId;
      if (uri !== own && !onOwnDomain) {
        throw badRequest(
          `uris: ${uri} is not a credential issuer identifier of the tenant (${own}, or https://<verified custom domain>)`,
        );
      }
    }
    return { dns, uri: uris };
  }

  async function signingRequest(principal: Principal, did: string, rawInput: unknown, requestId: string | null = null) {
    const input = parseInput(csrInput, rawInput);
    const row = await findDidKeyForRequest(prisma, principal.tenantId, did);
    if (!row) throw didNotFound(did);
    if (row.deactivatedAt) throw deactivated(did);
    const san = await checkAltNames(principal.tenantId, input);
    const pkcs8 = keys.decrypt(row.privateKeyCiphertext, keyAadFor(principal.tenantId, did));
    const csr = await certificationRequest(
      { keyType: row.keyType as KeyType, privateKeyPkcs8: pkcs8, publicJwk: row.publicJwk as JWK },
      subjectOf(input),
      san,
    );
    const subject = subjectOf(input).map(([name, value]) => `${name}=${value}`);
    await prisma.$transaction((tx) =>
      recordAudit(tx, actorFrom(principal, requestId), {
        action: 'did.certificate_requested',
        targetType: 'did',
        targetId: did,
        details: { subject: subject.join(', '), dns_names: san.dns, uris: san.uri },
      }),
    );
    return { did, csr };
  }

  async function setChain(principal: Principal, did: string, rawInput: unknown, requestId: string | null = null) {
    const input = parseInput(certificateChainInput, rawInput);
    const row = await findCertifiedDid(prisma, principal.tenantId, did);
    if (!row) throw didNotFound(did);
    if (row.deactivatedAt) throw deactivated(did);
    let stored: string[];
    try {
      const chain = decodeCertificates(input.certificates);
      await checkCertificateChain(chain, { now: now(), leafKey: row.publicJwk as JWK });
      stored = chain.map(base64DerOf);
    } catch (error) {
      if (error instanceof CertificateChainError || error instanceof CertificateFormatError) {
        const check = error instanceof CertificateChainError ? error.check : 'format';
        const detail = error instanceof CertificateChainError ? error.detail : error.message;
        throw badRequest(`certificate chain refused (${check}): ${detail}`);
      }
      throw error;
    }
    const view = await prisma.$transaction(async (tx) => {
      const updated = await storeCertificateChain(tx, principal.tenantId, row.id, stored, now());
      if (!updated) throw didNotFound(did);
      const result = await chainView(updated);
      await recordEvent(tx, principal.tenantId, 'did.certificate_chain.set', chainFacts(result));
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'did.certificate_chain.set',
        targetType: 'did',
        targetId: did,
        details: chainFacts(result),
      });
      return result;
    });
    chains.forget(principal.tenantId, row.id);
    return view;
  }

  async function getChain(principal: Principal, did: string): Promise<CertificateChainView> {
    const row = await findCertifiedDid(prisma, principal.tenantId, did);
    if (!row) throw didNotFound(did);
    if (row.certificateChain.length === 0) throw noChain(did);
    return chainView(row);
  }

  async function removeChain(principal: Principal, did: string, requestId: string | null = null) {
    const removed = await prisma.$transaction(async (tx) => {
      const row = await findCertifiedDid(tx, principal.tenantId, did);
      if (!row) throw didNotFound(did);
      if (row.certificateChain.length === 0) throw noChain(did);
      const view = await chainView(row);
      await storeCertificateChain(tx, principal.tenantId, row.id, [], null);
      const facts = chainFacts(view);
      await recordEvent(tx, principal.tenantId, 'did.certificate_chain.removed', facts);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'did.certificate_chain.removed',
        targetType: 'did',
        targetId: did,
        details: facts,
      });
      return { view, didId: row.id };
    });
    chains.forget(principal.tenantId, removed.didId);
    return removed.view;
  }

  return { signingRequest, setChain, getChain, removeChain };
}

export type DidCertificatesService = ReturnType<typeof createDidCertificatesService>;
