// The credentials pages' rules: the claims editor (names, typed values, JSON per row, the claims object), the
// issue form as the service's input, a credential's state and hand-over, and decoding JWTs and SD-JWTs.
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { claimsOf, claimValue, holderKeyOf, newClaimRow, RESERVED_CLAIM_NAMES, type ClaimRow } from './claims.rules';
import { base64UrlText, decodeCredential, tryDecodeCredential } from './credential-decoding.rules';
import {
  credentialHref,
  credentialState,
  handedOver,
  instantOf,
  issueInputOf,
  typeNames,
  type IssueForm,
} from './credentials.rules';

const row = (name: string, value: string, type: ClaimRow['type'] = 'string', disclosable = true) =>
  newClaimRow({ name, value, type, disclosable });

describe('the claims editor', () => {
  it('refuses the names the service refuses, and no other', async () => {
    // The service's rules are Node code, outside web/tsconfig's view (no Node types): imported by a path that
    // only the test runner follows.
    const inputs = '../../../src/modules/credentials/credentials.inputs';
    const { RESERVED_CLAIMS } = (await import(/* @vite-ignore */ inputs)) as { RESERVED_CLAIMS: Set<string> };
    expect(new Set(RESERVED_CLAIM_NAMES)).toEqual(RESERVED_CLAIMS);
    for (const name of [...RESERVED_CLAIM_NAMES, 'id']) {
      const outcome = claimsOf([row(name, 'x')]);
      expect(outcome.ok, name).toBe(false);
    }
    const id = claimsOf([row('id', 'x')]);
    expect(!id.ok && [...id.problems.values()][0]!.name).toMatch(/Subject id/);
    expect(claimsOf([row('issuer', 'x'), row('type', 'y'), row('statuses', 'z')]).ok).toBe(true);
  });

  it('types each value: text as is, numbers, yes/no, any JSON (nested objects too)', () => {
    const outcome = claimsOf([
      row(' name ', ' Ada '),
      row('age', ' 36 ', 'number'),
      row('ratio', '-1.5e2', 'number'),
      row('alumni', 'true', 'boolean'),
      row('retired', 'false', 'boolean'),
      row('address', '{"street": "12 Dorset St", "geo": {"lat": 51.5}}', 'json'),
      row('languages', '["en", "fr"]', 'json'),
      row('nothing', 'null', 'json'),
    ]);
    expect(outcome).toEqual({
      ok: true,
      claims: {
        name: ' Ada ',
        age: 36,
        ratio: -150,
        alumni: true,
        retired: false,
        address: { street: '12 Dorset St', geo: { lat: 51.5 } },
        languages: ['en', 'fr'],
        nothing: null,
      },
      disclosable: ['name', 'age', 'ratio', 'alumni', 'retired', 'address', 'languages', 'nothing'],
    });
  });

  it('says what is wrong beside each row: empty and duplicate names, bad numbers, JSON parse errors', () => {
    const rows = [
      row('degree', 'BSc'),
      row('degree', 'MSc'),
      row('', 'orphan'),
      row('age', 'thirty', 'number'),
      row('empty', '', 'number'),
      row('infinite', 'Infinity', 'number'),
      row('flag', '', 'boolean'),
      row('address', '{"street": }', 'json'),
      row('fine', '1', 'number'),
    ];
    const outcome = claimsOf(rows);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const of = (index: number) => outcome.problems.get(rows[index]!.key);
    expect(of(0)?.name).toBe('Another claim is named degree; names must be unique.');
    expect(of(1)?.name).toBe(of(0)?.name);
    expect(of(2)).toEqual({ name: 'Give the claim a name.', value: undefined });
    expect(of(3)?.value).toMatch(/^Enter a number/);
    expect(of(4)?.value).toMatch(/^Enter a number/);
    expect(of(5)?.value).toMatch(/^Enter a number/);
    expect(of(6)?.value).toBe('Choose yes or no.');
    expect(of(7)?.value).toMatch(/^Not valid JSON: /);
    expect(of(7)?.name).toBeUndefined();
    expect(of(8)).toBeUndefined();
  });

  it('skips rows left blank, and keeps only the disclosable names', () => {
    expect(claimsOf([newClaimRow(), newClaimRow({ type: 'json' })])).toEqual({ ok: true, claims: {}, disclosable: [] });
    expect(
      claimsOf([row('degree', 'BSc', 'string', true), row('name', 'Ada', 'string', false), newClaimRow()]),
    ).toEqual({
      ok: true,
      claims: { degree: 'BSc', name: 'Ada' },
      disclosable: ['degree'],
    });
    // A name with no value is a claim (an empty text), not a blank row.
    expect(claimsOf([row('note', '')])).toEqual({ ok: true, claims: { note: '' }, disclosable: ['note'] });
  });

  it('keeps a claim named __proto__ a claim of its own', () => {
    const outcome = claimsOf([row('__proto__', '{"polluted": true}', 'json')]);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(Object.getPrototypeOf(outcome.claims)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(outcome.claims))).toEqual(JSON.parse('{"__proto__": {"polluted": true}}'));
  });

  it('converts a single value', () => {
    expect(claimValue({ type: 'json', value: '"text"' })).toEqual({ ok: true, value: 'text' });
    expect(claimValue({ type: 'boolean', value: 'yes' }).ok).toBe(false);
  });

  it('reads the holder key: none, a public JWK, or what is wrong', () => {
    expect(holderKeyOf('  ')).toEqual({ ok: true, jwk: null });
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };
    expect(holderKeyOf(JSON.stringify(jwk))).toEqual({ ok: true, jwk });
    expect(holderKeyOf('{"kty": ')).toMatchObject({ ok: false, problem: expect.stringMatching(/^Not valid JSON/) });
    expect(holderKeyOf('[1]')).toEqual({ ok: false, problem: 'A JWK is a JSON object.' });
    expect(holderKeyOf('{"crv": "P-256"}')).toEqual({ ok: false, problem: 'A JWK names its key type (kty).' });
    expect(holderKeyOf(JSON.stringify({ ...jwk, d: 'secret' }))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/private/),
    });
  });
});

