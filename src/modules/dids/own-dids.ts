// Our own stored DIDs as DID methods see them (methods/did-method.ts OwnDids): any tenant's, by the DID string
// (active under one tenant at most), and who holds a verified custom domain. Public reads: resolution is public
// by nature.
import type { JWK } from 'jose';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { VerifiedHosts } from '../domains/verified-hosts.js';
import type { OwnDids } from './methods/did-method.js';

export function createOwnDids(prisma: PrismaClient, verifiedHosts: VerifiedHosts): OwnDids {
  return {
    async find(did) {
      const row = await prisma.did.findFirst({
        where: { did },
        // Active under one tenant at most; else a deactivated one, the newest (a domain that changed hands).
        orderBy: [{ deactivatedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
        select: { tenantId: true, publicJwk: true, deactivatedAt: true },
      });
      return row && { tenantId: row.tenantId, publicJwk: row.publicJwk as JWK, deactivated: row.deactivatedAt !== null };
    },
    hostHolder: (host) => verifiedHosts.tenantOf(host),
  };
}
