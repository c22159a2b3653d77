// SD-JWT VCs whose issuer is an https URL elsewhere: verify fetches the issuer's JWT VC Issuer Metadata (SD-JWT VC §4)
// over real TLS from a server on loopback whose certificate comes from a test CA the service trusts
// (NODE_EXTRA_CA_CERTS, read at start: hence a service process of its own, as test/integration/did-web-remote.test.ts).
// The credentials come from @sd-jwt/sd-jwt-vc with jose keys, not from us. Keys by value and by jwks_uri, the
// document kept for its max-age, each refusal (another issuer's document, no such kid, 404, a redirect), the SSRF
// rule in-process (a loopback address without WEBHOOK_ALLOW_PRIVATE_URLS), and our own metadata read by that
// service through a TLS terminator in front of an in-process service that issued under its issuer identifier.
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { ES256 as SdJwtES256, digest as sdJwtDigest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir, startService, type ChildService } from '../support/child-service.js';
import { newRegistration, registerUser } from '../support/factories.js';
import { startTestApp, TEST_KEY_ENCRYPTION_KEY, TEST_PASSWORD_HASHING, type TestApp } from '../support/harness.js';
import { makeTestPki } from '../support/test-pki.js';
import { startTlsTerminator, type TlsTerminator } from '../support/tls-terminator.js';

type Route = (response: import('node:http').ServerResponse) => void;

const routes = new Map<string, Route>();
const fetches = new Map<string, number>();
let issuerHost: Server;
let port: number;
let service: ChildService;
let dataDir: string;
let token: string;
let local: TestApp;
let terminator: TlsTerminator;
const localTarget = new URL('http://127.0.0.1:1');

