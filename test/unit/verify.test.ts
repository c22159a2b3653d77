import { VECTORS_DIR } from '../support/vectors.js';
import { createHash, generateKeyPairSync, sign as signBytes, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifySDJWT } from '@meeco/sd-jwt';
import { ES256 as SdJwtES256, digest as sdJwtDigest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { calculateJwkThumbprintUri, CompactSign, compactVerify, importJWK, type JWK } from 'jose';
import { varint } from 'multiformats';
import { base58btc } from 'multiformats/bases/base58';
import { describe, expect, it, vi } from 'vitest';
import { parseDidKey } from '../../src/modules/dids/methods/did-key/did-key.js';
import { verifyCredential } from '../../src/modules/credentials/verify/verify.js';
import {
  MalformedCredentialError,
  type CheckName,
  type VerificationResult,
  type VerifyOptions,
} from '../../src/modules/credentials/verify/verify.types.js';
import type { StatusAnswer, StatusReference } from '../../src/modules/status-lists/status-reference.js';

const VECTORS = VECTORS_DIR;
const vector = (path: string) => readFileSync(join(VECTORS, path), 'utf8');

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const json64 = (value: unknown) => b64(JSON.stringify(value));
const sha256 = (ascii: string) => createHash('sha256').update(ascii).digest('base64url');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function check(result: VerificationResult, name: CheckName) {
  const found = result.checks.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} check in ${JSON.stringify(result.checks)}`);
  return found;
}

const keyFor = (jwk: JWK) => async () => jwk;

// ─── Published vectors ──────────────────────────────────────────────────────────────────────────────

// The issuer and holder keys of sd-jwt/settings.yml and sd-jwt-vc/settings.yml (the same two P-256
// keys in both), public parts only; the first test checks they are still what the files say.
const VECTOR_ISSUER_JWK: JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: 'b28d4MwZMjw8-00CG4xfnn9SLMVMM19SlqZpVb_uNtQ',
  y: 'Xv5zWwuoaTgdS6hV43yI6gBwTnjukmFQQnJ_kCxzqk8',
};
const VECTOR_HOLDER_JWK: JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: 'TCAER19Zvu3OHF4j4W4vfSVoHIP1ILilDls7vCeGemc',
  y: 'ZxjiWWbZMQGHVWKVQ4hbSIirsVfuecCE6t4jT9F2HZQ',
};
const VECTOR_NONCE = '1234567890';

type Example = { line: number; value: string };
const examples = (path: string) => JSON.parse(vector(path)) as Example[];

/** `now` for a vector: the KB-JWT's own iat if it has one, else inside iat 1683000000 – exp 1883000000. */
function vectorNow(value: string) {
  const kb = value.split('~').at(-1);
  const iat = kb
    ? (JSON.parse(Buffer.from(kb.split('.')[1] as string, 'base64url').toString()) as { iat: number }).iat
    : 0;
  return new Date((iat || 1_750_000_000) * 1000);
}

describe('published vectors', () => {
  it('hard-codes the keys settings.yml gives', () => {
    for (const file of ['sd-jwt/settings.yml', 'sd-jwt-vc/settings.yml']) {
      const text = vector(file);
      for (const jwk of [VECTOR_ISSUER_JWK, VECTOR_HOLDER_JWK]) {
        expect(text).toContain(`x: ${jwk.x}`);
        expect(text).toContain(`y: ${jwk.y}`);
      }
      expect(text).toContain(`key_binding_nonce: "${VECTOR_NONCE}"`);
    }
  });

  describe('SD-JWT VC draft examples (sd-jwt-vc/sd-jwt-vc-draft-examples.json)', () => {
    const all = examples('sd-jwt-vc/sd-jwt-vc-draft-examples.json');
    it.each(all.map((e) => [e.line, e.value]))('accepts the example at line %i', async (_line, value) => {
      const resolveIssuerKey = vi.fn(async (_iss: string, _kid?: string) => VECTOR_ISSUER_JWK);
      const hasKb = !value.endsWith('~');
      const result = await verifyCredential(value, 'vc+sd-jwt', {
        now: vectorNow(value),
        resolveIssuerKey,
        expectedAudience: hasKb ? 'https://example.com/verifier' : undefined,
        expectedNonce: hasKb ? VECTOR_NONCE : undefined,
      });
      expect(result.checks.filter((c) => c.status === 'failed')).toEqual([]);
      expect(result.verified).toBe(true);
      expect(check(result, 'key_binding').status).toBe(hasKb ? 'passed' : 'skipped');
      expect(resolveIssuerKey.mock.calls[0]?.[0]).toBe(result.issuer);
      for (const claims of [result.claims, result.payload]) {
        expect(claims?._sd).toBeUndefined();
        expect(claims?._sd_alg).toBeUndefined();
      }
      expect(result.credentialTypes).toEqual([result.payload?.vct]);
    });

    it('passes the kid to the resolver and returns the processed payload', async () => {
      const [issuance, presentation] = all as [Example, Example];
      const resolveIssuerKey = vi.fn(keyFor(VECTOR_ISSUER_JWK));
      const result = await verifyCredential(issuance.value, undefined, { now: vectorNow(''), resolveIssuerKey });
      expect(resolveIssuerKey).toHaveBeenCalledWith('https://example.com/issuer', 'doc-signer-05-25-2022');
      expect(result.claims).toMatchObject({ given_name: 'John', is_over_65: true });
      expect(result.payload).toMatchObject({ given_name: 'John', is_over_65: true, vct: expect.any(String) });
      const shown = await verifyCredential(presentation.value, undefined, {
        now: vectorNow(presentation.value),
        resolveIssuerKey,
      });
      expect(Object.keys(shown.payload ?? {}).sort()).toEqual(
        ['address', 'cnf', 'exp', 'iat', 'is_over_65', 'iss', 'vct'].sort(),
      );
      // The subject's claims only; the token's own (iss, iat, exp, cnf, vct) stay in the payload.
      expect(Object.keys(shown.claims ?? {}).sort()).toEqual(['address', 'is_over_65']);
      expect(shown.disclosed).toEqual(['/is_over_65', '/address']);
    });

    it('rejects the presentation for another verifier, another nonce, or a stale KB-JWT', async () => {
      const presentation = (all[1] as Example).value;
      const base = { now: vectorNow(presentation), resolveIssuerKey: keyFor(VECTOR_ISSUER_JWK) };
      const otherAudience = await verifyCredential(presentation, undefined, {
        ...base,
        expectedAudience: 'https://x.example',
      });
      const otherNonce = await verifyCredential(presentation, undefined, { ...base, expectedNonce: 'abc' });
      const stale = await verifyCredential(presentation, undefined, { ...base, now: new Date('2027-01-01') });
      for (const result of [otherAudience, otherNonce, stale]) {
        expect(result.verified).toBe(false);
        expect(check(result, 'key_binding').status).toBe('failed');
      }
    });

    it('rejects them all with another issuer key', async () => {
      for (const { value } of all) {
        const result = await verifyCredential(value, undefined, {
          now: vectorNow(value),
          resolveIssuerKey: keyFor(VECTOR_HOLDER_JWK),
        });
        expect(result.verified).toBe(false);
        expect(check(result, 'signature').status).toBe('failed');
      }
    });
  });

  describe('RFC 9901 examples (sd-jwt/sd-jwt-draft-examples.json)', () => {
    const all = examples('sd-jwt/sd-jwt-draft-examples.json');
    const options = (value: string): VerifyOptions => ({
      now: vectorNow(value),
      resolveIssuerKey: keyFor(VECTOR_ISSUER_JWK),
      expectedAudience: value.endsWith('~') ? undefined : 'https://verifier.example.org',
      expectedNonce: value.endsWith('~') ? undefined : VECTOR_NONCE,
    });
    // Lines 3214 and 3549 are the PID example (typ dc+sd-jwt with vct): complete SD-JWT VCs. The others use
    // typ example+sd-jwt without vct: sound SD-JWTs, but not SD-JWT VCs, so only `structure` fails – and
    // lines 3670/3900 (a W3C VC in an SD-JWT) carry `issuer` instead of `iss`, leaving no issuer to
    // resolve a key for.
    const sdJwtVcs = [3214, 3549];
    const withoutIss = [3670, 3900];

    it.each(all.filter((e) => e.value.includes('~')).map((e) => [e.line, e.value]))(
      'processes the disclosures and key binding of the example at line %i',
      async (line, value) => {
        const result = await verifyCredential(value, 'vc+sd-jwt', options(value));
        expect(check(result, 'disclosures').status).toBe('passed');
        expect(check(result, 'validity_period').status).toBe('passed');
        expect(check(result, 'key_binding').status).toBe(value.endsWith('~') ? 'skipped' : 'passed');
        expect(check(result, 'signature').status).toBe(withoutIss.includes(line) ? 'failed' : 'passed');
        expect(check(result, 'structure').status).toBe(sdJwtVcs.includes(line) ? 'passed' : 'failed');
        expect(result.verified).toBe(sdJwtVcs.includes(line));
      },
    );

    it('rebuilds nested and array disclosures as RFC 9901 §5 shows them', async () => {
      const byLine = (line: number) => (all.find((e) => e.line === line) as Example).value;
      const issuance = await verifyCredential(byLine(1125), undefined, options(byLine(1125)));
      expect(issuance.claims).toMatchObject({ given_name: 'John', nationalities: ['US', 'DE'] });
      expect(issuance.claims).not.toHaveProperty('sub');
      expect(issuance.payload).toMatchObject({ sub: 'user_42' });
      const nested = await verifyCredential(byLine(2817), undefined, options(byLine(2817)));
      expect(nested.claims?.address).toEqual({ region: '港区', country: 'JP' });
      const recursive = await verifyCredential(byLine(3102), undefined, options(byLine(3102)));
      expect(recursive.claims?.verified_claims).toMatchObject({
        verification: { trust_framework: 'de_aml', time: '2012-04-23T18:25Z', evidence: [{ method: 'pipp' }] },
        claims: { given_name: 'Max', family_name: 'Müller' },
      });
      const pid = await verifyCredential(byLine(3549), undefined, options(byLine(3549)));
      expect(pid.claims).toMatchObject({ age_equal_or_over: { '18': true }, nationalities: ['DE'] });
    });

    it('names each disclosed value by its JSON Pointer into claims, nested and array elements included', async () => {
      const byLine = (line: number) => (all.find((e) => e.line === line) as Example).value;
      const verified = async (line: number) => verifyCredential(byLine(line), undefined, options(byLine(line)));
      const arrays = await verified(1125);
      expect(arrays.disclosed).toEqual(expect.arrayContaining(['/nationalities/0', '/nationalities/1', '/address']));
      expect(arrays.disclosed).toHaveLength(10);
      expect((await verified(2817)).disclosed).toEqual(['/address/region', '/address/country']);
      expect([...((await verified(3102)).disclosed ?? [])].sort()).toEqual([
        '/verified_claims/claims/address',
        '/verified_claims/claims/family_name',
        '/verified_claims/claims/given_name',
        '/verified_claims/verification/evidence/0',
        '/verified_claims/verification/evidence/0/method',
        '/verified_claims/verification/time',
      ]);
      // The PID presentation discloses a few of its claims: exactly those, and only them in claims.
      const pid = await verified(3549);
      expect(pid.disclosed).toEqual(['/age_equal_or_over', '/age_equal_or_over/18', '/nationalities']);
      expect(pid.claims).toEqual({ age_equal_or_over: { '18': true }, nationalities: ['DE'] });
      expect(pid.credentialTypes).toEqual(['urn:eudi:pid:de:1']);
      expect(pid.issuedAt).toEqual(new Date(1683000000 * 1000));
      expect(pid.expiresAt).toEqual(new Date(1883000000 * 1000));
    });

    it('treats the bare issuer-signed JWT (line 1104) as a JWS that is no VC, and as no SD-JWT', async () => {
      const bare = (all[0] as Example).value;
      const result = await verifyCredential(bare, undefined, options(`${bare}~`));
      expect(result.format).toBe('jwt_vc_json');
      expect(check(result, 'signature').status).toBe('passed');
      expect(check(result, 'structure')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('vc claim'),
      });
      await expect(verifyCredential(bare, 'vc+sd-jwt', options(`${bare}~`))).rejects.toThrow(MalformedCredentialError);
    });
  });

  describe('OpenID4VCI jwt_vc_json credential response', () => {
    // issuer_jwks.json wraps the kid over two lines inside the string (not valid JSON as published).
    const jwks = JSON.parse(vector('oid4vci/issuer_jwks.json').replace(/([\w-])\n\s+([\w-])/g, '$1$2')) as {
      jwks: { keys: JWK[] };
    };
    const issuerKey = jwks.jwks.keys[0] as JWK;
    const credential = vector('oid4vci/credential_response_jwt_vc_json.jwt');

    it('uses a key whose kid is its RFC 9278 thumbprint URI', async () => {
      expect(await calculateJwkThumbprintUri(issuerKey)).toBe(issuerKey.kid);
    });

    it('accepts it with the issuer key after nbf', async () => {
      const resolveIssuerKey = vi.fn(async (_iss: string, kid: string | undefined) =>
        kid === issuerKey.kid ? issuerKey : null,
      );
      const result = await verifyCredential(credential, 'jwt_vc_json', {
        now: new Date('2025-06-01'),
        resolveIssuerKey,
      });
      expect(result).toMatchObject({
        verified: true,
        format: 'jwt_vc_json',
        issuer: 'https://credential-issuer.example.com',
        subject: expect.stringMatching(/^did:jwk:/),
      });
      expect(result.checks.map((c) => [c.name, c.status])).toEqual([
        ['structure', 'passed'],
        ['signature', 'passed'],
        ['validity_period', 'passed'],
        ['status', 'skipped'],
      ]);
      expect(resolveIssuerKey).toHaveBeenCalledWith('https://credential-issuer.example.com', issuerKey.kid);
    });

    it('rejects it before nbf (2025-01-01) and with an unknown kid', async () => {
      const early = await verifyCredential(credential, undefined, {
        now: new Date('2024-12-31'),
        resolveIssuerKey: keyFor(issuerKey),
      });
      expect(check(early, 'validity_period')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('nbf'),
      });
      const unknown = await verifyCredential(credential, undefined, { resolveIssuerKey: async () => null });
      expect(check(unknown, 'signature')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('no key'),
      });
    });
  });

  describe('vc-jose-cose test suite inputs (VC Data Model 2.0: none is one of our formats)', () => {
    const vms = ['vm-ed25519.json', 'vm-p256.json', 'vm-p384.json', 'vm-p521.json'].map(
      (f) => (JSON.parse(vector(`vc-jose-cose/${f}`)) as { publicKeyJwk: JWK }).publicKeyJwk,
    );
    const options: VerifyOptions = {
      now: new Date('2025-01-01'),
      resolveIssuerKey: async (_iss, kid) => vms.find((k) => k.kid === kid) ?? null,
    };
    const run = (file: string) => verifyCredential(vector(`vc-jose-cose/${file}`), undefined, options);

    it('rejects the bad JOSE signature on the signature check', async () => {
      const result = await run('credential-jose-bad-signature.txt');
      expect(check(result, 'signature')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('does not verify'),
      });
    });

    it('rejects the SD-JWT with a bad signature (ES384 is not on our allow-list either)', async () => {
      const result = await run('credential-sdjwt-bad-signature.txt');
      expect(result.verified).toBe(false);
      expect(check(result, 'signature')).toMatchObject({ status: 'failed', detail: expect.stringContaining('ES384') });
    });

    it.each([
      'credential-jose-bad-media-type.txt',
      'credential-sdjwt-bad-media-type.txt',
      'presentation-jose-bad-media-type.txt',
      'presentation-sdjwt-bad-media-type.txt',
    ])('rejects %s on its typ', async (file) => {
      const result = await run(file);
      expect(result.verified).toBe(false);
      expect(check(result, 'structure')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('bad+typ'),
      });
    });

    it.each(['presentation-jose-bad-credential.txt', 'presentation-sdjwt-bad-credential.txt'])(
      'rejects %s (a presentation, not a credential)',
      async (file) => expect((await run(file)).verified).toBe(false),
    );

    it('verifies the signature of a good VCDM 2.0 vc+jwt but does not take it for jwt_vc_json', async () => {
      const result = await run('credential-jose-minimal.txt');
      expect(check(result, 'signature').status).toBe('passed');
      expect(check(result, 'structure').status).toBe('failed');
      expect(result.verified).toBe(false);
    });

    it.each([
      'credential-cose-minimal.txt',
      'credential-cose-bad-signature.txt',
      'credential-cose-bad-media-type.txt',
      'credential-cose-minimal-not-base64.txt',
      'presentation-cose-single.txt',
      'presentation-cose-bad-credential.txt',
    ])('refuses COSE %s as malformed input', async (file) => {
      await expect(run(file)).rejects.toThrow(MalformedCredentialError);
    });
  });
});

// ─── Our own did:key credentials ────────────────────────────────────────────────────────────────────

type Signer = { did: string; kid: string; alg: 'EdDSA' | 'ES256'; privateKey: KeyObject; publicJwk: JWK };

/** did:key from first principles: multicodec varint (ed25519-pub 0xed, p256-pub 0x1200) + key, base58btc. */
function didKey(code: number, publicKey: Uint8Array) {
  const bytes = new Uint8Array(varint.encodingLength(code) + publicKey.length);
  varint.encodeTo(code, bytes, 0);
  bytes.set(publicKey, varint.encodingLength(code));
  return `did:key:${base58btc.encode(bytes)}`;
}

function makeSigner(kind: 'Ed25519' | 'P-256'): Signer {
  const { privateKey, publicKey } =
    kind === 'Ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  const x = Buffer.from(publicJwk.x as string, 'base64url');
  const did =
    kind === 'Ed25519'
      ? didKey(0xed, x)
      : didKey(
          0x1200,
          Buffer.concat([Buffer.from([Buffer.from(publicJwk.y as string, 'base64url')[31]! & 1 ? 3 : 2]), x]),
        );
  const kid = `${did}#${did.slice('did:key:'.length)}`;
  return { did, kid, alg: kind === 'Ed25519' ? 'EdDSA' : 'ES256', privateKey, publicJwk };
}

