import type { IncomingMessage } from 'node:http';
import { AppError, badRequest } from '../lib/errors.js';
import { assertCleanJson } from '../lib/json-guards.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON object body. An empty body is an empty object; anything else must be a JSON object. */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(request)).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Also a body nested so deep that the parser ran out of stack.
    throw badRequest('request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('request body must be a JSON object');
  }
  assertCleanJson(value, 'request body');
  return value as Record<string, unknown>;
}

/** The whole body, refused with 413 past MAX_BODY_BYTES however it is framed (Content-Length or chunked). */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  // A declared oversize body was refused by the app already; this guards bodies sent without a length.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw payloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

// The rest of an oversize body is never read: the connection closes after the answer instead of waiting for it.
export const payloadTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `request body exceeds ${MAX_BODY_BYTES} bytes`, { Connection: 'close' });
