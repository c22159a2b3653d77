// The verify endpoint refuses status references that the status standards refuse. Each forgery is a
// credential the service itself issued, its status reference changed and signed again with the issuer's own
// key (read back from the database), so signature, structure and validity all pass and only the status check
// stands between it and `verified`. Also: indexes are assigned at random within a list (Bitstring Status
// List v1.0 §6.5, herd privacy), never twice, however many instances reserve them; Status List Tokens carry
// `exp` and `ttl` (draft-ietf-oauth-status-list §5.1).
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { CompactSign, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyEncryption, keyAadFor } from '../../src/lib/key-encryption.js';
import { createIndexReservations, RESERVATION_BLOCK } from '../../src/modules/status-lists/index-reservations.js';
import { STATUS_LIST_SIZE } from '../../src/modules/status-lists/status-list.codec.js';
import {
  STATUS_LIST_TTL_SECONDS,
  STATUS_LIST_VALIDITY_SECONDS,
} from '../../src/modules/status-lists/status-lists.service.js';
import { startTestApp, TEST_KEY_ENCRYPTION_KEY, type TestApp } from '../support/harness.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';

type Format = 'jwt_vc_json' | 'vc+sd-jwt';
type Check = { name: string; status: 'passed' | 'failed' | 'skipped'; detail?: string };
type Verification = { verified: boolean; issuer: string | null; checks: Check[] };
type Did = { did: string; kid: string };
type Issued = { id: string; credential: string; status: { uri: string; index: number } };

let app: TestApp;
let owner: RegisteredUser;
beforeAll(async () => {
  app = await startTestApp();
  owner = await tenantOnPlan(app, 'enterprise');
});
afterAll(() => app?.close());

async function createDid(keyType: 'Ed25519' | 'P-256' = 'Ed25519', token = owner.token): Promise<Did> {
  const response = await app.request('POST', '/v1/dids', { token, body: { key_type: keyType } });
  expect(response.status, response.text).toBe(200);
  return { did: response.body.did, kid: response.body.verification_method };
}

