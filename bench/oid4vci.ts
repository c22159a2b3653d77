// OpenID4VCI's rows: dc+sd-jwt credentials through the pre-authorized code flow, beside the same credentials issued by
// `POST /v1/credentials/issue` (a P-256 holder key as cnf) in the same run, through the same closed loop (load.ts) as
// the same Enterprise tenants in turn. The wallet is test/support/oid4vci-wallet.ts (jose and node:crypto, written
// from the specification), with a fresh DPoP key and a fresh holder key (both ES256) for each offer.
// - the flow end to end: the tenant creates an offer (`POST /v1/oid4vci/offers`), the wallet redeems its code with
//   DPoP (sent first without the server's nonce, answered use_dpop_nonce, and again with it, as a new wallet does),
//   takes a c_nonce and asks for the credential: five requests and three signatures of the wallet's per credential.
// - the credential endpoint alone: offers redeemed and c_nonces taken beforehand, each request's key proof and DPoP
//   proof signed beforehand too (each is single use), so the timed part is the service's `POST …/credential` only.
import { createWallet, keyProof, walletKey, type CredentialOffer } from '../test/support/oid4vci-wallet.js';
import { CLAIMS, issueBody, ISSUING_TENANTS } from './issue.js';
import { cpuMicros } from './baseline-compare.js';
import { runClosedLoop, type LoadResult, type PreparedRequest } from './load.js';
import { tenantWithDid } from './service.js';
import { prepareRequests, walletTransport, type WalletTransport } from './wallet-transport.js';

const CONFIGURATION_ID = 'Degree';
const VCT = 'https://example.com/degree';
const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

export type Oid4vciBench = {
  /** The issue path before and after the OpenID4VCI rows. */
  issue: [LoadResult, LoadResult];
  credentialEndpoint: LoadResult;
  /** Credentials a second through the whole flow; `requests` counts flows. */
  flow: LoadResult;
  prepared: { count: number; seconds: number };
};

type IssuingTenant = {
  auth: { authorization: string };
  issueRequest: PreparedRequest;
  identifier: string;
  endpoints: { token: string; nonce: string; credential: string };
};

