// POST /v1/credentials/verify over HTTP: the published vectors (whose issuers are no did:key, so their
// signatures cannot verify here, and must say so with a 200, never a 500), the same payloads re-signed by a
// did:key issuer, our own credentials with every kind of tampering, malformed input, and who may call it.
// The verifier's logic against the vectors with their own keys is covered by test/unit/verify.test.ts.
import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { CompactSign, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { varint } from 'multiformats';
import { base58btc } from 'multiformats/bases/base58';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyAadFor, createKeyEncryption } from '../../src/lib/key-encryption.js';
import { startTestApp, TEST_KEY_ENCRYPTION_KEY, type HttpResult, type TestApp } from '../support/harness.js';
import { addMember, BUILTIN_ROLE_IDS, tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { expectError, expectSecurityHeaders } from '../support/contract.js';
import { readVector, VECTORS_DIR } from '../support/vectors.js';

type KeyType = 'Ed25519' | 'P-256';
type Format = 'jwt_vc_json' | 'vc+sd-jwt';
type Check = { name: string; status: 'passed' | 'failed' | 'skipped'; detail?: string };
type Verification = {
  verified: boolean;
  format: Format;
  issuer: string | null;
  subject: string | null;
  credential_types: string[] | null;
  issued_at: string | null;
  expires_at: string | null;
  claims: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  disclosed: string[] | null;
  payload: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  checks: Check[];
};

/** What a verdict says of the credential's content: all null unless the signature checked out. */
const NO_CONTENT = {
  credential_types: null,
  issued_at: null,
  expires_at: null,
  claims: null,
  disclosed: null,
  payload: null,
};

let app: TestApp;
let owner: RegisteredUser;
beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'enterprise');
});
afterAll(() => app?.close());

/** Verifies as the tenant's owner, or with the given token; null sends none. */
const verify = (body: unknown, token: string | null = owner.token) =>
  app.request<Verification & { error?: string }>('POST', '/v1/credentials/verify', { token: token ?? undefined, body });

/** The verdict of a 200: the JSON body, with the security headers checked on the way. */
async function verdictOf(credential: string, format?: string): Promise<Verification> {
  const response = await verify(format === undefined ? { credential } : { credential, format });
  expect(response.status, response.text).toBe(200);
  expectSecurityHeaders(response.headers);
  return response.body;
}

const statuses = (result: Verification) => Object.fromEntries(result.checks.map((c) => [c.name, c.status]));
const failing = (result: Verification) => result.checks.filter((c) => c.status === 'failed').map((c) => c.name);
const checkOf = (result: Verification, name: string) => result.checks.find((c) => c.name === name);

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const json64 = (value: unknown) => b64(JSON.stringify(value));
const decodeSegment = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
const sha256 = (ascii: string) => createHash('sha256').update(ascii).digest('base64url');

// ─── did:key signers, from first principles ─────────────────────────────────────────────────────────

type Signer = { did: string; kid: string; alg: 'EdDSA' | 'ES256'; privateKey: KeyObject };

/** did:key = multicodec varint (ed25519-pub 0xed, p256-pub 0x1200) + public key, base58btc (did:key §3.1). */
function didKey(code: number, publicKey: Uint8Array) {
  const bytes = new Uint8Array(varint.encodingLength(code) + publicKey.length);
  varint.encodeTo(code, bytes, 0);
  bytes.set(publicKey, varint.encodingLength(code));
  return `did:key:${base58btc.encode(bytes)}`;
}

function newSigner(keyType: KeyType): Signer {
  const { privateKey, publicKey } =
    keyType === 'Ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const did =
    keyType === 'Ed25519'
      ? didKey(0xed, x)
      : didKey(0x1200, Buffer.concat([Buffer.of(Buffer.from(jwk.y!, 'base64url')[31]! & 1 ? 3 : 2), x]));
  return {
    did,
    kid: `${did}#${did.slice('did:key:'.length)}`,
    alg: keyType === 'Ed25519' ? 'EdDSA' : 'ES256',
    privateKey,
  };
}