describe('the issue form', () => {
  const form = (overrides: Partial<IssueForm> = {}): IssueForm => ({
    format: 'jwt_vc_json',
    issuer: 'did:key:z6MkIssuer',
    types: '',
    vct: '',
    subjectId: '',
    validFrom: '',
    validUntil: '',
    sdJwtTyp: 'dc_sd_jwt',
    holderKey: '',
    claims: [],
    ...overrides,
  });
  const now = new Date('2026-11-24T12:00:00Z');

  it('sends a jwt_vc_json request with its types and no SD-JWT field', () => {
    const outcome = issueInputOf(
      form({
        types: 'VerifiableCredential, UniversityDegreeCredential  AlumniCredential,UniversityDegreeCredential',
        vct: 'ignored',
        subjectId: ' did:example:ada ',
        holderKey: 'not even JSON',
        claims: [row('degree', 'BSc')],
      }),
      now,
    );
    expect(outcome).toEqual({
      ok: true,
      input: {
        format: 'jwt_vc_json',
        issuer: 'did:key:z6MkIssuer',
        claims: { degree: 'BSc' },
        subjectId: 'did:example:ada',
        type: ['UniversityDegreeCredential', 'AlumniCredential'],
      },
    });
  });

  it('sends a vc+sd-jwt request with vct, the disclosable names, the typ and the holder key', () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' };
    const outcome = issueInputOf(
      form({
        format: 'vc_sd_jwt',
        types: 'Ignored',
        vct: ' https://example.com/degree ',
        validFrom: '2026-12-01T09:00',
        validUntil: '2027-12-01T09:00',
        holderKey: JSON.stringify(jwk),
        claims: [row('degree', 'BSc', 'string', true), row('name', 'Ada', 'string', false)],
      }),
      now,
    );
    expect(outcome).toEqual({
      ok: true,
      input: {
        format: 'vc_sd_jwt',
        issuer: 'did:key:z6MkIssuer',
        claims: { degree: 'BSc', name: 'Ada' },
        vct: 'https://example.com/degree',
        disclosable: ['degree'],
        sdJwtTyp: 'dc_sd_jwt',
        holderJwk: jwk,
        validFrom: new Date('2026-12-01T09:00').toISOString(),
        validUntil: new Date('2027-12-01T09:00').toISOString(),
      },
    });
  });

  it('says what is missing or wrong, field by field and row by row', () => {
    const bad = row('sub', 'x');
    const outcome = issueInputOf(
      form({
        format: 'vc_sd_jwt',
        issuer: '',
        holderKey: '{"kty":"OKP","d":"x"}',
        validUntil: '2026-11-01T00:00',
        claims: [bad],
      }),
      now,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(Object.keys(outcome.fields).sort()).toEqual(['holderKey', 'issuer', 'validUntil', 'vct']);
    expect(outcome.fields.validUntil).toBe('It must end in the future.');
    expect(outcome.rows.get(bad.key)?.name).toBe('sub is a reserved claim name; choose another.');
    const order = issueInputOf(
      form({ validFrom: '2027-01-02T00:00', validUntil: '2027-01-01T00:00', types: 'Not-A-Type' }),
      now,
    );
    expect(order).toMatchObject({
      ok: false,
      fields: {
        validUntil: 'It must end after it starts.',
        types: expect.stringMatching(/^Not-A-Type is not a type name/),
      },
    });
  });

  it('reads type lists and datetime-local values', () => {
    expect(typeNames(' , ')).toEqual([]);
    expect(instantOf('')).toBeNull();
    expect(instantOf('garbage')).toBeNull();
    expect(instantOf('2026-11-24T12:30')).toBe(new Date(2026, 10, 24, 12, 30).toISOString());
  });
});

