import { describe, expect, it } from 'vitest';
import { credentialIssuerIdentifier, WELL_KNOWN, wellKnownUrl } from '../../src/modules/oid4vci/issuer-identifier.js';

describe('credential issuer identifier', () => {
  it('is a path per tenant on the service host, and the bare domain on a custom domain', () => {
    expect(credentialIssuerIdentifier('http://127.0.0.1:3000/', 'acme', false)).toBe('http://127.0.0.1:3000/oid4vci/acme');
    expect(credentialIssuerIdentifier('https://id.acme.example', 'acme', true)).toBe('https://id.acme.example');
  });

  it('inserts the well-known segment between host and path (RFC 8615, OpenID4VCI §12.2.2)', () => {
    expect(wellKnownUrl('https://svc.example/oid4vci/acme', WELL_KNOWN.credentialIssuer)).toBe(
      'https://svc.example/.well-known/openid-credential-issuer/oid4vci/acme',
    );
    expect(wellKnownUrl('https://id.acme.example', WELL_KNOWN.authorizationServer)).toBe(
      'https://id.acme.example/.well-known/oauth-authorization-server',
    );
    expect(wellKnownUrl('https://svc.example/oid4vci/acme/', WELL_KNOWN.jwtVcIssuer)).toBe(
      'https://svc.example/.well-known/jwt-vc-issuer/oid4vci/acme',
    );
  });
});
