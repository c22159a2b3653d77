// The authorization code flow's pure rules (src/modules/oid4vci/authorization.policy.ts): PKCE S256 against RFC
// 7636's own example, which redirect_uris a public client may use, what a pushed request must carry, and which
// configurations scope and authorization_details name.
import { describe, expect, it } from 'vitest';
import { Oauth2Error } from '../../src/http/oauth2-errors.js';
import {
  authorizationStateAt,
  parsePushedRequest,
  pkceMatches,
  redirectUriProblem,
  requestedConfigurations,
} from '../../src/modules/oid4vci/authorization.policy.js';

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof Oauth2Error) return { error: error.error, description: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('PKCE S256', () => {
  it('matches RFC 7636’s example, and nothing else', () => {
    expect(pkceMatches(VERIFIER, CHALLENGE)).toBe(true);
    expect(pkceMatches(VERIFIER.replace('d', 'e'), CHALLENGE)).toBe(false);
    // plain: the verifier as its own challenge is not S256.
    expect(pkceMatches(CHALLENGE, CHALLENGE)).toBe(false);
    // RFC 7636 §4.1: 43 to 128 unreserved characters.
    expect(pkceMatches('short', CHALLENGE)).toBe(false);
  });
});

describe('redirect_uri', () => {
  it.each([
    ['https://wallet.example.com/cb', null],
    ['http://127.0.0.1:4000/cb', null],
    ['http://[::1]/cb', null],
    ['eudi-openid4ci://authorize', null],
    ['http://wallet.example.com/cb', 'redirect_uri must be https, a loopback http address or an app’s own scheme'],
    ['javascript:alert(1)', 'redirect_uri must not use the javascript scheme'],
    ['https://wallet.example.com/cb#x', 'redirect_uri must not have a fragment'],
    ['/relative', 'redirect_uri must be an absolute URI'],
  ])('%s', (uri, problem) => expect(redirectUriProblem(uri)).toBe(problem));
});

describe('a pushed request', () => {
  const base = {
    response_type: 'code',
    client_id: 'wallet',
    redirect_uri: 'https://wallet.example.com/cb',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    scope: 'Degree',
  };

  it('takes scope and authorization_details, and refuses plain PKCE and pushed request_uris', () => {
    const details = JSON.stringify([{ type: 'openid_credential', credential_configuration_id: 'Pid' }]);
    const parsed = parsePushedRequest({ ...base, authorization_details: details, state: 's' });
    expect(parsed).toMatchObject({ scopes: ['Degree'], detailConfigurationIds: ['Pid'], state: 's' });
    expect(requestedConfigurations(parsed, ['Degree', 'Pid'], null)).toEqual(['Degree', 'Pid']);
    expect(refusal(() => requestedConfigurations(parsed, ['Degree', 'Pid'], ['Degree']))).toEqual({
      error: 'invalid_authorization_details',
      description: 'the offer does not offer Pid',
    });
    expect(refusal(() => parsePushedRequest({ ...base, code_challenge_method: 'plain' })).error).toBe(
      'invalid_request',
    );
    expect(refusal(() => parsePushedRequest({ ...base, request_uri: 'urn:x' })).error).toBe('invalid_request');
    expect(refusal(() => parsePushedRequest({ ...base, authorization_details: '[{"type":"x"}]' })).error).toBe(
      'invalid_authorization_details',
    );
  });
});

describe('the state at a moment', () => {
  it('a lapsed step is expired; denied and redeemed stay', () => {
    const past = new Date(Date.now() - 1000);
    expect(authorizationStateAt({ state: 'pending', expiresAt: past }, new Date())).toBe('expired');
    expect(authorizationStateAt({ state: 'denied', expiresAt: past }, new Date())).toBe('denied');
    expect(authorizationStateAt({ state: 'redeemed', expiresAt: past }, new Date())).toBe('redeemed');
  });
});
