// Content negotiation and validators for the files the service serves itself (GraphiQL's and the dashboard's),
// and the one way both send such a file: gzip when asked, a strong ETag per encoding, 304 on a match.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/** A file held in memory, as the service serves it. */
export type StaticFile = {
  contentType: string;
  body: Buffer;
  /** Strong validator of the identity encoding; the gzip one is distinct (RFC 9110 §8.8.3). */
  etag: string;
  /** Compressed on first request, then kept. */
  gzipped?: Promise<Buffer>;
};

const gzipAsync = promisify(gzip);

/** Answers GET/HEAD with the file (200, or 304 when If-None-Match matches), with `headers` added to both. */
export async function sendStaticFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: StaticFile,
  headers: Record<string, string>,
): Promise<void> {
  const gzipped = acceptsGzip(request.headers['accept-encoding']);
  const etag = gzipped ? `${file.etag.slice(0, -1)}-gzip"` : file.etag;
  const common = { ...headers, ETag: etag, Vary: 'Accept-Encoding' };
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    response.writeHead(304, common).end();
    return;
  }
  const body = gzipped ? await (file.gzipped ??= gzipAsync(file.body)) : file.body;
  response.writeHead(200, {
    ...common,
    'Content-Type': file.contentType,
    'Content-Length': body.length,
    ...(gzipped && { 'Content-Encoding': 'gzip' }),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** RFC 9110 §12.5.3: gzip listed with a non-zero weight (browsers name it; `*` is not worth honouring). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const [coding, ...parameters] = item.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip') return false;
    const weight = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
