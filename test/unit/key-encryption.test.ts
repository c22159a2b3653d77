import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  KEY_FILE_NAME,
  KeyDecryptionError,
  KeyEncryptionKeyError,
  createKeyEncryption,
  keyAadFor,
  loadKeyEncryption,
} from '../../src/lib/key-encryption.js';
import { capturingLogger } from '../support/log-sink.js';

const DID = 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp';
const OTHER_DID = 'did:key:z6MkjchhfUsD6mmvni8mCdXHw216Xrm9bQe2mBH1P5RDjVJG';
const privateKey = randomBytes(48);

describe('key encryption', () => {
  const keys = createKeyEncryption(randomBytes(32));
  const aad = keyAadFor('tenant-a', DID);

  it('round-trips, with a fresh IV each time', () => {
    const first = keys.encrypt(privateKey, aad);
    const second = keys.encrypt(privateKey, aad);
    expect(first[0]).toBe(0x01);
    expect(first).toHaveLength(1 + 12 + 16 + privateKey.length);
    expect(first.equals(second)).toBe(false);
    expect(keys.decrypt(first, aad).equals(privateKey)).toBe(true);
    expect(keys.decrypt(new Uint8Array(second), aad).equals(privateKey)).toBe(true);
  });

  it('derives bytes per purpose, the same for the same key-encryption key, never the key itself', () => {
    const kek = randomBytes(32);
    const derived = createKeyEncryption(kek).derive('issuer:a', 48);
    expect(derived).toHaveLength(48);
    expect(createKeyEncryption(kek).derive('issuer:a', 48).equals(derived)).toBe(true);
    expect(createKeyEncryption(kek).derive('issuer:b', 48).equals(derived)).toBe(false);
    expect(createKeyEncryption(randomBytes(32)).derive('issuer:a', 48).equals(derived)).toBe(false);
    expect(derived.includes(kek.subarray(0, 16))).toBe(false);
  });

  it("fails for another tenant's row or another DID", () => {
    const ciphertext = keys.encrypt(privateKey, aad);
    expect(() => keys.decrypt(ciphertext, keyAadFor('tenant-b', DID))).toThrow(KeyDecryptionError);
    expect(() => keys.decrypt(ciphertext, keyAadFor('tenant-a', OTHER_DID))).toThrow(KeyDecryptionError);
  });

  it('keeps the additional data unambiguous', () => {
    expect(keyAadFor('a"', 'b')).not.toBe(keyAadFor('a', '"b'));
    expect(keyAadFor('a,b', 'c')).not.toBe(keyAadFor('a', 'b,c'));
  });

  it('fails when any byte is tampered with', () => {
    const ciphertext = keys.encrypt(privateKey, aad);
    for (let i = 0; i < ciphertext.length; i++) {
      const tampered = Buffer.from(ciphertext);
      tampered[i] = (tampered[i] ?? 0) ^ 0x01;
      expect(() => keys.decrypt(tampered, aad), `byte ${i}`).toThrow(KeyDecryptionError);
    }
    expect(() => keys.decrypt(ciphertext.subarray(0, ciphertext.length - 1), aad)).toThrow(KeyDecryptionError);
    expect(() => keys.decrypt(ciphertext.subarray(0, 20), aad)).toThrow(KeyDecryptionError);
  });

  it('fails under another key-encryption key', () => {
    const ciphertext = keys.encrypt(privateKey, aad);
    expect(() => createKeyEncryption(randomBytes(32)).decrypt(ciphertext, aad)).toThrow(KeyDecryptionError);
  });

  it('refuses a key-encryption key that is not 32 bytes', () => {
    expect(() => createKeyEncryption(randomBytes(16))).toThrow(KeyEncryptionKeyError);
  });
});

describe('loadKeyEncryption', () => {
  let dataDir: string;
  let lines: string[];
  const load = (keyEncryptionKey?: string) =>
    loadKeyEncryption({ keyEncryptionKey, dataDir, log: capturingLogger(lines) });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kek-'));
    lines = [];
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a 0600 key file on first start, says so once, and reuses it after', async () => {
    const first = await load();
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url')).toHaveLength(32);
    expect(await readdir(dataDir)).toEqual([KEY_FILE_NAME]); // no temporary file left behind
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ path: file });
    expect(warnings[0].msg).toMatch(/back.*up.*KEY_ENCRYPTION_KEY/);

    const ciphertext = first.encrypt(privateKey, keyAadFor('t', DID));
    const second = await load();
    expect(second.decrypt(ciphertext, keyAadFor('t', DID)).equals(privateKey)).toBe(true);
    expect(lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 'warn')).toHaveLength(1);
  });

  it('creates the data directory when it does not exist yet', async () => {
    dataDir = path.join(dataDir, 'nested', 'data');
    await load();
    expect((await stat(path.join(dataDir, KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
  });

  it('agrees on one key when two instances start together', async () => {
    const [a, b] = await Promise.all([load(), load()]);
    expect(b.decrypt(a.encrypt(privateKey, 'x'), 'x').equals(privateKey)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('refuses a key file readable by group or others', async () => {
    await load();
    const file = path.join(dataDir, KEY_FILE_NAME);
    await chmod(file, 0o644);
    await expect(load()).rejects.toThrow(KeyEncryptionKeyError);
    await expect(load()).rejects.toThrow(/mode 0644.*chmod 600/);
    await chmod(file, 0o600);
    await expect(load()).resolves.toBeDefined();
  });

  it('refuses a key file of the wrong length', async () => {
    await writeFile(path.join(dataDir, KEY_FILE_NAME), randomBytes(16).toString('base64url'), { mode: 0o600 });
    await expect(load()).rejects.toThrow(/must hold 32 bytes/);
  });

  it('uses KEY_ENCRYPTION_KEY when given and writes no file', async () => {
    const kek = randomBytes(32);
    const keys = await load(kek.toString('base64'));
    const ciphertext = keys.encrypt(privateKey, 'aad');
    expect(createKeyEncryption(kek).decrypt(ciphertext, 'aad').equals(privateKey)).toBe(true);
    const viaBase64url = await load(kek.toString('base64url'));
    expect(viaBase64url.decrypt(ciphertext, 'aad').equals(privateKey)).toBe(true);
    expect(await readdir(dataDir)).toEqual([]);
    expect(lines.filter((line) => line.includes('"warn"'))).toEqual([]);
  });

  it('refuses a KEY_ENCRYPTION_KEY that is not 32 bytes of base64', async () => {
    await expect(load(randomBytes(31).toString('base64'))).rejects.toThrow(KeyEncryptionKeyError);
    await expect(load('not base64!')).rejects.toThrow(/32 bytes in base64/);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
