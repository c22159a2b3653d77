import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compactVerify } from 'jose';
import { StatusList, getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
// @ts-ignore -- the package ships no type declarations (TS7016); the shape used is typed below
import * as bitstringStatusList from '@digitalbazaar/vc-bitstring-status-list';
import {
  STATUS_LIST_SIZE,
  bitstringStatusListCredential,
  bitstringStatusListJwtClaims,
  credentialStatusEntry,
  encodeBitstring,
  encodeTokenStatusList,
  isSet,
  pgBitFor,
  referencedTokenStatus,
  tokenStatusListClaims,
  type StatusListFormat,
} from '../../src/modules/status-lists/status-list.codec.js';
import { signCompactJws } from '../../src/lib/jws.js';

const { decodeList, checkStatus } = bitstringStatusList as {
  decodeList(input: { encodedList: string }): Promise<{ length: number; getStatus(index: number): boolean }>;
  checkStatus(input: object): Promise<{ verified: boolean; error?: Error; results?: { status: boolean }[] }>;
};

// W3C Bitstring Status List v1.0 REC (w3c/vc-bitstring-status-list@74fcae1, transitions/2025/REC), Example 3:
// the encodedList of 131,072 zero bits.
const REC_EMPTY_LIST = 'uH4sIAAAAAAAAA-3BMQEAAADCoPVPbQwfoAAAAAAAAAAAAAAAAAAAAIC3AYbSVKsAQAAA';

// draft-ietf-oauth-status-list (oauth-wg/draft-ietf-oauth-status-list@2fb61cd), examples/:
// status_list_encoding_json.md (§4.1: 16 entries, bytes b9 a3) and status_list_encoding1_long_json.md (§ test
// vectors, 1-bit list of 2^20 entries).
const DRAFT_SHORT_LST = 'eNrbuRgAAhcBXQ';
const DRAFT_SHORT_STATUSES = [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1];
const DRAFT_LONG_LST =
  'eNrt3AENwCAMAEGogklACtKQPg9LugC9k_ACvreiogEAAKkeCQAAAAAAAAAAAAAAAAAAAIBylgQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAXG9IAAAAAAAAAPwsJAAAAAAAAAAAAAAAvhsSAAAAAAAAAAAA7KpLAAAAAAAAAAAAAAAAAAAAAJsLCQAAAAAAAAAAADje' +
  'lAAAAAAAAAAAKjDMAQAAAACAZC8L2AEb';
const DRAFT_LONG_SET = [0, 1993, 25460, 159495, 495669, 554353, 645645, 723232, 854545, 934534, 1000345];

/** PostgreSQL's set_bit on bytea (varlena.c byteaSetBit): byte n / 8, mask 1 << (n % 8), LSB first. */
function pgSetBit(raw: Uint8Array, n: number): void {
  raw[n >> 3]! |= 1 << (n & 7);
}

/** A list as the database holds it after `set_bit(bits, pgBitFor(format, i), 1)` for each index. */
function rawWith(format: StatusListFormat, indexes: number[]): Uint8Array {
  const raw = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const i of indexes) pgSetBit(raw, pgBitFor(format, i));
  return raw;
}

function setIndexes(size: number, get: (i: number) => boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < size; i++) if (get(i)) found.push(i);
  return found;
}

