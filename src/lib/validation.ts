import { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Parses input with a schema. A failure is a 400 whose text is the first problem's message (the contract's
 * text) and whose details list every problem, each with the field it concerns as a client names it.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

export function validationError(error: z.ZodError) {
  const details = error.issues.map((issue) => ({
    ...(issue.path.length > 0 && { field: issue.path.map((part) => snakeCaseName(String(part))).join('.') }),
    message: issue.message,
  }));
  return badRequest(details[0]?.message ?? 'invalid input', details);
}

/** subjectId → subject_id: the REST contract's spelling of a field. */
export const snakeCaseName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Instants accepted from clients: years 1970 to 9999, which every JWT library, database and client handles. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1) - 1;

/** An ISO 8601 date-time with an offset (RFC 3339), as a Date in the range above; `field` names it in errors. */
export const isoDateTime = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date-time, e.g. 2030-01-01T00:00:00Z` })
    .transform((value) => new Date(value))
    .refine((date) => date.getTime() >= EARLIEST && date.getTime() <= LATEST, {
      error: `${field} must be between 1970-01-01 and 9999-12-31`,
    });
