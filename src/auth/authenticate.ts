// Turns the Authorization header into a Principal, once per request. Anything wrong with it (missing,
// malformed, unknown, expired, revoked, logged out, membership gone) yields null; the schema then answers
// 401. Both lookups read the role as it is now, so a role change, removal or revocation applies to the
// very next request.
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Plan } from '../generated/prisma/enums.js';
import { constantTimeEqual, sha256 } from '../lib/crypto.js';
import type { Logger } from '../lib/logger.js';
import { isSessionExpired, SESSION_TOKEN_PREFIX } from '../modules/auth/session.tokens.js';
import { API_KEY_PATTERN, isApiKeyUsable, lastUseIsStale } from '../modules/api-keys/api-key.tokens.js';
import type { ApiKeyPrincipal, Principal, SessionPrincipal } from './principal.js';
import type { PrincipalCache } from './principal-cache.js';

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
  log?: Logger,
  cache?: PrincipalCache,
): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const isSession = token.startsWith(SESSION_TOKEN_PREFIX);
  if (!isSession && !API_KEY_PATTERN.test(token)) return null;
  const tokenHash = sha256(token);
  const cacheKey = cache ? Buffer.from(tokenHash).toString('base64') : '';
  const cached = cache?.get(cacheKey);
  if (cached) return cached;
  const found = isSession
    ? await authenticateSession(prisma, tokenHash)
    : await authenticateApiKey(prisma, tokenHash, log);
  if (found && cache) cache.set(cacheKey, found.principal, found.expiresAt?.getTime() ?? null);
  return found?.principal ?? null;
}

type Authenticated<P extends Principal> = { principal: P; expiresAt: Date | null };

async function authenticateSession(
  prisma: PrismaClient,
  tokenHash: Uint8Array<ArrayBuffer>,
): Promise<Authenticated<SessionPrincipal> | null> {
  const session = await prisma.session.findUnique({
    // One SQL statement (lateral joins) instead of one per relation: this runs on every request.
    relationLoadStrategy: 'join',
    where: { tokenHash },
    select: {
      id: true,
      tokenHash: true,
      tenantId: true,
      userId: true,
      expiresAt: true,
      membership: {
        select: {
          role: { select: { id: true, name: true, permissions: true } },
          tenant: { select: { plan: true } },
        },
      },
    },
  });
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
    role: { id: role.id, name: role.name },
    permissions: new Set(role.permissions),
  };
  return { principal, expiresAt: session.expiresAt };
}

type ApiKeyRow = {
  id: string;
  key_hash: Uint8Array;
  tenant_id: string;
  created_by_user_id: string;
  scoped: boolean;
  scopes: string[] | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  role_id: string;
  role_name: string;
  role_permissions: string[];
  plan: Plan;
};

async function authenticateApiKey(
  prisma: PrismaClient,
  keyHash: Uint8Array<ArrayBuffer>,
  log?: Logger,
): Promise<Authenticated<ApiKeyPrincipal> | null> {
  // The key joined to its creator's membership and role: a key whose creator left the tenant finds no row.
  const rows = await prisma.$queryRaw<ApiKeyRow[]>`
    SELECT k.id, k.key_hash, k.tenant_id, k.created_by_user_id, k.scoped, k.scopes, k.expires_at, k.revoked_at,
           k.last_used_at, r.id AS role_id, r.name AS role_name, r.permissions AS role_permissions,
           t.plan::text AS plan
    FROM api_keys k
    JOIN tenants t ON t.id = k.tenant_id
    JOIN memberships m ON m.tenant_id = k.tenant_id AND m.user_id = k.created_by_user_id
    JOIN roles r ON r.id = m.role_id
    WHERE k.key_hash = ${keyHash}`;
  const row = rows[0];
  if (!row || !constantTimeEqual(new Uint8Array(row.key_hash), keyHash)) return null;
  if (!isApiKeyUsable({ revokedAt: row.revoked_at, expiresAt: row.expires_at })) return null;
  if (lastUseIsStale(row.last_used_at)) {
    // Best effort and off the request's path: a lost update only makes "last used" a minute staler.
    prisma.apiKey
      .updateMany({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
      .catch((error) => log?.warn({ err: error }, 'recording API key use failed'));
  }
  const rolePermissions = new Set(row.role_permissions);
  const scopes = row.scoped ? new Set(row.scopes ?? []) : null;
  const principal: ApiKeyPrincipal = {
    kind: 'api_key',
    apiKeyId: row.id,
    userId: row.created_by_user_id,
    tenantId: row.tenant_id,
    plan: row.plan,
    role: { id: row.role_id, name: row.role_name },
    scopes,
    // A key can never do more than its creator can now: scopes narrow the role, they never widen it.
    permissions: scopes ? new Set([...scopes].filter((scope) => rolePermissions.has(scope))) : rolePermissions,
  };
  return { principal, expiresAt: row.expires_at };
}