describe('bit mapping onto PostgreSQL set_bit numbering', () => {
  it('is the identity for token lists and MSB-first within each byte for bitstring lists', () => {
    expect([0, 1, 7, 8, 131071].map((i) => pgBitFor('token', i))).toEqual([0, 1, 7, 8, 131071]);
    expect([0, 1, 7, 8, 9, 15, 131071].map((i) => pgBitFor('bitstring', i))).toEqual([7, 6, 0, 15, 14, 8, 131064]);
    for (let i = 0; i < 64; i++) expect(pgBitFor('bitstring', i)).toBe((i & ~7) | (7 - (i & 7)));
  });

  it('puts entry 0 where each spec says: 0x80 (Bitstring, left-most bit), 0x01 (Token, least significant)', () => {
    expect(rawWith('bitstring', [0])[0]).toBe(0x80);
    expect(rawWith('token', [0])[0]).toBe(0x01);
    expect(rawWith('bitstring', [9])[1]).toBe(0x40);
    expect(rawWith('token', [9])[1]).toBe(0x02);
  });

  it.each(['bitstring', 'token'] as const)('%s: isSet reads back exactly the bits set_bit wrote', (format) => {
    const indexes = [0, 1, 6, 7, 8, 1000, 65535, 65536, 131070, 131071];
    const raw = rawWith(format, indexes);
    expect(setIndexes(STATUS_LIST_SIZE, (i) => isSet(format, raw, i))).toEqual(indexes);
  });

  it('rejects indexes outside the list', () => {
    for (const bad of [-1, STATUS_LIST_SIZE, 1.5, Number.NaN]) {
      expect(() => pgBitFor('token', bad)).toThrow(RangeError);
      expect(() => isSet('bitstring', new Uint8Array(STATUS_LIST_SIZE / 8), bad)).toThrow(RangeError);
    }
  });
});

describe('Bitstring Status List encodedList', () => {
  it('of an empty list is the REC example, byte for byte, and decodes to the same 131,072 zero bits', async () => {
    const ours = encodeBitstring(new Uint8Array(STATUS_LIST_SIZE / 8));
    // Exact equality holds with Node 20's zlib at its default level (same GZIP header: mtime 0, XFL 0, OS 3);
    // GZIP output is not canonical, so the decoded comparison below is what the REC actually requires.
    expect(ours).toBe(REC_EMPTY_LIST);
    const decoded = gunzipSync(Buffer.from(ours.slice(1), 'base64url'));
    expect(decoded.equals(gunzipSync(Buffer.from(REC_EMPTY_LIST.slice(1), 'base64url')))).toBe(true);
    expect(decoded).toHaveLength(16384);
    const list = await decodeList({ encodedList: ours });
    expect(list.length).toBe(STATUS_LIST_SIZE);
  });

  it('decodes with @digitalbazaar/vc-bitstring-status-list to exactly the set indexes', async () => {
    const indexes = [0, 7, 8, 131071];
    const encodedList = encodeBitstring(rawWith('bitstring', indexes));
    // pako's ungzip also accepts ZLIB, so check the GZIP wrapper (RFC 1952) with node's strict gunzip too.
    expect(gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'))).toHaveLength(STATUS_LIST_SIZE / 8);
    const list = await decodeList({ encodedList });
    expect(list.length).toBe(STATUS_LIST_SIZE);
    expect(setIndexes(list.length, (i) => list.getStatus(i))).toEqual(indexes);
  });

  it('refuses a list shorter than the REC minimum of 16KB', () => {
    expect(() => encodeBitstring(new Uint8Array(16383))).toThrow(RangeError);
  });
});

describe('Bitstring Status List credential', () => {
  it('is the REC example 3 for the same inputs', () => {
    const credential = bitstringStatusListCredential({
      id: 'https://example.com/credentials/status/3',
      issuer: 'did:example:12345',
      validFrom: new Date('2021-04-05T14:27:40.000Z'),
      encodedList: REC_EMPTY_LIST,
      statusPurpose: 'revocation',
    });
    expect(credential).toStrictEqual({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: 'https://example.com/credentials/status/3',
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: 'did:example:12345',
      validFrom: '2021-04-05T14:27:40Z',
      credentialSubject: {
        // The REC's example says https://example.com/status/3#list; the REC only needs an id, ours is `${id}#list`.
        id: 'https://example.com/credentials/status/3#list',
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: REC_EMPTY_LIST,
      },
    });
  });

  it('signs as a vc+jwt that jose verifies and @digitalbazaar checkStatus reads (revoked index 8)', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const issuer = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    const url = 'https://issuer.example/status/bitstring/1';
    const credential = bitstringStatusListCredential({
      id: url,
      issuer,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validUntil: new Date('2026-01-02T00:00:00Z'),
      encodedList: encodeBitstring(rawWith('bitstring', [8])),
      statusPurpose: 'revocation',
    });
    const { header, claims } = bitstringStatusListJwtClaims(credential, {
      iss: issuer,
      kid: `${issuer}#z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK`,
      alg: 'EdDSA',
      iat: 1767225600,
    });
    expect(header).toEqual({ alg: 'EdDSA', kid: expect.any(String), typ: 'vc+jwt', cty: 'vc' });
    expect(claims).toMatchObject({ iss: issuer, jti: url, iat: 1767225600, exp: 1767312000 });
    expect(claims).not.toHaveProperty('vc');

    const jwt = signCompactJws(header, claims, (data) => sign(null, data, privateKey));
    const verified = await compactVerify(jwt, publicKey);
    expect(verified.protectedHeader.typ).toBe('vc+jwt');
    const payload = JSON.parse(new TextDecoder().decode(verified.payload));

    // A verifier of the JWT hands the verified payload to the library as the status list credential.
    const entry = (index: number) => ({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      type: ['VerifiableCredential'],
      issuer,
      credentialSubject: { id: 'did:example:holder' },
      credentialStatus: credentialStatusEntry({ statusListCredentialUrl: url, index }),
    });
    const documentLoader = async (u: string) => {
      if (u !== url) throw new Error(`unexpected ${u}`);
      return { document: payload };
    };
    for (const [index, revoked] of [
      [8, true],
      [9, false],
    ] as const) {
      const result = await checkStatus({
        credential: entry(index),
        documentLoader,
        verifyBitstringStatusListCredential: false, // it checks Data Integrity proofs only; jose did that
      });
      expect(result.error).toBeUndefined();
      expect(result.results?.[0]?.status).toBe(revoked);
    }
  });

  it('refuses an iss that differs from the credential issuer', () => {
    const credential = bitstringStatusListCredential({
      id: 'https://issuer.example/status/1',
      issuer: 'did:example:a',
      validFrom: new Date(),
      encodedList: REC_EMPTY_LIST,
      statusPurpose: 'revocation',
    });
    expect(() =>
      bitstringStatusListJwtClaims(credential, { iss: 'did:example:b', kid: 'k', alg: 'EdDSA', iat: 0 }),
    ).toThrow();
  });

  it('entries point at the list by URL and index (index as a string, id distinct from the list URL)', () => {
    expect(credentialStatusEntry({ statusListCredentialUrl: 'https://issuer.example/status/1', index: 42 })).toEqual({
      id: 'https://issuer.example/status/1#42',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '42',
      statusListCredential: 'https://issuer.example/status/1',
    });
  });
});

