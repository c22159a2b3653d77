import type { ServerResponse } from 'node:http';
import type { AppError } from '../lib/errors.js';

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
    'Content-Length': Buffer.byteLength(payload),
  });
  response.end(payload);
}

/** The contract's error envelope: `error` is the human-readable text; `code` and `request_id` help support. */
export function sendError(
  response: ServerResponse,
  error: AppError,
  requestId: string,
  headers?: Record<string, string>,
) {
  sendJson(
    response,
    error.status,
    { error: error.message, code: error.code, request_id: requestId, ...(error.details && { details: error.details }) },
    { ...error.headers, ...headers },
  );
}
