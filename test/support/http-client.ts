// The harness's HTTP client: node:http over one keep-alive agent per app. Node's fetch (undici) cost the
// in-process tests about a tenth of their CPU for the same exchange (measured on the authorization matrix:
// undici and its web streams were 2.1 s of 28.8 s); what a test sees is the same status, headers and text.
import http from 'node:http';

export type ExchangeResult = { status: number; headers: Headers; text: string };

export function createHttpClient(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true });

  function exchange(method: string, path: string, headers: Record<string, string>, body?: string) {
    return new Promise<ExchangeResult>((resolve, reject) => {
      const outgoing = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      // baseUrl + path, as fetch(url + path) was given: a path starting "//" stays a path, not another host.
      const request = http.request(new URL(baseUrl + path), { method, headers: outgoing, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          // Headers as fetch gives them: repeated fields joined, Set-Cookie kept apart.
          const received = new Headers();
          const raw = response.rawHeaders;
          for (let i = 0; i < raw.length; i += 2) received.append(raw[i]!, raw[i + 1]!);
          resolve({ status: response.statusCode!, headers: received, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  return { exchange, close: () => agent.destroy() };
}
