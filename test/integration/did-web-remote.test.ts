// Verifying credentials from did:web issuers hosted elsewhere: the service fetches the issuer's
// did.json over HTTPS from a real TLS server on loopback whose certificate comes from a test CA, trusted the
// way a deployment trusts a private PKI (NODE_EXTRA_CA_CERTS, read by Node at start: hence a service process of
// its own). Both formats, a path DID and a Multikey, the document kept for its max-age, and every way a fetch
// is refused: wrong id, redirect, too large, too slow, 404, an untrusted certificate, and (in-process, without
// WEBHOOK_ALLOW_PRIVATE_URLS) a loopback address.
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { ES256 as SdJwtES256, digest as sdJwtDigest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { base58btc } from 'multiformats/bases/base58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir, startService, type ChildService } from '../support/child-service.js';
import { newRegistration } from '../support/factories.js';
import { startTestApp, TEST_KEY_ENCRYPTION_KEY, TEST_PASSWORD_HASHING, type TestApp } from '../support/harness.js';
import { makeTestPki } from '../support/test-pki.js';

type Route = (response: import('node:http').ServerResponse) => void;

const routes = new Map<string, Route>();
const fetches = new Map<string, number>();
let documents: Server;
let untrusted: Server;
let service: ChildService;
let dataDir: string;
let token: string;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

let port: number;
let untrustedPort: number;

beforeAll(async () => {
  const pki = makeTestPki(['localhost']);
  documents = createHttpsServer({ key: pki.key, cert: pki.cert }, (request, response) => {
    fetches.set(request.url!, (fetches.get(request.url!) ?? 0) + 1);
    const route = routes.get(request.url!);
    if (route) return route(response);
    response.writeHead(404).end();
  });
  // The same document behind a certificate of another CA, which the service does not trust.
  const stranger = makeTestPki(['localhost']);
  untrusted = createHttpsServer({ key: stranger.key, cert: stranger.cert }, (request, response) => {
    routes.get(request.url!)?.(response) ?? response.writeHead(404).end();
  });
  [port, untrustedPort] = await Promise.all([listen(documents), listen(untrusted)]);
  dataDir = await seededDataDir();
  service = await startService({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...TEST_PASSWORD_HASHING,
    KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    NODE_EXTRA_CA_CERTS: pki.caFile,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    DID_WEB_FETCH_TIMEOUT_MS: '700',
  });
  const registered = await post('/v1/auth/register', newRegistration());
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  token = registered.body.token;
}, 120_000);

afterAll(async () => {
  service?.process.kill('SIGTERM');
  await service?.exited;
  await Promise.all([documents, untrusted].map((server) => server && new Promise((resolve) => server.close(resolve))));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, bearer?: string) {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const verify = async (credential: string) => {
  const result = await post('/v1/credentials/verify', { credential }, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as {
    verified: boolean;
    issuer: string;
    checks: { name: string; status: string; detail: string }[];
  };
};
const check = (result: Awaited<ReturnType<typeof verify>>, name: string) => result.checks.find((c) => c.name === name)!;

const json =
  (body: unknown, headers: Record<string, string> = {}): Route =>
  (response) =>
    response.writeHead(200, { 'content-type': 'application/did+json', ...headers }).end(JSON.stringify(body));

type Issuer = { did: string; kid: string; privateJwk: JWK; publicJwk: JWK; alg: 'EdDSA' | 'ES256' };

async function issuerAt(did: string, alg: 'EdDSA' | 'ES256' = 'EdDSA'): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair(alg, {
    crv: alg === 'EdDSA' ? 'Ed25519' : undefined,
    extractable: true,
  });
  return {
    did,
    kid: `${did}#key-1`,
    privateJwk: await exportJWK(privateKey),
    publicJwk: await exportJWK(publicKey),
    alg,
  };
}

/** The issuer's did.json as a did:web host publishes it: a JsonWebKey2020 for assertions. */
const documentOf = (issuer: Issuer, id = issuer.did) => ({
  '@context': ['https://www.w3.org/ns/did/v1'],
  id,
  verificationMethod: [
    { id: issuer.kid, type: 'JsonWebKey2020', controller: issuer.did, publicKeyJwk: issuer.publicJwk },
  ],
  assertionMethod: [issuer.kid],
});

/** A jwt_vc_json credential (VC-JWT, VCDM 1.1 claims) signed by the outside issuer. */
async function jwtVc(issuer: Issuer) {
  const { importJWK } = await import('jose');
  return new SignJWT({
    vc: {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiableCredential', 'EmployeeCredential'],
      credentialSubject: { id: 'did:example:holder', role: 'engineer' },
    },
    sub: 'did:example:holder',
  })
    .setProtectedHeader({ alg: issuer.alg, kid: issuer.kid, typ: 'JWT' })
    .setIssuer(issuer.did)
    .setIssuedAt()
    .setNotBefore('0s')
    .sign(await importJWK(issuer.privateJwk, issuer.alg));
}

const host = () => `localhost%3A${port}`;

describe('a did:web issuer elsewhere', () => {
  it('verifies a jwt_vc_json whose issuer publishes its did.json at /.well-known', async () => {
    const issuer = await issuerAt(`did:web:${host()}`);
    routes.set('/.well-known/did.json', json(documentOf(issuer)));
    const result = await verify(await jwtVc(issuer));
    expect(result.issuer).toBe(issuer.did);
    expect(check(result, 'signature')).toEqual({
      name: 'signature',
      status: 'passed',
      detail: `EdDSA signature by ${issuer.did}`,
    });
    expect(result.verified).toBe(true);
  });

  it('verifies an SD-JWT VC from a did:web with a path, its key given as a Multikey', async () => {
    const issuer = await issuerAt(`did:web:${host()}:issuers:acme`, 'ES256');
    const { x, y } = issuer.publicJwk;
    // P-256 Multikey: varint(0x1200) = 0x80 0x24, then the SEC1 compressed point.
    const xBytes = Buffer.from(x!, 'base64url');
    const prefix = Buffer.from(y!, 'base64url').at(-1)! % 2 === 0 ? 0x02 : 0x03;
    const multikey = base58btc.encode(Buffer.concat([Buffer.from([0x80, 0x24, prefix]), xBytes]));
    routes.set(
      '/issuers/acme/did.json',
      json({
        '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
        id: issuer.did,
        verificationMethod: [{ id: '#key-1', type: 'Multikey', controller: issuer.did, publicKeyMultibase: multikey }],
        assertionMethod: ['#key-1'],
      }),
    );
    const sdJwtVc = new SDJwtVcInstance({
      hasher: sdJwtDigest,
      saltGenerator: generateSalt,
      hashAlg: 'sha-256',
      signer: await SdJwtES256.getSigner(issuer.privateJwk),
      signAlg: 'ES256',
    });
    const credential = await sdJwtVc.issue(
      { iss: issuer.did, iat: Math.floor(Date.now() / 1000), vct: 'https://example.com/employee', role: 'engineer' },
      { _sd: ['role'] },
      { header: { kid: issuer.kid, typ: 'dc+sd-jwt' } },
    );
    const result = await verify(credential);
    expect(check(result, 'signature')).toMatchObject({ status: 'passed', detail: `ES256 signature by ${issuer.did}` });
    expect(result.verified).toBe(true);
  });

  it('fetches a document once while its max-age lasts', async () => {
    const issuer = await issuerAt(`did:web:${host()}:cached`);
    routes.set('/cached/did.json', json(documentOf(issuer), { 'cache-control': 'max-age=60' }));
    for (let round = 0; round < 3; round++) expect((await verify(await jwtVc(issuer))).verified).toBe(true);
    expect(fetches.get('/cached/did.json')).toBe(1);
  });

  it("is not verified when the did.json is not the issuer's, redirects, is too large, too slow or missing", async () => {
    const cases: [string, Route | undefined, RegExp][] = [
      ['wrong-id', json(null), /the did.json is the document of/],
      [
        'redirect',
        (response) => response.writeHead(302, { location: '/.well-known/did.json' }).end(),
        /redirect not followed \(302\)/,
      ],
      [
        'large',
        (response) => response.writeHead(200).end(JSON.stringify({ pad: 'x'.repeat(70 * 1024) })),
        /larger than 65536 bytes/,
      ],
      ['slow', () => undefined, /timeout after \d+ ms/],
      ['missing', undefined, /answered 404/],
    ];
    for (const [name, route, reason] of cases) {
      const issuer = await issuerAt(`did:web:${host()}:${name}`);
      if (name === 'wrong-id')
        routes.set(`/${name}/did.json`, json(documentOf(issuer, `did:web:${host()}:someone-else`)));
      else if (route) routes.set(`/${name}/did.json`, route);
      const result = await verify(await jwtVc(issuer));
      expect(result.verified, name).toBe(false);
      const signature = check(result, 'signature');
      expect(signature.status, name).toBe('failed');
      expect(signature.detail, name).toMatch(
        /^could not resolve the issuer key: could not fetch https:\/\/localhost:\d+\//,
      );
      expect(signature.detail, name).toMatch(reason);
    }
  });

  it('refuses a certificate the service does not trust', async () => {
    const issuer = await issuerAt(`did:web:localhost%3A${untrustedPort}`);
    routes.set('/.well-known/did.json', json(documentOf(issuer)));
    const signature = check(await verify(await jwtVc(issuer)), 'signature');
    expect(signature).toMatchObject({ status: 'failed' });
    expect(signature.detail).toMatch(/tls error \(/);
  });
});

describe('the SSRF rules', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('refuses to fetch a did.json from a loopback address without WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    const issuer = await issuerAt(`did:web:${host()}:private`);
    routes.set('/private/did.json', json(documentOf(issuer)));
    const owner = await app.request('POST', '/v1/auth/register', { body: newRegistration() });
    const result = await app.request('POST', '/v1/credentials/verify', {
      token: owner.body.token,
      body: { credential: await jwtVc(issuer) },
    });
    expect(result.status).toBe(200);
    expect(result.body.verified).toBe(false);
    expect(result.body.checks.find((c: { name: string }) => c.name === 'signature').detail).toMatch(
      /could not fetch https:\/\/localhost:\d+\/private\/did\.json: address not allowed: (127\.0\.0\.1|::1) is /,
    );
    expect(fetches.get('/private/did.json')).toBeUndefined();
  });
});
