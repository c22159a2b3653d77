// did:web as a DID method of the service: a DID on one of the tenant's verified custom domains, its
// key pair made and held here as for did:key, its document published at the domain's did.json
// (src/http/public-routes.ts) and resolved here from the database. A did:web elsewhere is fetched only to verify
// its credentials (did-web-remote.ts), never by the public resolver.
import { badRequest } from '../../../../lib/errors.js';
import { SIGNING_ALG, signerFor } from '../../signing-keys.js';
import { generateDidKey } from '../did-key/did-key.js';
import { InvalidDidError, notResolved, resolved, type DidMethod, type OwnDids } from '../did-method.js';
import { assertionKeyOf } from './did-web-remote.js';
import {
  didWebDocument,
  didWebKid,
  formatDidWeb,
  parseDidWeb,
  PATH_SEGMENT,
  MAX_PATH_SEGMENTS,
  reservedPathProblem,
} from './did-web.js';

export const didWebMethod: DidMethod = {
  name: 'web',
  // Its document may change (deactivation, the domain lapsing): verifiers should look again soon.
  resolutionCacheControl: 'public, max-age=300',

  create(keyType, placement = {}) {
    if (!placement.domain) throw badRequest('domain is required for a did:web');
    const path = placement.path ?? [];
    if (path.length > MAX_PATH_SEGMENTS || !path.every((segment) => PATH_SEGMENT.test(segment))) {
      throw badRequest(
        `path must be up to ${MAX_PATH_SEGMENTS} segments separated by /, each of letters, digits, '.', '_', '~' or '-'`,
      );
    }
    const reserved = reservedPathProblem(path);
    if (reserved !== null) throw badRequest(reserved);
    const did = formatDidWeb(placement.domain, path);
    // A key pair as did:key makes them; the did:key string itself is not used.
    const generated = generateDidKey(keyType);
    return {
      did,
      keyType: generated.keyType,
      publicJwk: generated.publicJwk,
      privateKeyPkcs8: generated.privateKeyPkcs8,
      document: didWebDocument(did, generated.publicJwk),
      verificationMethodId: didWebKid(did),
    };
  },

  async resolve(did, own) {
    try {
      const stored = await ownStored(did, own);
      if (stored) return resolved(didWebDocument(did, stored.publicJwk), stored.deactivated);
      if (!own?.outside || (await isOurHost(did, own))) {
        return notResolved(new InvalidDidError('notFound', `${did} is not a did:web hosted by this service`));
      }
      return resolved(await own.outside.document(did));
    } catch (error) {
      if (error instanceof InvalidDidError) return notResolved(error);
      throw error;
    }
  },

  document(did, publicJwk) {
    if (!publicJwk) throw new Error(`the document of ${did} needs its stored public key`);
    return didWebDocument(did, publicJwk);
  },

  publicBaseUrl(did) {
    try {
      return `https://${parseDidWeb(did).host}`;
    } catch {
      return null;
    }
  },

  verificationMethodId: didWebKid,

  // Served (and resolvable) only while its domain is verified for the tenant holding the DID.
  async publishedFor(did, tenantId, own) {
    return (await own.hostHolder(parseDidWeb(did).host)) === tenantId;
  },

  async verificationKey(did, kid, own) {
    try {
      const stored = await ownStored(did, own);
      if (stored) return kid === undefined || kid === didWebKid(did) ? stored.publicJwk : null;
      if (!own?.outside || (await isOurHost(did, own))) return null;
      let document;
      try {
        document = await own.outside.document(did);
      } catch (error) {
        // Not "no such key": the verifier says why the document could not be had (credentials/verify).
        if (error instanceof InvalidDidError) throw new Error(error.message);
        throw error;
      }
      return assertionKeyOf(document, did, kid);
    } catch (error) {
      if (error instanceof InvalidDidError) return null;
      throw error;
    }
  },

  signingKey(did, keyType, privateKeyPkcs8) {
    return { did, kid: didWebKid(did), alg: SIGNING_ALG[keyType], sign: signerFor(keyType, privateKeyPkcs8) };
  },
};

/**
 * One of our stored did:web DIDs, while its domain is verified for the tenant that holds it (that is when the
 * web serves it too); null for any other DID. Throws InvalidDidError for a DID that is not a did:web at all.
 */
async function ownStored(did: string, own: OwnDids | undefined) {
  const host = ourShapeHost(did);
  if (host === null || !own) return null;
  const stored = await own.find(did);
  if (!stored || (await own.hostHolder(host)) !== stored.tenantId) return null;
  return stored;
}

/** Whether the DID's host is a verified custom domain here: then it is ours or nobody's, never fetched. */
async function isOurHost(did: string, own: OwnDids) {
  const host = ourShapeHost(did);
  return host !== null && (await own.hostHolder(host)) !== null;
}

/** The host of a did:web shaped as ours (a domain without a port); null for other did:webs. */
function ourShapeHost(did: string): string | null {
  try {
    return parseDidWeb(did).host;
  } catch (error) {
    if (!(error instanceof InvalidDidError)) throw error;
    if (!did.startsWith('did:web:')) throw error;
    return null;
  }
}