async function issue(format: Format, did: Did, token = owner.token): Promise<Issued> {
  const body =
    format === 'jwt_vc_json'
      ? { format, issuer: did.did, type: 'MembershipCredential', subject_id: 'did:example:holder', claims: {} }
      : { format, issuer: did.did, vct: 'https://credentials.example.com/membership', claims: { tier: 'gold' } };
  const response = await app.request('POST', '/v1/credentials/issue', { token, body });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The issuer's private key, read back from the database: to make a signature no API would make. */
async function issuerPrivateKey(did: string, tenantId = owner.tenant_id): Promise<KeyObject> {
  const row = await app.database.prisma.did.findFirstOrThrow({
    where: { did, tenantId },
    select: { privateKeyCiphertext: true },
  });
  const pkcs8 = createKeyEncryption(Buffer.from(TEST_KEY_ENCRYPTION_KEY, 'base64')).decrypt(
    row.privateKeyCiphertext,
    keyAadFor(tenantId, did),
  );
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

/**
 * The credential with its issuer-signed payload changed by `edit` and signed again by its issuer (same
 * header, so same alg and kid); an SD-JWT keeps its disclosures.
 */
async function resigned(issued: Issued, edit: (payload: Record<string, any>) => void, tenantId = owner.tenant_id) {
  const [jwt, ...rest] = issued.credential.split('~');
  const payload = decodeJwt(jwt!) as Record<string, any>;
  edit(payload);
  const key = await issuerPrivateKey(payload.iss as string, tenantId);
  const signed = await new CompactSign(Buffer.from(JSON.stringify(payload)))
    .setProtectedHeader(decodeProtectedHeader(jwt!) as { alg: string })
    .sign(key);
  return [signed, ...rest].join('~');
}

async function verdictOf(credential: string): Promise<Verification> {
  const response = await app.request<Verification>('POST', '/v1/credentials/verify', {
    token: owner.token,
    body: { credential },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Asserts that only the status check failed, with `detail`. */
async function expectStatusFailure(credential: string, detail: string) {
  const result = await verdictOf(credential);
  expect(result.verified).toBe(false);
  expect(result.checks.filter((c) => c.status === 'failed')).toEqual([{ name: 'status', status: 'failed', detail }]);
  expect(result.checks.find((c) => c.name === 'signature')?.status).toBe('passed');
}

describe('forged status references, signed by the issuer itself', () => {
  let did: Did;
  let other: Did;
  let vc: Issued; // jwt_vc_json: an entry of did's Bitstring Status List
  let sd: Issued; // vc+sd-jwt: an entry of did's Token Status List
  let othersVc: Issued;
  beforeAll(async () => {
    [did, other] = await Promise.all([createDid('Ed25519'), createDid('P-256')]);
    [vc, sd, othersVc] = await Promise.all([
      issue('jwt_vc_json', did),
      issue('vc+sd-jwt', did),
      issue('jwt_vc_json', other),
    ]);
  });

  it('controls: the untouched credentials, and a re-signed but unchanged one, verify', async () => {
    expect((await verdictOf(vc.credential)).verified).toBe(true);
    expect((await verdictOf(sd.credential)).verified).toBe(true);
    expect((await verdictOf(await resigned(vc, () => {}))).verified).toBe(true);
  });

  it('a BitstringStatusListEntry whose statusPurpose differs from the list’s', async () => {
    const forged = await resigned(vc, (p) => (p.vc.credentialStatus.statusPurpose = 'suspension'));
    await expectStatusFailure(
      forged,
      `invalid status reference (${vc.status.uri} index ${vc.status.index}): ` +
        `statusPurpose "suspension" differs from the list's "revocation"`,
    );
  });

  it('a BitstringStatusListEntry without statusPurpose (required, REC §2.1)', async () => {
    const forged = await resigned(vc, (p) => delete p.vc.credentialStatus.statusPurpose);
    await expectStatusFailure(forged, 'credentialStatus.statusPurpose is missing');
  });

  it('a BitstringStatusListEntry pointing at a Token Status List', async () => {
    const forged = await resigned(vc, (p) => {
      p.vc.credentialStatus.statusListCredential = sd.status.uri;
      p.vc.credentialStatus.statusListIndex = String(sd.status.index);
      p.vc.credentialStatus.id = `${sd.status.uri}#${sd.status.index}`;
    });
    await expectStatusFailure(
      forged,
      `invalid status reference (${sd.status.uri} index ${sd.status.index}): ` +
        'a BitstringStatusListEntry must point at a Bitstring Status List; this is a Token Status List',
    );
  });

  it('an SD-JWT status.status_list.uri pointing at a Bitstring Status List', async () => {
    const forged = await resigned(
      sd,
      (p) => (p.status = { status_list: { idx: vc.status.index, uri: vc.status.uri } }),
    );
    await expectStatusFailure(
      forged,
      `invalid status reference (${vc.status.uri} index ${vc.status.index}): ` +
        'status.status_list must point at a Token Status List; this is a Bitstring Status List',
    );
  });

  it.each<[Format, number]>([
    ['jwt_vc_json', STATUS_LIST_SIZE],
    ['vc+sd-jwt', STATUS_LIST_SIZE],
    ['vc+sd-jwt', 2 ** 40],
  ])('%s: an index outside the list (%i)', async (format, index) => {
    const issued = format === 'jwt_vc_json' ? vc : sd;
    const forged = await resigned(issued, (p) => {
      if (format === 'jwt_vc_json') p.vc.credentialStatus.statusListIndex = String(index);
      else p.status.status_list.idx = index;
    });
    await expectStatusFailure(
      forged,
      `invalid status reference (${issued.status.uri} index ${index}): ` +
        `index ${index} is outside the list (0..${STATUS_LIST_SIZE - 1})`,
    );
  });

  it("a reference to another issuer's list (a valid entry there)", async () => {
    const forged = await resigned(othersVc, (p) => {
      p.vc.credentialStatus = { ...p.vc.credentialStatus, statusListCredential: vc.status.uri };
      p.vc.credentialStatus.statusListIndex = String(vc.status.index);
    });
    await expectStatusFailure(
      forged,
      `invalid status reference (${vc.status.uri} index ${vc.status.index}): ` +
        `the list belongs to ${did.did}, not to the credential's issuer ${other.did}`,
    );
  });

  it("a reference to another tenant's issuer's list", async () => {
    const stranger = await tenantOnPlan(app, 'enterprise');
    const theirDid = await createDid('Ed25519', stranger.token);
    const theirs = await issue('vc+sd-jwt', theirDid, stranger.token);
    const forged = await resigned(
      sd,
      (p) => (p.status.status_list = { idx: theirs.status.index, uri: theirs.status.uri }),
    );
    await expectStatusFailure(
      forged,
      `invalid status reference (${theirs.status.uri} index ${theirs.status.index}): ` +
        `the list belongs to ${theirDid.did}, not to the credential's issuer ${did.did}`,
    );
  });

  it('a list that is not ours stays unconfirmed (nothing is fetched), as does an unknown list of ours', async () => {
    const elsewhere = 'https://status.example.com/lists/1';
    await expectStatusFailure(
      await resigned(sd, (p) => (p.status.status_list.uri = elsewhere)),
      `cannot confirm status (${elsewhere} index ${sd.status.index}): ` +
        'not a status list of this service, and others are not fetched',
    );
    const missing = `${app.url}/v1/status-lists/${crypto.randomUUID()}`;
    await expectStatusFailure(
      await resigned(sd, (p) => (p.status.status_list.uri = missing)),
      `cannot confirm status (${missing} index ${sd.status.index}): no such status list`,
    );
  });
});

describe('status list indexes', () => {
  it('are assigned at random within a list: 40 credentials get distinct indexes, not in issue order', async () => {
    const did = await createDid();
    const indexes: number[] = [];
    const uris = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const issued = await issue('vc+sd-jwt', did);
      indexes.push(issued.status.index);
      uris.add(issued.status.uri);
    }
    expect(uris.size).toBe(1);
    expect(new Set(indexes).size).toBe(40);
    expect(indexes).not.toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(indexes).not.toEqual([...indexes].sort((a, b) => a - b));
    // In sequence they would all lie in the first reserved block; at random, 40 landing in it is ~(64/2^17)^40.
    expect(indexes.some((index) => index >= RESERVATION_BLOCK)).toBe(true);
    for (const index of indexes) expect(index >= 0 && index < STATUS_LIST_SIZE).toBe(true);
  });

  it('are never handed out twice, with several instances reserving concurrently from one list', async () => {
    const did = await createDid();
    // The list exists first (issuers racing to start one may each start their own, both valid lists).
    const first = await issue('jwt_vc_json', did);
    const row = await app.database.prisma.did.findFirstOrThrow({ where: { did: did.did }, select: { id: true } });
    // Three independent reservation pools over the one database: three service instances, as far as
    // index assignment goes. 300 indexes take several blocks of each.
    const instances = Array.from({ length: 3 }, () => createIndexReservations(app.database.prisma));
    const taken = await Promise.all(
      Array.from({ length: 300 }, (_, i) => instances[i % 3]!.next(owner.tenant_id, row.id, 'bitstring')),
    );
    expect(new Set(taken.map((t) => app.services.statusLists.urlFor(t.listId)))).toEqual(new Set([first.status.uri]));
    const indexes = [first.status.index, ...taken.map((t) => t.index)];
    expect(new Set(indexes).size).toBe(301);
    expect(indexes.every((index) => Number.isInteger(index) && index >= 0 && index < STATUS_LIST_SIZE)).toBe(true);
  });
});

describe('Status List Token lifetime', () => {
  it('a statuslist+jwt has iat, exp after it and ttl, and is re-signed once a ttl has passed', async () => {
    const issued = await issue('vc+sd-jwt', await createDid('P-256'));
    const path = new URL(issued.status.uri).pathname;
    const first = await app.request('GET', path);
    expect(first.status).toBe(200);
    const claims = decodeJwt(first.text);
    expect(claims.ttl).toBe(STATUS_LIST_TTL_SECONDS);
    expect(claims.exp! - claims.iat!).toBe(STATUS_LIST_VALIDITY_SECONDS);
    expect(claims.exp!).toBeGreaterThan(claims.iat! + (claims.ttl as number));
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());

    // Unchanged within a ttl (same bytes, same ETag), re-signed with a later exp after it.
    expect((await app.request('GET', path)).text).toBe(first.text);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (STATUS_LIST_TTL_SECONDS + 1) * 1000);
      const later = await app.request('GET', path);
      expect(later.headers.get('etag')).not.toBe(first.headers.get('etag'));
      expect(decodeJwt(later.text).exp!).toBeGreaterThan(claims.exp!);
    } finally {
      vi.useRealTimers();
    }
  });
});
