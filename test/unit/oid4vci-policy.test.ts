// The pure rules of OpenID4VCI issuance: how a session's state is read at a moment, what a token or credential
// request may do in each state, transaction codes, the metadata entry and issue request of a configuration, the
// stateless DPoP nonces, and the OAuth refusal's WWW-Authenticate challenge.
import { describe, expect, it } from 'vitest';
import { createKeyEncryption } from '../../src/lib/key-encryption.js';
import { Oauth2Error, wwwAuthenticate } from '../../src/http/oauth2-errors.js';
import {
  issueRequestFor,
  metadataEntry,
  offeredClaimsProblem,
  type CredentialConfiguration,
} from '../../src/modules/oid4vci/credential-configurations.js';
import { isFreshDpopNonce, mintDpopNonce } from '../../src/modules/oid4vci/nonce-store.js';
import {
  credentialRefusal,
  generateTxCode,
  preAuthorizedCodeOf,
  redeemRefusal,
  stateAt,
  txCodeHash,
} from '../../src/modules/oid4vci/offer-session.policy.js';
import { parseIssueInput } from '../../src/modules/credentials/credentials.inputs.js';

const NOW = new Date('2026-11-30T10:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('a session’s state and what it allows', () => {
  it('reads an open session past its expiry as expired, and leaves ended ones as they are', () => {
    expect(stateAt({ state: 'offered', expiresAt: later(1) }, NOW)).toBe('offered');
    expect(stateAt({ state: 'offered', expiresAt: NOW }, NOW)).toBe('expired');
    expect(stateAt({ state: 'token_issued', expiresAt: later(-1) }, NOW)).toBe('expired');
    expect(stateAt({ state: 'credential_issued', expiresAt: later(-1) }, NOW)).toBe('credential_issued');
    expect(stateAt({ state: 'cancelled', expiresAt: later(-1) }, NOW)).toBe('cancelled');
  });

  it('redeems a pre-authorized code only from offered, naming why not otherwise', () => {
    const at = (state: Parameters<typeof redeemRefusal>[0]['state'], expiresAt = later(60)) =>
      redeemRefusal({ state, expiresAt }, NOW);
    expect(at('offered')).toBeNull();
    expect(at('offered', later(-1))).toBe('the pre-authorized code has expired');
    expect(at('token_issued')).toBe('the pre-authorized code was already used');
    expect(at('credential_issued')).toBe('the pre-authorized code was already used');
    expect(at('cancelled')).toBe('the offer was cancelled');
    expect(at('failed')).toBe('the offer is locked after too many wrong transaction codes');
  });

  it('serves each offered configuration once, while the token lives', () => {
    const session = {
      state: 'token_issued' as const,
      expiresAt: later(60),
      configurationIds: ['A', 'B'],
      issuedConfigurationIds: ['A'],
    };
    expect(credentialRefusal(session, 'B', NOW)).toBeNull();
    expect(credentialRefusal(session, 'A', NOW)?.error).toBe('credential_request_denied');
    expect(credentialRefusal(session, 'C', NOW)?.error).toBe('insufficient_scope');
    expect(credentialRefusal({ ...session, expiresAt: NOW }, 'B', NOW)?.error).toBe('invalid_token');
    expect(credentialRefusal({ ...session, state: 'cancelled' }, 'B', NOW)?.error).toBe('invalid_token');
  });
});

