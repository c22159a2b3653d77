// The SD-JWT VC issuer (src/modules/credentials/formats/sd-jwt-vc/sd-jwt-vc.issue.ts) builds the credential's
// disclosures, digests and compact JWS itself: it must give exactly what the library's
// SDJwtVcInstance.issue() gives for the same payload, frame and salts. Ed25519 signatures are deterministic,
// so the two serialisations are compared byte for byte.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { describe, expect, it } from 'vitest';
import { issueSdJwtVc } from '../../src/modules/credentials/formats/sd-jwt-vc/sd-jwt-vc.issue.js';
import type { IssueInput } from '../../src/modules/credentials/credentials.inputs.js';
import type { SigningKey } from '../../src/modules/dids/signing-keys.js';

const { privateKey } = generateKeyPairSync('ed25519');
const key: SigningKey = {
  did: 'did:key:z6MkexampleIssuer',
  kid: 'did:key:z6MkexampleIssuer#z6MkexampleIssuer',
  alg: 'EdDSA',
  sign: (data) => sign(null, data, privateKey),
};
const context = {
  credentialId: '0b8e5a0e-1111-4222-8333-444455556666',
  issuedAt: new Date('2026-11-27T12:00:00Z'),
  statusListUrl: 'https://issuer.example.com/v1/status-lists/3f1c',
  statusIndex: 4242,
};

/** The salts of an SD-JWT's disclosures, in order. */
function saltsOf(sdJwt: string): string[] {
  const [, ...disclosures] = sdJwt.split('~').slice(0, -1);
  return disclosures.map((disclosure) => JSON.parse(Buffer.from(disclosure, 'base64url').toString('utf8'))[0]);
}

/** The library's issue() on the payload our issuer signed, with the salts it drew. */
async function libraryIssue(ours: string, input: IssueInput): Promise<string> {
  const payload = JSON.parse(Buffer.from(ours.split('.')[1]!, 'base64url').toString('utf8'));
  const salts = saltsOf(ours);
  const sdJwtVc = new SDJwtVcInstance({
    hasher: (data) =>
      new Uint8Array(
        createHash('sha256')
          .update(data as string)
          .digest(),
      ),
    hashAlg: 'sha-256',
    saltGenerator: () => salts.shift()!,
    signer: (data) => Buffer.from(key.sign(Buffer.from(data, 'ascii'))).toString('base64url'),
    signAlg: key.alg,
  });
  // The claims as the caller gave them: the payload without what pack() made of them.
  const { _sd, _sd_alg, ...visible } = payload;
  const claims = { ...visible, ...(input.claims ?? {}) };
  return sdJwtVc.issue(claims, { _sd: input.disclosable ?? Object.keys(input.claims ?? {}) } as never, {
    header: { typ: input.sdJwtTyp ?? 'dc+sd-jwt', kid: key.kid },
  });
}

/** A vc+sd-jwt request of the issuer above, as the service has validated it. */
const request = (fields: Partial<IssueInput>): IssueInput => ({ format: 'vc+sd-jwt', issuer: key.did, ...fields });

const CASES: Record<string, IssueInput> = {
  'every claim disclosable, nested values': request({
    vct: 'https://credentials.example.com/degree',
    subjectId: 'did:example:holder',
    claims: { given_name: 'Ada', degree: { type: 'BSc', subjects: ['Mathematics', 'Logic'] }, gpa: 3.9, alumni: true },
  }),
  'a subset disclosable, expiry, holder key, the older typ': request({
    vct: 'https://credentials.example.com/membership',
    claims: { member_since: 2019, tier: 'gold', region: 'EU' },
    disclosable: ['tier'],
    validFrom: new Date('2026-12-01T00:00:00Z'),
    validUntil: new Date('2027-12-01T00:00:00Z'),
    holderJwk: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
    sdJwtTyp: 'vc+sd-jwt',
  }),
  'no claims: no disclosures': request({ vct: 'https://credentials.example.com/empty' }),
  "disclosable named out of the claims' order; integer-like names, null, escapes": request({
    vct: 'https://credentials.example.com/mixed',
    claims: { region: 'EU', '7': 'seven', note: 'a "quote", a \\ and a line\u2028separator', missing: null, tier: 2 },
    disclosable: ['tier', 'note', '7', 'missing'],
  }),
  'unicode in a claim': request({
    vct: 'https://credentials.example.com/name',
    claims: { family_name: 'Müller-Łukasiewicz 山田' },
  }),
};

describe('issuing vc+sd-jwt', () => {
  it.each(Object.entries(CASES))('%s: byte for byte what SDJwtVcInstance.issue() gives', async (_, input) => {
    const ours = await issueSdJwtVc(input, key, context);
    expect(ours.endsWith('~')).toBe(true);
    expect(saltsOf(ours)).toHaveLength((input.disclosable ?? Object.keys(input.claims ?? {})).length);
    expect(ours).toBe(await libraryIssue(ours, input));
  });

  it('draws a fresh 128-bit salt for every disclosure', async () => {
    const input = CASES['every claim disclosable, nested values']!;
    const salts = [
      ...saltsOf(await issueSdJwtVc(input, key, context)),
      ...saltsOf(await issueSdJwtVc(input, key, context)),
    ];
    expect(new Set(salts).size).toBe(salts.length);
    for (const salt of salts) expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
  });

  it("keeps the library's rule: a protected claim is never disclosable", async () => {
    const input = request({ vct: 'https://credentials.example.com/x', claims: { a: 1 }, disclosable: ['status'] });
    expect(() => issueSdJwtVc(input, key, context)).toThrow('Cannot disclose protected field');
  });
});
