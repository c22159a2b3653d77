// Credential issuance throughput over HTTP (50 connections on an Enterprise tenant, whose limits do not
// interfere), per format, and the raw signing rate of the same code in this process, measured in the same
// run: issues/s ÷ signatures/s says how much of the request is signing and how much is everything else.
import { randomUUID } from 'node:crypto';
import { generateDidKey, signerFor, DID_KEY_ALG } from '../src/modules/dids/did-key.js';
import { issueJwtVcJson, issueSdJwtVc, type IssuerKey } from '../src/modules/credentials/credential-formats.js';
import { parseIssueInput } from '../src/modules/credentials/credentials.inputs.js';
import { runLoad, type LoadResult } from './load.js';

const CLAIMS = { given_name: 'Ada', family_name: 'Lovelace', degree: 'BSc Mathematics', gpa: 3.9 };

export function issueBody(format: 'jwt_vc_json' | 'vc+sd-jwt', issuer: string) {
  return JSON.stringify({
    format,
    issuer,
    subject_id: 'did:example:holder',
    claims: CLAIMS,
    ...(format === 'jwt_vc_json' ? { type: 'UniversityDegreeCredential' } : { vct: 'https://example.com/degree' }),
  });
}

/** Signatures per second of the issuing code itself (build + sign one credential), for `seconds`. */
export async function rawSigningRate(format: 'jwt_vc_json' | 'vc+sd-jwt', seconds: number): Promise<number> {
  const generated = generateDidKey('Ed25519');
  const key: IssuerKey = {
    did: generated.did,
    kid: generated.kid,
    alg: DID_KEY_ALG.Ed25519,
    sign: signerFor('Ed25519', generated.privateKeyPkcs8),
  };
  const input = parseIssueInput(JSON.parse(issueBody(format, generated.did)));
  const deadline = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) {
      const context = {
        credentialId: randomUUID(),
        issuedAt: new Date(),
        statusListUrl: 'https://x/v1/status-lists/1',
        statusIndex: i,
      };
      if (format === 'jwt_vc_json') issueJwtVcJson(input, key, context);
      else await issueSdJwtVc(input, key, context);
    }
    count += 100;
  }
  return count / ((performance.now() - started) / 1000);
}

/** Issues over HTTP, one fresh Enterprise tenant (from `tenant`) and Ed25519 DID per format. */
export async function benchIssue(
  url: string,
  tenant: () => Promise<{ auth: Record<string, string> }>,
  options: { connections: number; seconds: number },
): Promise<[string, LoadResult, number][]> {
  const rows: [string, LoadResult, number][] = [];
  for (const format of ['jwt_vc_json', 'vc+sd-jwt'] as const) {
    const auth = { ...(await tenant()).auth, 'content-type': 'application/json' };
    const response = await fetch(`${url}/v1/dids`, { method: 'POST', headers: auth, body: '{"key_type":"Ed25519"}' });
    if (!response.ok) throw new Error(`create DID: ${response.status} ${await response.text()}`);
    const did = (await response.json()) as { did: string };
    const body = issueBody(format, did.did);
    // A short warm-up: the first issue of a DID decrypts its key and starts its status list.
    await runLoad(
      url,
      { method: 'POST', path: '/v1/credentials/issue', headers: auth, body: () => body, expectStatus: 200 },
      4,
      0.5,
    );
    const result = await runLoad(
      url,
      { method: 'POST', path: '/v1/credentials/issue', headers: auth, body: () => body, expectStatus: 200 },
      options.connections,
      options.seconds,
    );
    rows.push([`POST /v1/credentials/issue ${format}`, result, await rawSigningRate(format, 1)]);
  }
  return rows;
}