describe('codes', () => {
  it('makes transaction codes of the asked length and alphabet, hashed per offer', () => {
    for (let i = 0; i < 50; i++) {
      expect(generateTxCode(6, 'numeric')).toMatch(/^\d{6}$/);
      expect(generateTxCode(8, 'text')).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    }
    expect(txCodeHash('offer-1', '123456')).toEqual(txCodeHash('offer-1', '123456'));
    expect(txCodeHash('offer-1', '123456')).not.toEqual(txCodeHash('offer-2', '123456'));
  });

  it('derives the pre-authorized code from the offer’s reference, and nothing else', () => {
    expect(preAuthorizedCodeOf('ref')).toBe(preAuthorizedCodeOf('ref'));
    expect(preAuthorizedCodeOf('ref')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(preAuthorizedCodeOf('ref')).not.toBe(preAuthorizedCodeOf('reg'));
  });
});

describe('DPoP nonces', () => {
  const keys = createKeyEncryption(Buffer.alloc(32, 7));
  const tenant = '8c0a1e4f-6b2d-4c3e-9f5a-1b2c3d4e5f60';

  it('are accepted for five minutes, by the tenant they were minted for only', () => {
    const nonce = mintDpopNonce(keys, tenant, NOW);
    expect(isFreshDpopNonce(keys, tenant, nonce, later(299))).toBe(true);
    expect(isFreshDpopNonce(keys, tenant, nonce, later(301))).toBe(false);
    expect(isFreshDpopNonce(keys, '00000000-0000-4000-8000-000000000000', nonce, NOW)).toBe(false);
    expect(isFreshDpopNonce(createKeyEncryption(Buffer.alloc(32, 8)), tenant, nonce, NOW)).toBe(false);
    expect(isFreshDpopNonce(keys, tenant, `${nonce.slice(0, -2)}AA`, NOW)).toBe(false);
    expect(isFreshDpopNonce(keys, tenant, 'short', NOW)).toBe(false);
  });
});

const degree: CredentialConfiguration = {
  configurationId: 'Degree',
  format: 'dc+sd-jwt',
  issuer: { did: 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp', keyType: 'Ed25519' },
  vct: 'https://credentials.example.com/degree',
  types: [],
  claims: [
    { name: 'given_name', mandatory: true, display: [{ name: 'Given name', locale: 'en' }] },
    { name: 'student_id', disclosable: false },
  ],
  display: [{ name: 'Degree', locale: 'en' }],
  validitySeconds: 3600,
  bindingMethods: ['jwk'],
  proofAlgs: ['ES256'],
};
const holder = {
  jwk: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
  did: 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH',
};

describe('credential configurations', () => {
  it('describe themselves as OpenID4VCI 1.0 metadata entries', () => {
    expect(metadataEntry(degree)).toEqual({
      format: 'dc+sd-jwt',
      scope: 'Degree',
      vct: 'https://credentials.example.com/degree',
      credential_signing_alg_values_supported: ['EdDSA'],
      cryptographic_binding_methods_supported: ['jwk'],
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['ES256'] } },
      credential_metadata: {
        display: [{ name: 'Degree', locale: 'en' }],
        claims: [
          { path: ['given_name'], mandatory: true, display: [{ name: 'Given name', locale: 'en' }] },
          { path: ['student_id'] },
        ],
      },
    });
    const membership = {
      ...degree,
      format: 'jwt_vc_json' as const,
      vct: null,
      types: ['MembershipCredential'],
      claims: [],
      display: [],
    };
    expect(metadataEntry(membership)).toMatchObject({
      format: 'jwt_vc_json',
      credential_definition: { type: ['VerifiableCredential', 'MembershipCredential'] },
    });
    expect(metadataEntry(membership)).not.toHaveProperty('credential_metadata');
  });

  it('check an offer’s claims against what they describe', () => {
    expect(offeredClaimsProblem(degree, { given_name: 'A', student_id: 'S' })).toBeNull();
    expect(offeredClaimsProblem(degree, { student_id: 'S' })).toBe(
      'claims for Degree lack the mandatory claim given_name',
    );
    expect(offeredClaimsProblem(degree, { given_name: 'A', x: 1 })).toBe(
      'claims for Degree hold x, which the configuration does not describe',
    );
    expect(offeredClaimsProblem({ ...degree, claims: [] }, { anything: 1 })).toBeNull();
  });

  it('become the issue API’s own requests: SD-JWT VC with cnf, W3C VC JWT with the holder’s did:key', () => {
    const sd = parseIssueInput(issueRequestFor(degree, { given_name: 'A', student_id: 'S' }, holder, NOW));
    expect(sd).toMatchObject({
      format: 'vc+sd-jwt',
      sdJwtTyp: 'dc+sd-jwt',
      vct: degree.vct,
      holderJwk: holder.jwk,
      disclosable: ['given_name'],
      validFrom: NOW,
      validUntil: later(3600),
    });
    const jwt = parseIssueInput(
      issueRequestFor(
        { ...degree, format: 'jwt_vc_json', vct: null, types: ['X'], validitySeconds: null },
        { a: 1 },
        holder,
        NOW,
      ),
    );
    expect(jwt).toMatchObject({ format: 'jwt_vc_json', subjectId: holder.did, type: ['X'], claims: { a: 1 } });
    expect(jwt.validUntil).toBeUndefined();
  });
});

describe('OAuth refusals', () => {
  it('challenge with the scheme of the token, and keep the description to what a header may hold', () => {
    expect(wwwAuthenticate(new Oauth2Error('invalid_request', 'x'))).toBeUndefined();
    const bearer = new Oauth2Error('invalid_token', 'expired "now"', { status: 401, challenge: { scheme: 'Bearer' } });
    expect(wwwAuthenticate(bearer)).toBe('Bearer error="invalid_token", error_description="expired  now "');
    const dpop = new Oauth2Error('use_dpop_nonce', 'n', {
      status: 401,
      challenge: { scheme: 'DPoP', algs: ['EdDSA', 'ES256'] },
    });
    expect(wwwAuthenticate(dpop)).toBe('DPoP algs="EdDSA ES256", error="use_dpop_nonce", error_description="n"');
  });
});
