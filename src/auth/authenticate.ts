// Turns the Authorization header into a Principal, once per request. Anything wrong with it (missing,
// malformed, unknown, expired, logged out, membership gone) yields null; the schema then answers 401.
import type { PrismaClient } from '../generated/prisma/client.js';
import { constantTimeEqual, sha256 } from '../lib/crypto.js';
import { isSessionExpired, SESSION_TOKEN_PREFIX } from '../modules/auth/session.tokens.js';
import type { Principal } from './principal.js';

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
): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token?.startsWith(SESSION_TOKEN_PREFIX)) return null;
  const tokenHash = sha256(token);
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
      membership: { select: { role: { select: { id: true, name: true, permissions: true } } } },
    },
  });
  // The index lookup already matched; the constant-time comparison keeps the decision itself free of
  // timing differences whatever the database does.
  if (!session || !constantTimeEqual(session.tokenHash, tokenHash)) return null;
  if (isSessionExpired(session.expiresAt)) return null;
  const role = session.membership.role;
  return {
    kind: 'session',
    sessionId: session.id,
    userId: session.userId,
    tenantId: session.tenantId,
    role: { id: role.id, name: role.name },
    permissions: new Set(role.permissions),
  };
}
