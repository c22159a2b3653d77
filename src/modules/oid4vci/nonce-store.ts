// The issuer's nonces. A c_nonce (OpenID4VCI 1.0 §7) is a row of the tenant's, by SHA-256, with an expiry: any
// instance accepts one another handed out, and the credential request consumes its nonces with DELETE … RETURNING in
// the transaction that stores the credentials, so a nonce buys one credential response however many requests race
// for it (Credo's stateless nonce leaves that replay open). A DPoP proof's jti is recorded the same way (RFC 9449
// §11.1) in the transaction of what it authorised, for as long as its server-provided nonce is accepted.
//
// DPoP nonces (RFC 9449 §8) are stateless: the time they were minted and the tenant, sealed with the service's key
// (AES-256-GCM, src/lib/key-encryption.ts), so every instance with the same KEY_ENCRYPTION_KEY accepts them.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { sha256 } from '../../lib/crypto.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import {
  C_NONCE_TTL_SECONDS,
  DPOP_NONCE_TTL_SECONDS,
  PROOF_CLOCK_SKEW_SECONDS,
  randomSecret,
} from './offer-session.policy.js';

type Db = PrismaClient | Prisma.TransactionClient;

export type NonceKind = 'c_nonce' | 'dpop_jti';

/** A jti is remembered as long as a proof carrying it could still be accepted: its nonce's life and the skew. */
export const DPOP_JTI_TTL_SECONDS = DPOP_NONCE_TTL_SECONDS + PROOF_CLOCK_SKEW_SECONDS;

/** Hands out a fresh c_nonce of the tenant; it expires C_NONCE_TTL_SECONDS from `now`. */
export async function issueCNonce(db: Db, tenantId: string, now: Date): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = randomSecret();
  const expiresAt = new Date(now.getTime() + C_NONCE_TTL_SECONDS * 1000);
  await db.oid4vciNonce.create({ data: { tenantId, kind: 'c_nonce', valueHash: sha256(nonce), expiresAt } });
  return { nonce, expiresAt };
}

/** Of `values`, those the tenant holds unexpired (a look before the work; consume() decides). */
export async function liveValues(db: Db, tenantId: string, kind: NonceKind, values: string[], now: Date) {
  if (!values.length) return new Set<string>();
  const rows = await db.oid4vciNonce.findMany({
    where: { tenantId, kind, valueHash: { in: values.map(sha256) }, expiresAt: { gt: now } },
    select: { valueHash: true },
  });
  const held = new Set(rows.map((row) => Buffer.from(row.valueHash).toString('hex')));
  return new Set(values.filter((value) => held.has(Buffer.from(sha256(value)).toString('hex'))));
}

/**
 * Consumes the tenant's unexpired c_nonces `values` in the transaction `tx`: true when every one of them was there
 * (and is now gone); false when one was not, consumed meanwhile by another request or expired.
 */
export async function consumeCNonces(tx: Prisma.TransactionClient, tenantId: string, values: string[], now: Date) {
  const hashes = [...new Set(values)].map((value) => Buffer.from(sha256(value)).toString('hex'));
  const rows = await tx.$queryRaw<{ kind: string }[]>`
    DELETE FROM oid4vci_nonces
    WHERE tenant_id = ${tenantId}::uuid AND kind = 'c_nonce'
      AND value_hash IN (SELECT decode(h, 'hex') FROM unnest(${hashes}::text[]) AS h)
      AND expires_at > ${now}::timestamptz
    RETURNING kind`;
  return rows.length === hashes.length;
}

/** Records a DPoP proof's jti in `tx`; false when it was recorded before (a replay). */
export async function recordDpopJti(tx: Prisma.TransactionClient, tenantId: string, jti: string, now: Date) {
  const expiresAt = new Date(now.getTime() + DPOP_JTI_TTL_SECONDS * 1000);
  const inserted = await tx.$executeRaw`
    INSERT INTO oid4vci_nonces (tenant_id, kind, value_hash, expires_at)
    VALUES (${tenantId}::uuid, 'dpop_jti', ${sha256(jti)}, ${expiresAt}::timestamptz)
    ON CONFLICT (tenant_id, kind, value_hash) DO NOTHING`;
  return inserted === 1;
}

/** Retention: every tenant's nonces and jtis past their expiry (a sweep by age, not a request's data). */
export function deleteExpiredNonces(db: PrismaClient, now: Date): Promise<number> {
  return db.$executeRaw`DELETE FROM oid4vci_nonces WHERE expires_at <= ${now}::timestamptz`;
}

const dpopNonceAad = (tenantId: string) => JSON.stringify(['oid4vci-dpop-nonce/v1', tenantId]);

/** A DPoP nonce for the tenant, minted at `now`. */
export function mintDpopNonce(keys: KeyEncryption, tenantId: string, now: Date): string {
  const time = Buffer.alloc(8);
  time.writeBigInt64BE(BigInt(now.getTime()));
  return keys.encrypt(time, dpopNonceAad(tenantId)).toString('base64url');
}

/** Whether `nonce` is one of the tenant's DPoP nonces, minted at most DPOP_NONCE_TTL_SECONDS before `now`. */
export function isFreshDpopNonce(keys: KeyEncryption, tenantId: string, nonce: string, now: Date): boolean {
  if (!/^[A-Za-z0-9_-]{40,80}$/.test(nonce)) return false;
  try {
    const minted = Number(keys.decrypt(Buffer.from(nonce, 'base64url'), dpopNonceAad(tenantId)).readBigInt64BE());
    const age = now.getTime() - minted;
    return age >= -PROOF_CLOCK_SKEW_SECONDS * 1000 && age <= DPOP_NONCE_TTL_SECONDS * 1000;
  } catch {
    return false;
  }
}
