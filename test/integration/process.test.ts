// The service as a process: configuration errors, graceful shutdown, and the embedded database surviving
// kill -9 with every acknowledged write intact.
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnService, startService } from '../support/child-service.js';
import { newRegistration } from '../support/factories.js';

const dirs: string[] = [];
async function tempDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'credential-service-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('start-up', () => {
  it('refuses to start on bad configuration, listing every bad value', async () => {
    const { output, exited } = spawnService({ PORT: 'eighty', SESSION_TTL: 'forever', NODE_ENV: 'staging' });
    expect(await exited).toBe(1);
    expect(output()).toContain('invalid configuration');
    for (const name of ['PORT', 'SESSION_TTL', 'NODE_ENV']) expect(output()).toContain(`${name}=`);
  });

  it('refuses a second process on the same DATA_DIR instead of corrupting it', async () => {
    const dataDir = await tempDataDir();
    const first = await startService({ DATA_DIR: dataDir });
    try {
      const second = spawnService({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('the data directory is in use');
    } finally {
      first.process.kill('SIGTERM');
      await first.exited;
    }
  });
});

describe('SIGTERM', () => {
  it('finishes in-flight requests, then exits cleanly', async () => {
    const service = await startService({ DATA_DIR: await tempDataDir() });
    // Requests whose bodies are still arriving when the signal lands: certainly in flight.
    const inFlight = Array.from({ length: 3 }, () => slowPost(`${service.url}/v1/auth/register`, newRegistration()));
    await Promise.all(inFlight.map((request) => request.started));
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the server accept them and read the headers
    service.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    inFlight.forEach((request) => request.finish());
    const statuses = await Promise.all(inFlight.map((request) => request.status));
    expect(statuses).toEqual([200, 200, 200]);
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('shut down cleanly');
    await expect(fetch(`${service.url}/v1/auth/me`)).rejects.toThrow();
  });
});

/** A POST whose body is sent in two halves: `started` once the first half is on the wire. */
function slowPost(url: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const request = httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': payload.length },
  });
  const status = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  const started = new Promise<void>((resolve) => request.write(payload.subarray(0, half), () => resolve()));
  return { started, status, finish: () => request.end(payload.subarray(half)) };
}

describe('the embedded database', () => {
  it('keeps every acknowledged write through kill -9', async () => {
    const dataDir = await tempDataDir();
    const service = await startService({ DATA_DIR: dataDir });
    const acknowledged: ReturnType<typeof newRegistration>[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const registration = newRegistration();
        try {
          const response = await post(`${service.url}/v1/auth/register`, registration);
          if (response.status === 200) acknowledged.push(registration);
        } catch {
          return; // the process died under this request: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    service.process.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await service.exited;
    expect(acknowledged.length).toBeGreaterThan(5);

    const restarted = await startService({ DATA_DIR: dataDir });
    try {
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
    } finally {
      restarted.process.kill('SIGTERM');
      await restarted.exited;
    }
  }, 120_000);
});