beforeAll(async () => {
  const pki = makeTestPki(['localhost']);
  issuerHost = createHttpsServer({ key: pki.key, cert: pki.cert }, (request, response) => {
    fetches.set(request.url!, (fetches.get(request.url!) ?? 0) + 1);
    const route = routes.get(request.url!);
    if (route) return route(response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => issuerHost.listen(0, '127.0.0.1', resolve));
  port = (issuerHost.address() as AddressInfo).port;
  // An in-process service behind TLS, as a deployment is: its issuer identifier is https://localhost:<terminator>.
  terminator = await startTlsTerminator(localTarget, pki);
  local = await startTestApp({ env: { PUBLIC_BASE_URL: `https://localhost:${terminator.port}` } });
  localTarget.port = new URL(local.url).port;
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
  await local?.close();
  await terminator?.close();
  await new Promise((resolve) => issuerHost?.close(resolve));
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

type Checks = { verified: boolean; issuer: string; checks: { name: string; status: string; detail: string }[] };
const verify = async (credential: string): Promise<Checks> => {
  const result = await post('/v1/credentials/verify', { credential }, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};
const signature = (result: Checks) => result.checks.find((check) => check.name === 'signature')!;

const json =
  (body: unknown, headers: Record<string, string> = {}): Route =>
  (response) =>
    response.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

type Issuer = { iss: string; kid: string; privateJwk: JWK; publicJwk: JWK };

/** An issuer at https://localhost:<port>/<path>, its key made by jose. */
async function issuerAt(path: string): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    iss: `https://localhost:${port}/${path}`,
    kid: `key-${path}`,
    privateJwk: await exportJWK(privateKey),
    publicJwk: await exportJWK(publicKey),
  };
}

/** Its SD-JWT VC, made by @sd-jwt/sd-jwt-vc. */
async function credentialOf(issuer: Issuer, kid: string | null = issuer.kid) {
  const instance = new SDJwtVcInstance({
    hasher: sdJwtDigest,
    saltGenerator: generateSalt,
    hashAlg: 'sha-256',
    signer: await SdJwtES256.getSigner(issuer.privateJwk),
    signAlg: 'ES256',
  });
  return instance.issue(
    { iss: issuer.iss, iat: Math.floor(Date.now() / 1000), vct: 'https://example.com/employee', role: 'engineer' },
    { _sd: ['role'] },
    { header: { typ: 'dc+sd-jwt', ...(kid && { kid }) } },
  );
}

const metadataPath = (path: string) => `/.well-known/jwt-vc-issuer/${path}`;

describe('an https issuer elsewhere', () => {
  it('verifies with the key its metadata publishes by value, named by kid, fetched once while its max-age lasts', async () => {
    const issuer = await issuerAt('issuers/acme');
    const other = await issuerAt('other');
    routes.set(
      metadataPath('issuers/acme'),
      json(
        {
          issuer: issuer.iss,
          jwks: {
            keys: [
              { ...other.publicJwk, kid: other.kid },
              { ...issuer.publicJwk, kid: issuer.kid },
            ],
          },
        },
        { 'cache-control': 'max-age=60' },
      ),
    );
    for (let round = 0; round < 3; round++) {
      const result = await verify(await credentialOf(issuer));
      expect(signature(result)).toEqual({
        name: 'signature',
        status: 'passed',
        detail: `ES256 signature by ${issuer.iss} (key from JWT VC Issuer Metadata)`,
      });
      expect(result.verified).toBe(true);
    }
    expect(fetches.get(metadataPath('issuers/acme'))).toBe(1);
  });

  it('follows jwks_uri; without kid, the only key', async () => {
    const issuer = await issuerAt('by-reference');
    routes.set(
      metadataPath('by-reference'),
      json({ issuer: issuer.iss, jwks_uri: `https://localhost:${port}/keys.json` }),
    );
    routes.set('/keys.json', json({ keys: [issuer.publicJwk] }));
    const result = await verify(await credentialOf(issuer, null));
    expect(signature(result).detail).toBe(`ES256 signature by ${issuer.iss} (key from JWT VC Issuer Metadata)`);
    expect(result.verified).toBe(true);
  });

  it('is not verified with another issuer’s document, an unknown kid, no document, a redirect', async () => {
    const cases: [string, Route | undefined, string][] = [];
    const impostor = await issuerAt('impostor');
    cases.push([
      'impostor',
      json({ issuer: `https://localhost:${port}/someone-else`, jwks: { keys: [impostor.publicJwk] } }),
      `the metadata is the issuer "https://localhost:${port}/someone-else"'s, not ${impostor.iss}'s`,
    ]);
    cases.push(['missing', undefined, 'answered 404']);
    cases.push([
      'moved',
      (response) => response.writeHead(302, { location: '/elsewhere' }).end(),
      'redirect not followed (302)',
    ]);
    for (const [path, route, reason] of cases) {
      const issuer = path === 'impostor' ? impostor : await issuerAt(path);
      if (route) routes.set(metadataPath(path), route);
      const result = await verify(await credentialOf(issuer));
      expect(signature(result), path).toEqual({
        name: 'signature',
        status: 'failed',
        detail: `could not resolve the issuer key: could not fetch https://localhost:${port}${metadataPath(path)}: ${reason}`,
      });
      expect(result.verified).toBe(false);
    }
    const rotated = await issuerAt('rotated');
    routes.set(
      metadataPath('rotated'),
      json({ issuer: rotated.iss, jwks: { keys: [{ ...rotated.publicJwk, kid: 'new' }] } }),
    );
    expect(signature(await verify(await credentialOf(rotated))).detail).toBe(
      `could not resolve the issuer key: the issuer's JWT VC Issuer Metadata has no key ${rotated.kid}`,
    );
  });

  it('in a service without WEBHOOK_ALLOW_PRIVATE_URLS, a loopback issuer is never fetched', async () => {
    const issuer = await issuerAt('private');
    routes.set(metadataPath('private'), json({ issuer: issuer.iss, jwks: { keys: [issuer.publicJwk] } }));
    const app = await startTestApp();
    try {
      const verifier = await registerUser(app);
      const response = await app.request('POST', '/v1/credentials/verify', {
        token: verifier.token,
        body: { credential: await credentialOf(issuer) },
      });
      expect(signature(response.body).detail).toBe(
        `could not resolve the issuer key: could not fetch https://localhost:${port}${metadataPath('private')}: address not allowed: 127.0.0.1 is a loopback address`,
      );
      expect(fetches.get(metadataPath('private'))).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('our own issuer identifier, read by a verifier elsewhere', () => {
  it('an SD-JWT VC issued with issuer_identifier url verifies at another service through our published metadata', async () => {
    const tenant = await registerUser(local);
    const created = await local.request('POST', '/v1/dids', { token: tenant.token, body: { key_type: 'P-256' } });
    const issued = await local.request('POST', '/v1/credentials/issue', {
      token: tenant.token,
      body: {
        format: 'vc+sd-jwt',
        issuer: created.body.did,
        vct: 'https://example.com/degree',
        claims: { a: 1 },
        issuer_identifier: 'url',
      },
    });
    expect(issued.status, issued.text).toBe(200);
    const iss = `https://localhost:${terminator.port}/oid4vci/${tenant.tenant_slug}`;
    const result = await verify(issued.body.credential);
    expect(result.issuer).toBe(iss);
    expect(signature(result)).toEqual({
      name: 'signature',
      status: 'passed',
      detail: `ES256 signature by ${iss} (key from JWT VC Issuer Metadata)`,
    });
    // Its status list is ours, not the verifier's: that service does not fetch others' lists.
    expect(result.checks.find((check) => check.name === 'status')!.detail).toMatch(/^cannot confirm status/);
  });
});
