// The service as a process: configuration errors, graceful shutdown, and the embedded database surviving
// kill -9 with every acknowledged write intact. Started as `npm start` starts it (tsx on the sources), the one
// file that does: the other process tests start the compiled build, as `npm run start:prod` does.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeArgsOf } from '../../scripts/node-command.js';
import { freePort, spawnService, startService, type ChildService } from '../support/child-service.js';
import { usingPostgres } from '../support/test-database.js';
import { newRegistration } from '../support/factories.js';
import { TEST_PASSWORD_HASHING } from '../support/harness.js';
import { signalUnderLoad, unanswered } from '../support/in-flight.js';

const dirs: string[] = [];
async function tempDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'credential-service-'));
  dirs.push(dir);
  return dir;
}

// One DATA_DIR and the service on it go through the tests below in turn, as one installation would (every
// start of the service costs 3-5 s of CPU): its first start, on the empty directory, makes the database
// (initdb, every migration) while answering 503, and refuses a second process; it is killed with -9 while
// writing, and started again; that one drains its in-flight requests on SIGTERM. Run alone, a test starts what
// it needs.
let dataDir: string | undefined;
// The installation's first start (initdb and every migration) is the slowest thing the service does: on a
// busy 2-core machine it has taken over 30 s, the default test timeout. Tests that may make it wait longer.
const FIRST_START_TIMEOUT_MS = 120_000;
let service: ChildService | undefined;
/**
 * The service on the shared DATA_DIR: started there (the first time, on an empty directory) unless running.
 * Nothing here is about password hashing: it hashes at the tests' cost (about 70 registrations and logins at
 * OWASP's cost took 2-3 s of CPU), which the service accepts with NODE_ENV=test only.
 */
