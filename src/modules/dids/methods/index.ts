// The DID methods of the service, one module each (did-method.ts says what a method provides), selected by the
// method name of a DID. Adding one (did:web for custom domains) is a folder beside did-key/ and a line here.
import { didKeyMethod } from './did-key/did-key.method.js';
import { didWebMethod } from './did-web/did-web.method.js';
import {
  DID_SYNTAX,
  InvalidDidError,
  MAX_DID_LENGTH,
  notResolved,
  type DidMethod,
  type DidResolutionResult,
  type OwnDids,
} from './did-method.js';

const DID_METHODS: readonly DidMethod[] = [didKeyMethod, didWebMethod];

/** The method of the DIDs the service creates when POST /v1/dids names none. */
export const DEFAULT_DID_METHOD: DidMethod = didKeyMethod;

/** The method of a DID or DID URL, or null when it is not a DID or its method is not one of ours. */
export function didMethodOf(did: string): DidMethod | null {
  const name = typeof did === 'string' && did.length <= MAX_DID_LENGTH ? DID_SYNTAX.exec(did)?.[1] : undefined;
  return DID_METHODS.find((method) => method.name === name) ?? null;
}

/** The method of one of our own stored DIDs, which is always one of the table's. */
export function didMethodOfStored(did: string): DidMethod {
  const method = didMethodOf(did);
  if (!method) throw new Error(`stored DID ${did} has no DID method of this service`);
  return method;
}

/**
 * W3C DID Resolution of any DID (GET /1.0/identifiers/{did}, GraphQL resolveDid): public by nature; a did:web
 * of ours is read from the database (`own`), a did:key from the string. Failures are metadata errors, never thrown; the generic ones are decided here, in the
 * order and words they have always had, and the rest by the DID's method.
 */
export async function resolveDid(did: string, own?: OwnDids): Promise<DidResolutionResult> {
  if (typeof did === 'string' && did.includes('#')) {
    return notResolved(new InvalidDidError('invalidDid', 'resolve a DID, not a DID URL'));
  }
  const syntax = typeof did === 'string' && did.length <= MAX_DID_LENGTH ? DID_SYNTAX.exec(did) : null;
  if (!syntax) return notResolved(new InvalidDidError('invalidDid', 'not a DID'));
  const method = didMethodOf(did);
  if (!method) {
    return notResolved(new InvalidDidError('methodNotSupported', `DID method '${syntax[1]}' is not supported`));
  }
  return method.resolve(did, own);
}

/** Whether one of the tenant's own DIDs can be resolved by verifiers now (issuing with one that cannot is refused). */
export async function isPublishedFor(did: string, tenantId: string, own: OwnDids): Promise<boolean> {
  const method = didMethodOfStored(did);
  return method.publishedFor ? method.publishedFor(did, tenantId, own) : true;
}

/**
 * Where what is published about one of our DIDs lives (its status lists): under the DID's own domain for a
 * method whose DIDs name one (did:web: https://<domain>), else under `fallback`, the request's public base URL.
 */
export function publicationBaseUrl(did: string, fallback: string | undefined): string | undefined {
  return didMethodOf(did)?.publicBaseUrl(did) ?? fallback;
}
