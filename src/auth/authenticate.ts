// Turns the Authorization header into a Principal, once per request. Anything wrong with it (missing,
// malformed, unknown, expired, revoked, logged out, membership gone) yields null; the schema then answers
// 401. Both lookups read the role as it is now, so a role change, removal or revocation applies to the
// very next request.
import type { PrismaClient } from '../generated/prisma/client.js';
import { constantTimeEqual, sha256 } from '../lib/crypto.js';
import type { Logger } from '../lib/logger.js';
import { API_KEY_PATTERN, isApiKeyUsable, lastUseIsStale } from './api-key-tokens.js';
import type { ApiKeyPrincipal, Principal, SessionPrincipal } from './principal.js';
import type { Found, PrincipalCache } from './principal-cache.js';
import { findApiKeyByKeyHash, findSessionByTokenHash, recordApiKeyUse } from './principal.repository.js';
import { isSessionExpired, SESSION_TOKEN_PREFIX } from './session-tokens.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const MAX_TOKEN_LENGTH = 256;

export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = BEARER.exec(header);
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

export async function authenticate(
  prisma: PrismaClient,
  authorization: string | null | undefined,
  /** The request's logger, asked for only when something is logged. */
  log?: () => Logger,
  cache?: PrincipalCache,
): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const isSession = token.startsWith(SESSION_TOKEN_PREFIX);
  if (!isSession && !API_KEY_PATTERN.test(token)) return null;
  const tokenHash = sha256(token);
  if (!cache) return (await lookUp(prisma, tokenHash, isSession, log))?.principal ?? null;
  const cacheKey = Buffer.from(tokenHash).toString('base64');
  return cache.get(cacheKey) ?? cache.load(cacheKey, () => lookUp(prisma, tokenHash, isSession, log));
}

function lookUp(
  prisma: PrismaClient,
  tokenHash: Uint8Array<ArrayBuffer>,
  isSession: boolean,
  log?: () => Logger,
): Promise<Found | null> {
  return isSession ? authenticateSession(prisma, tokenHash) : authenticateApiKey(prisma, tokenHash, log);
}

/** What the cache keeps (principal-cache.ts), with the principal's kind known. */
type Authenticated<P extends Principal> = Found & { principal: P };

async function authenticateSession(
  prisma: PrismaClient,
  tokenHash: Uint8Array<ArrayBuffer>,
): Promise<Authenticated<SessionPrincipal> | null> {
  const session = await findSessionByTokenHash(prisma, tokenHash);
  // The index lookup already matched; the constant-time comparison keeps the decision itself free of
  // timing differences whatever the database does.
  if (!session || !constantTimeEqual(session.tokenHash, tokenHash)) return null;
  if (isSessionExpired(session.expiresAt)) return null;
  const role = session.membership.role;
  const principal: SessionPrincipal = {
    kind: 'session',
    sessionId: session.id,
    userId: session.userId,
    tenantId: session.tenantId,
    plan: session.membership.tenant.plan,
    compliance: {
      adopted: session.membership.tenant.complianceAdoptions.map((adoption) => adoption.frameworkId),
      personalClaims: session.membership.tenant.personalClaims,
      keyRotationDays: session.membership.tenant.keyRotationDays,
    },
    trustPolicy: session.membership.tenant.trustPolicy,
    role: { id: role.id, name: role.name },
    permissions: new Set(role.permissions),
  };
  return { principal, expiresAt: session.expiresAt.getTime() };
}

async function authenticateApiKey(
  prisma: PrismaClient,
  keyHash: Uint8Array<ArrayBuffer>,
  log?: () => Logger,
): Promise<Authenticated<ApiKeyPrincipal> | null> {
  const row = await findApiKeyByKeyHash(prisma, keyHash);
  if (!row || !constantTimeEqual(new Uint8Array(row.key_hash), keyHash)) return null;
  if (!isApiKeyUsable({ revokedAt: row.revoked_at, expiresAt: row.expires_at })) return null;
  if (lastUseIsStale(row.last_used_at)) {
    // Best effort and off the request's path: a lost update only makes "last used" a minute staler.
    recordApiKeyUse(prisma, row.tenant_id, row.id, new Date()).catch((error) =>
      log?.().warn({ err: error }, 'recording API key use failed'),
    );
  }
  const rolePermissions = new Set(row.role_permissions);
  const scopes = row.scoped ? new Set(row.scopes ?? []) : null;
  const principal: ApiKeyPrincipal = {
    kind: 'api_key',
    apiKeyId: row.id,
    userId: row.created_by_user_id,
    tenantId: row.tenant_id,
    plan: row.plan,
    compliance: {
      adopted: row.adopted_frameworks,
      personalClaims: row.personal_claims ?? [],
      keyRotationDays: row.key_rotation_days,
    },
    trustPolicy:
      row.min_score === null
        ? null
        : {
            minScore: row.min_score,
            minAssuranceLevel: row.min_assurance_level!,
            requireAttestedIssuer: row.require_attested_issuer!,
            updatedAt: row.policy_updated_at!,
          },
    role: { id: row.role_id, name: row.role_name },
    scopes,
    // A key can never do more than its creator can now: scopes narrow the role, they never widen it.
    permissions: scopes ? new Set([...scopes].filter((scope) => rolePermissions.has(scope))) : rolePermissions,
  };
  return { principal, expiresAt: row.expires_at?.getTime() ?? null };
}
