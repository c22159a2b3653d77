// A short-lived in-process cache of authenticated principals, keyed by the SHA-256 of the bearer token: a
// request then costs no database round trip to authenticate. Anything that changes who may do what (logout,
// role or membership change, key revocation, role edit, plan change) invalidates the tenant's entries after
// it commits, here and — through Redis, when configured — in every other instance; the TTL bounds what an
// instance that missed a message (or runs without Redis beside others) can serve stale.
//
// A miss is looked up once however many requests ask for the same token at that moment (a busy integrator's
// key expires from the cache with dozens of its requests in flight), and a lookup that was under way when
// access changed is neither cached nor joined: it may have read the state from before the change.
import type { Principal } from './principal.js';

export const PRINCIPAL_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 100_000;

type Entry = { principal: Principal; expiresAt: number };

/** What a lookup found: the principal and when the credential behind it expires (ms since the epoch). */
export type Found = { principal: Principal; expiresAt: number | null };

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

export function createPrincipalCache(ttlMs = PRINCIPAL_CACHE_TTL_MS) {
  const entries = new Map<string, Entry>();
  const byTenant = new Map<string, Set<string>>();
  const lookups = new Map<string, Promise<Principal | null>>();
  /** Counts changes of access: a lookup begun before the latest one read what may no longer hold. */
  let generation = 0;

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

  /**
   * The cached principal for `key`, or the outcome of `lookup`: one lookup at a time per key, shared by every
   * request that misses meanwhile, and cached only if no access changed while it ran.
   */
  function load(key: string, lookup: () => Promise<Found | null>): Promise<Principal | null> {
    const cached = get(key);
    if (cached) return Promise.resolve(cached);
    const pending = lookups.get(key);
    if (pending) return pending;
    const begunAt = generation;
    const looking = lookup()
      .then((found) => {
        if (found && generation === begunAt) set(key, found.principal, found.expiresAt);
        return found?.principal ?? null;
      })
      .finally(() => {
        if (lookups.get(key) === looking) lookups.delete(key);
      });
    lookups.set(key, looking);
    return looking;
  }

  function remove(key: string, tenantId: string) {
    entries.delete(key);
    const keys = byTenant.get(tenantId);
    keys?.delete(key);
    if (keys?.size === 0) byTenant.delete(tenantId);
  }

  function invalidateTenant(tenantId: string) {
    accessChanged();
    for (const key of byTenant.get(tenantId) ?? []) entries.delete(key);
    byTenant.delete(tenantId);
  }

  function clear() {
    accessChanged();
    entries.clear();
    byTenant.clear();
  }

  /** Lookups under way are not cached, and later misses start their own (whose tenant they serve is unknown yet). */
  function accessChanged() {
    generation++;
    lookups.clear();
  }

  return { get, set, load, invalidateTenant, clear };
}
