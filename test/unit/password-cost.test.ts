// The cost of a password hash: argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane) unless a test run
// asks for less, which only NODE_ENV=test may (src/config.ts); the test harness does, for tests that are not
// about hashing. test/integration/auth-register.test.ts checks a hash the service stored at its defaults.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createPasswordHasher } from '../../src/modules/auth/password.js';

const hasherFor = (env: NodeJS.ProcessEnv) => {
  const config = loadConfig(env);
  return createPasswordHasher({ memoryKib: config.argon2MemoryKib, timeCost: config.argon2TimeCost });
};

const parameters = (hash: string) =>
  Object.fromEntries(
    hash
      .split('$')[3]!
      .split(',')
      .map((kv) => kv.split('=')),
  );

describe('password hashing cost', () => {
  it("is OWASP's unless set, in production and in a test run alike", async () => {
    for (const NODE_ENV of [undefined, 'production', 'test']) {
      expect(loadConfig({ NODE_ENV })).toMatchObject({ argon2MemoryKib: undefined, argon2TimeCost: undefined });
      const hash = await hasherFor({ NODE_ENV }).hashPassword('correct horse battery');
      expect(hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(parameters(hash)).toEqual({ m: '19456', t: '2', p: '1' });
    }
  });

  it('is lowered for a test run that sets it, and still verifies', async () => {
    const passwords = hasherFor({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
    const hash = await passwords.hashPassword('correct horse battery');
    expect(parameters(hash)).toEqual({ m: '1024', t: '1', p: '1' });
    expect(await passwords.verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await passwords.verifyPassword(hash, 'wrong horse battery')).toBe(false);
  });

  it('cannot be lowered outside a test run: start-up fails naming both settings', () => {
    for (const NODE_ENV of [undefined, 'development', 'production']) {
      let error: unknown;
      try {
        loadConfig({ NODE_ENV, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^ARGON2_MEMORY_KIB="1024": only with NODE_ENV=test/),
        expect.stringMatching(/^ARGON2_TIME_COST="1": only with NODE_ENV=test/),
      ]);
    }
  });
});
