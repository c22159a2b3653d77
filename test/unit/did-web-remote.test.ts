// The did:web method specification's DID → URL transformation (§3.2, its own examples) for DIDs hosted
// elsewhere, and which key of a fetched document verifies: only an assertion method, named by the kid.
import { describe, expect, it } from 'vitest';
import { assertionKeyOf, didWebDocumentUrl } from '../../src/modules/dids/methods/did-web/did-web-remote.js';
import { InvalidDidError } from '../../src/modules/dids/methods/did-method.js';

describe('didWebDocumentUrl', () => {
  it.each([
    ['did:web:w3c-ccg.github.io', 'https://w3c-ccg.github.io/.well-known/did.json'],
    ['did:web:w3c-ccg.github.io:user:alice', 'https://w3c-ccg.github.io/user/alice/did.json'],
    ['did:web:example.com%3A3000:user:alice', 'https://example.com:3000/user/alice/did.json'],
  ])('%s → %s', (did, url) => {
    expect(didWebDocumentUrl(did).href).toBe(url);
  });

  it.each([
    'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
    'did:web:',
    'did:web:user@example.com',
    'did:web:example.com%2Fother',
    'did:web:example.com:..:x',
    'did:web:example.com:a%2Fb',
    'did:web:example.com%ZZ',
    'did:web:example.com%3A99999',
  ])('refuses %s as notFound', (did) => {
    expect(() => didWebDocumentUrl(did)).toThrow(InvalidDidError);
  });
});

describe('assertionKeyOf', () => {
  const did = 'did:web:issuer.example';
  const ed = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };
  const document = {
    '@context': ['https://www.w3.org/ns/did/v1'],
    id: did,
    verificationMethod: [
      { id: `${did}#key-1`, type: 'JsonWebKey2020', controller: did, publicKeyJwk: { ...ed, d: 'leaked' } },
      { id: '#auth', type: 'JsonWebKey2020', controller: did, publicKeyJwk: ed },
    ],
    assertionMethod: ['#key-1'],
    authentication: ['#auth'],
  };

  it('finds the assertion method by absolute or relative kid, public members only', () => {
    expect(assertionKeyOf(document, did, `${did}#key-1`)).toEqual(ed);
    expect(assertionKeyOf(document, did, '#key-1')).toEqual(ed);
    expect(assertionKeyOf(document, did, undefined)).toEqual(ed);
  });

  it('does not verify with a key that is not an assertion method, or one the kid does not name', () => {
    expect(assertionKeyOf(document, did, `${did}#auth`)).toBeNull();
    expect(assertionKeyOf(document, did, `${did}#key-2`)).toBeNull();
    expect(assertionKeyOf({ ...document, assertionMethod: ['#key-1', '#auth'] }, did, undefined)).toBeNull();
  });

  it('reads embedded methods and Multikey', () => {
    const multikey = 'z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    const embedded = {
      id: did,
      assertionMethod: [{ id: `${did}#mk`, type: 'Multikey', controller: did, publicKeyMultibase: multikey }],
    } as never;
    expect(assertionKeyOf(embedded, did, '#mk')).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
  });
});
