import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
