// Register, login, logout and "me" (spec §4). Transport-free: both GraphQL and REST reach these through
// the same resolvers.
import type { PreparedSql } from '../../db/database.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { OWNER_ROLE } from '../../auth/builtin-roles.js';
import { PERMISSIONS } from '../../auth/permissions.js';
import type { Principal } from '../../auth/principal.js';
import type { AccessEvents } from '../../auth/access-events.js';
import { newSessionToken } from '../../auth/session-tokens.js';
import { badRequest, conflict, rateLimited, unauthorized } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { parseInput } from '../../lib/validation.js';
import type { BucketVerdict } from '../../lib/rate-limit/token-bucket.js';
import type { Logger } from '../../lib/logger.js';
import { emailKey, loginInput, registerInput } from './auth.inputs.js';
import { createMembership } from '../members/members.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.repository.js';
import { createTenant, tenantSlugTaken } from '../tenants/tenants.repository.js';
import * as repository from './auth.repository.js';
import type { PasswordHasher } from './password.js';

export type AuthResult = { token: string; userId: string; tenantId: string; role: string };

export type Me = {
  userId: string;
  email: string;
  displayName: string;
  tenantId: string;
  role: string;
  permissions: string[];
  tenants: { id: string; name: string; slug: string; role: string }[];
};

/** Failed-login backoff per account (src/http/rate-limits.ts). */
export type LoginThrottle = {
  take(accountKey: string): Promise<BucketVerdict>;
  refund(accountKey: string): Promise<void>;
};

export type AuthServiceDeps = {
  prisma: PrismaClient;
  /** Prepared statements, for `me`. */
  sql: PreparedSql;
  sessionTtlSeconds: number;
  log: Logger;
  loginThrottle: LoginThrottle;
  access: AccessEvents;
  /** Shared with the other services that hash, so that one bound holds for the process. */
  passwords: PasswordHasher;
};

