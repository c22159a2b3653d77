// Who can act for the tenant: few owners, scoped and expiring API keys, no dormant keys or members, short
// sessions and strong password hashing.
import type { ActiveApiKey, Check } from './check.types.js';
import { ageInDays, firstPage, met, notMet, numberParam } from './results.js';

const keyName = (key: ActiveApiKey) => ({ id: key.id, prefix: key.prefix, name: key.name });

export const ownersLimited: Check = {
  evaluates: 'At most params.max_owners members (default 2) hold the owner role.',
  evaluate: ({ members }, params) => {
    const maxOwners = numberParam(params, 'max_owners', 2);
    const owners = members.filter((member) => member.role === 'owner');
    const evidence = {
      members: members.length,
      owners: owners.length,
      max_owners: maxOwners,
      owner_user_ids: firstPage(owners.map((owner) => owner.userId)),
    };
    return owners.length <= maxOwners
      ? met(`${owners.length} of ${members.length} member(s) are owners (at most ${maxOwners}).`, evidence)
      : notMet(
          `${owners.length} members are owners, over ${maxOwners}.`,
          evidence,
          'Give members who do not manage billing the admin role or a narrower one.',
        );
  },
};

export const apiKeysScoped: Check = {
  evaluates: 'Every active API key is scoped to the permissions it needs (no unscoped key).',
  evaluate: ({ apiKeys }) => {
    const unscoped = apiKeys.filter((key) => !key.scoped);
    const evidence = {
      active_api_keys: apiKeys.length,
      unscoped: unscoped.length,
      unscoped_keys: firstPage(unscoped.map(keyName)),
    };
    return unscoped.length === 0
      ? met(`All ${apiKeys.length} active API key(s) are scoped.`, evidence)
      : notMet(
          `${unscoped.length} of ${apiKeys.length} active API key(s) are unscoped.`,
          evidence,
          'Create scoped keys for these integrations and revoke the unscoped ones listed.',
        );
  },
};

export const apiKeysExpire: Check = {
  evaluates: 'Every active API key has an expiry.',
  evaluate: ({ apiKeys }) => {
    const endless = apiKeys.filter((key) => !key.expiresAt);
    const evidence = {
      active_api_keys: apiKeys.length,
      never_expiring: endless.length,
      never_expiring_keys: firstPage(endless.map(keyName)),
    };
    return endless.length === 0
      ? met(`All ${apiKeys.length} active API key(s) expire.`, evidence)
      : notMet(
          `${endless.length} of ${apiKeys.length} active API key(s) never expire.`,
          evidence,
          'Create keys with expires_at and revoke the ones listed.',
        );
  },
};

export const apiKeysUsed: Check = {
  evaluates: 'No active API key has gone unused for params.days (default 90) days.',
  evaluate: ({ apiKeys, now }, params) => {
    const days = numberParam(params, 'days', 90);
    const idle = apiKeys.filter((key) => ageInDays(key.lastUsedAt ?? key.createdAt, now) > days);
    const evidence = {
      active_api_keys: apiKeys.length,
      unused_days: days,
      unused: idle.length,
      unused_keys: firstPage(
        idle.map((key) => ({ ...keyName(key), last_used_at: key.lastUsedAt?.toISOString() ?? null })),
      ),
    };
    return idle.length === 0
      ? met(`Every active API key was used in the last ${days} days.`, evidence)
      : notMet(`${idle.length} active API key(s) unused for over ${days} days.`, evidence, 'Revoke the keys listed.');
  },
};

export const membersActive: Check = {
  evaluates:
    'No member has been inactive (no sign-in, no use of their API keys) for params.days (default 90) days since joining.',
  evaluate: ({ members, now }, params) => {
    const days = numberParam(params, 'days', 90);
    const dormant = members.filter((member) => ageInDays(member.lastActiveAt ?? member.joinedAt, now) > days);
    const evidence = {
      members: members.length,
      inactive_days: days,
      inactive: dormant.length,
      inactive_members: firstPage(
        dormant.map((member) => ({
          user_id: member.userId,
          email: member.email,
          role: member.role,
          last_active_at: member.lastActiveAt?.toISOString() ?? null,
        })),
      ),
    };
    return dormant.length === 0
      ? met(`All ${members.length} member(s) were active in the last ${days} days.`, evidence)
      : notMet(
          `${dormant.length} member(s) inactive for over ${days} days.`,
          evidence,
          'Review the members listed and remove those who no longer need access.',
        );
  },
};

export const sessionLifetime: Check = {
  evaluates: 'Sessions end after at most params.max_hours (default 24) hours (the deployment’s SESSION_TTL).',
  evaluate: ({ service }, params) => {
    const maxHours = numberParam(params, 'max_hours', 24);
    const hours = service.sessionTtlSeconds / 3600;
    const evidence = { session_lifetime_hours: hours, max_hours: maxHours };
    return hours <= maxHours
      ? met(`Sessions last ${hours} hours (at most ${maxHours}).`, evidence)
      : notMet(`Sessions last ${hours} hours, over ${maxHours}.`, evidence, `Set SESSION_TTL to ${maxHours}h or less.`);
  },
};

export const passwordHashing: Check = {
  evaluates:
    'Passwords are stored with argon2id at no less than params.min_memory_kib (default 19456) KiB and params.min_iterations (default 2) passes (OWASP).',
  evaluate: ({ service }, params) => {
    const minMemory = numberParam(params, 'min_memory_kib', 19_456);
    const minIterations = numberParam(params, 'min_iterations', 2);
    const hashing = service.passwordHashing;
    const evidence = {
      algorithm: hashing.algorithm,
      memory_kib: hashing.memoryKib,
      iterations: hashing.iterations,
      parallelism: hashing.parallelism,
      min_memory_kib: minMemory,
      min_iterations: minIterations,
    };
    return hashing.memoryKib >= minMemory && hashing.iterations >= minIterations
      ? met(`Passwords are hashed with argon2id, ${hashing.memoryKib} KiB, ${hashing.iterations} passes.`, evidence)
      : notMet(
          `argon2id runs with ${hashing.memoryKib} KiB and ${hashing.iterations} passes, below ${minMemory} KiB / ${minIterations}.`,
          evidence,
          'Run the service with its default password hashing parameters.',
        );
  },
};
