// OpenID4VP's rows: presentations verified at the response endpoint, each format beside `POST /v1/credentials/verify`
// of the same credential in the same run, through the same closed loop (load.ts) as the same Enterprise tenants in
// turn. Each tenant issues itself a dc+sd-jwt bound to a holder's P-256 key (cnf) and a jwt_vc_json about a holder's
// did:key, and asks for them by direct_post.jwt. The wallet is test/support/oid4vp-wallet.ts (jose and node:crypto,
// written from the specification): before the timed part it creates the requests through the API, fetches and checks
// each signed request object (POST, with a wallet_nonce), presents (an SD-JWT+KB of the asked disclosures, or a VP
// JWT) and encrypts the answer to the request's key; the timed part only posts the answers, each once.
import {
  answer,
  newDidKey,
  newHolderKey,
  openRequest,
  presentJwtVc,
  presentSdJwt,
} from '../test/support/oid4vp-wallet.js';
import { CLAIMS, issueBody, ISSUING_TENANTS } from './issue.js';
import { runClosedLoop, type LoadResult, type PreparedRequest } from './load.js';
import { tenantWithDid } from './service.js';
import { prepareRequests, walletTransport, type WalletTransport } from './wallet-transport.js';

const VCT = 'https://example.com/degree';
export const PRESENTATION_FORMATS = ['dc+sd-jwt', 'jwt_vc_json'] as const;
type Format = (typeof PRESENTATION_FORMATS)[number];

export type Oid4vpRow = { format: Format; verify: LoadResult; response: LoadResult; preparedSeconds: number };

/** What each format's requests ask: the degree and a name, as the short form or as DCQL by path. */
const REQUEST_BODIES: Record<Format, object> = {
  'dc+sd-jwt': { credential: { format: 'dc+sd-jwt', type: VCT, claims: ['given_name', 'degree'] } },
  jwt_vc_json: {
    dcql_query: {
      credentials: [
        {
          id: 'credential',
          format: 'jwt_vc_json',
          meta: { type_values: [['UniversityDegreeCredential']] },
          claims: [{ path: ['credentialSubject', 'degree'] }, { path: ['credentialSubject', 'given_name'] }],
        },
      ],
    },
  },
};

type VerifyingTenant = { auth: { authorization: string }; credentials: Record<Format, string> };

const holderKey = newHolderKey();
const holderDid = newDidKey();

async function ok(response: Promise<{ status: number; text: string; body: any }>, what: string) {
  const result = await response;
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${result.text}`);
  return result.body;
}

/** An Enterprise tenant with a DID and, issued by it, one credential of each format held by the bench's holder. */
async function verifyingTenant(url: string, transport: WalletTransport): Promise<VerifyingTenant> {
  const { auth, did } = await tenantWithDid(url);
  const headers = { ...auth, 'content-type': 'application/json' };
  const issue = async (body: string) =>
    (await ok(transport.request('POST', '/v1/credentials/issue', { headers, rawBody: body }), 'issue'))
      .credential as string;
  return {
    auth,
    credentials: {
      'dc+sd-jwt': await issue(issueBody('vc+sd-jwt', did, { holder_jwk: holderKey.publicJwk })),
      jwt_vc_json: await issue(issueBody('jwt_vc_json', did, { subject_id: holderDid.did })),
    },
  };
}

/** One request of the tenant's, opened by the wallet, and its answer made and held. */
async function preparedAnswer(format: Format, tenant: VerifyingTenant, transport: WalletTransport) {
  const created = await ok(
    transport.request('POST', '/v1/oid4vp/requests', { headers: tenant.auth, body: REQUEST_BODIES[format] }),
    'presentation request',
  );
  const { request } = await openRequest(transport, created.authorization_request, { post: true });
  const credential = tenant.credentials[format];
  const binding = { aud: request.client_id, nonce: request.nonce };
  const presentation =
    format === 'dc+sd-jwt'
      ? await presentSdJwt(credential, { disclose: ['given_name', 'degree'], holderKey, ...binding })
      : await presentJwtVc(credential, holderDid, binding);
  transport.holdNext();
  await answer(transport, request, { credential: [presentation] });
}

export async function benchOid4vp(
  url: string,
  options: { connections: number; seconds: number; requests: number; pid?: number },
): Promise<Oid4vpRow[]> {
  const setup = walletTransport(url);
  const tenants = await Promise.all(Array.from({ length: ISSUING_TENANTS }, () => verifyingTenant(url, setup)));
  setup.close();
  const loop = { connections: options.connections, seconds: options.seconds, expectStatus: 200, pid: options.pid };
  const rows: Oid4vpRow[] = [];
  for (const format of PRESENTATION_FORMATS) {
    const verifies: PreparedRequest[] = tenants.map((tenant) => ({
      path: '/v1/credentials/verify',
      headers: { ...tenant.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ credential: tenant.credentials[format] }),
    }));
    let sent = 0;
    const verify = () => runClosedLoop(url, 'POST', () => verifies[sent++ % verifies.length]!, loop);
    const answers = (count: number) =>
      prepareRequests(url, count, options.connections, (index, transport) =>
        preparedAnswer(format, tenants[index % tenants.length]!, transport),
      );
    // Warm-up: both paths a little, then each measured once.
    await runClosedLoop(url, 'POST', () => verifies[sent++ % verifies.length]!, { ...loop, seconds: 1 });
    const warmUp = await answers(100);
    await runClosedLoop(url, 'POST', () => warmUp.shift() ?? null, { ...loop, seconds: 30 });
    const preparing = performance.now();
    const prepared = await answers(options.requests);
    const preparedSeconds = (performance.now() - preparing) / 1000;
    const verified = await verify();
    // Every answer is posted once: the row ends when they are answered (the requests live 5 minutes).
    const response = await runClosedLoop(url, 'POST', () => prepared.shift() ?? null, {
      ...loop,
      seconds: 120,
      label: `response endpoint ${format}`,
    });
    rows.push({ format, verify: verified, response, preparedSeconds });
  }
  return rows;
}
