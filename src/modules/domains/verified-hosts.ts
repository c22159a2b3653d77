// Which tenant a host name belongs to once verified: asked for every request on a custom domain (its public
// base URL, its documents) and by the TLS terminator. Answers are cached briefly per process; this process's
// own verifications, unverifications and removals clear the cache at once, other instances' within the TTL.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { verifiedTenantOf } from './domains.repository.js';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export type VerifiedHosts = {
  /** The tenant holding `host` verified, or null. `host` is a Host header's name, port removed, lower-cased. */
  tenantOf(host: string): Promise<string | null>;
  forget(): void;
};

export function createVerifiedHosts(prisma: PrismaClient): VerifiedHosts {
  const cache = new Map<string, { tenantId: string | null; until: number }>();
  return {
    async tenantOf(host) {
      const now = Date.now();
      const hit = cache.get(host);
      if (hit && hit.until > now) return hit.tenantId;
      const tenantId = (await verifiedTenantOf(prisma, host))?.tenantId ?? null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(host, { tenantId, until: now + TTL_MS });
      return tenantId;
    },
    forget: () => cache.clear(),
  };
}

/** The host name of a Host header (RFC 9110 §7.2), without the port, lower-cased; null when there is none. */
export function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.replace(/:\d*$/, '');
  return name ? name.toLowerCase().replace(/\.$/, '') : null;
}