const signJws = (
  header: Record<string, unknown>,
  payload: unknown,
  key: KeyObject | Awaited<ReturnType<typeof importJWK>>,
) => new CompactSign(Buffer.from(JSON.stringify(payload))).setProtectedHeader(header as { alg: string }).sign(key);

// ─── The published vectors ──────────────────────────────────────────────────────────────────────────

type Example = { line: number; value: string };
const examples = (path: string): (Example & { file: string })[] =>
  (JSON.parse(readVector(path)) as Example[]).map((example) => ({ ...example, file: path }));
const SD_JWT_EXAMPLES = [
  ...examples('sd-jwt/sd-jwt-draft-examples.json'),
  ...examples('sd-jwt-vc/sd-jwt-vc-draft-examples.json'),
].filter((example) => example.value.includes('~'));
const BARE_RFC_JWT = examples('sd-jwt/sd-jwt-draft-examples.json').find((example) => !example.value.includes('~'))!;
const OID4VCI_JWT = readVector('oid4vci/credential_response_jwt_vc_json.jwt').trim();
const VC_JOSE_COSE = readdirSync(`${VECTORS_DIR}vc-jose-cose`).filter(
  (file) => file.endsWith('.txt') && file !== 'SOURCE.txt',
);

/** The holder key of settings.yml (the same in both drafts): the KB-JWTs of the examples are signed with it. */
function vectorHolderJwk(): JWK {
  const settings = readVector('sd-jwt-vc/settings.yml');
  const match = /holder_key:\s+kty: EC\s+d: (\S+)\s+crv: P-256\s+x: (\S+)\s+y: (\S+)/.exec(settings);
  if (!match) throw new Error('holder_key not found in settings.yml');
  return { kty: 'EC', crv: 'P-256', d: match[1], x: match[2], y: match[3] };
}

const isSdJwtVc = (value: string) => {
  const [header, payload] = value.split('~')[0]!.split('.') as [string, string];
  return decodeSegment(header).typ === 'dc+sd-jwt' && typeof decodeSegment(payload).vct === 'string';
};
const issuerOf = (value: string) => {
  const payload = decodeSegment(value.split('~')[0]!.split('.')[1]!);
  return typeof payload.iss === 'string' ? (payload.iss as string) : null;
};