async function runningService(): Promise<ChildService> {
  service ??= await startService(await installationEnv(), undefined, { command: nodeArgsOf('start') });
  return service;
}
async function installationEnv(): Promise<Record<string, string>> {
  dataDir ??= await tempDataDir();
  return { DATA_DIR: dataDir, NODE_ENV: 'test', ...TEST_PASSWORD_HASHING };
}
afterAll(async () => {
  if (service) {
    service.process.kill('SIGKILL'); // left running by a test that failed
    await service.exited;
  }
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('start-up', () => {
  it('refuses to start on bad configuration, listing every bad value, never a secret', async () => {
    const { output, exited } = spawnService({
      PORT: 'eighty',
      SESSION_TTL: 'forever',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://app:s3cret-pw@db:3306/app',
      METRICS_TOKEN: 's3cret-pw',
    });
    expect(await exited).toBe(1);
    expect(output()).toContain('invalid configuration');
    for (const name of ['PORT', 'SESSION_TTL', 'NODE_ENV', 'DATABASE_URL', 'METRICS_TOKEN']) {
      expect(output()).toContain(`${name}=`);
    }
    expect(output()).not.toContain('s3cret-pw');
  });

  it('cannot reach the database: exits 1 naming DATABASE_URL and where it points, never the password', async () => {
    const { output, exited } = spawnService({ DATABASE_URL: 'postgres://user:s3cret-pw@127.0.0.1:1/db' });
    expect(await exited).toBe(1);
    expect(output()).toContain('cannot connect to PostgreSQL at DATABASE_URL (127.0.0.1:1/db): connect ECONNREFUSED');
    expect(output()).not.toContain('s3cret-pw');
  });

  it('a port already in use: exits 1 with one line naming HOST and PORT, before any file is written', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const dataDir = path.join(await tempDataDir(), 'data');
      const { output, errors, exited } = spawnService({ PORT: String(port), DATA_DIR: dataDir });
      expect(await exited).toBe(1);
      expect(errors()).toBe(
        `cannot listen on 127.0.0.1:${port} (HOST, PORT): the port is already in use by another process; stop it or set PORT to a free port\n`,
      );
      expect(output()).toBe(errors());
      // Refused before anything was opened: no database, no key file, not even the directory.
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it(
    'answers while it starts: /healthz 200, /readyz and the API 503 with Retry-After; then ready',
    async () => {
      // Watched on the installation's first start (initdb and every migration, the longest a start takes), which
      // the tests below then go on with: a start of its own cost 3-4 s of CPU more.
      if (service) throw new Error('the installation was started before the test of its start');
      const port = await freePort();
      const { child, output, errors, exited } = spawnService({ ...(await installationEnv()), PORT: String(port) });
      let started = false;
      try {
        // Bound before the rest of the service is even loaded: the first answers come while it starts.
        let healthz: Response | undefined;
        while (!healthz && child.exitCode === null) {
          healthz = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
          if (!healthz) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const [readyz, api] = await Promise.all([
          fetch(`http://127.0.0.1:${port}/readyz`),
          fetch(`http://127.0.0.1:${port}/v1/auth/me`),
        ]);
        expect(healthz!.status).toBe(200);
        expect(await healthz!.json()).toEqual({ status: 'ok' });
        expect(readyz.status).toBe(503);
        expect(readyz.headers.get('retry-after')).toBe('1');
        expect(await readyz.json()).toMatchObject({ error: 'not ready: starting', status: 'unavailable' });
        expect(api.status).toBe(503);
        expect(api.headers.get('x-content-type-options')).toBe('nosniff');
        expect((await api.json()).error).toBe('the service is starting: try again in a moment');
        let ready = readyz.status;
        const since = Date.now();
        while (ready !== 200 && Date.now() - since < FIRST_START_TIMEOUT_MS - 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
        }
        expect(ready).toBe(200);
        expect((await fetch(`http://127.0.0.1:${port}/v1/auth/me`)).status).toBe(401);
        service = { process: child, url: `http://127.0.0.1:${port}`, output, errors, exited };
        started = true;
      } finally {
        if (!started) {
          child.kill('SIGKILL');
          await exited;
        }
      }
    },
    FIRST_START_TIMEOUT_MS,
  );

  it.runIf(usingPostgres)(
    "a PostgreSQL without the URL's database or role: exits 1 with one line naming which, never the password",
    async () => {
      for (const [change, said] of [
        [(url: URL) => (url.pathname = '/no_such_database_here'), 'database "no_such_database_here" does not exist'],
        [(url: URL) => (url.username = 'no_such_role_here'), 'role "no_such_role_here" does not exist'],
      ] as const) {
        const url = new URL(process.env.DATABASE_URL!);
        url.password = 's3cret-pw';
        change(url);
        const { output, exited } = spawnService({ DATABASE_URL: url.href });
        expect(await exited).toBe(1);
        const lines = output().trim().split('\n');
        const fatal = JSON.parse(lines.at(-1)!);
        expect(fatal.msg).toBe(
          `cannot connect to PostgreSQL at DATABASE_URL (${url.hostname}:${url.port || '5432'}${url.pathname}): ${said}`,
        );
        expect(fatal.err).toBeUndefined(); // no stack
        expect(output()).not.toContain('s3cret-pw');
        expect(output()).not.toMatch(/\n\s+at /);
      }
    },
  );

  it(
    'refuses a second process on the same DATA_DIR instead of corrupting it',
    async () => {
      await runningService();
      const second = spawnService({ DATA_DIR: dataDir! });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('the data directory is in use');
    },
    FIRST_START_TIMEOUT_MS,
  );
});

describe('the embedded database', () => {
  const KILL_AFTER_ACKNOWLEDGED = 30;

  it('keeps every acknowledged write through kill -9', async () => {
    const victim = await runningService();
    const acknowledged: ReturnType<typeof newRegistration>[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const registration = newRegistration();
        try {
          const response = await post(`${victim.url}/v1/auth/register`, registration);
          if (response.status === 200) acknowledged.push(registration);
        } catch {
          return; // the process died under this request: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    // Killed once enough writes are acknowledged (after 2.5 s, once more than 5 are; a machine busy with the
    // rest of the suite registers slowly), the writers' next ones in flight: the kill landing mid-write is the
    // test; writing for longer only adds acknowledged rows to check.
    const started = Date.now();
    while (
      acknowledged.length < KILL_AFTER_ACKNOWLEDGED &&
      !(Date.now() - started >= 2500 && acknowledged.length > 5) &&
      Date.now() - started < 20_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    victim.process.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await victim.exited;
    service = undefined;
    expect(acknowledged.length).toBeGreaterThan(5);

    const restarted = await runningService();
    // A few at a time: all at once, some would meet a full password-hashing queue (503), not a lost write.
    const logins: { status: number }[] = [];
    for (let i = 0; i < acknowledged.length; i += 8) {
      logins.push(
        ...(await Promise.all(
          acknowledged
            .slice(i, i + 8)
            .map((registration) =>
              post(`${restarted.url}/v1/auth/login`, { email: registration.email, password: registration.password }),
            ),
        )),
      );
    }
    const lost = logins.filter((response) => response.status !== 200).length;
    expect({ acknowledged: acknowledged.length, lost }).toEqual({ acknowledged: acknowledged.length, lost: 0 });
  }, 120_000);
});

describe('SIGTERM', () => {
  // Standard output a pipe that is read, as under a process manager; the other shapes: shutdown.test.ts.
  it(
    'finishes in-flight requests, then exits cleanly',
    async () => {
      const draining = await runningService();
      const { sentBefore, slowStatuses, exitCode } = await signalUnderLoad(draining);
      service = undefined;
      expect(sentBefore.length).toBeGreaterThan(8);
      expect(unanswered(sentBefore)).toEqual([]);
      expect(slowStatuses).toEqual([200, 200]);
      expect(exitCode).toBe(0);
      expect(draining.output()).toContain('shut down cleanly');
      await expect(fetch(`${draining.url}/v1/auth/me`)).rejects.toThrow();
    },
    FIRST_START_TIMEOUT_MS,
  );
});
