// The credential format and DID method registries (src/modules/credentials/formats, src/modules/dids/methods)
// and the public base URL seam: the texts clients see must be the ones they saw before formats and methods
// became table entries, in the same order.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createPublicBaseUrl, verifiedHostFor } from '../../src/http/public-base-url.js';
import { AppError } from '../../src/lib/errors.js';
import { parseIssueInput } from '../../src/modules/credentials/credentials.inputs.js';
import {
  CREDENTIAL_FORMATS,
  credentialFormatStoredAs,
  detectCredentialFormat,
} from '../../src/modules/credentials/formats/index.js';
import { MalformedCredentialError } from '../../src/modules/credentials/verify/verify.types.js';
import { DEFAULT_DID_METHOD, didMethodOf, resolveDid } from '../../src/modules/dids/methods/index.js';

const DID = 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp';
const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

function problems(body: unknown): string[] {
  try {
    parseIssueInput(body);
  } catch (error) {
    if (error instanceof AppError) return (error.details ?? []).map((detail) => detail.message);
    throw error;
  }
  return [];
}

describe('issuance input rules of the formats', () => {
  it('puts what a format requires first and what belongs to another format last', () => {
    expect(problems({ format: 'vc+sd-jwt', issuer: DID, validUntil: past })).toEqual([
      'vct is required for vc+sd-jwt',
      'valid_until must be in the future',
    ]);
    expect(
      problems({
        format: 'jwt_vc_json',
        issuer: DID,
        claims: { a: 1 },
        validFrom: future,
        validUntil: past,
        disclosable: ['b'],
        holderJwk: { kty: 'OKP' },
      }),
    ).toEqual([
      'valid_until must be after valid_from',
      'valid_until must be in the future',
      'disclosable names a claim that is not in claims: b',
      'disclosable, holder_jwk and sd_jwt_typ apply to vc+sd-jwt only',
    ]);
  });

  it('accepts each format with its own fields', () => {
    expect(problems({ format: 'jwt_vc_json', issuer: DID, type: 'DegreeCredential' })).toEqual([]);
    expect(
      problems({
        format: 'vc+sd-jwt',
        issuer: DID,
        vct: 'urn:x',
        claims: { a: 1 },
        disclosable: ['a'],
        sdJwtTyp: 'vc+sd-jwt',
      }),
    ).toEqual([]);
  });

  it('answers an unknown or missing format as before', () => {
    expect(() => parseIssueInput({ format: 'ldp_vc', issuer: DID })).toThrow('unsupported format');
    expect(() => parseIssueInput({ format: 5, issuer: DID })).toThrow('unsupported format');
    expect(() => parseIssueInput({ issuer: DID })).toThrow('format is required');
  });
});

describe('the credential format table', () => {
  it('has one entry per name and per stored value, each on its kind of status list', () => {
    expect(new Set(CREDENTIAL_FORMATS.map((format) => format.name)).size).toBe(CREDENTIAL_FORMATS.length);
    for (const format of CREDENTIAL_FORMATS) {
      expect(credentialFormatStoredAs(format.storedAs)).toBe(format);
      const entry = format.statusReference({ uri: 'https://x/v1/status-lists/1', index: 7 });
      expect(entry.type).toBe(format.statusListFormat === 'bitstring' ? 'BitstringStatusListEntry' : 'TokenStatusList');
    }
  });

  it('tells the formats apart by shape, and holds a declared format to it', () => {
    expect(detectCredentialFormat('a.b.c').name).toBe('jwt_vc_json');
    expect(detectCredentialFormat('a.b.c~').name).toBe('vc+sd-jwt');
    expect(detectCredentialFormat('a.b.c~', 'dc+sd-jwt').name).toBe('vc+sd-jwt');
    const refused = (credential: string, declared?: string) => {
      try {
        detectCredentialFormat(credential, declared);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedCredentialError);
        return (error as Error).message;
      }
      return null;
    };
    expect(refused('')).toBe('credential is empty');
    expect(refused('a.b.c', 'ldp_vc')).toBe('unsupported credential format "ldp_vc"');
    expect(refused('a.b.c', 'vc+sd-jwt')).toBe('declared vc+sd-jwt but the credential has no "~" separators');
    expect(refused('a.b.c~', 'jwt_vc_json')).toBe('declared jwt_vc_json but the credential has SD-JWT "~" separators');
  });
});