describe('published vectors, as published (their issuers are no did:key)', () => {
  it.each(SD_JWT_EXAMPLES.map((e) => [`${e.file}:${e.line}`, e.value]))(
    'SD-JWT %s: 200, signature failed, disclosures processed',
    async (_name, value) => {
      const result = await verdictOf(value);
      const iss = issuerOf(value);
      expect(result).toMatchObject({ verified: false, format: 'vc+sd-jwt', issuer: iss, ...NO_CONTENT });
      expect(checkOf(result, 'signature')).toEqual({
        name: 'signature',
        status: 'failed',
        // An https issuer's key is looked for in its JWT VC Issuer Metadata (SD-JWT VC §4), which the examples'
        // hosts do not publish.
        detail: iss?.startsWith('https://')
          ? expect.stringContaining(
              `could not resolve the issuer key: could not fetch ${new URL(iss).origin}/.well-known/jwt-vc-issuer`,
            )
          : iss
            ? expect.stringContaining(`no key found for issuer ${iss}`)
            : 'no issuer to resolve a verification key for',
      });
      const hasKb = !value.endsWith('~');
      expect(statuses(result)).toEqual({
        structure: isSdJwtVc(value) ? 'passed' : 'failed',
        signature: 'failed',
        disclosures: 'passed',
        validity_period: 'passed',
        status: 'skipped',
        // The examples' KB-JWTs were made in 2023–2025: far older than a presentation may be.
        key_binding: hasKb ? 'failed' : 'skipped',
        trust: 'skipped',
      });
      if (hasKb) expect(checkOf(result, 'key_binding')?.detail).toContain('too old');
      const disclosed = value.split('~').length - 2;
      expect(checkOf(result, 'disclosures')?.detail).toBe(`${disclosed} disclosure(s) processed`);
    },
  );

  it('the bare issuer-signed JWT of RFC 9901 is a JWS without vc claim: structure and signature fail', async () => {
    const result = await verdictOf(BARE_RFC_JWT.value);
    expect(result).toMatchObject({ verified: false, format: 'jwt_vc_json', issuer: 'https://issuer.example.com' });
    expect(failing(result)).toEqual(['structure', 'signature']);
    expect(checkOf(result, 'structure')?.detail).toContain('vc claim');
  });

  it('the OpenID4VCI jwt_vc_json credential: sound structure, no key for an https issuer', async () => {
    const result = await verdictOf(OID4VCI_JWT, 'jwt_vc_json');
    expect(result).toMatchObject({ verified: false, issuer: 'https://credential-issuer.example.com', ...NO_CONTENT });
    expect(result.subject).toMatch(/^did:jwk:/);
    expect(statuses(result)).toEqual({
      structure: 'passed',
      signature: 'failed',
      validity_period: 'passed',
      status: 'skipped',
      trust: 'skipped',
    });
    expect(checkOf(result, 'signature')?.detail).toContain(
      'no key found for issuer https://credential-issuer.example.com',
    );
  });

  it.each(VC_JOSE_COSE)('vc-jose-cose %s: a verdict or a 400, never a 500 or a pass', async (file) => {
    const response = await verify({ credential: readVector(`vc-jose-cose/${file}`) });
    if (file.includes('-cose-')) {
      // COSE_Sign1 is CBOR, not a JWS: not one of our formats at all.
      expectError(response, 400);
      expect(response.body.error).toMatch(/^malformed credential: /);
      return;
    }
    expect(response.status, response.text).toBe(200);
    expect(response.body.verified).toBe(false);
    expect(checkOf(response.body, 'signature')?.status).toBe('failed');
    if (response.body.format === 'vc+sd-jwt') expect(checkOf(response.body, 'disclosures')).toBeDefined();
  });
});

