// The HTTP server is bound before anything else is opened: a port already in use (or one this user may not bind)
// is told in one line before the database is created or migrated and before a key file is written. Until the
// service is assembled the port answers on its own: /healthz 200 (the process answers, as liveness always means),
// /readyz and everything else 503 with Retry-After, so an orchestrator or a client sees "not yet" rather than a
// refused connection. Only node:http here: main.ts binds before loading the rest of the service.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HEALTHZ_PATH, READYZ_PATH } from './operational-routes.js';
import { sendJson } from './respond.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** Seconds a client is told to wait while the service starts: a start on a migrated database takes about this. */
const STARTING_RETRY_AFTER_SECONDS = 1;
const KEEP_ALIVE_TIMEOUT_MS = 65_000; // longer than common load balancers' idle timeout

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export type ListeningServer = {
  server: Server;
  /** http://host:port as a client on this machine reaches it (localhost for a wildcard address). */
  url: string;
  /** Hands every request from now on to the assembled service. */
  serve(app: RequestListener): void;
  /** Stops listening (start-up failed after the port was bound). */
  close(): Promise<void>;
};

/** The port cannot be bound: says which setting to change, in one line. */
export class PortUnavailableError extends Error {
  constructor(host: string, port: number, error: NodeJS.ErrnoException) {
    super(portProblem(host, port, error), { cause: error });
    this.name = 'PortUnavailableError';
  }
}

function portProblem(host: string, port: number, error: NodeJS.ErrnoException): string {
  const where = `${host}:${port} (HOST, PORT)`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: the port is already in use by another process; stop it or set PORT to a free port`;
    case 'EACCES':
      return `cannot listen on ${where}: this user may not bind the port; set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `cannot listen on ${where}: HOST is not an address of this machine; set HOST to one (0.0.0.0: all)`;
    default:
      return `cannot listen on ${where}: ${error.message}`;
  }
}

export async function listenWhileStarting(host: string, port: number): Promise<ListeningServer> {
  const server = createServer();
  let handle: RequestListener = answerStarting;
  server.on('request', (request, response) => handle(request, response));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new PortUnavailableError(host, port, error)));
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shown === '0.0.0.0' || shown === '[::]' ? 'localhost' : shown}:${address.port}`;
  return {
    server,
    url,
    serve(app) {
      handle = app;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answerStarting(request: IncomingMessage, response: ServerResponse) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
  const pathname = (request.url ?? '/').split('?')[0];
  const noStore = { 'Cache-Control': 'no-store' };
  if (pathname === HEALTHZ_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
    sendJson(response, 200, { status: 'ok' }, noStore);
    return;
  }
  const retry = { ...noStore, 'Retry-After': String(STARTING_RETRY_AFTER_SECONDS) };
  if (pathname === READYZ_PATH) {
    sendJson(
      response,
      503,
      { error: 'not ready: starting', code: 'UNAVAILABLE', status: 'unavailable', checks: {} },
      retry,
    );
    return;
  }
  sendJson(response, 503, { error: 'the service is starting: try again in a moment', code: 'UNAVAILABLE' }, retry);
}
