// Proof against software we did not write: credentials issued over HTTP must verify with did-jwt-vc +
// key-did-resolver, jose against the key @digitalbazaar/did-method-key resolves, @sd-jwt/sd-jwt-vc 0.19 and
// @meeco/sd-jwt, and our published status lists must decode with @sd-jwt/jwt-status-list and
// @digitalbazaar/vc-bitstring-status-list. Eight DIDs of each key type issue one credential of each format, so
// a fault that depends on the key (a short coordinate, a signature with leading zeros) has eight chances per
// key type to show.
import { createHash } from 'node:crypto';
import { verifySDJWT } from '@meeco/sd-jwt';
import { ES256, digest } from '@sd-jwt/crypto-nodejs';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import * as jose from 'jose';
import { getResolver } from 'key-did-resolver';
// @ts-expect-error -- the @digitalbazaar packages ship no type declarations
import { checkStatus, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { algOf, digitalBazaarJwk } from '../support/independent-keys.js';

type KeyType = 'Ed25519' | 'P-256';
const KEY_TYPES: KeyType[] = ['Ed25519', 'P-256'];
const ALG: Record<KeyType, 'EdDSA' | 'ES256'> = { Ed25519: 'EdDSA', 'P-256': 'ES256' };
const PER_KEY_TYPE = 8;
const VCT = 'https://credentials.example.com/membership';

type Did = { did: string; kid: string; keyType: KeyType };
type Issued = {
  id: string;
  credential: string;
  issuer: string;
  subject_id: string | null;
  status: { type: string; uri: string; index: number };
  claims: Record<string, unknown>;
  did: Did;
};

let app: TestApp;
let owner: RegisteredUser;
const dids: Record<KeyType, Did[]> = { Ed25519: [], 'P-256': [] };
const jwtVcs: Record<KeyType, Issued[]> = { Ed25519: [], 'P-256': [] };
const sdJwtVcs: Record<KeyType, Issued[]> = { Ed25519: [], 'P-256': [] };

/** Claims that exercise JSON encoding: non-ASCII, quotes and newlines, nested objects, arrays, numbers,
 * booleans, the empty string and null. */
function claimsFor(i: number): Record<string, unknown> {
  return {
    given_name: ['Zoë', 'Łukasz', '太郎', 'Ada', "O'Brien", 'José', 'Ævar', 'Nia'][i % 8],
    family_name: `Müller-${i}`,
    age: 20 + i,
    over_18: i % 2 === 0,
    score: i + 0.5,
    note: i === 3 ? '' : `line 1\nline 2 "quoted" ✓ ${i}`,
    middle_name: i === 5 ? null : `M${i}`,
    address: { street_address: `${i} Hauptstraße`, locality: 'Köln', country: 'DE' },
    nationalities: i % 2 ? ['DE'] : ['DE', 'FR'],
  };
}

async function createDid(keyType: KeyType): Promise<Did> {
  const response = await app.request('POST', '/v1/dids', { token: owner.token, body: { key_type: keyType } });
  expect(response.status, response.text).toBe(200);
  return { did: response.body.did, kid: response.body.verification_method, keyType };
}

async function issue(did: Did, body: Record<string, unknown>): Promise<Issued> {
  const response = await app.request('POST', '/v1/credentials/issue', {
    token: owner.token,
    body: { issuer: did.did, ...body },
  });
  expect(response.status, response.text).toBe(200);
  return { ...response.body, claims: (body.claims ?? {}) as Record<string, unknown>, did };
}

const issueJwtVc = (did: Did, i: number) =>
  issue(did, {
    format: 'jwt_vc_json',
    type: 'MembershipCredential',
    claims: claimsFor(i),
    ...(i % 2 === 0 && { subject_id: `did:example:holder-${i}` }),
  });

const issueSdJwtVc = (did: Did, i: number, extra: Record<string, unknown> = {}) =>
  issue(did, {
    format: 'vc+sd-jwt',
    vct: VCT,
    claims: claimsFor(i),
    ...(i % 2 === 0 && { subject_id: `did:example:holder-${i}` }),
    // Mostly every claim disclosable (the default); some with only a few, one with the pre-06 typ.
    ...(i % 3 === 0 && { disclosable: ['given_name', 'address', 'middle_name'] }),
    ...(i === 7 && { sd_jwt_typ: 'vc+sd-jwt' }),
    ...extra,
  });

beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'enterprise');
  for (const keyType of KEY_TYPES) {
    for (let i = 0; i < PER_KEY_TYPE; i++) {
      const did = await createDid(keyType);
      dids[keyType].push(did);
      jwtVcs[keyType].push(await issueJwtVc(did, i));
      sdJwtVcs[keyType].push(await issueSdJwtVc(did, i));
    }
  }
});
afterAll(() => app?.close());