describe('published vectors re-signed by a did:key issuer', () => {
  describe.each<KeyType>(['Ed25519', 'P-256'])('%s issuer', (keyType) => {
    const signer = newSigner(keyType);

    /** The vector's issuer-signed JWT with iss (and kid, alg) ours, signed by our key; disclosures kept, and
     * a KB-JWT, if it had one, made again by the vector's holder key over the new SD-JWT. */
    async function resign(value: string) {
      const [jwt, ...rest] = value.split('~');
      const [header, payload] = jwt!.split('.') as [string, string];
      const reissued = await signJws(
        { ...decodeSegment(header), alg: signer.alg, kid: signer.kid },
        { ...decodeSegment(payload), iss: signer.did },
        signer.privateKey,
      );
      const presented = [reissued, ...rest.slice(0, -1)].join('~') + '~';
      if (value.endsWith('~')) return presented;
      const kbHeader = decodeProtectedHeader(rest.at(-1)!);
      const kbPayload = decodeJwt(rest.at(-1)!);
      const kb = await signJws(
        kbHeader,
        { ...kbPayload, iat: Math.floor(Date.now() / 1000), sd_hash: sha256(presented) },
        await importJWK(vectorHolderJwk(), 'ES256'),
      );
      return presented + kb;
    }

    it.each(SD_JWT_EXAMPLES.map((e) => [`${e.file}:${e.line}`, e.value]))('SD-JWT %s', async (_name, value) => {
      const result = await verdictOf(await resign(value));
      expect(result.issuer).toBe(signer.did);
      // Only `structure` may still fail: the RFC 9901 examples are SD-JWTs of typ example+sd-jwt without vct,
      // not SD-JWT VCs.
      expect(statuses(result)).toEqual({
        structure: isSdJwtVc(value) ? 'passed' : 'failed',
        signature: 'passed',
        disclosures: 'passed',
        validity_period: 'passed',
        status: 'skipped',
        key_binding: value.endsWith('~') ? 'skipped' : 'passed',
        trust: 'skipped',
      });
      expect(result.verified).toBe(isSdJwtVc(value));
      expect(result.payload).toMatchObject({ iss: signer.did });
      expect(result.payload).not.toHaveProperty('_sd');
      expect(result.claims).not.toHaveProperty('iss');
      expect(result.claims).not.toHaveProperty('_sd');
      // One pointer per disclosure sent (the examples disclose nothing under a token claim).
      expect(result.disclosed).toHaveLength(value.split('~').length - 2);
    });

    it('the OpenID4VCI jwt_vc_json credential (iss and vc.issuer ours) verifies', async () => {
      const [header, payload] = OID4VCI_JWT.split('.') as [string, string];
      const claims = decodeSegment(payload);
      const credential = await signJws(
        { ...decodeSegment(header), alg: signer.alg, kid: signer.kid },
        { ...claims, iss: signer.did, vc: { ...claims.vc, issuer: signer.did } },
        signer.privateKey,
      );
      const result = await verdictOf(credential);
      expect(result).toMatchObject({ verified: true, format: 'jwt_vc_json', issuer: signer.did, subject: claims.sub });
      expect(statuses(result)).toEqual({
        structure: 'passed',
        signature: 'passed',
        validity_period: 'passed',
        status: 'skipped',
        trust: 'skipped',
      });
      expect(result.claims).toEqual({ degree: { type: 'BachelorDegree', name: 'Bachelor of Science and Arts' } });
      expect(result.payload?.vc.credentialSubject).toEqual({ id: claims.sub, ...result.claims });
      expect(result.credential_types).toEqual(claims.vc.type);
    });

    it('setting iss alone is not enough: a signature by another key fails', async () => {
      const vector = SD_JWT_EXAMPLES.find((e) => e.file.startsWith('sd-jwt-vc/') && e.value.endsWith('~'))!.value;
      const [jwt, ...rest] = vector.split('~');
      const [header, payload] = jwt!.split('.') as [string, string];
      const impostor = newSigner(keyType);
      const forged = await signJws(
        { ...decodeSegment(header), alg: impostor.alg, kid: signer.kid },
        { ...decodeSegment(payload), iss: signer.did },
        impostor.privateKey,
      );
      const result = await verdictOf([forged, ...rest].join('~'));
      expect(failing(result)).toEqual(['signature']);
      expect(checkOf(result, 'signature')?.detail).toBe('signature does not verify with the key');
    });
  });
});

// ─── Our own credentials, tampered with ─────────────────────────────────────────────────────────────

type Did = { did: string; kid: string };
type Issued = { id: string; credential: string; status: { uri: string; index: number }; issued_at: string };

async function createDid(keyType: KeyType): Promise<Did> {
  const response = await app.request('POST', '/v1/dids', { token: owner.token, body: { key_type: keyType } });
  expect(response.status, response.text).toBe(200);
  return { did: response.body.did, kid: response.body.verification_method };
}

const CLAIMS = { given_name: 'Erika', family_name: 'Mustermann', tier: 'gold' };