export function createAuthService({
  prisma,
  sql,
  sessionTtlSeconds,
  log,
  loginThrottle,
  access,
  passwords,
}: AuthServiceDeps) {
  const sessionExpiry = () => new Date(Date.now() + sessionTtlSeconds * 1000);

  /** User, tenant, owner membership, session and the tenant's first audit event in one transaction: all or none. */
  async function register(rawInput: unknown, requestId: string | null = null): Promise<AuthResult> {
    const input = parseInput(registerInput, rawInput);
    const key = emailKey(input.email);
    const passwordHash = await passwords.hashPassword(input.password);
    const { token, tokenHash } = newSessionToken();
    try {
      return await prisma.$transaction(async (tx) => {
        if (await repository.findUserByEmailKey(tx, key)) throw conflict(MESSAGES.emailAlreadyRegistered);
        if (await tenantSlugTaken(tx, input.tenantSlug)) throw conflict(MESSAGES.tenantSlugTaken);
        const user = await repository.createUser(tx, {
          email: input.email,
          emailKey: key,
          displayName: input.displayName,
          passwordHash,
        });
        const tenant = await createTenant(tx, { name: input.tenantName, slug: input.tenantSlug });
        await createMembership(tx, tenant.id, { userId: user.id, roleId: OWNER_ROLE.id });
        await repository.createSession(tx, tenant.id, { userId: user.id, tokenHash, expiresAt: sessionExpiry() });
        await recordAudit(
          tx,
          { tenantId: tenant.id, actorUserId: user.id, actorApiKeyId: null, requestId },
          {
            action: 'auth.registered',
            targetType: 'member',
            targetId: user.id,
            details: { email: input.email, tenant_slug: input.tenantSlug, role: OWNER_ROLE.name },
          },
        );
        return { token, userId: user.id, tenantId: tenant.id, role: OWNER_ROLE.name };
      });
    } catch (error) {
      // Two registrations racing past the checks above: the unique index decides, and we say which.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const emailTaken = await repository.findUserByEmailKey(prisma, key);
        throw conflict(emailTaken ? MESSAGES.emailAlreadyRegistered : MESSAGES.tenantSlugTaken);
      }
      throw error;
    }
  }

  /**
   * A failed sign-in of a known account goes into the audit log of the tenant it would have opened a session in
   * (the one tenant_slug names, else the account's first); one naming a tenant the account is not a member of, or
   * an unknown email, belongs to no tenant. Not awaited: the answer must take as long as for an unknown email
   * (which costs no write), or its timing would tell which emails have accounts.
   */
  function recordFailedLogin(
    userId: string,
    email: string,
    tenantSlug: string | null | undefined,
    requestId: string | null,
    hostTenantId: string | null,
  ) {
    void (async () => {
      const membership = await repository.findMembershipForLogin(prisma, userId, tenantSlug, hostTenantId);
      if (!membership) return;
      const actor: AuditActor = { tenantId: membership.tenantId, actorUserId: null, actorApiKeyId: null, requestId };
      await prisma.$transaction((tx) =>
        recordAudit(tx, actor, {
          action: 'auth.login_failed',
          targetType: 'member',
          targetId: userId,
          details: { email, reason: 'wrong_password' },
        }),
      );
    })().catch((error: unknown) => log.error({ err: error, userId }, 'failed sign-in not recorded in the audit log'));
  }

  /**
   * `hostTenantId`: the tenant whose verified custom domain the request came in on. Only that tenant is served
   * there (another's session would get 421 on every request), so a sign-in there opens a session in it or fails.
   */
  async function login(
    rawInput: unknown,
    requestId: string | null = null,
    hostTenantId: string | null = null,
  ): Promise<AuthResult> {
    const input = parseInput(loginInput, rawInput);
    await passwords.ensureRoom(); // before the throttle and the database: a refusal costs next to nothing
    const accountKey = emailKey(input.email);
    // Every attempt takes a token before the password is checked and a success gives it back, so failures
    // alone drain the account's bucket, and concurrent guesses cannot slip past the count. Unknown emails
    // are throttled alike, so the answer says nothing about whether an account exists.
    const throttle = await loginThrottle.take(accountKey);
    if (!throttle.allowed) throw rateLimited(MESSAGES.tooManyLoginFailures, throttle.retryAfterSeconds);
    const user = await repository.findUserByEmailKey(prisma, accountKey);
    // Unknown emails are checked against a dummy hash: same work, same time, same answer.
    let passwordOk: boolean;
    try {
      passwordOk = await passwords.verifyPassword(
        user?.passwordHash ?? (await passwords.dummyPasswordHash()),
        input.password,
      );
    } catch (error) {
      // Refused by a full hashing queue (503): no password was checked, so it is no failure to count.
      await loginThrottle.refund(accountKey);
      throw error;
    }
    if (!user || !passwordOk) {
      if (user) recordFailedLogin(user.id, input.email, input.tenantSlug, requestId, hostTenantId);
      throw unauthorized();
    }
    await loginThrottle.refund(accountKey);
    const membership = await repository.findMembershipForLogin(prisma, user.id, input.tenantSlug, hostTenantId);
    if (!membership) throw unauthorized();
    if (passwords.needsRehash(user.passwordHash)) {
      await repository.updatePasswordHash(prisma, user.id, await passwords.hashPassword(input.password));
    }
    const { token, tokenHash } = newSessionToken();
    await prisma.$transaction(async (tx) => {
      await repository.createSession(tx, membership.tenantId, {
        userId: user.id,
        tokenHash,
        expiresAt: sessionExpiry(),
      });
      await recordAudit(
        tx,
        { tenantId: membership.tenantId, actorUserId: user.id, actorApiKeyId: null, requestId },
        {
          action: 'auth.login_succeeded',
          targetType: 'member',
          targetId: user.id,
          details: { email: input.email, role: membership.role.name },
        },
      );
    });
    return { token, userId: user.id, tenantId: membership.tenantId, role: membership.role.name };
  }

  /** Ends the caller's own session only; other sessions of the user stay valid. */
  async function logout(principal: Principal): Promise<{ status: 'logged_out' }> {
    // An API key is not a session: it is revoked through the admin interface, not logged out.
    if (principal.kind !== 'session') throw badRequest('logout ends a session; revoke an API key instead');
    const deleted = await repository.deleteSession(prisma, principal.tenantId, principal);
    if (!deleted) throw unauthorized(); // logged out concurrently by another request
    access.changed(principal.tenantId); // the token must stop working at once, cached or not
    return { status: 'logged_out' };
  }

  async function me(principal: Principal): Promise<Me> {
    const user = await repository.findUserWithTenants(sql, principal.userId);
    if (!user) throw unauthorized();
    return {
      userId: user.id,
      email: user.email,
      displayName: user.displayName,
      tenantId: principal.tenantId,
      role: principal.role.name,
      permissions: PERMISSIONS.filter((permission) => principal.permissions.has(permission)),
      tenants: user.tenants,
    };
  }

  async function purgeExpiredSessions(): Promise<number> {
    const { count } = await repository.deleteExpiredSessionsOfAllTenants(prisma, new Date());
    if (count > 0) log.info({ count }, 'expired sessions purged');
    return count;
  }

  return { register, login, logout, me, purgeExpiredSessions };
}

export type AuthService = ReturnType<typeof createAuthService>;