// ─── Keys as independent resolvers see them ─────────────────────────────────────────────────────────

/** Verifies a compact JWS by its header kid: the kid's DID must be the iss, and the key the one resolved. */
async function verifyByKid(jws: string): Promise<boolean> {
  const { kid } = jose.decodeProtectedHeader(jws);
  if (typeof kid !== 'string' || jose.decodeJwt(jws).iss !== kid.split('#')[0]) return false;
  const alg = algOf(kid);
  try {
    await jose.compactVerify(jws, await jose.importJWK(await digitalBazaarJwk(kid), alg), { algorithms: [alg] });
    return true;
  } catch {
    return false;
  }
}

// did-jwt-vc bundles its own did-resolver 4.x: the same shape, another nominal type.
const keyDidResolver = new Resolver(getResolver()) as unknown as Parameters<typeof verifyCredential>[1];

// ─── Status lists, fetched as a relying party would ─────────────────────────────────────────────────

const fetchedStatusLists: string[] = [];

/** GETs one of our status list URIs (public, no token); the URI must be this app's. */
async function fetchStatusList(uri: string, contentType: string): Promise<string> {
  expect(uri.startsWith(`${app.url}/v1/status-lists/`), uri).toBe(true);
  const response = await app.request('GET', uri.slice(app.url.length), { headers: { accept: contentType } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(contentType);
  fetchedStatusLists.push(uri);
  return response.text;
}

function sdJwtVcVerifier(extra: ConstructorParameters<typeof SDJwtVcInstance>[0] = {}) {
  return new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    verifier: (data, signature) => verifyByKid(`${data}.${signature}`),
    statusListFetcher: (uri) => fetchStatusList(uri, 'application/statuslist+jwt'),
    loadTypeMetadataFormat: false,
    ...extra,
  });
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('base64url');
const meecoVerifier = async (jwt: string) => {
  if (!(await verifyByKid(jwt))) throw new Error('issuer signature does not verify');
  return true;
};
const meecoHasher = async () => sha256;

const pick = (object: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));

// ─── jwt_vc_json ────────────────────────────────────────────────────────────────────────────────────

describe('jwt_vc_json credentials', () => {
  it.each(KEY_TYPES)('%s: every one verifies with did-jwt-vc and key-did-resolver', async (keyType) => {
    expect(jwtVcs[keyType]).toHaveLength(PER_KEY_TYPE);
    for (const issued of jwtVcs[keyType]) {
      const verified = await verifyCredential(issued.credential, keyDidResolver);
      expect(verified.issuer).toBe(issued.did.did);
      expect(verified.signer.id).toBe(issued.did.kid);
      expect(verified.payload.jti).toBe(`urn:uuid:${issued.id}`);
      const vc = verified.verifiableCredential;
      expect(vc.type).toEqual(['VerifiableCredential', 'MembershipCredential']);
      expect(vc.credentialSubject).toEqual({
        ...(issued.subject_id && { id: issued.subject_id }),
        ...issued.claims,
      });
      expect(vc.credentialStatus).toMatchObject({
        type: 'BitstringStatusListEntry',
        statusListIndex: String(issued.status.index),
        statusListCredential: issued.status.uri,
      });
    }
  });

  it.each(KEY_TYPES)('%s: every one verifies with jose against the JWK did-method-key resolves', async (keyType) => {
    for (const issued of jwtVcs[keyType]) {
      const header = jose.decodeProtectedHeader(issued.credential);
      expect(header).toEqual({ alg: ALG[keyType], typ: 'JWT', kid: issued.did.kid });
      const key = await jose.importJWK(await digitalBazaarJwk(issued.did.kid), ALG[keyType]);
      const { payload } = await jose.jwtVerify(issued.credential, key, {
        algorithms: [ALG[keyType]],
        issuer: issued.did.did,
        typ: 'JWT',
      });
      expect(payload).toMatchObject({ iss: issued.did.did, jti: `urn:uuid:${issued.id}` });
      expect((payload.vc as { credentialSubject: unknown }).credentialSubject).toMatchObject(issued.claims);
      // The same bytes do not verify under another DID's key of the same type.
      const other = dids[keyType].find((did) => did.did !== issued.did.did)!;
      await expect(
        jose.compactVerify(issued.credential, await jose.importJWK(await digitalBazaarJwk(other.kid), ALG[keyType])),
      ).rejects.toThrow(jose.errors.JWSSignatureVerificationFailed);
    }
  });
});