async function issue(format: Format, did: Did, extra: Record<string, unknown> = {}): Promise<Issued> {
  const body =
    format === 'jwt_vc_json'
      ? { format, issuer: did.did, type: 'MembershipCredential', subject_id: 'did:example:holder', claims: CLAIMS }
      : { format, issuer: did.did, vct: 'https://credentials.example.com/membership', claims: CLAIMS };
  const response = await app.request('POST', '/v1/credentials/issue', {
    token: owner.token,
    body: { ...body, ...extra },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The issuer's private key, read back from the database: to make a signature no API would make. */
async function issuerPrivateKey(did: string): Promise<KeyObject> {
  const row = await app.database.prisma.did.findFirstOrThrow({
    where: { did, tenantId: owner.tenant_id },
    select: { privateKeyCiphertext: true },
  });
  const pkcs8 = createKeyEncryption(Buffer.from(TEST_KEY_ENCRYPTION_KEY, 'base64')).decrypt(
    row.privateKeyCiphertext,
    keyAadFor(owner.tenant_id, did),
  );
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

const splitCredential = (credential: string) => {
  const [jwt, ...rest] = credential.split('~');
  const [header, payload, signature] = jwt!.split('.') as [string, string, string];
  return { header, payload, signature, rest, sd: credential.includes('~') };
};
const join = (jwt: string, rest: string[], sd: boolean) => (sd ? [jwt, ...rest].join('~') : jwt);

const COMBINATIONS: [Format, KeyType][] = [
  ['jwt_vc_json', 'Ed25519'],
  ['jwt_vc_json', 'P-256'],
  ['vc+sd-jwt', 'Ed25519'],
  ['vc+sd-jwt', 'P-256'],
];

describe.each(COMBINATIONS)('our %s credentials signed with %s', (format, keyType) => {
  const sd = format === 'vc+sd-jwt';
  let did: Did;
  let other: Did;
  let original: Issued;
  let sibling: Issued;
  beforeAll(async () => {
    did = await createDid(keyType);
    other = await createDid(keyType);
    original = await issue(format, did);
    sibling = await issue(format, did, { claims: { ...CLAIMS, tier: 'bronze' } });
  });

  it('untampered: verified, with every check passed', async () => {
    const result = await verdictOf(original.credential);
    expect(result).toMatchObject({ verified: true, format, issuer: did.did });
    expect(statuses(result)).toEqual(
      sd
        ? {
            structure: 'passed',
            signature: 'passed',
            disclosures: 'passed',
            validity_period: 'passed',
            status: 'passed',
            key_binding: 'skipped',
            trust: 'skipped',
          }
        : { structure: 'passed', signature: 'passed', validity_period: 'passed', status: 'passed', trust: 'skipped' },
    );
    expect(checkOf(result, 'status')?.detail).toBe(`${original.status.uri} index ${original.status.index}: valid`);
    expect(result.claims).toEqual(CLAIMS);
    expect(result.issued_at).toEqual(expect.any(String));
    expect(result.expires_at).toBeNull();
    if (sd) {
      expect([...result.disclosed!].sort()).toEqual(['/family_name', '/given_name', '/tier']);
      expect(result.credential_types).toEqual(['https://credentials.example.com/membership']);
      expect(result.payload).toMatchObject({ iss: did.did, vct: 'https://credentials.example.com/membership' });
      expect(checkOf(result, 'disclosures')?.detail).toBe('3 disclosure(s) processed');
    } else {
      expect(result.subject).toBe('did:example:holder');
      expect(result.disclosed).toEqual([]);
      expect(result.credential_types).toEqual(['VerifiableCredential', 'MembershipCredential']);
      expect(result.payload?.vc.credentialSubject).toEqual({ id: 'did:example:holder', ...CLAIMS });
    }
  });

  it('a changed claim, signature kept: signature failed, no claims returned', async () => {
    const { header, payload, signature, rest } = splitCredential(original.credential);
    const claims = decodeSegment(payload);
    if (sd) claims.vct = 'https://evil.example/admin';
    else claims.vc.credentialSubject.tier = 'platinum';
    const result = await verdictOf(join(`${header}.${json64(claims)}.${signature}`, rest, sd));
    expect(result.verified).toBe(false);
    expect(failing(result)).toEqual(['signature']);
    expect(checkOf(result, 'signature')?.detail).toBe('signature does not verify with the key');
    expect(result).toMatchObject(NO_CONTENT);
  });

  it('a signature swapped in from another of our credentials: signature failed', async () => {
    const { header, payload, rest } = splitCredential(original.credential);
    const swapped = `${header}.${payload}.${splitCredential(sibling.credential).signature}`;
    const result = await verdictOf(join(swapped, rest, sd));
    expect(failing(result)).toEqual(['signature']);
  });

  it('alg: none with an empty signature: a verdict (200), signature failed', async () => {
    const { header, payload, rest } = splitCredential(original.credential);
    const unsigned = `${json64({ ...decodeSegment(header), alg: 'none' })}.${payload}.`;
    const result = await verdictOf(join(unsigned, rest, sd));
    expect(result.verified).toBe(false);
    expect(failing(result)).toEqual(['signature']);
    expect(checkOf(result, 'signature')?.detail).toBe('alg "none" is not accepted (allowed: EdDSA, ES256)');
    expect(result).toMatchObject(NO_CONTENT);
  });

  it("a kid naming another DID's key, re-signed with the issuer's own key: signature failed", async () => {
    const { header, payload, rest } = splitCredential(original.credential);
    const resigned = await signJws(
      { ...decodeSegment(header), kid: other.kid },
      decodeSegment(payload),
      await issuerPrivateKey(did.did),
    );
    const result = await verdictOf(join(resigned, rest, sd));
    expect(failing(result)).toEqual(['signature']);
    expect(checkOf(result, 'signature')?.detail).toBe(
      `kid ${other.kid} is not the issuer's did:key verification method`,
    );
    // The same re-signing with the right kid verifies: it is the kid alone that fails above.
    const control = await signJws(decodeSegment(header), decodeSegment(payload), await issuerPrivateKey(did.did));
    expect((await verdictOf(join(control, rest, sd))).verified).toBe(true);
  });

  // SD-JWT only: disclosures.
  if (sd) {
    it('a forged disclosure appended: disclosures failed', async () => {
      const forged = json64(['c2FsdHNhbHRzYWx0', 'is_admin', true]);
      const result = await verdictOf(`${original.credential}${forged}~`);
      expect(result.verified).toBe(false);
      expect(failing(result)).toEqual(['disclosures']);
      expect(checkOf(result, 'disclosures')?.detail).toMatch(/"is_admin" is not referenced/);
      expect(result).toMatchObject(NO_CONTENT);
    });

    it('a disclosure with a changed value: disclosures failed', async () => {
      const { header, payload, signature, rest } = splitCredential(original.credential);
      const changed = rest.map((disclosure) => {
        if (disclosure === '') return disclosure;
        const [salt, name] = decodeSegment(disclosure);
        return name === 'tier' ? json64([salt, name, 'platinum']) : disclosure;
      });
      expect(changed).not.toEqual(rest);
      const result = await verdictOf(join(`${header}.${payload}.${signature}`, changed, true));
      expect(failing(result)).toEqual(['disclosures']);
      expect(checkOf(result, 'disclosures')?.detail).toMatch(/"tier" is not referenced/);
    });

    it('a presentation that withholds a disclosure: verified, without that claim', async () => {
      const { header, payload, signature, rest } = splitCredential(original.credential);
      const kept = rest.filter((disclosure) => disclosure === '' || decodeSegment(disclosure)[1] !== 'tier');
      const result = await verdictOf(join(`${header}.${payload}.${signature}`, kept, true));
      expect(result.verified).toBe(true);
      expect(result.claims).toEqual({ given_name: 'Erika', family_name: 'Mustermann' });
      expect([...result.disclosed!].sort()).toEqual(['/family_name', '/given_name']);
    });
  }

  it('expired: validity_period failed', async () => {
    // The verifier allows 60 s of clock skew, so waiting for a credential to expire would take over a minute.
    // Issue it under a clock set three minutes back instead (the service refuses a valid_until in the past);
    // the verification below runs on the real clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    let expired: Issued;
    try {
      vi.setSystemTime(Date.now() - 180_000);
      expired = await issue(format, did, { valid_until: new Date(Date.now() + 5_000).toISOString() });
    } finally {
      vi.useRealTimers();
    }
    const exp = decodeJwt(expired.credential.split('~')[0]!).exp!;
    expect(exp).toBeLessThan(Date.now() / 1000 - 170);
    const result = await verdictOf(expired.credential);
    expect(result.verified).toBe(false);
    expect(failing(result)).toEqual(['validity_period']);
    expect(checkOf(result, 'validity_period')?.detail).toBe(`expired at ${new Date(exp * 1000).toISOString()} (exp)`);
  });

  it('not yet valid: validity_period failed', async () => {
    const validFrom = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
    const future = await issue(format, did, { valid_from: validFrom.toISOString() });
    const result = await verdictOf(future.credential);
    expect(failing(result)).toEqual(['validity_period']);
    expect(checkOf(result, 'validity_period')?.detail).toBe(`not valid before ${validFrom.toISOString()} (nbf)`);
  });

  it('revoked: status failed, while its sibling stays valid', async () => {
    const revoked = await issue(format, did);
    const response = await app.request('POST', `/v1/credentials/${revoked.id}/revoke`, { token: owner.token });
    expect(response.status).toBe(200);
    const result = await verdictOf(revoked.credential);
    expect(result.verified).toBe(false);
    expect(failing(result)).toEqual(['status']);
    expect(checkOf(result, 'status')?.detail).toBe(`revoked (${revoked.status.uri} index ${revoked.status.index})`);
    expect((await verdictOf(sibling.credential)).verified).toBe(true);
  });

  it('declared in the other format: 400 malformed credential', async () => {
    const response = await verify({ credential: original.credential, format: sd ? 'jwt_vc_json' : 'vc+sd-jwt' });
    expectError(response, 400);
    expect(response.body.error).toMatch(/^malformed credential: declared /);
  });
});

// ─── One shape of claims, whatever the format ───────────────────────────────────────────────────────

describe('what a verified credential says, in one shape for both formats', () => {
  const SAME = { given_name: 'Ada', degree: { type: 'BachelorDegree', name: 'Mathematics' }, languages: ['en', 'fr'] };
  const VCT = 'https://credentials.example.com/membership';
  const validUntil = new Date(Math.ceil(Date.now() / 1000) * 1000 + 86_400_000).toISOString();
  let did: Did;
  beforeAll(async () => {
    did = await createDid('Ed25519');
  });

  it('answers the same claims for a jwt_vc_json and a vc+sd-jwt issued with the same ones', async () => {
    const extra = { claims: SAME, subject_id: 'did:example:holder', valid_until: validUntil };
    const jwt = await issue('jwt_vc_json', did, extra);
    const sdJwt = await issue('vc+sd-jwt', did, extra);
    const [fromJwt, fromSdJwt] = [await verdictOf(jwt.credential), await verdictOf(sdJwt.credential)];

    expect(Object.keys(fromJwt)).toEqual([
      'verified',
      'format',
      'issuer',
      'subject',
      'credential_types',
      'issued_at',
      'expires_at',
      'claims',
      'disclosed',
      'payload',
      'checks',
    ]);
    expect(Object.keys(fromSdJwt)).toEqual(Object.keys(fromJwt));
    expect(fromJwt.claims).toEqual(SAME);
    expect(fromSdJwt.claims).toEqual(fromJwt.claims);
    expect(fromSdJwt.subject).toBe(fromJwt.subject);
    expect(fromJwt.disclosed).toEqual([]);
    expect([...fromSdJwt.disclosed!].sort()).toEqual(['/degree', '/given_name', '/languages']);
    expect(fromJwt.credential_types).toEqual(['VerifiableCredential', 'MembershipCredential']);
    expect(fromSdJwt.credential_types).toEqual([VCT]);
    // iat and exp are whole seconds: the issue answer's instants, to the second.
    const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();
    for (const [verdict, issued] of [
      [fromJwt, jwt],
      [fromSdJwt, sdJwt],
    ] as const) {
      expect(verdict.issued_at).toBe(toSecond(issued.issued_at));
      expect(verdict.expires_at).toBe(validUntil);
    }
    // Everything signed stays available as it is.
    expect(fromJwt.payload?.vc.credentialSubject).toEqual({ id: 'did:example:holder', ...SAME });
    expect(fromSdJwt.payload).toMatchObject({ ...SAME, iss: did.did, sub: 'did:example:holder', vct: VCT });
  });

  it('an SD-JWT presented with some of its disclosures: exactly their pointers, only those claims', async () => {
    const sdJwt = await issue('vc+sd-jwt', did, { claims: SAME, disclosable: ['degree', 'languages'] });
    const [issuerJwt, ...disclosures] = sdJwt.credential.split('~').slice(0, -1);
    const degree = disclosures.filter((disclosure) => decodeSegment(disclosure)[1] === 'degree');
    expect(degree).toHaveLength(1);

    const some = await verdictOf(`${issuerJwt}~${degree[0]}~`);
    expect(some.verified).toBe(true);
    expect(some.disclosed).toEqual(['/degree']);
    expect(some.claims).toEqual({ given_name: 'Ada', degree: SAME.degree }); // given_name is not disclosable

    const none = await verdictOf(`${issuerJwt}~`);
    expect(none.verified).toBe(true);
    expect(none.disclosed).toEqual([]);
    expect(none.claims).toEqual({ given_name: 'Ada' });
  });

  it('answers the same fields over GraphQL', async () => {
    const sdJwt = await issue('vc+sd-jwt', did, { claims: SAME });
    const rest = await verdictOf(sdJwt.credential);
    const graphql = await app.graphql(
      `mutation ($input: VerifyCredentialInput!) { verifyCredential(input: $input) {
        verified credentialTypes issuedAt expiresAt claims disclosed payload } }`,
      { input: { credential: sdJwt.credential } },
      owner.token,
    );
    expect(graphql.body.data.verifyCredential).toEqual({
      verified: true,
      credentialTypes: rest.credential_types,
      issuedAt: rest.issued_at,
      expiresAt: null,
      claims: rest.claims,
      disclosed: rest.disclosed,
      payload: rest.payload,
    });
  });
});

// ─── Not a credential, not a request ────────────────────────────────────────────────────────────────

describe('malformed input', () => {
  const header = json64({ alg: 'ES256', typ: 'JWT' });
  const payload = json64({ iss: 'did:example:1' });
  it.each([
    ['whitespace', ' '],
    ['one word', 'abc'],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['invalid base64url', `${header}.${payload}.sig+nature/=`],
    ['a non-JSON header', `${b64('not json')}.${payload}.c2ln`],
    ['a JSON array payload', `${header}.${json64([1, 2])}.c2ln`],
    ['garbage before ~', 'garbage~%%%~***~'],
    ['garbage disclosures', `${header}.${payload}.c2ln~%%%~***~`],
    ['an empty disclosure', `${header}.${payload}.c2ln~~`],
    ['a lone ~', '~'],
  ])('%s: 400 malformed credential', async (_name, credential) => {
    const response = await verify({ credential });
    expectError(response, 400);
    expect(response.body.error).toMatch(/^malformed credential: \S/);
  });

  it.each<[string, unknown, string]>([
    ['credential: 5', { credential: 5 }, 'credential must be a string'],
    ['credential: an object', { credential: { jwt: 'a.b.c' } }, 'credential must be a string'],
    ['credential: an array', { credential: ['a.b.c'] }, 'credential must be a string'],
    ['no credential', {}, 'credential is required'],
    ['an empty credential', { credential: '' }, 'credential is required'],
    ['format: 5', { credential: 'a.b.c', format: 5 }, 'format must be a string'],
    ['an unknown format', { credential: 'a.b.c', format: 'ldp_vc' }, 'unsupported format'],
    ['a JSON array body', ['a.b.c'], 'request body must be a JSON object'],
  ])('%s: 400', async (_name, body, error) => {
    expectError(await verify(body), 400, error);
  });
});

describe('who may verify', () => {
  const aCredential = async () => {
    const did = await createDid('Ed25519');
    return (await issue('jwt_vc_json', did)).credential;
  };

  it('no token, or an unknown one: 401', async () => {
    const credential = await aCredential();
    expectError(await verify({ credential }, null), 401, 'unauthorized');
    expectError(await verify({ credential }, 'not-a-session-token'), 401, 'unauthorized');
  });

  it('a viewer: 403 naming the role and credentials:verify; the verifier role may', async () => {
    const credential = await aCredential();
    const viewer = await addMember(app, owner.token, BUILTIN_ROLE_IDS.viewer);
    expectError(await verify({ credential }, viewer.token), 403, "role 'viewer' lacks permission: credentials:verify");
    const verifier = await addMember(app, owner.token, BUILTIN_ROLE_IDS.verifier);
    const allowed: HttpResult<Verification> = await verify({ credential }, verifier.token);
    expect(allowed.status).toBe(200);
    expect(allowed.body.verified).toBe(true);
  });
});
