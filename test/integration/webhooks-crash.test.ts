// A webhook delivery whose instance is killed (-9) in the middle of the attempt is delivered after the
// restart: the claim it held runs out and the next instance makes the attempt again, with the same
// webhook-id. The service runs as its own process on an embedded database on disk (or this run's
// PostgreSQL), with a short attempt timeout (test-only) so that its lease runs out in seconds.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledBuild } from '../support/build-cache.js';
import { seededDataDir, startService, type ChildService } from '../support/child-service.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { newRegistration } from '../support/factories.js';
import { privatePostgresDatabase, usingPostgres } from '../support/test-database.js';

let service: ChildService | undefined;
let receiver: Receiver | undefined;
let dataDir: string | undefined;
let database: Awaited<ReturnType<typeof privatePostgresDatabase>> | undefined;
afterAll(async () => {
  service?.process.kill('SIGKILL');
  if (service) await service.exited;
  await receiver?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function post(url: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, any>;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

describe('kill -9 during a webhook delivery', () => {
  // The compiled build, when this run has yet to make it (seconds of CPU), under the hook's timeout.
  beforeAll(() => compiledBuild());

  it('is delivered after the restart, with the same webhook-id', async () => {
    dataDir = await seededDataDir();
    // On PostgreSQL, a database of its own: no other test's dispatcher may take this delivery over.
    database = usingPostgres ? await privatePostgresDatabase() : undefined;
    const env = {
      DATA_DIR: dataDir,
      ...(database && { DATABASE_URL: database.url }),
      NODE_ENV: 'test',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '500', // a lease of 3 s
      KEY_ENCRYPTION_KEY: Buffer.alloc(32, 0x33).toString('base64'),
    };
    let victim: ChildService | undefined;
    // The first attempt gets no answer: the instance making it is killed as it arrives.
    receiver = await startReceiver((_received, index) => {
      if (index === 0) victim?.process.kill('SIGKILL');
      return index === 0 ? 'hang' : { status: 204 };
    });
    victim = service = await startService(env);
    const owner = await post(service.url, '/v1/auth/register', newRegistration());
    const endpoint = await post(
      service.url,
      '/v1/webhooks',
      { url: receiver.url, events: ['did.created'] },
      owner.token,
    );
    await post(service.url, '/v1/dids', {}, owner.token);
    await receiver.waitFor(1);
    await victim.exited;

    service = await startService(env);
    await receiver.waitFor(2, 15_000);
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    const log = await fetch(`${service.url}/v1/webhooks/${endpoint.id}/deliveries`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect((await log.json()).deliveries).toEqual([
      expect.objectContaining({ state: 'succeeded', attempts: 2, last_status: 204 }),
    ]);
    service.process.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    service = undefined;
  }, 45_000);
});