describe('Token Status List', () => {
  it('reproduces the draft example lst for bytes b9 a3, and isSet reads its 16 listed statuses', () => {
    expect(encodeTokenStatusList(new Uint8Array([0xb9, 0xa3]))).toBe(DRAFT_SHORT_LST);
    const raw = inflateSync(Buffer.from(DRAFT_SHORT_LST, 'base64url'));
    expect(DRAFT_SHORT_STATUSES.map((_, i) => (isSet('token', raw, i) ? 1 : 0))).toEqual(DRAFT_SHORT_STATUSES);
  });

  it('isSet reads the draft 1-bit test vector (2^20 entries) to its listed indexes', () => {
    const raw = inflateSync(Buffer.from(DRAFT_LONG_LST, 'base64url'));
    expect(raw.length * 8).toBe(2 ** 20);
    expect(setIndexes(2 ** 20, (i) => isSet('token', raw, i))).toEqual(DRAFT_LONG_SET);
  });

  it('decodes with @sd-jwt/jwt-status-list to exactly the set indexes', () => {
    const indexes = [0, 5, 131071];
    const lst = encodeTokenStatusList(rawWith('token', indexes));
    // pako's inflate also accepts GZIP, so check the ZLIB wrapper (RFC 1950) with node's strict inflate too.
    expect(inflateSync(Buffer.from(lst, 'base64url'))).toHaveLength(STATUS_LIST_SIZE / 8);
    const list = StatusList.decompressStatusList(lst, 1);
    expect(list.statusList).toHaveLength(STATUS_LIST_SIZE);
    expect(setIndexes(STATUS_LIST_SIZE, (i) => list.getStatus(i) === 1)).toEqual(indexes);
  });

  it('builds the draft example Status List Token header and claims', () => {
    const { header, claims } = tokenStatusListClaims({
      sub: 'https://example.com/statuslists/1',
      iat: 1686920170,
      exp: 2291720170,
      ttl: 43200,
      lst: DRAFT_SHORT_LST,
      alg: 'ES256',
      kid: '12',
    });
    // examples/status_list_jwt.md
    expect(header).toStrictEqual({ alg: 'ES256', kid: '12', typ: 'statuslist+jwt' });
    expect(claims).toStrictEqual({
      exp: 2291720170,
      iat: 1686920170,
      status_list: { bits: 1, lst: 'eNrbuRgAAhcBXQ' },
      sub: 'https://example.com/statuslists/1',
      ttl: 43200,
    });
    expect(() => tokenStatusListClaims({ sub: 's', iat: 1, ttl: 0, lst: 'x', alg: 'ES256', kid: 'k' })).toThrow();
  });

  it('signs as a statuslist+jwt that jose verifies and @sd-jwt reads (revoked index 5)', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { header, claims } = tokenStatusListClaims({
      sub: 'https://issuer.example/status/token/1',
      iat: 1767225600,
      iss: 'did:example:issuer',
      lst: encodeTokenStatusList(rawWith('token', [5])),
      alg: 'ES256',
      kid: 'did:example:issuer#key-1',
    });
    const jwt = signCompactJws(header, claims, (data) =>
      sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }),
    );
    expect((await compactVerify(jwt, publicKey)).protectedHeader.typ).toBe('statuslist+jwt');
    const list = getListFromStatusListJWT(jwt);
    expect([list.getStatus(4), list.getStatus(5), list.getStatus(6)]).toEqual([0, 1, 0]);
  });

  it('references a list entry from an SD-JWT VC status claim', () => {
    expect(referencedTokenStatus({ uri: 'https://example.com/statuslists/1', index: 0 })).toStrictEqual({
      status_list: { idx: 0, uri: 'https://example.com/statuslists/1' },
    });
  });
});

