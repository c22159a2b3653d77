// Credential issuance throughput over HTTP (50 connections as Enterprise tenants in turn, whose limits do not
// interfere), per format, and the raw signing rate of the same code in this process, measured in the same
// run: issues/s ÷ signatures/s says how much of the request is signing and how much is everything else.
import { randomUUID } from 'node:crypto';
import { DEFAULT_DID_METHOD } from '../src/modules/dids/methods/index.js';
import { credentialFormatNamed } from '../src/modules/credentials/formats/index.js';
import { parseIssueInput } from '../src/modules/credentials/credentials.inputs.js';
import { inTurn, runLoad, type LoadResult, type LoadTarget } from './load.js';
import { tenantWithDid } from './service.js';

export const CLAIMS = { given_name: 'Ada', family_name: 'Lovelace', degree: 'BSc Mathematics', gpa: 3.9 };

export function issueBody(format: 'jwt_vc_json' | 'vc+sd-jwt', issuer: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    format,
    issuer,
    subject_id: 'did:example:holder',
    claims: CLAIMS,
    ...(format === 'jwt_vc_json' ? { type: 'UniversityDegreeCredential' } : { vct: 'https://example.com/degree' }),
    ...extra,
  });
}

/** Compliance enforcement: the tenant declares personal claims and adopts the enforcing frameworks. */
async function adoptFrameworks(url: string, auth: Record<string, string>) {
  const settings = await fetch(`${url}/v1/compliance/settings`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ personal_claims: ['given_name', 'family_name'] }),
  });
  if (!settings.ok) throw new Error(`compliance settings: ${settings.status} ${await settings.text()}`);
  for (const framework of ['eidas2', 'gdpr', 'iso27001', 'nist-800-63', 'uk-diatf', 'hipaa']) {
    const adopted = await fetch(`${url}/v1/compliance/frameworks/${framework}/adopt`, {
      method: 'POST',
      headers: auth,
    });
    if (!adopted.ok) throw new Error(`adopt ${framework}: ${adopted.status} ${await adopted.text()}`);
  }
}

/** Signatures per second of the issuing code itself (build + sign one credential), for `seconds`. */
export async function rawSigningRate(format: 'jwt_vc_json' | 'vc+sd-jwt', seconds: number): Promise<number> {
  const created = DEFAULT_DID_METHOD.create('Ed25519');
  const key = DEFAULT_DID_METHOD.signingKey(created.did, 'Ed25519', created.privateKeyPkcs8);
  const input = parseIssueInput(JSON.parse(issueBody(format, created.did)));
  const { issue } = credentialFormatNamed(format);
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
      const issued = issue(input, key, context);
      if (typeof issued !== 'string') await issued; // jwt_vc_json signs synchronously: no await to measure
    }
    count += 100;
  }
  return count / ((performance.now() - started) / 1000);
}

/**
 * Tenants each issuing row asks as in turn: one Enterprise tenant's bucket (20,000 at once, then 10,000 a
 * minute) lasts a 5 s row only below some 4,000 issues a second, and one full run reached 3,975/s with 8,295
 * of its answers 429s; three hold 12,000 a second.
 */
export const ISSUING_TENANTS = 3;

/** Issues asked as each of `issuers` in turn (its Authorization header and a body naming its own DID). */
export function issueInTurn(issuers: readonly { auth: { authorization: string }; body: string }[]): LoadTarget {
  return {
    method: 'POST',
    path: '/v1/credentials/issue',
    body: () => issuers[0]!.body,
    expectStatus: 200,
    ...inTurn(
      issuers.map(({ auth }) => auth),
      issuers.map(({ body }) => body),
    ),
  };
}

/** Issues over HTTP as fresh Enterprise tenants in turn, each with an Ed25519 DID, per format. */
export async function benchIssue(
  url: string,
  options: { connections: number; seconds: number },
): Promise<[string, LoadResult, number][]> {
  const rows: [string, LoadResult, number][] = [];
  // The third row: vc+sd-jwt from tenants that adopted every enforcing framework, with what they require.
  const cases = [
    ['jwt_vc_json', ''],
    ['vc+sd-jwt', ''],
    ['vc+sd-jwt', ' (6 frameworks adopted)'],
  ] as const;
  const validUntil = new Date(Date.now() + 365 * 86_400_000).toISOString();
  for (const [format, adopted] of cases) {
    const issuers = await Promise.all(
      Array.from({ length: ISSUING_TENANTS }, async () => {
        const { auth, did } = await tenantWithDid(url);
        if (adopted) await adoptFrameworks(url, { ...auth, 'content-type': 'application/json' });
        return { auth, body: issueBody(format, did, adopted ? { valid_until: validUntil } : {}) };
      }),
    );
    const target = issueInTurn(issuers);
    // A short warm-up: the first issue of a DID decrypts its key and starts its status list.
    await runLoad(url, target, 4, 0.5);
    const result = await runLoad(url, target, options.connections, options.seconds);
    rows.push([`POST /v1/credentials/issue ${format}${adopted}`, result, await rawSigningRate(format, 1)]);
  }
  return rows;
}