// ─── vc+sd-jwt ──────────────────────────────────────────────────────────────────────────────────────

describe('vc+sd-jwt credentials', () => {
  it.each(KEY_TYPES)(
    '%s: every one verifies with @sd-jwt/sd-jwt-vc 0.19, status checked against our status list',
    async (keyType) => {
      const sdJwtVc = sdJwtVcVerifier();
      expect(sdJwtVcs[keyType]).toHaveLength(PER_KEY_TYPE);
      for (const issued of sdJwtVcs[keyType]) {
        const before = fetchedStatusLists.length;
        const { payload, header } = await sdJwtVc.verify(issued.credential);
        expect(header).toMatchObject({ alg: ALG[keyType], kid: issued.did.kid });
        expect(payload.vct).toBe(VCT);
        expect(payload.iss).toBe(issued.did.did);
        expect(payload.sub).toBe(issued.subject_id ?? undefined);
        expect(payload.status).toEqual({ status_list: { idx: issued.status.index, uri: issued.status.uri } });
        expect(pick(payload, Object.keys(issued.claims))).toEqual(issued.claims);
        expect(payload).not.toHaveProperty('_sd');
        // The library fetched and verified the list this credential points to.
        expect(fetchedStatusLists.slice(before)).toEqual([issued.status.uri]);
      }
    },
  );

  it.each(KEY_TYPES)('%s: every one verifies with @meeco/sd-jwt', async (keyType) => {
    for (const issued of sdJwtVcs[keyType]) {
      const payload = await verifySDJWT(issued.credential, meecoVerifier, meecoHasher);
      expect(payload).toMatchObject({ iss: issued.did.did, vct: VCT });
      expect(pick(payload, Object.keys(issued.claims))).toEqual(issued.claims);
      expect(payload).not.toHaveProperty('_sd');
    }
  });

  it('both libraries reject one of ours whose issuer-signed JWT was altered', async () => {
    const issued = sdJwtVcs['P-256'][0]!;
    const [jwt, ...rest] = issued.credential.split('~');
    const [header, payload, signature] = jwt!.split('.');
    const altered = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), vct: 'https://evil.example' };
    const tampered = [`${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`, ...rest];
    await expect(sdJwtVcVerifier().verify(tampered.join('~'))).rejects.toThrow(/Invalid JWT Signature/);
    await expect(verifySDJWT(tampered.join('~'), meecoVerifier, meecoHasher)).rejects.toThrow(/Failed to verify/);
  });

  it.each(KEY_TYPES)(
    '%s issuer: a presentation with a KB-JWT made by @sd-jwt/sd-jwt-vc verifies with key binding required',
    async (keyType) => {
      const holder = await ES256.generateKeyPair();
      const { kty, crv, x, y } = holder.publicKey;
      const issued = await issueSdJwtVc(dids[keyType][1]!, 1, { holder_jwk: { kty, crv, x, y } });
      const nonce = `n-${issued.id}`;
      const aud = 'https://verifier.example';
      const wallet = new SDJwtVcInstance({
        hasher: digest,
        hashAlg: 'sha-256',
        kbSigner: await ES256.getSigner(holder.privateKey),
        kbSignAlg: 'ES256',
      });
      const presentation = await wallet.present<Record<string, unknown>>(
        issued.credential,
        { given_name: true, address: true },
        { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud, nonce } } },
      );
      expect(presentation.split('~')).toHaveLength(4); // JWT, two disclosures, KB-JWT

      const kbVerifier = async (data: string, signature: string, payload: Record<string, unknown>) => {
        const { jwk } = payload.cnf as { jwk: jose.JWK };
        await jose.compactVerify(`${data}.${signature}`, await jose.importJWK(jwk, 'ES256'), { algorithms: ['ES256'] });
        return true;
      };
      const verifier = sdJwtVcVerifier({ kbVerifier });
      const result = await verifier.verify(presentation, { keyBindingNonce: nonce });
      expect(result.kb?.payload).toMatchObject({ aud, nonce, sd_hash: expect.any(String) });
      expect(result.payload).toMatchObject({
        given_name: issued.claims.given_name,
        address: issued.claims.address,
        cnf: { jwk: { kty, crv, x, y } },
      });
      expect(result.payload).not.toHaveProperty('family_name');
      await expect(verifier.verify(presentation, { keyBindingNonce: 'another nonce' })).rejects.toThrow(/Nonce/);
      await expect(verifier.verify(issued.credential, { keyBindingNonce: nonce })).rejects.toThrow(/Key Binding/);

      const meeco = await verifySDJWT(presentation, meecoVerifier, meecoHasher, {
        kb: {
          verifier: async (kbJwt, holderJwk) => {
            const { payload } = await jose.jwtVerify(kbJwt, await jose.importJWK(holderJwk, 'ES256'), {
              audience: aud,
              typ: 'kb+jwt',
            });
            return payload.nonce === nonce;
          },
        },
      });
      expect(meeco).toMatchObject({ given_name: issued.claims.given_name, address: issued.claims.address });

      // …and our own endpoint accepts the library's presentation.
      const ours = await app.request('POST', '/v1/credentials/verify', {
        token: owner.token,
        body: { credential: presentation },
      });
      expect(ours.status).toBe(200);
      expect(ours.body.verified).toBe(true);
      expect(ours.body.checks).toContainEqual(expect.objectContaining({ name: 'key_binding', status: 'passed' }));
      expect(ours.body.claims).not.toHaveProperty('family_name');
    },
  );
});

