// Envelope for DID private keys at rest: AES-256-GCM (NIST SP 800-38D) under a key-encryption key (KEK) from the
// environment, or from a file under DATA_DIR created on first start. The additional data names the tenant and the DID,
// so a ciphertext copied into another tenant's row (or onto another DID) fails authentication instead of decrypting.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger.js';

export type KeyEncryption = {
  encrypt(plaintext: Uint8Array, aad: string): Buffer;
  decrypt(ciphertext: Uint8Array, aad: string): Buffer;
  /**
   * `length` bytes for `purpose`, derived from the KEK with HKDF-SHA256 (RFC 5869): the same on every instance
   * sharing the KEK, never the KEK itself, and unrelated for different purposes (an issuer's encryption key).
   */
  derive(purpose: string, length: number): Buffer;
};

/** Decryption refused: wrong tenant/DID, tampered bytes, or another KEK. Never says which. */
export class KeyDecryptionError extends Error {
  constructor() {
    super('the private key could not be decrypted');
    this.name = 'KeyDecryptionError';
  }
}

/** The KEK is missing, malformed or exposed; the service must not start with it. */
export class KeyEncryptionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyEncryptionKeyError';
  }
}

export const KEY_FILE_NAME = 'key-encryption.key';

// Layout v1: version (1) | IV (12, the GCM default, SP 800-38D §8.2.2 random construction) | tag (16) | ciphertext.
// The version byte is authenticated too (it is part of the additional data), so it cannot be swapped.
const VERSION = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const KEK_BYTES = 32;

/** Additional data binding a private key's ciphertext to its tenant and DID (JSON: unambiguous for any strings). */
export function keyAadFor(tenantId: string, did: string): string {
  return JSON.stringify(['did-private-key/v1', tenantId, did]);
}

/** Whether stored bytes have this envelope's layout (not a plaintext key): compliance evidence, not a decryption. */
export function isKeyEnvelope(stored: Uint8Array): boolean {
  return stored.length > HEADER_BYTES && stored[0] === VERSION;
}

export function createKeyEncryption(keyEncryptionKey: Uint8Array): KeyEncryption {
  if (keyEncryptionKey.length !== KEK_BYTES) throw new KeyEncryptionKeyError('the key-encryption key must be 32 bytes');
  const kek = Buffer.from(keyEncryptionKey);
  const additionalData = (aad: string) => Buffer.concat([Buffer.of(VERSION), Buffer.from(aad, 'utf8')]);
  return {
    encrypt(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', kek, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(aad));
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    },
    decrypt(ciphertext, aad) {
      const bytes = Buffer.from(ciphertext.buffer, ciphertext.byteOffset, ciphertext.byteLength);
      if (bytes.length < HEADER_BYTES || bytes[0] !== VERSION) throw new KeyDecryptionError();
      try {
        // authTagLength pins the tag at 16 bytes: a truncated tag would otherwise be accepted.
        const iv = bytes.subarray(1, 1 + IV_BYTES);
        const decipher = createDecipheriv('aes-256-gcm', kek, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(additionalData(aad));
        decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, HEADER_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]);
      } catch {
        throw new KeyDecryptionError();
      }
    },
    derive(purpose, length) {
      return Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), `key-encryption-derive/v1:${purpose}`, length));
    },
  };
}

/**
 * The KEK from KEY_ENCRYPTION_KEY when set; otherwise `<dataDir>/key-encryption.key`, created (mode 0600) on first
 * start. A key file readable by group or others, or of the wrong length, stops the start-up with a clear error.
 */
export async function loadKeyEncryption(options: {
  keyEncryptionKey: string | undefined;
  dataDir: string;
  log: Logger;
}): Promise<KeyEncryption> {
  const { keyEncryptionKey, dataDir, log } = options;
  if (keyEncryptionKey !== undefined) {
    const kek = decodeKek(keyEncryptionKey);
    if (!kek) throw new KeyEncryptionKeyError('KEY_ENCRYPTION_KEY must be 32 bytes in base64 or base64url');
    return createKeyEncryption(kek);
  }
  const file = path.join(dataDir, KEY_FILE_NAME);
  const created = await createKeyFile(file);
  if (created) {
    log.warn(
      { path: file },
      'created a new key-encryption key for DID private keys: back this file up (losing it loses every DID key), ' +
        'and give every instance the same key through KEY_ENCRYPTION_KEY',
    );
  }
  return createKeyEncryption(await readKeyFile(file));
}

/** Base64 or base64url (padding optional) of exactly 32 bytes, else undefined. */
function decodeKek(value: string): Buffer | undefined {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEK_BYTES ? bytes : undefined;
}

/**
 * Writes a fresh key to a private temporary file and hard-links it into place: link(2) never replaces an existing
 * file, so two instances starting together on one DATA_DIR agree on whichever key landed first, and a crash
 * mid-write never leaves a truncated key under the real name. Returns false when the file already existed.
 */
async function createKeyFile(file: string): Promise<boolean> {
  try {
    await stat(file);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.chmod(0o600); // the open() mode is filtered through the umask; this is exact
    await handle.writeFile(`${randomBytes(KEK_BYTES).toString('base64url')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary);
  }
}

async function readKeyFile(file: string): Promise<Buffer> {
  const info = await stat(file);
  if (!info.isFile()) throw new KeyEncryptionKeyError(`${file} is not a regular file`);
  // POSIX modes only; on Windows the bits are synthetic.
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    throw new KeyEncryptionKeyError(
      `${file} is accessible to group or others (mode ${mode}); restrict it with: chmod 600 ${file}`,
    );
  }
  const kek = decodeKek(await readFile(file, 'utf8'));
  if (!kek) throw new KeyEncryptionKeyError(`${file} must hold 32 bytes in base64url; it does not`);
  return kek;
}
