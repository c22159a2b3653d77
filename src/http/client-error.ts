// Requests Node's HTTP parser refuses before our handler sees them (headers over 16 KiB, malformed request
// lines, bad chunking, timeouts): answered here in the service's own form — JSON error, request id and the
// security headers of spec §4 — instead of Node's bare default, then the connection is closed.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../lib/logger.js';
import { SECURITY_HEADERS } from './security-headers.js';

const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

const TEXT_BY_STATUS: Record<number, string> = {
  400: 'malformed HTTP request',
  408: 'request timed out',
  413: 'request body exceeds the allowed size',
  431: 'request header fields too large',
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  431: 'HEADERS_TOO_LARGE',
};

/** The raw HTTP/1.1 response for a parser error, or null when nothing should be written (peer gone). */
export function clientErrorResponse(error: NodeJS.ErrnoException, requestId: string = randomUUID()): string | null {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return null;
  const status = STATUS_BY_CODE[error.code ?? ''] ?? 400;
  const body = JSON.stringify({ error: TEXT_BY_STATUS[status], code: CODE_BY_STATUS[status], request_id: requestId });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...SECURITY_HEADERS,
    'X-Request-Id': requestId,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`;
}

export function handleClientError(log: Logger) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    const response = clientErrorResponse(error);
    // A response already under way on this socket (e.g. a timeout mid-reply) cannot take a second one.
    const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (response && socket.writable && !busy) {
      log.info({ code: error.code }, 'malformed request refused');
      socket.end(response);
    } else {
      socket.destroy();
    }
  };
}
