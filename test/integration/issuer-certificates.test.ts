// Issuer keys a wallet finds without resolving DIDs (HAIP 1.0 §6.1.1, SD-JWT VC §2.5). A CA of the test's own
// (the openssl CLI, test/support/test-ca.ts) certifies a DID's key from the service's PKCS#10 request; the chain goes
// back to the service, checked; SD-JWT VCs then carry it as x5c, which jose (against the leaf's key) and node:crypto
// and `openssl verify` (the chain) check independently, and which our verify accepts against a trust anchor the
// verifying tenant set. Every refusal names its check. The JWT VC Issuer Metadata document is served per tenant.
import { createPublicKey, X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { compactVerify, decodeProtectedHeader, importX509, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { changePlan, registerUser, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';
import { foreignCsr, makeTestCa, type Authority, type TestCa } from '../support/test-ca.js';

const BASE = 'https://issuer.test';

let app: TestApp;
let ca: TestCa;
let issuing: Authority;

beforeAll(async () => {
  app = await startTestApp({ env: { PUBLIC_BASE_URL: BASE } });
  ca = makeTestCa();
  issuing = ca.authority('Test Issuing CA', ca.root, [
    'basicConstraints=critical,CA:TRUE,pathlen:0',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
});
afterAll(() => app?.close());

async function ok(response: Promise<{ status: number; text: string; body: any }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

const call = (tenant: RegisteredUser, method: string, path: string, body?: unknown) =>
  app.request(method, path, { token: tenant.token, body });

async function tenantWithDid(keyType: 'Ed25519' | 'P-256' = 'Ed25519') {
  const tenant = await registerUser(app);
  await changePlan(app, tenant.token, 'startup');
  const did = await ok(call(tenant, 'POST', '/v1/dids', { key_type: keyType }));
  return { tenant, did: did.did as string, document: did.did_document };
}

const didPath = (did: string, rest: string) => `/v1/dids/${encodeURIComponent(did)}/${rest}`;
const issuerIdentifier = (tenant: RegisteredUser) => `${BASE}/oid4vci/${tenant.tenant_slug}`;

const der = (pem: string) => new X509Certificate(pem).raw.toString('base64');

/** The CSR's public key as a JWK, read by openssl (not by the service's library). */
function csrKey(csrPem: string): JWK {
  const pem = execFileSync('openssl', ['req', '-pubkey', '-noout'], { input: csrPem }).toString('utf8');
  return createPublicKey(pem).export({ format: 'jwk' }) as JWK;
}

async function certify(tenant: RegisteredUser, did: string, extra: Record<string, unknown> = {}) {
  const body = {
    common_name: 'Analytical Engines Issuer',
    organization: 'Analytical Engines',
    country: 'DE',
    ...extra,
  };
  const { csr } = await ok(call(tenant, 'POST', didPath(did, 'certificate-signing-request'), body));
  return { csr: csr as string, leaf: ca.sign(csr, issuing) };
}

const sdJwt = (tenant: RegisteredUser, did: string, extra: Record<string, unknown> = {}) =>
  ok(
    call(tenant, 'POST', '/v1/credentials/issue', {
      format: 'vc+sd-jwt',
      issuer: did,
      vct: 'https://credentials.example.com/degree',
      claims: { name: 'Alice', degree: 'BSc' },
      ...extra,
    }),
  );

describe('a DID’s key certified by a CA, carried as x5c', () => {
  for (const keyType of ['Ed25519', 'P-256'] as const) {
    it(`${keyType}: request → CA signs → upload → SD-JWT VCs carry x5c, checked by jose, node:crypto and openssl`, async () => {
      const { tenant, did, document } = await tenantWithDid(keyType);
      const { csr, leaf } = await certify(tenant, did);
      // The request is signed by the DID's key and names the subject asked for.
      const checked = execFileSync('openssl', ['req', '-verify', '-noout', '-subject'], {
        input: csr,
        stderr: 'pipe',
      } as never).toString();
      expect(checked).toContain('CN = Analytical Engines Issuer');
      const didKey = document.verificationMethod[0].publicKeyJwk as JWK;
      expect({ ...csrKey(csr) }).toMatchObject({ kty: didKey.kty, crv: didKey.crv, x: didKey.x });

      const chain = await ok(
        call(tenant, 'PUT', didPath(did, 'certificate-chain'), { certificates: [leaf, issuing.pem, ca.root.pem] }),
      );
      // The root is kept as uploaded but never sent: HAIP 1.0 §6.1.1.
      expect(chain.x5c).toEqual([der(leaf), der(issuing.pem)]);
      expect(chain.certificates.map((c: { subject: string }) => c.subject)).toEqual([
        'C=DE, O=Analytical Engines, CN=Analytical Engines Issuer',
        'CN=Test Issuing CA',
        'CN=Test Root CA',
      ]);
      expect(await ok(call(tenant, 'GET', didPath(did, 'certificate-chain')))).toEqual(chain);

      const issued = await sdJwt(tenant, did);
      const jwt = (issued.credential as string).split('~')[0]!;
      const header = decodeProtectedHeader(jwt);
      expect(header).toMatchObject({ typ: 'dc+sd-jwt', kid: expect.stringMatching(/^did:key:/), x5c: chain.x5c });
      // jose verifies the issuer-signed JWT with the key of the leaf in x5c, and nothing else.
      const alg = keyType === 'Ed25519' ? 'EdDSA' : 'ES256';
      const leafKey = await importX509(
        `-----BEGIN CERTIFICATE-----\n${header.x5c![0]}\n-----END CERTIFICATE-----`,
        alg,
      );
      await expect(compactVerify(jwt, leafKey)).resolves.toBeTruthy();
      // node:crypto: each certificate signed by the next, up to the root; openssl verify agrees.
      const [leafCert, intermediate] = header.x5c!.map((b64) => new X509Certificate(Buffer.from(b64, 'base64')));
      expect(leafCert!.verify(intermediate!.publicKey)).toBe(true);
      expect(intermediate!.verify(new X509Certificate(ca.root.pem).publicKey)).toBe(true);
      expect(ca.verifies(leaf, [issuing.pem])).toBe(true);

      // A jwt_vc_json of the same DID is as it always was: no x5c.
      const vc = await ok(
        call(tenant, 'POST', '/v1/credentials/issue', {
          format: 'jwt_vc_json',
          issuer: did,
          type: 'KycCredential',
          claims: { level: 'high' },
        }),
      );
      expect(decodeProtectedHeader(vc.credential)).toEqual({ typ: 'JWT', kid: header.kid, alg });
    });
  }

  it('removes the chain: 404 to read it, and the next SD-JWT VC carries no x5c', async () => {
    const { tenant, did } = await tenantWithDid();
    const { leaf } = await certify(tenant, did);
    await ok(call(tenant, 'PUT', didPath(did, 'certificate-chain'), { certificates: [`${leaf}\n${issuing.pem}`] }));
    const removed = await ok(call(tenant, 'DELETE', didPath(did, 'certificate-chain')));
    expect(removed.x5c).toEqual([der(leaf), der(issuing.pem)]);
    expectError(
      await call(tenant, 'GET', didPath(did, 'certificate-chain')),
      404,
      `DID ${did} has no certificate chain`,
    );
    expectError(
      await call(tenant, 'DELETE', didPath(did, 'certificate-chain')),
      404,
      `DID ${did} has no certificate chain`,
    );
    const issued = await sdJwt(tenant, did);
    expect(Object.keys(decodeProtectedHeader(issued.credential.split('~')[0]))).toEqual(['typ', 'kid', 'alg']);
  });
});

describe('chains refused, each naming the check that failed', () => {
  const refused = (check: string, detail: RegExp) =>
    new RegExp(`^certificate chain refused \\(${check}\\): ${detail.source}`);

  it('another key, an expired certificate, a broken link, an issuer that is not a CA, a leaf that may not sign', async () => {
    const { tenant, did } = await tenantWithDid();
    const { csr } = await certify(tenant, did);
    const put = (certificates: string[]) => call(tenant, 'PUT', didPath(did, 'certificate-chain'), { certificates });
    const cases: [string, string[], string, RegExp][] = [
      [
        'wrong key',
        [ca.sign(foreignCsr(ca, 'Someone Else'), issuing), issuing.pem],
        'leaf_key',
        /certificate 1 \(CN=Someone Else\) certifies another key than the DID's/,
      ],
      [
        'expired',
        [ca.sign(csr, issuing, { startDate: '20200101000000Z', endDate: '20200201000000Z' }), issuing.pem],
        'validity',
        /certificate 1 \(.*\) expired at 2020-02-01T00:00:00.000Z/,
      ],
      [
        'broken chain',
        [ca.sign(csr, issuing), ca.authority('Unrelated CA', ca.root).pem],
        'signature',
        /certificate 1 \(.*\) was issued by CN=Test Issuing CA, not by the next certificate \(CN=Unrelated CA\)/,
      ],
    ];
    const notCa = ca.authority('Not A CA', ca.root, [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
    ]);
    cases.push([
      'not a CA',
      [ca.sign(csr, notCa), notCa.pem],
      'ca',
      /certificate 2 \(CN=Not A CA\) is not a CA \(basicConstraints cA is not set\)/,
    ]);
    cases.push([
      'no digitalSignature',
      [
        ca.sign(csr, issuing, { extensions: ['basicConstraints=critical,CA:FALSE', 'keyUsage=critical,keyAgreement'] }),
        issuing.pem,
      ],
      'key_usage',
      /certificate 1 \(.*\) has no keyUsage digitalSignature/,
    ]);
    cases.push(['not a certificate', ['hello'], 'format', /certificate is not a DER X.509 certificate/]);
    cases.push(['not base64', ['%%%'], 'format', /certificate is neither PEM nor base64 DER/]);
    for (const [name, certificates, check, detail] of cases) {
      const response = await put(certificates);
      expect(response.status, name).toBe(400);
      expect(response.body.error, name).toMatch(refused(check, detail));
    }
    // A self-signed leaf is no CA's word (HAIP 1.0 §6.1.1); nothing was kept by any of these.
    expectError(
      await call(tenant, 'GET', didPath(did, 'certificate-chain')),
      404,
      `DID ${did} has no certificate chain`,
    );
  });

  it('another tenant’s DID is not found, for every operation', async () => {
    const { did } = await tenantWithDid();
    const stranger = await registerUser(app);
    const text = `DID ${did} not found in tenant`;
    const body = { common_name: 'Mallory' };
    expectError(await call(stranger, 'POST', didPath(did, 'certificate-signing-request'), body), 404, text);
    expectError(
      await call(stranger, 'PUT', didPath(did, 'certificate-chain'), { certificates: [issuing.pem] }),
      404,
      text,
    );
    expectError(await call(stranger, 'GET', didPath(did, 'certificate-chain')), 404, text);
    expectError(await call(stranger, 'DELETE', didPath(did, 'certificate-chain')), 404, text);
  });

  it('a SAN only for names the tenant holds: its issuer identifier, not another tenant’s nor an unverified domain', async () => {
    const { tenant, did } = await tenantWithDid();
    const other = await registerUser(app);
    const { csr } = await certify(tenant, did, { uris: [issuerIdentifier(tenant)] });
    const san = execFileSync('openssl', ['req', '-noout', '-text'], { input: csr }).toString();
    expect(san).toContain(`URI:${issuerIdentifier(tenant)}`);
    const path = didPath(did, 'certificate-signing-request');
    const subject = { common_name: 'x' };
    expectError(
      await call(tenant, 'POST', path, { ...subject, uris: [issuerIdentifier(other)] }),
      400,
      `uris: ${issuerIdentifier(other)} is not a credential issuer identifier of the tenant (${issuerIdentifier(tenant)}, or https://<verified custom domain>)`,
    );
    expectError(
      await call(tenant, 'POST', path, { ...subject, dns_names: ['unverified.example.com'] }),
      400,
      'dns_names: unverified.example.com is not a verified custom domain of the tenant',
    );
  });
});