const ed25519 = makeSigner('Ed25519');
const p256 = makeSigner('P-256');
const holder = makeSigner('P-256');
const stranger = makeSigner('P-256');

const NOW = new Date('2026-03-01T12:00:00Z');
const T = seconds(NOW);
const STATUS_LIST = 'https://issuer.example/v1/status-lists/3f1c';
const VERIFIER = 'https://verifier.example';

async function sign(signer: Signer, header: Record<string, unknown>, payload: unknown) {
  return new CompactSign(Buffer.from(JSON.stringify(payload)))
    .setProtectedHeader({ alg: signer.alg, kid: signer.kid, ...header })
    .sign(signer.privateKey);
}

function jwtVcPayload(signer: Signer, overrides: Record<string, unknown> = {}) {
  return {
    iss: signer.did,
    sub: holder.did,
    jti: 'urn:uuid:5b1e7d0c-3f0a-4b43-9b86-0d3b6c2e9a11',
    iat: T - 3600,
    nbf: T - 3600,
    exp: T + 365 * 86400,
    vc: {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      id: 'urn:uuid:5b1e7d0c-3f0a-4b43-9b86-0d3b6c2e9a11',
      type: ['VerifiableCredential', 'MembershipCredential'],
      issuer: signer.did,
      issuanceDate: new Date((T - 3600) * 1000).toISOString(),
      credentialSubject: { id: holder.did, name: 'Ada Lovelace', tier: 'gold' },
      credentialStatus: {
        id: `${STATUS_LIST}#42`,
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: '42',
        statusListCredential: STATUS_LIST,
      },
    },
    ...overrides,
  };
}

