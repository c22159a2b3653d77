// A request to a test app on loopback as if it came in on another host name: what a TLS terminator in front of
// the service (Caddy) passes on for a tenant's custom domain. Node's fetch will not send a Host of our choosing.
import { request as httpRequest } from 'node:http';
import type { HttpResult, TestApp } from './harness.js';

export type OnHostOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

export function requestOnHost(
  app: Pick<TestApp, 'url'>,
  host: string,
  method: string,
  path: string,
  options: OnHostOptions = {},
): Promise<HttpResult> {
  const { hostname, port } = new URL(app.url);
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        hostname,
        port,
        method,
        path,
        headers: {
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
          ...options.headers,
          host,
          ...(options.token && { authorization: `Bearer ${options.token}` }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              headers.append(name, one);
            }
          }
          resolve({ status: response.statusCode!, headers, text, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
