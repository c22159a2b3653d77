import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import {
  createRedisClient,
  createTokenBucketLimiter,
  type BucketPolicy,
  type TokenBucketLimiter,
} from '../../src/lib/rate-limit/token-bucket.js';
import { capturingLogger } from '../support/log-sink.js';

const developer: BucketPolicy = { burst: 20, perMinute: 10 };
const silent = createLogger('silent');
const clients: Redis[] = [];
const servers: Server[] = [];

afterAll(() => {
  for (const client of clients) client.disconnect();
  for (const server of servers) server.close();
});

const uniquePrefix = () => `test:bucket:${randomBytes(6).toString('hex')}`;

function client(url: string, log = silent): Redis {
  const redis = createRedisClient(url, log);
  clients.push(redis);
  return redis;
}

async function ready(redis: Redis): Promise<Redis> {
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

const takeAll = (limiters: TokenBucketLimiter[], n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => limiters[i % limiters.length]!.take('k', developer)));

describe.skipIf(!process.env.REDIS_URL)('token bucket limiter on Redis', () => {
  const url = process.env.REDIS_URL!;

  it('shares one budget between instances with their own connections', async () => {
    const prefix = uniquePrefix();
    const [a, b] = await Promise.all([ready(client(url)), ready(client(url))]);
    const limiters = [a, b].map((redis) => createTokenBucketLimiter({ prefix, redis, log: silent }));
    expect(limiters[0]!.backend).toBe('redis');
    const verdicts = await takeAll(limiters, 100);
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    // The key holds a TAT in µs on Redis's clock, and expires when the bucket is full again.
    const key = `${prefix}:20:10:k`;
    const [seconds] = await a.time();
    const fullIn = Number(await a.get(key)) / 1e6 - Number(seconds);
    expect(fullIn).toBeGreaterThan(110);
    expect(fullIn).toBeLessThanOrEqual(121);
    expect(await a.pttl(key)).toBeGreaterThan(110_000);
  });

  it('gives the same verdicts as the in-memory limiter', async () => {
    // One token every 500 ms, so a short wait shows a refill.
    const policy: BucketPolicy = { burst: 2, perMinute: 120 };
    const script = async (buckets: TokenBucketLimiter) => {
      const verdicts = [];
      for (const cost of [1, 1, 1, 2, 0]) {
        verdicts.push(cost === 0 ? await buckets.peek('k', policy) : await buckets.take('k', policy, cost));
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
      verdicts.push(await buckets.take('k', policy), await buckets.take('k', policy));
      await buckets.refund('k', policy);
      verdicts.push(await buckets.take('k', policy));
      return verdicts;
    };
    const redis = await ready(client(url));
    const [onRedis, inMemory] = await Promise.all([
      script(createTokenBucketLimiter({ prefix: uniquePrefix(), redis, log: silent })),
      script(createTokenBucketLimiter({ prefix: uniquePrefix(), log: silent })),
    ]);
    expect(onRedis).toEqual(inMemory);
    expect(onRedis.map((v) => v.allowed)).toEqual([true, true, false, false, false, true, false, true]);
  });

  it('refunds', async () => {
    const buckets = createTokenBucketLimiter({ prefix: uniquePrefix(), redis: await ready(client(url)), log: silent });
    await takeAll([buckets], 20);
    expect((await buckets.take('k', developer)).allowed).toBe(false);
    await buckets.refund('k', developer, 2);
    expect(await buckets.take('k', developer)).toMatchObject({ allowed: true, remaining: 1 });
    await buckets.refund('k', developer, 100);
    expect(await buckets.peek('k', developer)).toMatchObject({ allowed: true, remaining: 20, resetSeconds: 0 });
  });

  it('warns once when Redis goes away and says so when it is back', async () => {
    const lines: string[] = [];
    const redis = await ready(client(url));
    const buckets = createTokenBucketLimiter({ prefix: uniquePrefix(), redis, log: capturingLogger(lines) });
    await buckets.take('k', developer);
    redis.disconnect();
    for (let i = 0; i < 5; i++) expect((await buckets.take('k', developer)).allowed).toBe(true);
    if (redis.status !== 'end') await new Promise((resolve) => redis.once('end', resolve));
    await redis.connect();
    expect(await buckets.take('k', developer)).toMatchObject({ allowed: true, remaining: 18 }); // Redis's count
    expect(lines.filter((line) => line.includes('falling back'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('answering again'))).toHaveLength(1);
  });

  it('keeps its script apart from a fixed-window RateLimiterRedis on the same client', async () => {
    // RateLimiterRedis defines its script as the client command `rlflxIncr`: whichever limiter is created
    // last would otherwise decide the algorithm of both.
    const redis = await ready(client(url));
    const [prefix, fixedPrefix] = [uniquePrefix(), uniquePrefix()];
    const buckets = createTokenBucketLimiter({ prefix, redis, log: silent });
    await buckets.take('k', developer);
    const fixedWindow = new RateLimiterRedis({ storeClient: redis, keyPrefix: fixedPrefix, points: 5, duration: 60 });
    await fixedWindow.consume('k');
    await buckets.take('k', { burst: 4, perMinute: 2 }); // a new policy: a new RateLimiterRedis, after theirs
    await fixedWindow.consume('k');
    await buckets.take('k', developer);
    expect(await redis.get(`${fixedPrefix}:k`)).toBe('2'); // a count
    expect(Number(await redis.get(`${prefix}:20:10:k`))).toBeGreaterThan(1e15); // a TAT in µs
    expect(Number(await redis.get(`${prefix}:4:2:k`))).toBeGreaterThan(1e15);
  });
});

describe('token bucket limiter when Redis is unavailable', () => {
  async function expectPerInstanceFallback(redis: Redis) {
    const lines: string[] = [];
    const buckets = createTokenBucketLimiter({ prefix: uniquePrefix(), redis, log: capturingLogger(lines) });
    const timed = async () => {
      const started = performance.now();
      const verdict = await buckets.take('k', developer);
      expect(performance.now() - started).toBeLessThan(1000);
      return verdict;
    };
    const verdicts = await Promise.all(Array.from({ length: 100 }, timed));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    expect((await timed()).allowed).toBe(false);
    await expect(buckets.refund('k', developer)).resolves.toBeUndefined();
    expect(lines.filter((line) => line.includes('falling back'))).toHaveLength(1);
  }

  it('falls back at once to a per-instance bucket when Redis is down', async () => {
    const lines: string[] = [];
    const redis = client('redis://127.0.0.1:1', capturingLogger(lines));
    await expectPerInstanceFallback(redis);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few reconnect attempts
    expect(lines.filter((line) => line.includes('redis client error'))).toHaveLength(1);
  });

  it('falls back within the command timeout when Redis hangs', async () => {
    // Answers the connection handshake, then never replies: a Redis that accepts commands but has stalled.
    const sockets: Socket[] = [];
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (data) => {
        for (const [, command] of String(data).matchAll(/\*\d+\r\n\$\d+\r\n(\w+)/g)) {
          if (/^eval/i.test(command!)) return; // hang from the first script call on
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(/^info$/i.test(command!) ? `$${info.length}\r\n${info}\r\n` : '+OK\r\n');
        }
      });
    });
    servers.push(server);
    server.on('close', () => sockets.forEach((socket) => socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const redis = await ready(client(`redis://127.0.0.1:${port}`));
    await expectPerInstanceFallback(redis);
    redis.disconnect();
    sockets.forEach((socket) => socket.destroy());
  });
});