// ─── Status lists ───────────────────────────────────────────────────────────────────────────────────

/** Issues three credentials from a fresh DID (a fresh list) and revokes the middle one. */
async function threeAndRevokeMiddle(keyType: KeyType, format: 'jwt_vc_json' | 'vc+sd-jwt') {
  const did = await createDid(keyType);
  const issued: Issued[] = [];
  for (let i = 0; i < 3; i++)
    issued.push(format === 'jwt_vc_json' ? await issueJwtVc(did, i) : await issueSdJwtVc(did, i));
  const uris = new Set(issued.map((c) => c.status.uri));
  expect(uris.size).toBe(1);
  return { did, issued, uri: issued[0]!.status.uri };
}

async function revoke(id: string) {
  const response = await app.request('POST', `/v1/credentials/${id}/revoke`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
}

/** Indexes whose bit would be set instead if the bit order within a byte (or the byte) were wrong. */
const bitNeighbours = (index: number) =>
  [index - 1, index + 1, index ^ 7, index ^ 1, index ^ 8].filter((n) => n >= 0 && n !== index);

describe('status lists', () => {
  it.each(KEY_TYPES)(
    '%s: the Bitstring Status List credential verifies with jose and decodes with vc-bitstring-status-list',
    async (keyType) => {
      const { did, issued, uri } = await threeAndRevokeMiddle(keyType, 'jwt_vc_json');
      const readList = async () => {
        const body = await fetchStatusList(uri, 'application/vc+jwt');
        const key = await jose.importJWK(await digitalBazaarJwk(did.kid), ALG[keyType]);
        const { payload, protectedHeader } = await jose.jwtVerify(body, key, { issuer: did.did, typ: 'vc+jwt' });
        expect(protectedHeader.kid).toBe(did.kid);
        expect(payload).toMatchObject({
          id: uri,
          issuer: did.did,
          type: ['VerifiableCredential', 'BitstringStatusListCredential'],
          credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
        });
        const subject = payload.credentialSubject as { encodedList: string };
        return { payload, list: await decodeList({ encodedList: subject.encodedList }) };
      };
      /** checkStatus on a credential in its VCDM 1.1 JSON form (§6.3.1: `iss` becomes `issuer`). */
      const statusOf = async (credential: Issued, listPayload: unknown) => {
        const { vc, iss } = jose.decodeJwt(credential.credential) as { vc: Record<string, unknown>; iss: string };
        const result = await checkStatus({
          credential: { ...vc, issuer: iss },
          documentLoader: async (url: string) => {
            expect(url).toBe(uri);
            return { document: listPayload };
          },
          verifyBitstringStatusListCredential: false, // it checks Data Integrity proofs only; jose did the JWT
        });
        expect(result.error).toBeUndefined();
        expect(result.verified).toBe(true);
        return result.results[0].status as boolean;
      };

      const before = await readList();
      expect(before.list.length).toBe(131_072);
      for (const credential of issued) {
        expect(before.list.getStatus(credential.status.index)).toBe(false);
        expect(await statusOf(credential, before.payload)).toBe(false);
      }

      const [first, revoked, last] = issued as [Issued, Issued, Issued];
      await revoke(revoked.id);
      const after = await readList();
      expect(after.list.getStatus(revoked.status.index)).toBe(true);
      for (const index of bitNeighbours(revoked.status.index))
        expect(after.list.getStatus(index), `${index}`).toBe(false);
      let set = 0;
      for (let index = 0; index < after.list.length; index++) if (after.list.getStatus(index)) set++;
      expect(set).toBe(1);
      expect(await statusOf(revoked, after.payload)).toBe(true);
      expect(await statusOf(first, after.payload)).toBe(false);
      expect(await statusOf(last, after.payload)).toBe(false);
    },
  );

  it.each(KEY_TYPES)(
    '%s: the Token Status List verifies with jose and decodes with @sd-jwt/jwt-status-list',
    async (keyType) => {
      const { did, issued, uri } = await threeAndRevokeMiddle(keyType, 'vc+sd-jwt');
      const readList = async () => {
        const body = await fetchStatusList(uri, 'application/statuslist+jwt');
        const key = await jose.importJWK(await digitalBazaarJwk(did.kid), ALG[keyType]);
        const { payload, protectedHeader } = await jose.jwtVerify(body, key, { typ: 'statuslist+jwt' });
        expect(protectedHeader.kid).toBe(did.kid);
        expect(payload).toMatchObject({ sub: uri, iss: did.did, status_list: { bits: 1 } });
        expect(payload.ttl).toBeGreaterThan(0);
        return getListFromStatusListJWT(body);
      };

      const before = await readList();
      for (const credential of issued) expect(before.getStatus(credential.status.index)).toBe(0);

      const [first, revoked, last] = issued as [Issued, Issued, Issued];
      await revoke(revoked.id);
      const after = await readList();
      expect(after.getStatus(revoked.status.index)).toBe(1);
      for (const index of bitNeighbours(revoked.status.index)) expect(after.getStatus(index), `${index}`).toBe(0);
      expect(after.statusList.filter((status) => status !== 0)).toEqual([1]);

      // @sd-jwt/sd-jwt-vc reaches the same verdict through its own status check.
      const sdJwtVc = sdJwtVcVerifier();
      await expect(sdJwtVc.verify(revoked.credential)).rejects.toThrow(/Status is not valid/);
      await expect(sdJwtVc.verify(first.credential)).resolves.toMatchObject({ payload: { vct: VCT } });
      await expect(sdJwtVc.verify(last.credential)).resolves.toMatchObject({ payload: { vct: VCT } });
    },
  );
});
