// Byte columns read through Prisma are exactly the stored bytes, on either database: in and out of a
// transaction, empty, short, and a status list's 16 KiB. On PGlite they pass through the service's own bytea
// decoder (src/db/pglite-adapter-client.ts) instead of the adapter's.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseByteaHex } from '../../src/db/pglite-adapter-client.js';
import { registerUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const SAMPLES = {
  empty: Buffer.alloc(0),
  'one byte': Buffer.from([0xff]),
  'a hash': randomBytes(32),
  'a status list': randomBytes(16 * 1024),
};

describe('bytes read through Prisma', () => {
  it.each(Object.entries(SAMPLES))('%s: the stored bytes, as a Uint8Array of their own', async (_, bytes) => {
    const hex = bytes.toString('hex');
    type Client = Pick<TestApp['database']['prisma'], '$queryRaw'>;
    const select = (client: Client) =>
      client.$queryRaw<{ b: Uint8Array }[]>`SELECT decode(${hex}, 'hex') AS b`.then(([row]) => row!.b);
    const prisma = app.database.prisma;
    for (const read of [await select(prisma), await prisma.$transaction((tx) => select(tx))]) {
      expect(read).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(read).toString('hex')).toBe(hex);
      expect(read.byteLength).toBe(bytes.length);
    }
  });

  it("a status list's bits read through its model are the bytes SQL holds", async () => {
    const owner = await registerUser(app);
    const did = await app.request('POST', '/v1/dids', { token: owner.token, body: { key_type: 'Ed25519' } });
    expect(did.status, did.text).toBe(200);
    const issued = await app.request('POST', '/v1/credentials/issue', {
      token: owner.token,
      body: { format: 'jwt_vc_json', issuer: did.body.did, claims: { member: true } },
    });
    expect(issued.status, issued.text).toBe(200);
    // The credential's own slot is set by a revocation, so the list holds a byte that is not zero.
    const revoked = await app.request('POST', `/v1/credentials/${issued.body.id}/revoke`, { token: owner.token });
    expect(revoked.status, revoked.text).toBe(200);

    const lists = await app.database.prisma.statusList.findMany({ where: { tenantId: owner.tenant_id } });
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      const [row] = await app.database.prisma.$queryRaw<{ hex: string }[]>`
        SELECT encode(bits, 'hex') AS hex FROM status_lists WHERE id = ${list.id}::uuid`;
      expect(list.bits.byteLength).toBe(16 * 1024);
      expect(Buffer.from(list.bits).toString('hex')).toBe(row!.hex);
    }
    expect(lists.some((list) => list.bits.some((byte) => byte !== 0))).toBe(true);
  });
});

describe('the embedded database’s bytea decoder', () => {
  it('decodes hex output and refuses any other', () => {
    expect([...parseByteaHex('\\x00ff7f')]).toEqual([0x00, 0xff, 0x7f]);
    expect(parseByteaHex('\\x').byteLength).toBe(0);
    // Not a view into Node's shared pool: its buffer is its own.
    const small = parseByteaHex('\\x0102');
    expect(small.buffer.byteLength).toBe(2);
    expect(() => parseByteaHex('\\001\\002')).toThrow(TypeError);
  });
});
