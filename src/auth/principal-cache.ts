// A short-lived in-process cache of authenticated principals, keyed by the SHA-256 of the bearer token: a
// request then costs no database round trip to authenticate. Anything that changes who may do what (logout,
// role or membership change, key revocation, role edit, plan change) invalidates the tenant's entries after
// it commits, here and — through Redis, when configured — in every other instance; the TTL bounds what an
// instance that missed a message (or runs without Redis beside others) can serve stale.
import type { Principal } from './principal.js';

export const PRINCIPAL_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 100_000;

type Entry = { principal: Principal; expiresAt: number };

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

export function createPrincipalCache(ttlMs = PRINCIPAL_CACHE_TTL_MS) {
  const entries = new Map<string, Entry>();
  const byTenant = new Map<string, Set<string>>();

  function get(key: string): Principal | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key, entry.principal.tenantId);
      return undefined;
    }
    return entry.principal;
  }

  /** Caches until the TTL or the credential's own expiry, whichever comes first. */
  function set(key: string, principal: Principal, credentialExpiresAt: number | null) {
    if (entries.size >= MAX_ENTRIES) clear();
    const expiresAt = Math.min(Date.now() + ttlMs, credentialExpiresAt ?? Infinity);
    entries.set(key, { principal, expiresAt });
    let keys = byTenant.get(principal.tenantId);
    if (!keys) byTenant.set(principal.tenantId, (keys = new Set()));
    keys.add(key);
  }

  function remove(key: string, tenantId: string) {
    entries.delete(key);
    const keys = byTenant.get(tenantId);
    keys?.delete(key);
    if (keys?.size === 0) byTenant.delete(tenantId);
  }

  function invalidateTenant(tenantId: string) {
    for (const key of byTenant.get(tenantId) ?? []) entries.delete(key);
    byTenant.delete(tenantId);
  }

  function clear() {
    entries.clear();
    byTenant.clear();
  }

  return { get, set, invalidateTenant, clear };
}
