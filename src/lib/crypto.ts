import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A random token: a recognisable prefix and `bytes` of CSPRNG output in base64url. */
export function randomToken(prefix: string, bytes: number): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** SHA-256 as a plain Uint8Array (what Prisma stores in a Bytes column). */
export function sha256(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(text, 'utf8').digest());
}

/** Constant-time equality of two byte strings (false for different lengths, without early exit on content). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A UUID version 7 (RFC 9562 §5.7): the Unix time in milliseconds in its first 48 bits, then 74 random bits.
 * Rows written with it go to the right-hand edge of their primary key's B-tree instead of a random leaf, so an
 * insert dirties one hot page rather than one page of the whole index: after each checkpoint PostgreSQL logs a
 * full image of every page it changes first, and random keys made that one 8 KiB image per key (README,
 * "Time-ordered keys"). Made from node:crypto's randomUUID, whose randomness is drawn in batches: 0.5-0.7 µs,
 * where the `uuid` package's v7() asks Web Crypto for 16 bytes each call (2.1 µs here).
 */
export function uuidV7(now: number = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: the variant V is kept, the version replaced
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