const issueJwtVc = (signer: Signer, overrides?: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  sign(signer, { typ: 'JWT', ...header }, jwtVcPayload(signer, overrides));

type Disclosed = { encoded: string; digest: string };
const disclose = (...contents: unknown[]): Disclosed => {
  const encoded = json64(contents);
  return { encoded, digest: sha256(encoded) };
};

const givenName = disclose('2GLC42sKQveCfGfryNRN9w', 'given_name', 'Erika');
const familyName = disclose('eluV5Og3gSNII8EYnsxA_A', 'family_name', 'Mustermann');
const nationality = disclose('lklxF5jMYlGTPUovMNIvCA', 'DE');
const decoy = sha256('decoy');

function sdJwtPayload(signer: Signer, overrides: Record<string, unknown> = {}) {
  return {
    _sd: [givenName.digest, familyName.digest, decoy],
    iss: signer.did,
    iat: T - 3600,
    exp: T + 365 * 86400,
    vct: 'https://credentials.example.com/identity_credential',
    nationalities: [{ '...': nationality.digest }, 'FR'],
    _sd_alg: 'sha-256',
    cnf: { jwk: holder.publicJwk },
    status: { status_list: { idx: 7, uri: STATUS_LIST } },
    ...overrides,
  };
}

type SdJwtParts = { payload?: Record<string, unknown>; disclosures?: Disclosed[]; header?: Record<string, unknown> };

async function issueSdJwt(
  signer: Signer,
  { payload = sdJwtPayload(signer), disclosures = [givenName, familyName, nationality], header = {} }: SdJwtParts = {},
) {
  const jwt = await sign(signer, { typ: 'dc+sd-jwt', ...header }, payload);
  return `${jwt}~${disclosures.map((d) => `${d.encoded}~`).join('')}`;
}

/** RFC 9901 §4.3: a KB-JWT over everything up to and including the last "~". */
async function withKb(sdJwt: string, key: Signer = holder, claims: Record<string, unknown> = {}) {
  const kb = await new CompactSign(
    Buffer.from(JSON.stringify({ iat: T, aud: VERIFIER, nonce: 'n-0S6_WzA2Mj', sd_hash: sha256(sdJwt), ...claims })),
  )
    .setProtectedHeader({ alg: key.alg, typ: 'kb+jwt' })
    .sign(key.privateKey);
  return `${sdJwt}${kb}`;
}

const checkStatus = vi.fn(async (_reference: StatusReference, _issuer: string | null): Promise<StatusAnswer> => ({
  status: 'valid',
}));
/** Resolves the issuer DID as the verification service does: a did:key is its own key. */
async function resolveDidKey(did: string) {
  try {
    return parseDidKey(did).publicJwk as JWK;
  } catch {
    return null;
  }
}

const ours: VerifyOptions = {
  now: NOW,
  resolveIssuerKey: resolveDidKey,
  checkStatus,
  expectedAudience: VERIFIER,
  expectedNonce: 'n-0S6_WzA2Mj',
};
const unbound: VerifyOptions = { ...ours, expectedAudience: undefined, expectedNonce: undefined };

/** Replaces the payload of a compact JWS, keeping header and signature. */
function withPayload(jws: string, payload: unknown) {
  const [header, , signature] = jws.split('.');
  return `${header}.${json64(payload)}.${signature}`;
}
const payloadOf = (jws: string) => JSON.parse(Buffer.from(jws.split('.')[1] as string, 'base64url').toString());
const issuerJwtOf = (sdJwt: string) => sdJwt.split('~')[0] as string;

describe('our did:key credentials', () => {
  it.each([ed25519, p256])('accepts a jwt_vc_json signed with $alg', async (signer) => {
    const result = await verifyCredential(await issueJwtVc(signer), 'jwt_vc_json', ours);
    expect(result).toMatchObject({ verified: true, issuer: signer.did, subject: holder.did });
    expect(result.checks.every((c) => c.status === 'passed')).toBe(true);
    // The subject's claims without its id (that is `subject`); everything signed in `payload`.
    expect(result.claims).toEqual({ name: 'Ada Lovelace', tier: 'gold' });
    expect(result.disclosed).toEqual([]);
    expect(result.credentialTypes).toEqual(['VerifiableCredential', 'MembershipCredential']);
    expect(result.issuedAt).toEqual(new Date((T - 3600) * 1000));
    expect(result.expiresAt).toEqual(new Date((T + 365 * 86400) * 1000));
    expect(result.payload).toMatchObject({ vc: { credentialSubject: { id: holder.did, name: 'Ada Lovelace' } } });
    expect(checkStatus).toHaveBeenLastCalledWith(
      { type: 'bitstring', uri: STATUS_LIST, index: 42, purpose: 'revocation' },
      signer.did,
    );
  });

  it.each([ed25519, p256])('accepts a vc+sd-jwt with key binding signed with $alg', async (signer) => {
    const result = await verifyCredential(await withKb(await issueSdJwt(signer)), 'vc+sd-jwt', ours);
    expect(result.checks.filter((c) => c.status !== 'passed')).toEqual([]);
    expect(result.verified).toBe(true);
    expect(result.claims).toEqual({ given_name: 'Erika', family_name: 'Mustermann', nationalities: ['DE', 'FR'] });
    expect([...(result.disclosed ?? [])].sort()).toEqual(['/family_name', '/given_name', '/nationalities/0']);
    expect(result.credentialTypes).toEqual(['https://credentials.example.com/identity_credential']);
    expect(result.issuedAt).toEqual(new Date((T - 3600) * 1000));
    expect(result.payload).toMatchObject({ iss: signer.did, cnf: { jwk: holder.publicJwk }, given_name: 'Erika' });
    expect(result.payload).not.toHaveProperty('_sd');
    expect(checkStatus).toHaveBeenLastCalledWith({ type: 'token', uri: STATUS_LIST, index: 7 }, signer.did);
  });

  it('accepts a presentation that withholds disclosures', async () => {
    const result = await verifyCredential(
      await withKb(await issueSdJwt(p256, { disclosures: [familyName] })),
      undefined,
      ours,
    );
    expect(result.verified).toBe(true);
    expect(result.claims).toEqual({ family_name: 'Mustermann', nationalities: ['FR'] });
    expect(result.disclosed).toEqual(['/family_name']);
  });

  it('escapes "~" and "/" in the pointers of disclosed claim names (RFC 6901 §3)', async () => {
    const slash = disclose('c2FsdDE', 'a/b', 1);
    const tilde = disclose('c2FsdDI', 'c~d', 2);
    const payload = sdJwtPayload(p256, { _sd: [slash.digest, tilde.digest], nationalities: ['FR'] });
    const result = await verifyCredential(
      await issueSdJwt(p256, { payload, disclosures: [slash, tilde] }),
      undefined,
      unbound,
    );
    expect(result.verified).toBe(true);
    expect(result.claims).toEqual({ 'a/b': 1, 'c~d': 2, nationalities: ['FR'] });
    expect(result.disclosed).toEqual(['/a~1b', '/c~0d']);
  });

  it('skips key binding for an SD-JWT without KB-JWT, unless an audience or nonce is expected', async () => {
    const sdJwt = await issueSdJwt(p256);
    const result = await verifyCredential(sdJwt, undefined, unbound);
    expect(result.verified).toBe(true);
    expect(check(result, 'key_binding')).toMatchObject({
      status: 'skipped',
      detail: expect.stringContaining('without holder binding'),
    });
    const expected = await verifyCredential(sdJwt, undefined, ours);
    expect(check(expected, 'key_binding').status).toBe('failed');
  });

  describe('the signature check on each key and header', () => {
    it.each([ed25519, p256])(
      'verifies a $alg credential, and fails it once a byte of the signature changes',
      async (signer) => {
        const jws = await issueJwtVc(signer);
        expect(check(await verifyCredential(jws, undefined, ours), 'signature').status).toBe('passed');
        const flipped = jws.slice(0, -2) + (jws.at(-2) === 'A' ? 'B' : 'A') + jws.at(-1);
        expect(check(await verifyCredential(flipped, undefined, ours), 'signature')).toMatchObject({
          status: 'failed',
          detail: 'signature does not verify with the key',
        });
      },
    );

    it('fails an ES256 signature of the wrong length rather than throwing', async () => {
      const jws = await issueJwtVc(p256);
      const truncated = jws.slice(0, jws.lastIndexOf('.') + 1) + Buffer.alloc(63, 1).toString('base64url');
      expect(check(await verifyCredential(truncated, undefined, ours), 'signature')).toMatchObject({
        status: 'failed',
        detail: 'signature does not verify with the key',
      });
    });

    it('refuses a critical header parameter it does not understand (RFC 7515 §4.1.11)', async () => {
      // Signed by hand: jose refuses to sign what it would refuse to verify.
      const header = json64({
        alg: 'EdDSA',
        kid: ed25519.kid,
        crit: ['urn:example:unknown'],
        'urn:example:unknown': 1,
      });
      const signingInput = `${header}.${json64(jwtVcPayload(ed25519))}`;
      const signature = signBytes(null, Buffer.from(signingInput), ed25519.privateKey).toString('base64url');
      const jws = `${signingInput}.${signature}`;
      expect(check(await verifyCredential(jws, undefined, ours), 'signature').status).toBe('failed');
    });

    it('says a key that is not a point of its curve cannot verify', async () => {
      const jws = await issueJwtVc(p256);
      const offCurve = { ...p256.publicJwk, y: Buffer.alloc(32, 7).toString('base64url') };
      const result = await verifyCredential(jws, undefined, { ...ours, resolveIssuerKey: async () => offCurve });
      expect(check(result, 'signature')).toMatchObject({
        status: 'failed',
        detail: 'key (EC P-256) cannot verify ES256',
      });
    });

    it('does not verify an ES256 token with an Ed25519 key', async () => {
      const jws = await issueJwtVc(p256);
      const result = await verifyCredential(jws, undefined, {
        ...ours,
        resolveIssuerKey: async () => ed25519.publicJwk,
      });
      expect(check(result, 'signature')).toMatchObject({
        status: 'failed',
        detail: 'key (OKP Ed25519) cannot verify ES256',
      });
    });
  });

  describe('with issuer signatures remembered for the verifying tenant (signatureMemoScope)', () => {
    const remembered: VerifyOptions = { ...ours, signatureMemoScope: 'tenant-a' };

    it.each([ed25519, p256])(
      'verifies the same $alg credential again, and still refuses it with another key',
      async (signer) => {
        const jws = await issueJwtVc(signer);
        for (let round = 0; round < 2; round++) {
          expect(await verifyCredential(jws, undefined, remembered)).toMatchObject({ verified: true });
        }
        const withStrangersKey = { ...remembered, resolveIssuerKey: async () => stranger.publicJwk };
        expect(check(await verifyCredential(jws, undefined, withStrangersKey), 'signature')).toMatchObject({
          status: 'failed',
        });
      },
    );

    it('refuses a changed claim or a swapped signature after the genuine credential verified', async () => {
      const jws = await issueJwtVc(ed25519);
      expect((await verifyCredential(jws, undefined, remembered)).verified).toBe(true);
      const payload = payloadOf(jws);
      payload.vc.credentialSubject.tier = 'platinum';
      const changed = await verifyCredential(withPayload(jws, payload), undefined, remembered);
      expect(check(changed, 'signature').status).toBe('failed');
      const other = await issueJwtVc(ed25519, { jti: 'urn:uuid:another' });
      const swapped = `${jws.split('.').slice(0, 2).join('.')}.${other.split('.')[2]}`;
      expect(check(await verifyCredential(swapped, undefined, remembered), 'signature').status).toBe('failed');
    });

    it('still checks status, validity and key binding every time', async () => {
      const presented = await withKb(await issueSdJwt(ed25519));
      expect((await verifyCredential(presented, undefined, remembered)).verified).toBe(true);
      checkStatus.mockResolvedValueOnce({ status: 'revoked' } as StatusAnswer);
      expect(check(await verifyCredential(presented, undefined, remembered), 'status').status).toBe('failed');
      const later = await verifyCredential(presented, undefined, {
        ...remembered,
        now: new Date((T + 2 * 365 * 86400) * 1000),
      });
      expect(check(later, 'validity_period').status).toBe('failed');
      const forAnother = await verifyCredential(presented, undefined, { ...remembered, expectedNonce: 'another' });
      expect(check(forAnother, 'key_binding').status).toBe('failed');
    });
  });

  describe('rejects tampering with a jwt_vc_json', () => {
    it('a changed claim', async () => {
      const jws = await issueJwtVc(ed25519);
      const payload = payloadOf(jws);
      payload.vc.credentialSubject.tier = 'platinum';
      const result = await verifyCredential(withPayload(jws, payload), undefined, ours);
      expect(result.verified).toBe(false);
      expect(check(result, 'signature')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('does not verify'),
      });
      for (const field of ['claims', 'disclosed', 'credentialTypes', 'issuedAt', 'expiresAt', 'payload'] as const) {
        expect(result[field], field).toBeUndefined();
      }
    });

    it('a signature swapped in from another credential of the same issuer', async () => {
      const [a, b] = [
        await issueJwtVc(p256),
        await issueJwtVc(p256, {
          sub: stranger.did,
          vc: { ...jwtVcPayload(p256).vc, credentialSubject: { id: stranger.did } },
        }),
      ];
      const swapped = `${a.split('.').slice(0, 2).join('.')}.${b.split('.')[2]}`;
      expect(check(await verifyCredential(swapped, undefined, ours), 'signature').status).toBe('failed');
    });

    it.each([
      ['none', ''],
      ['HS256', b64(createHash('sha256').update('forged').digest())],
    ])('alg: %s', async (alg, signature) => {
      const token = `${json64({ alg, typ: 'JWT', kid: ed25519.kid })}.${json64(jwtVcPayload(ed25519))}.${signature}`;
      const result = await verifyCredential(token, undefined, ours);
      expect(result.verified).toBe(false);
      expect(check(result, 'signature')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining(`"${alg}" is not accepted`),
      });
    });

    it('a kid naming another key, even one the resolver would find', async () => {
      for (const kid of [stranger.kid, `${ed25519.did}#${stranger.did.slice(8)}`, ed25519.did.slice(8), 'key-1']) {
        const resolveIssuerKey = vi.fn(async () => ed25519.publicJwk);
        const result = await verifyCredential(await issueJwtVc(ed25519, {}, { kid }), undefined, {
          ...ours,
          resolveIssuerKey,
        });
        expect(check(result, 'signature')).toMatchObject({ status: 'failed', detail: expect.stringContaining('kid') });
        expect(resolveIssuerKey).not.toHaveBeenCalled();
      }
    });

    it('accepts the bare fingerprint fragment as kid', async () => {
      const result = await verifyCredential(
        await issueJwtVc(ed25519, {}, { kid: `#${ed25519.did.slice(8)}` }),
        undefined,
        ours,
      );
      expect(result.verified).toBe(true);
    });

    it('a credential signed by someone else in the issuer’s name', async () => {
      const forged = await sign(stranger, { typ: 'JWT', kid: ed25519.kid }, jwtVcPayload(ed25519));
      expect(check(await verifyCredential(forged, undefined, ours), 'signature').status).toBe('failed');
    });

    it.each([
      ['expired', { exp: T - 120 }, 'expired'],
      ['not yet valid', { nbf: T + 3600 }, 'not valid before'],
      ['issued in the future', { iat: T + 3600, nbf: undefined }, 'future'],
    ])('%s', async (_name, overrides, detail) => {
      const result = await verifyCredential(await issueJwtVc(p256, overrides), undefined, ours);
      expect(result.verified).toBe(false);
      expect(check(result, 'validity_period')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining(detail),
      });
    });

    it('an expired vc.expirationDate even without exp', async () => {
      const vc = { ...jwtVcPayload(p256).vc, expirationDate: new Date((T - 60) * 1000 - 86400_000).toISOString() };
      const result = await verifyCredential(await issueJwtVc(p256, { exp: undefined, vc }), undefined, ours);
      expect(check(result, 'validity_period')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('vc.expirationDate'),
      });
    });

    it('tolerates clock skew within clockToleranceSeconds', async () => {
      const jws = await issueJwtVc(p256, { nbf: T + 30, iat: T + 30 });
      expect((await verifyCredential(jws, undefined, ours)).verified).toBe(true);
      expect((await verifyCredential(jws, undefined, { ...ours, clockToleranceSeconds: 0 })).verified).toBe(false);
    });

    it('a revoked status, and one that cannot be confirmed', async () => {
      const jws = await issueJwtVc(ed25519);
      const revoked = await verifyCredential(jws, undefined, {
        ...ours,
        checkStatus: async () => ({ status: 'revoked' }),
      });
      expect(revoked.verified).toBe(false);
      expect(check(revoked, 'status')).toMatchObject({ status: 'failed', detail: expect.stringContaining('revoked') });
      const unknown = await verifyCredential(jws, undefined, {
        ...ours,
        checkStatus: async () => ({ status: 'unknown', reason: 'not ours' }),
      });
      expect(check(unknown, 'status')).toEqual({
        name: 'status',
        status: 'failed',
        detail: `cannot confirm status (${STATUS_LIST} index 42): not ours`,
      });
      const unchecked = await verifyCredential(jws, undefined, { ...ours, checkStatus: undefined });
      expect(check(unchecked, 'status').status).toBe('skipped');
    });

    it('a reference the list refutes: status failed with the reason', async () => {
      const jws = await issueJwtVc(ed25519);
      const result = await verifyCredential(jws, undefined, {
        ...ours,
        checkStatus: async () => ({ status: 'invalid', reason: 'wrong list' }),
      });
      expect(result.verified).toBe(false);
      expect(check(result, 'status')).toEqual({
        name: 'status',
        status: 'failed',
        detail: `invalid status reference (${STATUS_LIST} index 42): wrong list`,
      });
    });

    it('a BitstringStatusListEntry without statusPurpose (REC §2.1 requires it): status failed', async () => {
      const { vc } = jwtVcPayload(ed25519);
      const { statusPurpose: _dropped, ...entry } = vc.credentialStatus;
      const resolver = vi.fn(async (): Promise<StatusAnswer> => ({ status: 'valid' }));
      const jws = await issueJwtVc(ed25519, { vc: { ...vc, credentialStatus: entry } });
      const result = await verifyCredential(jws, undefined, { ...ours, checkStatus: resolver });
      expect(result.verified).toBe(false);
      expect(check(result, 'status')).toEqual({
        name: 'status',
        status: 'failed',
        detail: 'credentialStatus.statusPurpose is missing',
      });
      expect(resolver).not.toHaveBeenCalled();
    });

    it('a payload without the vc claim, or with an issuer that differs from iss', async () => {
      const plain = await sign(p256, { typ: 'JWT' }, { iss: p256.did, sub: 'x' });
      expect(check(await verifyCredential(plain, undefined, ours), 'structure').status).toBe('failed');
      const mismatch = await issueJwtVc(p256, { vc: { ...jwtVcPayload(p256).vc, issuer: ed25519.did } });
      expect(check(await verifyCredential(mismatch, undefined, ours), 'structure')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('vc.issuer'),
      });
    });
  });

  describe('rejects tampering with a vc+sd-jwt', () => {
    const failing = (result: VerificationResult) =>
      result.checks.filter((c) => c.status === 'failed').map((c) => c.name);

    it('a changed claim in the issuer-signed JWT', async () => {
      const sdJwt = await issueSdJwt(ed25519);
      const jwt = issuerJwtOf(sdJwt);
      const tampered = sdJwt.replace(jwt, withPayload(jwt, { ...payloadOf(jwt), vct: 'https://evil.example/admin' }));
      expect(failing(await verifyCredential(tampered, undefined, unbound))).toEqual(['signature']);
    });

    it('a changed disclosure value (its digest is then referenced nowhere)', async () => {
      const changed = disclose('2GLC42sKQveCfGfryNRN9w', 'given_name', 'Mallory');
      const sdJwt = await issueSdJwt(p256, { disclosures: [changed, familyName] });
      const result = await verifyCredential(sdJwt, undefined, unbound);
      expect(check(result, 'disclosures')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('not referenced'),
      });
    });

    it('a swapped signature', async () => {
      const [a, b] = [
        await issueSdJwt(p256),
        await issueSdJwt(p256, { payload: sdJwtPayload(p256, { iat: T - 7200 }) }),
      ];
      const swapped = a.replace(/\.[\w-]+~/, `.${issuerJwtOf(b).split('.')[2]}~`);
      expect(failing(await verifyCredential(swapped, undefined, unbound))).toEqual(['signature']);
    });

    it('alg: none', async () => {
      const token = `${json64({ alg: 'none', typ: 'dc+sd-jwt' })}.${json64(sdJwtPayload(p256))}.`;
      const result = await verifyCredential(`${token}~${givenName.encoded}~`, undefined, unbound);
      expect(failing(result)).toEqual(['signature']);
    });

    it('a wrong kid', async () => {
      const sdJwt = await issueSdJwt(p256, { header: { kid: stranger.kid } });
      expect(check(await verifyCredential(sdJwt, undefined, unbound), 'signature').status).toBe('failed');
    });

    it('a forged disclosure that no digest references (RFC 9901 §7.1 step 5)', async () => {
      const forged = disclose('c2FsdHNhbHRzYWx0', 'is_admin', true);
      const sdJwt = (await issueSdJwt(p256)) + `${forged.encoded}~`;
      const result = await verifyCredential(sdJwt, undefined, unbound);
      expect(result.verified).toBe(false);
      expect(failing(result)).toEqual(['disclosures']);
      expect(check(result, 'disclosures').detail).toMatch(/"is_admin" is not referenced .* §7\.1 step 5/);
      // The holder may even bind it with a KB-JWT: sd_hash covers what was sent, forgery included.
      const bound = await verifyCredential(await withKb(sdJwt), undefined, ours);
      expect(failing(bound)).toEqual(['disclosures']);
    });

    it('a duplicate disclosure', async () => {
      const sdJwt = await issueSdJwt(p256, { disclosures: [givenName, familyName, givenName] });
      const result = await verifyCredential(sdJwt, undefined, unbound);
      expect(check(result, 'disclosures')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('sent twice'),
      });
    });

    it('a digest that appears twice in the payload (§7.1 step 4)', async () => {
      const payload = sdJwtPayload(p256, { address: { _sd: [givenName.digest] } });
      const result = await verifyCredential(await issueSdJwt(p256, { payload }), undefined, unbound);
      expect(check(result, 'disclosures')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('more than once'),
      });
    });

    it.each(['vct', 'iss', 'exp', 'nbf', 'cnf', 'status'])('%s made selectively disclosable', async (claim) => {
      const { [claim]: value = T - 10, ...rest } = sdJwtPayload(p256) as Record<string, unknown>;
      const hidden = disclose('bm9uY2Vub25jZQ', claim, value);
      const payload = { ...rest, _sd: [...(rest._sd as string[]), hidden.digest] };
      const result = await verifyCredential(
        await issueSdJwt(p256, { payload, disclosures: [hidden] }),
        undefined,
        unbound,
      );
      expect(result.verified).toBe(false);
      expect(check(result, 'disclosures')).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining(`${claim} must not be selectively disclosable`),
      });
    });

    it('a sub-claim of cnf made selectively disclosable', async () => {
      const hidden = disclose('bm9uY2Vub25jZQ', 'jwk', holder.publicJwk);
      const payload = sdJwtPayload(p256, { cnf: { _sd: [hidden.digest] } });
      const result = await verifyCredential(
        await issueSdJwt(p256, { payload, disclosures: [hidden] }),
        undefined,
        unbound,
      );
      expect(check(result, 'disclosures').detail).toContain('cnf must not be selectively disclosable');
    });

    it('allows iat to be disclosed, as SD-JWT VC §2.2.2.3 does', async () => {
      const { iat, ...rest } = sdJwtPayload(p256);
      const hidden = disclose('bm9uY2Vub25jZQ', 'iat', iat);
      const payload = { ...rest, _sd: [...rest._sd, hidden.digest] };
      const result = await verifyCredential(
        await issueSdJwt(p256, { payload, disclosures: [hidden] }),
        undefined,
        unbound,
      );
      expect(result.verified).toBe(true);
      // A time claim is about the token: in payload and issuedAt, not among the subject's claims.
      expect(result.payload?.iat).toBe(iat);
      expect(result.issuedAt).toEqual(new Date(iat * 1000));
      expect(result.claims).not.toHaveProperty('iat');
      expect(result.disclosed).not.toContain('/iat');
    });

    it.each([
      [
        'a disclosed name that already exists',
        sdJwtPayload(p256, { given_name: 'Eve' }),
        [givenName],
        'already exists',
      ],
      ['the reserved name _sd', undefined, [disclose('c2FsdA', '_sd', ['x'])], 'reserved'],
      [
        'an array-element disclosure in _sd',
        sdJwtPayload(p256, { _sd: [nationality.digest], nationalities: ['FR'] }),
        [nationality],
        'referenced from _sd',
      ],
      ['an _sd_alg other than sha-256', sdJwtPayload(p256, { _sd_alg: 'sha-512' }), [givenName], 'sha-512'],
      ['_sd that is no array of strings', sdJwtPayload(p256, { _sd: 'abc' }), [], '_sd is not an array'],
    ])('%s', async (_name, payload, disclosures, detail) => {
      const sdJwt = await issueSdJwt(p256, { payload: payload ?? sdJwtPayload(p256), disclosures });
      const result = await verifyCredential(sdJwt, undefined, unbound);
      expect(check(result, 'disclosures')).toMatchObject({ status: 'failed', detail: expect.stringContaining(detail) });
    });

    it('keeps a disclosed "__proto__" an ordinary claim', async () => {
      const proto = disclose('c2FsdA', '__proto__', { polluted: true });
      const payload = sdJwtPayload(p256, { _sd: [proto.digest] });
      const result = await verifyCredential(
        await issueSdJwt(p256, { payload, disclosures: [proto] }),
        undefined,
        unbound,
      );
      expect(result.verified).toBe(true);
      for (const claims of [result.claims, result.payload]) {
        expect(Object.hasOwn(claims ?? {}, '__proto__')).toBe(true);
        expect(Object.getPrototypeOf(claims)).toBe(Object.prototype);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(result.disclosed).toEqual(['/__proto__']);
    });

    it('a vct missing or a typ that is not dc+sd-jwt (legacy vc+sd-jwt is accepted)', async () => {
      const { vct: _vct, ...noVct } = sdJwtPayload(p256);
      expect(failing(await verifyCredential(await issueSdJwt(p256, { payload: noVct }), undefined, unbound))).toEqual([
        'structure',
      ]);
      const jwtTyp = await issueSdJwt(p256, { header: { typ: 'JWT' } });
      expect(failing(await verifyCredential(jwtTyp, undefined, unbound))).toEqual(['structure']);
      const legacy = await issueSdJwt(p256, { header: { typ: 'vc+sd-jwt' } });
      expect((await verifyCredential(legacy, undefined, unbound)).verified).toBe(true);
    });

    it.each([
      ['expired', { exp: T - 120 }],
      ['not yet valid', { nbf: T + 3600 }],
    ])('%s', async (_name, overrides) => {
      const result = await verifyCredential(
        await issueSdJwt(p256, { payload: sdJwtPayload(p256, overrides) }),
        undefined,
        unbound,
      );
      expect(failing(result)).toEqual(['validity_period']);
    });

    it('a revoked status', async () => {
      const result = await verifyCredential(await issueSdJwt(p256), undefined, {
        ...unbound,
        checkStatus: async () => ({ status: 'revoked' }),
      });
      expect(failing(result)).toEqual(['status']);
    });

    it.each<[string, () => Promise<string>, string]>([
      ['a wrong holder key', async () => withKb(await issueSdJwt(p256), stranger), 'not signed by the cnf key'],
      ['a wrong sd_hash', async () => withKb(await issueSdJwt(p256), holder, { sd_hash: sha256('other') }), 'sd_hash'],
      [
        'an sd_hash over other disclosures',
        async () => {
          const full = await withKb(await issueSdJwt(p256));
          return full.replace(`${givenName.encoded}~`, ''); // drop a disclosure after binding
        },
        'sd_hash',
      ],
      ['another nonce', async () => withKb(await issueSdJwt(p256), holder, { nonce: 'replayed' }), 'nonce'],
      ['another audience', async () => withKb(await issueSdJwt(p256), holder, { aud: 'https://evil.example' }), 'aud'],
      ['an old KB-JWT', async () => withKb(await issueSdJwt(p256), holder, { iat: T - 3600 }), 'too old'],
      [
        'a typ other than kb+jwt',
        async () => (await issueSdJwt(p256)) + (await sign(holder, { typ: 'JWT' }, {})),
        'typ',
      ],
      ['an unparseable KB-JWT', async () => `${await issueSdJwt(p256)}not-a-jwt`, 'KB-JWT'],
      [
        'a KB-JWT but no cnf',
        async () => withKb(await issueSdJwt(p256, { payload: sdJwtPayload(p256, { cnf: undefined }) })),
        'no cnf.jwk',
      ],
    ])('key binding with %s', async (_name, build, detail) => {
      const result = await verifyCredential(await build(), undefined, ours);
      expect(result.verified).toBe(false);
      expect(failing(result)).toEqual(['key_binding']);
      expect(check(result, 'key_binding').detail).toContain(detail);
    });
  });

  // The issue says common libraries miss §7.1 step 5. They do: both verify an SD-JWT with a disclosure
  // that no digest references, dropping it silently – and accept a disclosure sent twice.
  describe('what @sd-jwt/sd-jwt-vc 0.19 and @meeco/sd-jwt 1.2 do with an unreferenced disclosure', () => {
    const forged = disclose('c2FsdHNhbHRzYWx0', 'is_admin', true);
    const build = async () => {
      const payload = sdJwtPayload(p256, { status: undefined, cnf: undefined });
      const valid = await issueSdJwt(p256, { payload });
      return { valid, forged: `${valid}${forged.encoded}~`, duplicated: `${valid}${givenName.encoded}~` };
    };

    it('@sd-jwt/sd-jwt-vc 0.19 accepts both', async () => {
      const sdJwtVc = new SDJwtVcInstance({
        hasher: sdJwtDigest,
        hashAlg: 'sha-256',
        verifier: await SdJwtES256.getVerifier(p256.publicJwk),
        loadTypeMetadataFormat: false,
      });
      const { forged: forgedSdJwt, duplicated } = await build();
      for (const sdJwt of [forgedSdJwt, duplicated]) {
        const { payload } = await sdJwtVc.verify(sdJwt, { currentDate: T });
        expect(payload).toMatchObject({ given_name: 'Erika' });
        expect(payload).not.toHaveProperty('is_admin');
      }
      // …while its decoder still lists the forged disclosure beside the genuine ones.
      const decoded = await sdJwtVc.decode(forgedSdJwt);
      expect(decoded.disclosures?.map((d) => d.key)).toContain('is_admin');
    });

    it('@meeco/sd-jwt 1.2 accepts both', async () => {
      const verifier = async (jwt: string) => {
        await compactVerify(jwt, await importJWK(p256.publicJwk, 'ES256'));
        return true;
      };
      const getHasher = async () => (data: string) => sha256(data);
      const { forged: forgedSdJwt, duplicated } = await build();
      for (const sdJwt of [forgedSdJwt, duplicated]) {
        const payload = await verifySDJWT(sdJwt, verifier, getHasher);
        expect(payload).toMatchObject({ given_name: 'Erika' });
        expect(payload).not.toHaveProperty('is_admin');
      }
    });

    it('we reject both', async () => {
      const { valid, forged: forgedSdJwt, duplicated } = await build();
      expect((await verifyCredential(valid, undefined, unbound)).verified).toBe(true);
      expect((await verifyCredential(forgedSdJwt, undefined, unbound)).verified).toBe(false);
      expect((await verifyCredential(duplicated, undefined, unbound)).verified).toBe(false);
    });
  });
});