describe('the DID method table', () => {
  it('resolves through the DID’s method, with the generic failures in their old words and order', async () => {
    const created = DEFAULT_DID_METHOD.create('P-256');
    expect((await resolveDid(created.did)).didDocument).toEqual(created.document);
    const failure = async (did: string) => (await resolveDid(did)).didResolutionMetadata;
    expect(await failure(`${created.did}#x`)).toEqual({ error: 'invalidDid', message: 'resolve a DID, not a DID URL' });
    expect(await failure('not-a-did')).toEqual({ error: 'invalidDid', message: 'not a DID' });
    expect(await failure(`did:key:${'z'.repeat(2048)}`)).toEqual({ error: 'invalidDid', message: 'not a DID' });
    expect(await failure('did:example:123')).toEqual({
      error: 'methodNotSupported',
      message: "DID method 'example' is not supported",
    });
    // did:web is a method of ours: one not hosted here is not found, never fetched.
    expect(await failure('did:web:example.com')).toEqual({
      error: 'notFound',
      message: 'did:web:example.com is not a did:web hosted by this service',
    });
  });

  it('gives a DID of ours a signing key whose kid is its verification method', async () => {
    for (const keyType of ['Ed25519', 'P-256'] as const) {
      const created = DEFAULT_DID_METHOD.create(keyType);
      const method = didMethodOf(created.did)!;
      const key = method.signingKey(created.did, keyType, created.privateKeyPkcs8);
      expect(key).toMatchObject({ did: created.did, kid: created.verificationMethodId });
      expect(key.alg).toBe(keyType === 'Ed25519' ? 'EdDSA' : 'ES256');
      expect(method.verificationMethodId(created.did)).toBe(created.verificationMethodId);
      expect(await method.verificationKey(created.did, created.verificationMethodId)).toEqual(created.publicJwk);
    }
    expect(didMethodOf('did:example:123')).toBeNull();
    expect(didMethodOf('did:web:example.com')?.name).toBe('web');
  });
});

describe('the public base URL', () => {
  const verifiedHosts = { tenantOf: async (host: string) => (host === 'vc.acme.example' ? 'tenant-a' : null) };
  const asked = (host: string, url = '/') =>
    ({ url, headers: { host }, rawHeaders: ['Host', host] }) as unknown as IncomingMessage;

  it('is the configured one for a Host no tenant has verified, whatever Host a request names', async () => {
    expect(await verifiedHostFor(asked('attacker.example'), verifiedHosts)).toBeNull();
    expect(await verifiedHostFor(asked('127.0.0.1:8080'), verifiedHosts)).toBeNull();
    const base = createPublicBaseUrl(() => 'https://vc.example', verifiedHosts);
    expect((await base.originFor(asked('attacker.example'))).publicBaseUrl).toBe('https://vc.example');
  });

  it('is https://<domain> on a verified custom domain, port and case aside', async () => {
    const base = createPublicBaseUrl(() => 'https://vc.example', verifiedHosts);
    expect((await base.originFor(asked('VC.acme.example:443'))).publicBaseUrl).toBe('https://vc.acme.example');
    expect(await verifiedHostFor(asked('vc.acme.example'), verifiedHosts)).toEqual({
      host: 'vc.acme.example',
      tenantId: 'tenant-a',
    });
  });

  it('is refused (421) on a verified domain to a caller of another tenant; the holder and callers with no credential get the domain', async () => {
    const base = createPublicBaseUrl(() => 'https://vc.example', verifiedHosts);
    expect((await base.originFor(asked('vc.acme.example'), 'tenant-a')).publicBaseUrl).toBe('https://vc.acme.example');
    expect((await base.originFor(asked('vc.acme.example'), null)).publicBaseUrl).toBe('https://vc.acme.example');
    await expect(base.originFor(asked('vc.acme.example'), 'tenant-b')).rejects.toMatchObject({
      status: 421,
      message: "this host is another tenant's custom domain: use the service's own address or a domain of yours",
    });
    // Off the domain every tenant gets the configured URL.
    expect((await base.originFor(asked('vc.example'), 'tenant-b')).publicBaseUrl).toBe('https://vc.example');
  });

  it("takes an absolute-form target's authority over the Host header, and refuses two Host headers", async () => {
    expect(await verifiedHostFor(asked('vc.example', 'https://vc.acme.example/v1/dids'), verifiedHosts)).toEqual({
      host: 'vc.acme.example',
      tenantId: 'tenant-a',
    });
    expect(await verifiedHostFor(asked('vc.acme.example', 'http://vc.example/v1/dids'), verifiedHosts)).toBeNull();
    const twice = {
      url: '/',
      headers: { host: 'vc.acme.example' },
      rawHeaders: ['Host', 'vc.acme.example', 'host', 'vc.example'],
    };
    await expect(verifiedHostFor(twice as unknown as IncomingMessage, verifiedHosts)).rejects.toMatchObject({
      status: 400,
      message: 'a request must carry exactly one Host header',
    });
  });
});