async function ok(response: Promise<{ status: number; text: string; body: any }>, what: string) {
  const answer = await response;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** An Enterprise tenant with an Ed25519 DID, a dc+sd-jwt configuration, and its issuer's endpoints as read by a wallet. */
async function issuingTenant(url: string, transport: WalletTransport): Promise<IssuingTenant> {
  const { auth, did } = await tenantWithDid(url);
  const headers = { ...auth, 'content-type': 'application/json' };
  const configuration = { configuration_id: CONFIGURATION_ID, format: 'dc+sd-jwt', issuer: did, vct: VCT };
  await ok(
    transport.request('POST', '/v1/oid4vci/credential-configurations', { headers, body: configuration }),
    'configuration',
  );
  const offer = await createOffer(transport, auth);
  const wallet = createWallet(transport);
  const issuerMetadata = await wallet.metadata(offer.credential_issuer);
  const asMetadata = await wallet.metadata(offer.credential_issuer, 'oauth-authorization-server');
  const holderJwk = walletKey('ES256').publicJwk;
  return {
    auth,
    issueRequest: {
      path: '/v1/credentials/issue',
      headers,
      body: issueBody('vc+sd-jwt', did, { holder_jwk: holderJwk }),
    },
    identifier: offer.credential_issuer,
    endpoints: {
      token: asMetadata.token_endpoint,
      nonce: issuerMetadata.nonce_endpoint,
      credential: issuerMetadata.credential_endpoint,
    },
  };
}

/** The tenant's offer of the configuration, with the same claims as the issue rows' credentials. */
async function createOffer(transport: WalletTransport, auth: { authorization: string }): Promise<CredentialOffer> {
  const body = { configuration_ids: [CONFIGURATION_ID], subject_id: 'did:example:holder', claims: { Degree: CLAIMS } };
  const created = await ok(transport.request('POST', '/v1/oid4vci/offers', { headers: auth, body }), 'offer');
  return created.credential_offer as CredentialOffer;
}

/**
 * One wallet through the flow up to the credential request: an offer, the token (DPoP), a c_nonce, and the request
 * with its key proof, sent, or held when `hold` (then its answer is not read).
 */
async function throughTheFlow(tenant: IssuingTenant, transport: WalletTransport, hold: boolean) {
  const wallet = createWallet(transport, { dpop: walletKey('ES256') });
  const offer = await createOffer(transport, tenant.auth);
  const code = offer.grants[PRE_AUTHORIZED]!['pre-authorized_code'];
  const token = await wallet.tokenRequest(tenant.endpoints.token, code);
  if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
  const cNonce = await wallet.nonce(tenant.endpoints.nonce);
  const proof = await keyProof(walletKey('ES256'), { aud: tenant.identifier, nonce: cNonce });
  if (hold) transport.holdNext();
  const response = await wallet.credentialRequest(tenant.endpoints.credential, token.body.access_token, {
    credential_configuration_id: CONFIGURATION_ID,
    proofs: { jwt: [proof] },
  });
  if (!hold && response.status !== 200) throw new Error(`credential: ${response.status} ${response.text}`);
}

const cycle = (requests: readonly PreparedRequest[]) => {
  let sent = 0;
  return () => requests[sent++ % requests.length]!;
};
const once = (requests: PreparedRequest[]) => () => requests.shift() ?? null;

/** Credential requests of `count` wallets, made beforehand, as the tenants in turn. */
async function preparedCredentialRequests(url: string, tenants: IssuingTenant[], count: number, workers: number) {
  return prepareRequests(url, count, workers, (index, transport) =>
    throughTheFlow(tenants[index % tenants.length]!, transport, true),
  );
}

/** Whole flows by `connections` wallets at once for `seconds`: credentials a second. */
async function flows(url: string, tenants: IssuingTenant[], connections: number, seconds: number, pid?: number) {
  const cpuBefore = pid === undefined ? 0 : await cpuMicros(pid);
  const began = performance.now();
  const deadline = began + seconds * 1000;
  let done = 0;
  let errors = 0;
  let firstError: unknown;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      const transport = walletTransport(url);
      for (let flow = worker; performance.now() < deadline; flow += connections) {
        const started = performance.now();
        try {
          await throughTheFlow(tenants[flow % tenants.length]!, transport, false);
          done++;
          latencies.push(performance.now() - started);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
      transport.close();
    }),
  );
  if (firstError) console.log(`  (${errors} flows failed, the first: ${String(firstError).slice(0, 300)})`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(latencies.length * q)] ?? Number.NaN;
  const elapsed = (performance.now() - began) / 1000;
  const cpuMs = pid === undefined ? Number.NaN : ((await cpuMicros(pid)) - cpuBefore) / 1000 / done;
  return { requests: done, perSecond: done / elapsed, p50: at(0.5), p99: at(0.99), errors, cpuMs } satisfies LoadResult;
}

export async function benchOid4vci(
  url: string,
  options: { connections: number; seconds: number; requests: number; pid?: number },
): Promise<Oid4vciBench> {
  const setup = walletTransport(url);
  const tenants = await Promise.all(Array.from({ length: ISSUING_TENANTS }, () => issuingTenant(url, setup)));
  setup.close();
  const loop = { connections: options.connections, seconds: options.seconds, expectStatus: 200, pid: options.pid };
  const issueRequests = tenants.map((tenant) => tenant.issueRequest);
  const issue = () => runClosedLoop(url, 'POST', cycle(issueRequests), loop);
  // Warm-up: the DIDs' keys decrypted, status lists started, JIT, connections; then both paths once more each.
  await runClosedLoop(url, 'POST', cycle(issueRequests), { ...loop, seconds: 1 });
  const warmUp = await preparedCredentialRequests(url, tenants, 200, options.connections);
  await runClosedLoop(url, 'POST', once(warmUp), { ...loop, seconds: 30 });
  const before = await issue();
  const preparing = performance.now();
  const prepared = await preparedCredentialRequests(url, tenants, options.requests, options.connections);
  const preparedSeconds = (performance.now() - preparing) / 1000;
  // Every request is sent once: the row ends when they are answered (its tokens and nonces live 5 minutes).
  const credentialEndpoint = await runClosedLoop(url, 'POST', once(prepared), {
    ...loop,
    seconds: 120,
    label: 'credential endpoint',
  });
  // A flow takes seconds at 50 at once: a row of 5 s would end with most of them still under way.
  const flow = await flows(url, tenants, options.connections, options.seconds * 3, options.pid);
  const after = await issue();
  return {
    issue: [before, after],
    credentialEndpoint,
    flow,
    prepared: { count: options.requests, seconds: preparedSeconds },
  };
}
