// Requests in flight while a service process is signalled: what happened to each one sent before the signal.
import { Agent, request as httpRequest } from 'node:http';
import type { ChildService } from './child-service.js';
import { newRegistration } from './factories.js';

/** A POST whose body is sent in two halves: `started` once the first half is on the wire. */
export function slowPost(url: string, body: unknown) {
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

/** One GET: when its last byte went to the socket, and its status once the whole answer arrived, or the error. */
export type Outcome = { sentAt: number; status?: number; error?: string; ms: number };

export function get(url: string, agent?: Agent): Promise<Outcome> {
  const begun = performance.now();
  return new Promise((resolve) => {
    let sentAt = Number.POSITIVE_INFINITY;
    const request = httpRequest(url, { agent });
    const done = (outcome: Omit<Outcome, 'sentAt' | 'ms'>) =>
      resolve({ sentAt, ms: performance.now() - begun, ...outcome });
    request.on('finish', () => (sentAt = performance.now()));
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => done(response.complete ? { status: response.statusCode } : { error: 'incomplete' }));
      response.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    request.end();
  });
}

/** Those not answered as GET /v1/auth/me without a token is: 401, or 429 past the rate limit. */
export const unanswered = (outcomes: Outcome[]) =>
  outcomes.filter((outcome) => outcome.status !== 401 && outcome.status !== 429);

export type SignalledService = {
  /** The GETs whose request was on the wire before the signal. */
  sentBefore: Outcome[];
  /** The registers whose bodies were still arriving when the signal landed. */
  slowStatuses: number[];
  /** 'still running' 15 s after the signal. */
  exitCode: number | null | 'still running';
  /** From the signal to the process's exit. */
  exitMs: number;
};

/**
 * Sends `signal` while requests are in flight: registers with half a body sent, and unauthenticated
 * GET /v1/auth/me requests (401) from 8 clients on kept-alive connections, sending until just after it.
 */
export async function signalUnderLoad(service: ChildService, signal: NodeJS.Signals = 'SIGTERM') {
  const slow = Array.from({ length: 2 }, () => slowPost(`${service.url}/v1/auth/register`, newRegistration()));
  await Promise.all(slow.map((request) => request.started));
  // Connections opened first: one the server accepts in the same turn as the signal would be closed unread.
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const me = `${service.url}/v1/auth/me`;
  await Promise.all(Array.from({ length: 8 }, () => get(me, agent)));
  let signalledAt = Number.POSITIVE_INFINITY;
  const outcomes: Outcome[] = [];
  const client = async () => {
    while (performance.now() < signalledAt + 50) outcomes.push(await get(me, agent));
  };
  const clients = Array.from({ length: 8 }, client);
  // At least 100 ms and a first answer for every client, so a second round is on the wire when the signal lands
  // however slowly a loaded machine answers (a fixed wait alone sometimes saw only the first round sent).
  await new Promise((resolve) => setTimeout(resolve, 100));
  while (outcomes.length < 8) await new Promise((resolve) => setTimeout(resolve, 10));
  service.process.kill(signal);
  signalledAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 100));
  slow.forEach((request) => request.finish());
  const slowStatuses = await Promise.all(slow.map((request) => request.status));
  await Promise.all(clients);
  const exitCode = await Promise.race([
    service.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000)),
  ]);
  agent.destroy();
  return {
    sentBefore: outcomes.filter((outcome) => outcome.sentAt < signalledAt),
    slowStatuses,
    exitCode,
    exitMs: performance.now() - signalledAt,
  } satisfies SignalledService;
}