// ─── Not a credential at all ────────────────────────────────────────────────────────────────────────

describe('malformed input', () => {
  const header = json64({ alg: 'ES256', typ: 'JWT' });
  const payload = json64({ iss: 'did:example:1' });
  it.each<[string, unknown, string?]>([
    ['empty', ''],
    ['whitespace', ' \n '],
    ['not a string', 42],
    ['random text', 'hello, is this a credential?'],
    ['a 2-part JWS', `${header}.${payload}`],
    ['a 4-part token', `${header}.${payload}.c2ln.ZXh0cmE`],
    ['a 5-part JWE', `${header}.a.b.c.d`],
    ['invalid base64url', `${header}.${payload}.sig+nature/=`],
    ['an invalid base64url header', `eyJ!!.${payload}.c2ln`],
    ['a non-JSON payload', `${header}.${b64('not json at all')}.c2ln`],
    ['a JSON array payload', `${header}.${json64([1, 2])}.c2ln`],
    ['an empty payload', `${header}..c2ln`],
    ['a lone ~', '~'],
    ['garbage disclosures', `${header}.${payload}.c2ln~%%%~***~`],
    ['a non-JSON disclosure', `${header}.${payload}.c2ln~${b64('nope')}~`],
    ['an empty disclosure', `${header}.${payload}.c2ln~~`],
    ['garbage before ~', `not-a-jwt~${json64(['s', 'n', 'v'])}~`],
    ['an unknown declared format', `${header}.${payload}.c2ln`, 'ldp_vc'],
    ['an SD-JWT declared as jwt_vc_json', `${header}.${payload}.c2ln~`, 'jwt_vc_json'],
    ['a JWS declared as vc+sd-jwt', `${header}.${payload}.c2ln`, 'vc+sd-jwt'],
  ])('%s', async (_name, input, declared) => {
    await expect(verifyCredential(input as string, declared, ours)).rejects.toThrow(MalformedCredentialError);
  });

  it('is a failed check, not a throw, once the input parses', async () => {
    const result = await verifyCredential(`${header}.${payload}.c2ln`, undefined, ours);
    expect(result.verified).toBe(false);
    expect(check(result, 'signature').status).toBe('failed');
  });

  it('turns a resolver failure into a failed signature check', async () => {
    const result = await verifyCredential(await issueJwtVc(p256), undefined, {
      ...ours,
      resolveIssuerKey: async () => {
        throw new Error('resolver down');
      },
    });
    expect(check(result, 'signature')).toMatchObject({
      status: 'failed',
      detail: expect.stringContaining('resolver down'),
    });
  });
});
