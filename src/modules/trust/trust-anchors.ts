// The root certificates a tenant trusts for SD-JWT VCs whose key comes from their x5c header (HAIP 1.0 §6.1.1 leaves
// "the methods for establishing trust or obtaining root certificates" to each ecosystem; here each verifying tenant
// lists its own, permission trust:write to change them, trust:read to read). Verify reads them only for a credential
// that carries x5c (src/modules/credentials/verify/issuer-keys.ts). Adding and removing one is audited.
import { z } from 'zod';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { caProblem } from '../../lib/x509/certificate-chain.js';
import { certificateView, fingerprintOf, type CertificateView } from '../../lib/x509/certificate-view.js';
import {
  base64DerOf,
  CertificateFormatError,
  decodeCertificates,
  type Certificate,
} from '../../lib/x509/x509.library.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';

/** More than any ecosystem's roots a tenant would list; each is checked against a chain's last certificate. */
export const MAX_TRUST_ANCHORS = 50;

export const trustAnchorInput = z.object({
  certificate: z
    .string({ error: (issue) => (issue.input == null ? 'certificate is required' : 'certificate must be a string') })
    .max(64 * 1024, { error: 'certificate must be at most 64 KiB' })
    .meta({ description: 'One CA certificate, PEM or base64 DER.' }),
  name: z
    .string({ error: 'name must be a string' })
    .max(200, { error: 'name must be at most 200 characters' })
    .nullish()
    .meta({ description: 'What the tenant calls it.', examples: ['EU PID providers root'] }),
});

export type TrustAnchorView = CertificateView & { id: string; name: string; createdAt: Date };

const anchorSelect = { id: true, name: true, certificate: true, createdAt: true } as const;
type AnchorRow = Prisma.TrustAnchorGetPayload<{ select: typeof anchorSelect }>;

const toView = (row: AnchorRow): TrustAnchorView => ({
  id: row.id,
  name: row.name,
  ...certificateView(decodeCertificates([row.certificate])[0]!),
  createdAt: row.createdAt,
});

const anchorNotFound = () => notFound('trust anchor not found');

export function createTrustAnchors({ prisma, now = () => new Date() }: { prisma: PrismaClient; now?: () => Date }) {
  async function add(principal: Principal, rawInput: unknown, requestId: string | null = null) {
    const input = parseInput(trustAnchorInput, rawInput);
    let certificates: Certificate[];
    try {
      certificates = decodeCertificates([input.certificate]);
    } catch (error) {
      if (error instanceof CertificateFormatError) throw badRequest(error.message);
      throw error;
    }
    if (certificates.length !== 1) throw badRequest('certificate must hold exactly one certificate');
    const certificate = certificates[0]!;
    const problem = caProblem(certificate, 0);
    if (problem) throw badRequest(`a trust anchor must be a CA certificate: it ${problem}`);
    if (certificate.notAfter < now())
      throw badRequest(`the certificate expired at ${certificate.notAfter.toISOString()}`);
    const fingerprint = fingerprintOf(certificate);
    try {
      return await prisma.$transaction(async (tx) => {
        if ((await tx.trustAnchor.count({ where: { tenantId: principal.tenantId } })) >= MAX_TRUST_ANCHORS) {
          throw badRequest(`a tenant may trust at most ${MAX_TRUST_ANCHORS} anchors`);
        }
        const row = await tx.trustAnchor.create({
          data: {
            tenantId: principal.tenantId,
            name: input.name ?? '',
            certificate: base64DerOf(certificate),
            subject: certificate.subject,
            fingerprintSha256: fingerprint,
            notAfter: certificate.notAfter,
          },
          select: anchorSelect,
        });
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'trust.anchor.added',
          targetType: 'trust_anchor',
          targetId: row.id,
          details: { subject: certificate.subject, fingerprint_sha256: fingerprint },
        });
        return toView(row);
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw conflict('this certificate is already a trust anchor of the tenant');
      }
      throw error;
    }
  }

  async function list(principal: Principal): Promise<TrustAnchorView[]> {
    const rows = await prisma.trustAnchor.findMany({
      where: { tenantId: principal.tenantId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: anchorSelect,
    });
    return rows.map(toView);
  }

  async function remove(principal: Principal, id: string, requestId: string | null = null) {
    if (!isUuid(id)) throw anchorNotFound();
    return prisma.$transaction(async (tx) => {
      const row = await tx.trustAnchor.findFirst({ where: { tenantId: principal.tenantId, id }, select: anchorSelect });
      if (!row) throw anchorNotFound();
      await tx.trustAnchor.deleteMany({ where: { tenantId: principal.tenantId, id } });
      const view = toView(row);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'trust.anchor.removed',
        targetType: 'trust_anchor',
        targetId: id,
        details: { subject: view.subject, fingerprint_sha256: view.fingerprintSha256 },
      });
      return view;
    });
  }

  /** The verifying tenant's anchors as certificates (empty: it trusts none, and x5c chains cannot be accepted). */
  async function certificatesOf(tenantId: string): Promise<Certificate[]> {
    const rows = await prisma.trustAnchor.findMany({ where: { tenantId }, select: { certificate: true } });
    return rows.length ? decodeCertificates(rows.map((row) => row.certificate)) : [];
  }

  return { add, list, remove, certificatesOf };
}

export type TrustAnchors = ReturnType<typeof createTrustAnchors>;
