// Issuer keys a wallet finds without resolving DIDs (HAIP 1.0 §6.1.1, SD-JWT VC §2.5). A CA of the test's own
// (the openssl CLI, test/support/test-ca.ts) certifies a DID's key from the service's PKCS#10 request; the chain goes
// back to the service, checked; SD-JWT VCs then carry it as x5c, which jose (against the leaf's key) and node:crypto
// and `openssl verify` (the chain) check independently, and which our verify accepts against a trust anchor the
// verifying tenant set. Every refusal names its check. The JWT VC Issuer Metadata document is served per tenant.
import { createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { compactVerify, decodeProtectedHeader, importX509, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { changePlan, registerUser, tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { requestOnHost } from '../support/on-host.js';
import { expectError } from '../support/contract.js';
import { foreignCsr, makeTestCa, type Authority, type TestCa } from '../support/test-ca.js';

const BASE = 'https://issuer.test';

let app: TestApp;
let ca: TestCa;
let issuing: Authority;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer('NXDOMAIN');
  app = await startTestApp({ env: { PUBLIC_BASE_URL: BASE, DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '300' } });
  ca = makeTestCa();
  issuing = ca.authority('Test Issuing CA', ca.root, [
    'basicConstraints=critical,CA:TRUE,pathlen:0',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
});
afterAll(async () => {
  await app?.close();
  await dns?.close();
});

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

describe('the same in GraphQL', () => {
  it('requests, sets, reads and removes a chain; issues with issuerIdentifier url; adds and lists an anchor', async () => {
    const { tenant, did } = await tenantWithDid('P-256');
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const response = await app.graphql(query, variables, tenant.token);
      expect(response.body.errors, response.text).toBeUndefined();
      return response.body.data;
    };
    const { requestDidCertificate } = await gql(
      'mutation ($did: String!) { requestDidCertificate(did: $did, input: { commonName: "GraphQL Issuer" }) { csr } }',
      { did },
    );
    const leaf = ca.sign(requestDidCertificate.csr, issuing);
    const set = await gql(
      'mutation ($did: String!, $c: [String!]!) { setDidCertificateChain(did: $did, input: { certificates: $c }) { x5c certificates { subject } } }',
      { did, c: [leaf, issuing.pem] },
    );
    expect(set.setDidCertificateChain).toEqual({
      x5c: [der(leaf), der(issuing.pem)],
      certificates: [{ subject: 'CN=GraphQL Issuer' }, { subject: 'CN=Test Issuing CA' }],
    });
    const read = await gql('query ($did: String!) { didCertificateChain(did: $did) { x5c } }', { did });
    expect(read.didCertificateChain.x5c).toEqual(set.setDidCertificateChain.x5c);
    const issued = await gql(
      'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { credential } }',
      {
        input: {
          format: 'vc_sd_jwt',
          issuer: did,
          vct: 'https://example.com/x',
          claims: { a: 1 },
          issuerIdentifier: 'url',
        },
      },
    );
    const jwt = issued.issueCredential.credential.split('~')[0];
    expect(decodeProtectedHeader(jwt).x5c).toEqual(read.didCertificateChain.x5c);
    expect(JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).iss).toBe(issuerIdentifier(tenant));
    await gql('mutation ($did: String!) { removeDidCertificateChain(did: $did) { did } }', { did });
    const added = await gql('mutation ($c: String!) { addTrustAnchor(input: { certificate: $c }) { id subject } }', {
      c: ca.root.pem,
    });
    expect((await gql('{ trustAnchors { id subject } }', {})).trustAnchors).toEqual([added.addTrustAnchor]);
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
    // Nothing was kept by any of these.
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

const check = (result: { checks: { name: string }[] }, name: string) =>
  result.checks.find((c) => c.name === name) as any;

/** A tenant of its own that verifies, trusting `roots`. */
async function verifierTrusting(roots: string[]) {
  const verifier = await registerUser(app);
  for (const certificate of roots) await ok(call(verifier, 'POST', '/v1/trust/anchors', { certificate, name: 'root' }));
  return verifier;
}

const verify = (verifier: RegisteredUser, credential: string) =>
  ok(call(verifier, 'POST', '/v1/credentials/verify', { credential }));

/** A DID certified with its issuer identifier as URI SAN, and an SD-JWT VC whose iss is that identifier. */
async function certifiedUrlIssuer() {
  const { tenant, did } = await tenantWithDid('P-256');
  const { leaf } = await certify(tenant, did, { uris: [issuerIdentifier(tenant)] });
  await ok(call(tenant, 'PUT', didPath(did, 'certificate-chain'), { certificates: [leaf, issuing.pem] }));
  const issued = await sdJwt(tenant, did, { issuer_identifier: 'url' });
  return { tenant, did, credential: issued.credential as string };
}

describe('verify finds an SD-JWT VC’s key by its DID, its x5c chain, or its JWT VC Issuer Metadata', () => {
  it('iss a URL: x5c against the verifier’s root; without a root, the issuer’s metadata; a chain to no root of its own fails', async () => {
    const { tenant, did, credential } = await certifiedUrlIssuer();
    const payload = JSON.parse(Buffer.from(credential.split('.')[1]!, 'base64url').toString());
    expect(payload.iss).toBe(issuerIdentifier(tenant));
    expect(decodeProtectedHeader(credential.split('~')[0]!).kid).toMatch(new RegExp(`^${did}#`));

    const trusting = await verifyAs(await verifierTrusting([ca.root.pem]), credential);
    expect(check(trusting, 'signature')).toEqual({
      name: 'signature',
      status: 'passed',
      detail: `ES256 signature by ${issuerIdentifier(tenant)} (key from x5c)`,
    });
    expect(trusting.verified).toBe(true);
    expect(trusting.issuer).toBe(issuerIdentifier(tenant));

    const plain = await verifyAs(await registerUser(app), credential);
    expect(check(plain, 'signature').detail).toBe(
      `ES256 signature by ${issuerIdentifier(tenant)} (key from JWT VC Issuer Metadata)`,
    );
    expect(plain.verified).toBe(true);

    const stranger = makeTestCa('Stranger Root CA');
    const refused = await verifyAs(await verifierTrusting([stranger.root.pem]), credential);
    expect(check(refused, 'signature')).toEqual({
      name: 'signature',
      status: 'failed',
      detail:
        'could not resolve the issuer key: x5c chain refused (trust_anchor): certificate 2 (CN=Test Issuing CA) is not issued by a trusted root (issuer CN=Test Root CA)',
    });
    expect(refused.verified).toBe(false);
  });

  it('an x5c leaf that names another issuer is refused; a DID issuer is verified by its DID whatever x5c says', async () => {
    const { tenant, did } = await tenantWithDid();
    const { leaf } = await certify(tenant, did); // no SAN
    await ok(call(tenant, 'PUT', didPath(did, 'certificate-chain'), { certificates: [leaf, issuing.pem] }));
    const verifier = await verifierTrusting([ca.root.pem]);
    const byUrl = await sdJwt(tenant, did, { issuer_identifier: 'url' });
    const result = await verifyAs(verifier, byUrl.credential);
    expect(check(result, 'signature').detail).toBe(
      `could not resolve the issuer key: x5c chain refused (issuer): the leaf names neither issuer.test (dNSName) nor ${issuerIdentifier(tenant)} (URI) in its subjectAltName`,
    );
    const byDid = await verifyAs(verifier, (await sdJwt(tenant, did)).credential);
    expect(check(byDid, 'signature')).toEqual({
      name: 'signature',
      status: 'passed',
      detail: `EdDSA signature by ${did}`,
    });
    expect(byDid.verified).toBe(true);
  });

  it('an issuer elsewhere, signing with jose: its x5c from a trusted CA verifies; a self-signed leaf does not', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyFile = path.join(ca.dir, `partner-${uniqueSuffix()}.key`);
    writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const openssl = (...args: string[]) =>
      execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    const name = ['-subj', '/CN=partner.example', '-addext', 'subjectAltName=DNS:partner.example'];
    const certified = ca.sign(openssl('req', '-new', '-key', keyFile, ...name), issuing);
    const selfSigned = openssl(
      'req',
      '-x509',
      '-key',
      keyFile,
      '-days',
      '1',
      ...name,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,digitalSignature,keyCertSign',
    );
    const iat = Math.floor(Date.now() / 1000);
    const credential = async (x5c: string[]) =>
      `${await new SignJWT({ iss: 'https://partner.example', iat, vct: 'https://partner.example/pass' })
        .setProtectedHeader({ alg: 'ES256', typ: 'dc+sd-jwt', x5c })
        .sign(privateKey)}~`;
    // It trusts the self-signed certificate as a root too: even so, HAIP wants a CA's word for the signer.
    const verifier = await verifierTrusting([ca.root.pem, selfSigned]);
    const good = await verifyAs(verifier, await credential([der(certified), der(issuing.pem)]));
    expect(check(good, 'signature').detail).toBe('ES256 signature by https://partner.example (key from x5c)');
    const bad = await verifyAs(verifier, await credential([der(selfSigned)]));
    expect(check(bad, 'signature').detail).toBe(
      'could not resolve the issuer key: x5c chain refused (leaf_self_signed): certificate 1 (CN=partner.example) is self-signed: a CA must certify it',
    );
  });

  it('issuer_identifier url is for SD-JWT VCs only', async () => {
    const { tenant, did } = await tenantWithDid();
    const body = { format: 'jwt_vc_json', issuer: did, type: 'KycCredential', claims: {}, issuer_identifier: 'url' };
    expectError(
      await call(tenant, 'POST', '/v1/credentials/issue', body),
      400,
      'issuer_identifier url is not available for jwt_vc_json',
    );
    expectError(
      await call(tenant, 'POST', '/v1/credentials/issue', {
        ...body,
        format: 'vc+sd-jwt',
        vct: 'x',
        issuer_identifier: 'web',
      }),
      400,
      'issuer_identifier must be did or url',
    );
  });
});

const verifyAs = verify;

describe('JWT VC Issuer Metadata, published', () => {
  it('names the tenant’s issuer identifier and its active DIDs’ keys by kid; cacheable; 404 for no such tenant', async () => {
    const { tenant, did, document } = await tenantWithDid('P-256');
    const second = await ok(call(tenant, 'POST', '/v1/dids', { key_type: 'Ed25519' }));
    const path = `/.well-known/jwt-vc-issuer/oid4vci/${tenant.tenant_slug}`;
    const first = await app.request('GET', path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const p256 = document.verificationMethod[0].publicKeyJwk;
    expect(first.body).toEqual({
      issuer: issuerIdentifier(tenant),
      jwks: {
        keys: [
          {
            kid: document.verificationMethod[0].id,
            kty: 'EC',
            crv: 'P-256',
            x: p256.x,
            y: p256.y,
            alg: 'ES256',
            use: 'sig',
          },
          {
            kid: second.verification_method,
            kty: 'OKP',
            crv: 'Ed25519',
            x: second.did_document.verificationMethod[0].publicKeyJwk.x,
            alg: 'EdDSA',
            use: 'sig',
          },
        ],
      },
    });
    const etag = first.headers.get('etag')!;
    expect((await app.request('GET', path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // A DID deactivated is a key gone: the document and its validator change.
    await ok(call(tenant, 'POST', `/v1/dids/${encodeURIComponent(second.did)}/deactivate`));
    const after = await app.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.jwks.keys.map((key: { kid: string }) => key.kid)).toEqual([
      `${did}#${did.slice('did:key:'.length)}`,
    ]);
    expect((await app.request('GET', '/.well-known/jwt-vc-issuer/oid4vci/no-such-tenant-here')).status).toBe(404);
    expect((await app.request('GET', '/.well-known/jwt-vc-issuer')).status).toBe(404);
  });

  it('on a verified custom domain: https://{domain} is the issuer, in the metadata, in iss, and verified', async () => {
    const owner = await tenantOnPlan(app, 'business');
    const domain = `vc-${uniqueSuffix()}.example.com`;
    const created = await ok(call(owner, 'POST', '/v1/domains', { domain }));
    dns.setTxt(created.verification.name, [created.verification.value]);
    await ok(call(owner, 'POST', `/v1/domains/${created.id}/verify`));
    const did = (await ok(call(owner, 'POST', '/v1/dids', {}))).did as string;
    const metadata = await requestOnHost(app, domain, 'GET', '/.well-known/jwt-vc-issuer');
    expect(metadata.status).toBe(200);
    expect(metadata.body.issuer).toBe(`https://${domain}`);
    expect(metadata.body.jwks.keys.map((key: { kid: string }) => key.kid.split('#')[0])).toEqual([did]);
    // The path form is the service host's, not the domain's.
    expect(
      (await requestOnHost(app, domain, 'GET', `/.well-known/jwt-vc-issuer/oid4vci/${owner.tenant_slug}`)).status,
    ).toBe(404);
    // A certificate for the domain (dNSName SAN), and a credential issued on the domain: iss is https://{domain}.
    const { csr } = await ok(
      call(owner, 'POST', didPath(did, 'certificate-signing-request'), {
        common_name: domain,
        dns_names: [domain],
        uris: [`https://${domain}`],
      }),
    );
    await ok(
      call(owner, 'PUT', didPath(did, 'certificate-chain'), { certificates: [ca.sign(csr, issuing), issuing.pem] }),
    );
    const issued = await requestOnHost(app, domain, 'POST', '/v1/credentials/issue', {
      token: owner.token,
      body: {
        format: 'vc+sd-jwt',
        issuer: did,
        vct: 'https://credentials.example.com/degree',
        claims: { a: 1 },
        issuer_identifier: 'url',
      },
    });
    expect(issued.status, issued.text).toBe(200);
    const payload = JSON.parse(Buffer.from(issued.body.credential.split('.')[1], 'base64url').toString());
    expect(payload.iss).toBe(`https://${domain}`);
    for (const verifier of [await registerUser(app), await verifierTrusting([ca.root.pem])]) {
      const result = await verifyAs(verifier, issued.body.credential);
      expect(result.checks.filter((c: { status: string }) => c.status === 'failed')).toEqual([]);
    }
  });
});

describe('trust anchors', () => {
  it('added, listed, removed; a certificate that is not a CA or is already there refused; another tenant’s is not found', async () => {
    const tenant = await registerUser(app);
    const added = await ok(call(tenant, 'POST', '/v1/trust/anchors', { certificate: ca.root.pem, name: 'Test PKI' }));
    expect(added).toMatchObject({
      name: 'Test PKI',
      subject: 'CN=Test Root CA',
      issuer: 'CN=Test Root CA',
      fingerprint_sha256: new X509Certificate(ca.root.pem).fingerprint256.replaceAll(':', '').toLowerCase(),
    });
    expect((await ok(call(tenant, 'GET', '/v1/trust/anchors'))).anchors.map((a: { id: string }) => a.id)).toEqual([
      added.id,
    ]);
    expectError(
      await call(tenant, 'POST', '/v1/trust/anchors', { certificate: der(ca.root.pem) }),
      409,
      'this certificate is already a trust anchor of the tenant',
    );
    const notCa = ca.authority('Leafish', ca.root, [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
    ]);
    expectError(
      await call(tenant, 'POST', '/v1/trust/anchors', { certificate: notCa.pem }),
      400,
      'a trust anchor must be a CA certificate: it is not a CA (basicConstraints cA is not set)',
    );
    const stranger = await registerUser(app);
    expectError(await call(stranger, 'DELETE', `/v1/trust/anchors/${added.id}`), 404, 'trust anchor not found');
    expect(await ok(call(tenant, 'DELETE', `/v1/trust/anchors/${added.id}`))).toEqual(added);
    expect((await ok(call(tenant, 'GET', '/v1/trust/anchors'))).anchors).toEqual([]);
  });
});
