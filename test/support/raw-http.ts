// Raw bytes at a server's socket, for requests no HTTP client would send (malformed targets, broken
// framing, oversized headers), and a parse of whatever comes back.
import net from 'node:net';

export type RawResponse = {
  /** null when the server closed without answering. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
};

/** Sends `bytes`, reads until the server closes the connection (or `timeoutMs`), parses one response. */
export function rawRequest(url: string, bytes: string | Buffer, timeoutMs = 5_000): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset a connection it refused: what arrived before still counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks).toString('latin1')));
    });
  });
}

/** One request with `Connection: close` in origin-form, the target sent exactly as given. */
export function rawGet(url: string, target: string, extraHeaders = ''): Promise<RawResponse> {
  const { host } = new URL(url);
  return rawRequest(url, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${extraHeaders}\r\n`);
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || end < 0) return { status: null, headers: {}, body: text };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd < 0) return out;
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
