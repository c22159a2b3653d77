// Issuer keys as software we did not write resolves them: the public JWK of a did:key verification method through
// @digitalbazaar/did-method-key (with its Ed25519 and ECDSA multikey suites), for checking our signatures with jose.
import type * as jose from 'jose';
// @ts-expect-error -- the @digitalbazaar packages ship no type declarations
import { driver } from '@digitalbazaar/did-method-key';
// @ts-expect-error -- as above
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
// @ts-expect-error -- as above
import * as EcdsaMultikey from '@digitalbazaar/ecdsa-multikey';

const digitalBazaar = driver();
digitalBazaar.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
digitalBazaar.use({ multibaseMultikeyHeader: 'zDna', fromMultibase: EcdsaMultikey.from });
const resolved = new Map<string, Promise<jose.JWK>>();

/** The public JWK of a did:key verification method, as @digitalbazaar/did-method-key resolves it. */
export function digitalBazaarJwk(kid: string): Promise<jose.JWK> {
  let jwk = resolved.get(kid);
  if (!jwk) {
    jwk = (async () => {
      const didDocument = await digitalBazaar.get({ did: kid.split('#')[0] });
      const method = digitalBazaar.publicMethodFor({ didDocument, purpose: 'assertionMethod' });
      if (method.id !== kid) throw new Error(`${kid} is not the assertion method ${method.id}`);
      const suite = kid.startsWith('did:key:z6Mk') ? Ed25519Multikey : EcdsaMultikey;
      const { kty, crv, x, y } = await suite.toJwk({ keyPair: await suite.from(method) });
      return y === undefined ? { kty, crv, x } : { kty, crv, x, y };
    })();
    resolved.set(kid, jwk);
  }
  return jwk;
}

/** The JWS alg of a did:key of ours: EdDSA for Ed25519 (z6Mk…), ES256 for P-256. */
export const algOf = (kid: string) => (kid.startsWith('did:key:z6Mk') ? 'EdDSA' : 'ES256');
