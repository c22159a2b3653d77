// Our own stored DIDs as DID methods see them (methods/did-method.ts OwnDids): any tenant's, by the DID string
// (unique across tenants), and who holds a verified custom domain. Public reads: resolution is public by nature.
import type { JWK } from 'jose';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { VerifiedHosts } from '../domains/verified-hosts.js';
import type { OwnDids } from './methods/did-method.js';

export function createOwnDids(prisma: PrismaClient, verifiedHosts: VerifiedHosts): OwnDids {
  return {
    async find(did) {
      const row = await prisma.did.findUnique({
        where: { did },
        select: { tenantId: true, publicJwk: true, deactivatedAt: true },
      });
      return row && { tenantId: row.tenantId, publicJwk: row.publicJwk as JWK, deactivated: row.deactivatedAt !== null };
    },
    hostHolder: (host) => verifiedHosts.tenantOf(host),
  };
}
