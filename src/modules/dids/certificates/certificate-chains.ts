// The x5c header of a DID's SD-JWT VCs, read on the issue path: the DID's stored chain without a trust anchor (HAIP
// 1.0 §6.1.1), leaf first, base64 DER. Kept per process for a few seconds, since issuing costs one statement and
// this would be a second: this process's own changes drop the entry at once, other instances see them within the
// TTL (as verified custom domains do, src/modules/domains/verified-hosts.ts).
import type { PrismaClient } from '../../../generated/prisma/client.js';
import { sharedReads } from '../../../lib/shared-reads.js';
import { withoutTrustAnchor } from '../../../lib/x509/certificate-chain.js';
import { base64DerOf, decodeCertificates } from '../../../lib/x509/x509.library.js';
import { certificateChainOf } from './did-certificates.repository.js';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export type CertificateChains = {
  /** The DID's x5c, or null when it has no chain. */
  x5cFor(tenantId: string, didId: string): Promise<string[] | null>;
  /** Drops this process's copy once a change of the DID's chain has committed. */
  forget(tenantId: string, didId: string): void;
};

/** What a stored chain (as uploaded, root perhaps included) becomes in a JWS header. */
export async function x5cOf(stored: readonly string[]): Promise<string[] | null> {
  if (stored.length === 0) return null;
  return (await withoutTrustAnchor(decodeCertificates(stored))).map(base64DerOf);
}

export function createCertificateChains(prisma: PrismaClient, now: () => number = Date.now): CertificateChains {
  const cache = new Map<string, { x5c: string[] | null; until: number }>();
  // Bumped by forget(): a read that was under way when the chain changed answers its caller but is not kept.
  let generation = 0;
  const read = sharedReads(async (key: string) => {
    const [tenantId, didId] = key.split(':') as [string, string];
    return x5cOf(await certificateChainOf(prisma, tenantId, didId));
  });
  return {
    async x5cFor(tenantId, didId) {
      const key = `${tenantId}:${didId}`;
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.x5c;
      const asked = generation;
      const x5c = await read(key);
      if (asked !== generation) return x5c;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, { x5c, until: now() + TTL_MS });
      return x5c;
    },
    forget(tenantId, didId) {
      generation++;
      cache.delete(`${tenantId}:${didId}`);
    },
  };
}
