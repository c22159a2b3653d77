// The certificate chain of a tenant's DID, kept on its row (dids.certificate_chain: leaf first, base64 DER). Every
// statement names the tenant, so another tenant's DID is "not found" here.
import type { Prisma, PrismaClient } from '../../../generated/prisma/client.js';

type Db = PrismaClient | Prisma.TransactionClient;

export const certifiedDidView = {
  id: true,
  did: true,
  keyType: true,
  publicJwk: true,
  deactivatedAt: true,
  certificateChain: true,
  certificateChainAt: true,
} as const;

export type CertifiedDidRow = Prisma.DidGetPayload<{ select: typeof certifiedDidView }>;

export function findCertifiedDid(db: Db, tenantId: string, did: string): Promise<CertifiedDidRow | null> {
  return db.did.findFirst({ where: { tenantId, did }, select: certifiedDidView });
}

/** With its encrypted private key, to sign a certification request. */
export function findDidKeyForRequest(db: Db, tenantId: string, did: string) {
  return db.did.findFirst({
    where: { tenantId, did },
    select: { ...certifiedDidView, privateKeyCiphertext: true },
  });
}

/** Replaces the chain (an empty one removes it); the row is the tenant's or nothing changes. */
export async function storeCertificateChain(
  db: Db,
  tenantId: string,
  id: string,
  chain: string[],
  at: Date | null,
): Promise<CertifiedDidRow | null> {
  const { count } = await db.did.updateMany({
    where: { tenantId, id },
    data: { certificateChain: chain, certificateChainAt: at },
  });
  return count === 1 ? db.did.findFirst({ where: { tenantId, id }, select: certifiedDidView }) : null;
}

/** The stored chain of the tenant's DID (issuing reads it through certificate-chains.ts). */
export async function certificateChainOf(db: Db, tenantId: string, didId: string): Promise<string[]> {
  const row = await db.did.findFirst({ where: { tenantId, id: didId }, select: { certificateChain: true } });
  return row?.certificateChain ?? [];
}
