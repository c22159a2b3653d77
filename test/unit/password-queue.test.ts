import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { createBoundedQueue } from '../../src/modules/auth/password.queue.js';
import { createPasswordHasher, PASSWORD_BUSY_RETRY_AFTER_SECONDS } from '../../src/modules/auth/password.js';
import { AppError } from '../../src/lib/errors.js';
import { MESSAGES } from '../../src/lib/messages.js';
import { ConfigError, loadConfig } from '../../src/config.js';

class Full extends Error {}

/** A task that finishes when the test says so. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBoundedQueue', () => {
  it('never runs more than `concurrency` tasks at once, and runs every admitted task', async () => {
    const queue = createBoundedQueue({ concurrency: 3, limit: 100, refuse: () => new Full() });
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        queue.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 1 + (i % 4)));
          running--;
          return i;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(queue.depth()).toEqual({ running: 0, waiting: 0, concurrency: 3, limit: 100 });
  });

  it('starts waiting tasks first come, first served, and a newcomer cannot overtake the line', async () => {
    const queue = createBoundedQueue({ concurrency: 1, limit: 10, refuse: () => new Full() });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred<void>>>();
    const enqueue = (name: string) => {
      const gate = deferred();
      gates.set(name, gate);
      return queue.run(async () => {
        started.push(name);
        await gate.promise;
      });
    };
    const all = ['a', 'b', 'c', 'd'].map(enqueue);
    await tick();
    expect(started).toEqual(['a']);
    expect(queue.depth()).toMatchObject({ running: 1, waiting: 3 });
    gates.get('a')!.resolve();
    // Newcomers arriving microtask by microtask around the hand-over from 'a' to 'b': none may slip in.
    const newcomers = Array.from({ length: 6 }, (_, i) => `n${i}`);
    for (const name of newcomers) {
      await Promise.resolve();
      all.push(enqueue(name));
    }
    await tick();
    expect(started).toEqual(['a', 'b']);
    for (const name of ['b', 'c', 'd', ...newcomers]) {
      gates.get(name)!.resolve();
      await tick();
    }
    await Promise.all(all);
    expect(started).toEqual(['a', 'b', 'c', 'd', ...newcomers]);
  });

  it('refuses at once when the waiting line is full, and admits again once it has room', async () => {
    const queue = createBoundedQueue({ concurrency: 2, limit: 3, refuse: () => new Full('busy') });
    const gate = deferred();
    const admitted = Array.from({ length: 5 }, () => queue.run(() => gate.promise));
    expect(queue.depth()).toEqual({ running: 2, waiting: 3, concurrency: 2, limit: 3 });
    let ran = false;
    await expect(
      queue.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(Full);
    expect(ran).toBe(false);
    expect(queue.depth()).toMatchObject({ running: 2, waiting: 3 });
    gate.resolve();
    await Promise.all(admitted);
    await expect(queue.run(async () => 'again')).resolves.toBe('again');
  });

  it('holds a refusal for `refusalDelayMs` before answering it, and says beforehand whether there is room', async () => {
    const queue = createBoundedQueue({ concurrency: 1, limit: 0, refuse: () => new Full(), refusalDelayMs: 60 });
    await expect(queue.ensureRoom()).resolves.toBeUndefined();
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    for (const attempt of [() => queue.ensureRoom(), () => queue.run(async () => 1)]) {
      const started = performance.now();
      await expect(attempt()).rejects.toBeInstanceOf(Full);
      expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    }
    expect(queue.depth()).toMatchObject({ running: 1, waiting: 0 }); // a held refusal takes no place in line
    gate.resolve();
    await first;
    await expect(queue.ensureRoom()).resolves.toBeUndefined();
  });

  it('with no waiting line, refuses whatever finds every slot busy', async () => {
    const queue = createBoundedQueue({ concurrency: 1, limit: 0, refuse: () => new Full() });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    await expect(queue.run(async () => 1)).rejects.toBeInstanceOf(Full);
    gate.resolve();
    await first;
  });

  it('frees the slot of a task that rejects or throws, and passes its error on', async () => {
    const queue = createBoundedQueue({ concurrency: 1, limit: 1, refuse: () => new Full() });
    const failing = queue.run(async () => {
      throw new Error('hash failed');
    });
    const throwing = queue.run(() => {
      throw new Error('thrown before any promise');
    });
    await expect(failing).rejects.toThrow('hash failed');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    expect(queue.depth()).toMatchObject({ running: 0, waiting: 0 });
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('rejects nonsense bounds', () => {
    expect(() => createBoundedQueue({ concurrency: 0, limit: 1, refuse: () => new Full() })).toThrow(RangeError);
    expect(() => createBoundedQueue({ concurrency: 1, limit: -1, refuse: () => new Full() })).toThrow(RangeError);
    expect(() => createBoundedQueue({ concurrency: 1.5, limit: 1, refuse: () => new Full() })).toThrow(RangeError);
  });
});

describe('createPasswordHasher', () => {
  it('hashes and verifies through the queue', async () => {
    const passwords = createPasswordHasher({ concurrency: 1, queueLimit: 4 });
    const hash = await passwords.hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await passwords.verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await passwords.verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await passwords.verifyPassword('not a hash', 'correct horse')).toBe(false);
    expect(passwords.needsRehash(hash)).toBe(false);
    expect(passwords.depth()).toEqual({ running: 0, waiting: 0, concurrency: 1, limit: 4 });
  });

  it('answers a full queue with the 503 AppError and Retry-After, not with false', async () => {
    const passwords = createPasswordHasher({ concurrency: 1, queueLimit: 1, refusalDelayMs: 0 });
    const hash = await passwords.hashPassword('correct horse');
    const admitted = [passwords.verifyPassword(hash, 'x'), passwords.verifyPassword(hash, 'y')];
    const refused = await passwords.verifyPassword(hash, 'correct horse').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
      message: MESSAGES.passwordHashingBusy,
      headers: { 'Retry-After': String(PASSWORD_BUSY_RETRY_AFTER_SECONDS) },
    });
    await expect(passwords.ensureRoom()).rejects.toMatchObject({ status: 503 });
    expect(await Promise.all(admitted)).toEqual([false, false]);
    await expect(passwords.ensureRoom()).resolves.toBeUndefined();
  });

  it('makes the dummy hash again after a refusal instead of remembering the failure', async () => {
    const passwords = createPasswordHasher({ concurrency: 1, queueLimit: 0, refusalDelayMs: 0 });
    const busy = passwords.hashPassword('occupying the only slot');
    await expect(passwords.dummyPasswordHash()).rejects.toMatchObject({ status: 503 });
    await busy;
    const dummy = await passwords.dummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(await passwords.dummyPasswordHash()).toBe(dummy);
  });

  it('defaults to one hash per core but one (leaving the event loop a core), at least one, and a line of 64', () => {
    const { concurrency, limit } = createPasswordHasher().depth();
    expect(concurrency).toBe(Math.max(1, availableParallelism() - 1));
    expect(limit).toBe(64);
  });
});

describe('ARGON2_* settings', () => {
  it('are unset by default and read when given', () => {
    expect(loadConfig({})).toMatchObject({ argon2Concurrency: undefined, argon2QueueLimit: undefined });
    expect(loadConfig({ ARGON2_CONCURRENCY: '3', ARGON2_QUEUE_LIMIT: '0' })).toMatchObject({
      argon2Concurrency: 3,
      argon2QueueLimit: 0,
    });
  });

  it('refuse a concurrency below 1 and a negative or fractional line', () => {
    expect(() => loadConfig({ ARGON2_CONCURRENCY: '0', ARGON2_QUEUE_LIMIT: '-1' })).toThrow(ConfigError);
    try {
      loadConfig({ ARGON2_CONCURRENCY: '0', ARGON2_QUEUE_LIMIT: '2.5' });
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split('=')[0])).toEqual([
        'ARGON2_CONCURRENCY',
        'ARGON2_QUEUE_LIMIT',
      ]);
    }
  });
});
