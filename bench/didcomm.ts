// DIDComm messaging throughput: sending (pack + store, and pack + store + the recipient's unpack when
// the recipient is hosted here) through POST /v1/didcomm/messages, and receiving fresh authcrypt envelopes from
// an outside agent through the public inbox POST /didcomm. Envelopes for the inbound row are packed beforehand in
// this process with the same library (a pool of distinct messages: a repeated id would only be deduplicated).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { DEFAULT_DID_METHOD } from '../src/modules/dids/methods/index.js';
import { MEDIA_TYPES, pack, secretsOfDid, secretsResolver } from '../src/modules/didcomm/didcomm.envelope.js';
import { didcommDidResolver, didcommDocument } from '../src/modules/didcomm/didcomm.resolver.js';
import { runLoad, type LoadResult } from './load.js';

const BASIC = 'https://didcomm.org/basicmessage/2.0/message';

type Tenant = { auth: Record<string, string> };

async function createDid(url: string, tenant: Tenant): Promise<string> {
  const response = await fetch(`${url}/v1/dids`, {
    method: 'POST',
    headers: { ...tenant.auth, 'content-type': 'application/json' },
    body: '{"key_type":"Ed25519"}',
  });
  if (!response.ok) throw new Error(`create DID: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { did: string }).did;
}

/** An agent outside the service: a did:key and its DIDComm secrets. */
async function outsideAgent() {
  const created = DEFAULT_DID_METHOD.create('Ed25519');
  const document = (await didcommDocument(created.did)) as {
    keyAgreement: string[];
    authentication: string[];
    verificationMethod: { id: string; publicKeyJwk: { x: string } }[];
  };
  const keyAgreementKid = document.keyAgreement[0]!;
  const secrets = secretsOfDid('Ed25519', created.privateKeyPkcs8, {
    signingKid: document.authentication[0]!,
    keyAgreementKid,
    keyAgreementJwk: document.verificationMethod.find((method) => method.id === keyAgreementKid)!.publicKeyJwk,
  });
  return { did: created.did, secrets: secretsResolver(secrets) };
}

export type DidcommBench = { rows: [string, LoadResult][]; packedPerSecond: number };

export async function benchDidcomm(
  url: string,
  tenant: () => Promise<Tenant>,
  options: { connections: number; seconds: number },
): Promise<DidcommBench> {
  const sender = await tenant();
  const recipient = await tenant();
  const [from, hosted] = [await createDid(url, sender), await createDid(url, recipient)];
  const outside = await outsideAgent();
  const rows: [string, LoadResult][] = [];
  const send = (to: string) => ({
    method: 'POST' as const,
    path: '/v1/didcomm/messages',
    headers: sender.auth,
    body: () => JSON.stringify({ from, to, type: BASIC, body: { content: 'bench' } }),
    expectStatus: 200,
  });
  await runLoad(url, send(outside.did), 4, 0.5); // warm-up: key decryption, prepared plans
  rows.push([
    'POST /v1/didcomm/messages to an outside did:key (pack + store)',
    await runLoad(url, send(outside.did), options.connections, options.seconds),
  ]);
  rows.push([
    'POST /v1/didcomm/messages to a hosted DID (+ its unpack and inbox)',
    await runLoad(url, send(hosted), options.connections, options.seconds),
  ]);

  // Fresh envelopes: more than the inbound row can take at the rate above, each a message of its own.
  const poolSize = 4000;
  const pool: string[] = [];
  const packStarted = performance.now();
  for (let i = 0; i < poolSize; i++) {
    const plain = {
      id: randomUUID(),
      typ: MEDIA_TYPES.plaintext,
      type: BASIC,
      from: outside.did,
      to: [hosted],
      created_time: Math.floor(Date.now() / 1000),
      body: { content: `bench ${i}` },
    };
    const { envelope } = await pack(plain, {
      packing: 'authcrypt',
      from: outside.did,
      to: hosted,
      resolver: didcommDidResolver,
      secrets: outside.secrets,
    });
    pool.push(envelope);
  }
  const packedPerSecond = poolSize / ((performance.now() - packStarted) / 1000);
  let next = 0;
  const result = await autocannon({
    url: `${url}/didcomm`,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': MEDIA_TYPES.authcrypt },
        setupRequest: (request) => ({ ...request, body: pool[next++ % poolSize] }),
      },
    ],
  });
  const accepted = (result.statusCodeStats as unknown as Record<string, { count: number }>)['202']?.count ?? 0;
  rows.push([
    `POST /didcomm authcrypt inbound (unpack + store; ${next > poolSize ? 'pool reused: some duplicates' : 'all fresh'})`,
    {
      requests: accepted,
      perSecond: accepted / (result.duration || options.seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts,
    },
  ]);
  return { rows, packedPerSecond };
}
