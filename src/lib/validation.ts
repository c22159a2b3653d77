import { z } from 'zod';
import { badRequest } from './errors.js';

/** Parses input with a schema; the first problem becomes a 400 with the schema's own message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'invalid input');
}

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