describe('a credential’s state and page', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is revoked, expired or active', () => {
    expect(credentialState({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' }, now)).toBe(
      'revoked',
    );
    expect(credentialState({ revokedAt: null, expiresAt: '2026-11-24T12:00:00Z' }, now)).toBe('expired');
    expect(credentialState({ revokedAt: null, expiresAt: '2027-01-01T00:00:00Z' }, now)).toBe('active');
    expect(credentialState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
  });

  it('links by id, and takes a credential handed over only for that id', () => {
    expect(credentialHref('8d5e0c36-9a4e-4f7e-b9a4-3f0d3f9f7d21')).toBe(
      '/credentials/8d5e0c36-9a4e-4f7e-b9a4-3f0d3f9f7d21',
    );
    const credential = { id: 'a' } as never;
    expect(handedOver({ credential }, 'a')).toBe(credential);
    expect(handedOver({ credential }, 'b')).toBeNull();
    expect(handedOver(null, 'a')).toBeNull();
    expect(handedOver({ credential: 'a' }, 'a')).toBeNull();
  });
});

/** base64url of a text's UTF-8, as JOSE encodes (web/tsconfig has no Node types: no Buffer here). */
const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

describe('decoding a credential', () => {
  const b64 = (value: unknown) => base64Url(JSON.stringify(value));

  it('decodes base64url text as UTF-8 and refuses other alphabets', () => {
    expect(base64UrlText(base64Url('Zoë ✓ ~?>'))).toBe('Zoë ✓ ~?>');
    expect(() => base64UrlText('a+b/')).toThrow('not base64url');
  });

  it('gives a JWT’s header and payload', async () => {
    const { privateKey } = await generateKeyPair('EdDSA');
    const jwt = await new SignJWT({ vc: { type: ['VerifiableCredential'], credentialSubject: { name: 'Zoë' } } })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: 'did:key:z6Mk#z6Mk' })
      .setIssuer('did:key:z6Mk')
      .sign(privateKey);
    expect(decodeCredential(`  ${jwt}\n`)).toEqual({
      kind: 'jwt',
      jwt: {
        header: { alg: 'EdDSA', typ: 'JWT', kid: 'did:key:z6Mk#z6Mk' },
        payload: { iss: 'did:key:z6Mk', vc: { type: ['VerifiableCredential'], credentialSubject: { name: 'Zoë' } } },
      },
    });
  });

  it('gives an SD-JWT’s issuer JWT, each disclosure as [salt, name, value], and its key binding JWT', () => {
    const header = b64({ alg: 'ES256', typ: 'dc+sd-jwt' });
    const issuerJwt = `${header}.${b64({ vct: 'https://example.com/degree', _sd: ['abc'] })}.c2ln`;
    const degree = b64(['salt-1', 'degree', { type: 'BSc', honours: true }]);
    const element = b64(['salt-2', 'FR']);
    const kb = `${b64({ alg: 'ES256', typ: 'kb+jwt' })}.${b64({ aud: 'https://verifier.example', nonce: 'n-1' })}.c2ln`;
    const withoutKb = decodeCredential(`${issuerJwt}~${degree}~${element}~`);
    expect(withoutKb).toEqual({
      kind: 'sd-jwt',
      jwt: { header: { alg: 'ES256', typ: 'dc+sd-jwt' }, payload: { vct: 'https://example.com/degree', _sd: ['abc'] } },
      disclosures: [
        { encoded: degree, salt: 'salt-1', name: 'degree', value: { type: 'BSc', honours: true } },
        { encoded: element, salt: 'salt-2', name: null, value: 'FR' },
      ],
      keyBinding: null,
    });
    const withKb = decodeCredential(`${issuerJwt}~${degree}~${kb}`);
    expect(withKb.kind === 'sd-jwt' && withKb.keyBinding?.payload).toEqual({
      aud: 'https://verifier.example',
      nonce: 'n-1',
    });
    expect(withKb.kind === 'sd-jwt' && withKb.disclosures).toHaveLength(1);
    // No disclosure at all: `<JWT>~`.
    expect(decodeCredential(`${issuerJwt}~`)).toMatchObject({ kind: 'sd-jwt', disclosures: [], keyBinding: null });
  });

  it('says why a text is not a credential, without throwing', () => {
    const problem = (text: string) => {
      const outcome = tryDecodeCredential(text);
      return outcome.ok ? null : outcome.problem;
    };
    expect(problem('not a credential')).toBe('The credential could not be decoded: the JWT does not have three parts.');
    expect(problem('e30.e30')).toMatch(/three parts/);
    expect(problem('eyJ.e30.sig')).toBe(
      "The credential could not be decoded: its JWT's header is not base64url-encoded JSON.",
    );
    expect(problem(`${b64([1])}.e30.sig`)).toMatch(/header is not a JSON object/);
    expect(problem(`e30.e30.sig~${b64({ not: 'an array' })}~`)).toMatch(/disclosure is not \[salt, name, value\]/);
    expect(problem(`e30.e30.sig~${b64(['salt', 1, 'value'])}~`)).toMatch(/claim name is not a string/);
    expect(problem(`e30.e30.sig~~x`)).toMatch(/key binding JWT does not have three parts/);
  });
});
