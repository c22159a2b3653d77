// did:key as a DID method of the service: the DID is its public key, so creating one is generating a key pair,
// and resolving one (any did:key, ours or not) is a pure function of the string (did-key.ts).
import { SIGNING_ALG, signerFor } from '../../signing-keys.js';
import { InvalidDidError, type DidMethod } from '../did-method.js';
import { boundedMemo } from '../../../../lib/memo.js';
import { didDocument, generateDidKey, parseDidKey, resolutionResult } from './did-key.js';

// Verifying a credential resolves its issuer's did:key each time: the parse (base58, and for Ed25519 a point
// check in BigInt arithmetic) was some 3% of a verification's time, and its answer never changes.
const publicJwkOf = boundedMemo(10_000, (did) => Object.freeze(parseDidKey(did).publicJwk));

// Every DID a tenant lists or reads comes with its document: for Ed25519 that derives the X25519 key in BigInt
// arithmetic, some 23% of a DID list's CPU in a profile, for an answer that never changes. Frozen: shared by
// every request that asks.
const documentOf = boundedMemo(10_000, (did) => deepFreeze(didDocument(did)));
const kidOf = boundedMemo(10_000, (did) => parseDidKey(did).kid);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export const didKeyMethod: DidMethod = {
  name: 'key',
  // A did:key document is a function of the DID: it can never change.
  resolutionCacheControl: 'public, max-age=86400, immutable',

  create(keyType) {
    const generated = generateDidKey(keyType);
    return {
      did: generated.did,
      keyType: generated.keyType,
      publicJwk: generated.publicJwk,
      privateKeyPkcs8: generated.privateKeyPkcs8,
      document: didDocument(generated.did),
      verificationMethodId: generated.kid,
    };
  },

  async resolve(did) {
    return resolutionResult(did);
  },

  document: (did) => documentOf(did),

  publicBaseUrl: () => null,

  verificationMethodId: (did) => kidOf(did),

  // A did:key has exactly one key, its own; issuer-signature.ts has already held the kid to it.
  async verificationKey(did) {
    try {
      return publicJwkOf(did);
    } catch (error) {
      if (error instanceof InvalidDidError) return null;
      throw error;
    }
  },

  signingKey(did, keyType, privateKeyPkcs8) {
    return { did, kid: parseDidKey(did).kid, alg: SIGNING_ALG[keyType], sign: signerFor(keyType, privateKeyPkcs8) };
  },
};