describe('compact JWS signing', () => {
  const claims = { iss: 'did:example:issuer', n: 1, text: 'é ✓' };
  const signingInput = (jws: string) => Buffer.from(jws.split('.').slice(0, 2).join('.'), 'ascii');
  const signatureOf = (jws: string) => Buffer.from(jws.split('.')[2]!, 'base64url');

  it('Ed25519: verifies with jose and with node:crypto over the signing input', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const jws = signCompactJws({ alg: 'EdDSA', kid: 'k1' }, claims, (data) => sign(null, data, privateKey));
    const { payload, protectedHeader } = await compactVerify(jws, publicKey);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: 'k1' });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(claims);
    expect(verify(null, signingInput(jws), publicKey, signatureOf(jws))).toBe(true);
  });

  it('P-256: verifies with jose when signed in IEEE P1363 form, and refuses a DER signature', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jws = signCompactJws({ alg: 'ES256' }, claims, (data) =>
      sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }),
    );
    expect((await compactVerify(jws, publicKey)).protectedHeader.alg).toBe('ES256');
    expect(signatureOf(jws)).toHaveLength(64);
    expect(verify('sha256', signingInput(jws), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signatureOf(jws))).toBe(
      true,
    );
    expect(() => signCompactJws({ alg: 'ES256' }, claims, (data) => sign('sha256', data, privateKey))).toThrow(
      /IEEE P1363/,
    );
  });

  it('refuses to sign without an algorithm', () => {
    expect(() => signCompactJws({ alg: 'none' }, claims, () => new Uint8Array(0))).toThrow(/alg/);
  });
});
