// How the DIDs pages name things and link to a DID.
import type { KeyType } from '../generated/graphql';

export const KEY_TYPE_LABELS: Record<KeyType, string> = {
  Ed25519: 'Ed25519 (EdDSA)',
  P_256: 'P-256 (ES256)',
};

/** The DID's page; the DID is one path segment (a did:web may hold %-escapes and dots). */
export function didHref(did: string): string {
  return `/dids/${encodeURIComponent(did)}`;
}

/** The DID of a /dids/:did route (the router leaves reserved characters escaped). */
export function didOfParam(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}
