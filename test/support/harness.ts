// In-process test harness: the real app handler on a loopback port, over the real database of the run:
// PostgreSQL when DATABASE_URL is set (shared; every test makes its own tenants), otherwise an in-memory
// PGlite for this test file.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { capturingLogger } from './log-sink.js';
import { createServices, type Services } from '../../src/services.js';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export type HttpResult<T = any> = { status: number; headers: Headers; body: T; text: string };

export type RequestOptions = {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
};

export type TestApp = {
  url: string;
  database: Database;
  services: Services;
  /** Everything the app logged, as JSON lines. */
  logs: string[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<HttpResult<T>>;
  close(): Promise<void>;
};

export type TestAppOptions = { sessionTtlSeconds?: number; production?: boolean };

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const logs: string[] = [];
  const log = capturingLogger(logs);
  const database = await openDatabase(
    usingPostgres ? { kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 5 } : { kind: 'pglite-memory' },
    log,
  );
  const services = createServices(database.prisma, { sessionTtlSeconds: options.sessionTtlSeconds ?? 86_400 }, log);
  const app = createApp({ prisma: database.prisma, services, log, production: options.production ?? false });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (body === undefined && opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    url,
    database,
    services,
    logs,
    request,
    graphql: (query, variables, token) => request('POST', '/graphql', { body: { query, variables }, token }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
