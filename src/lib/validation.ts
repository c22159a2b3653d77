import type { z } from 'zod';
import { badRequest } from './errors.js';

/** Parses input with a schema; the first problem becomes a 400 with the schema's own message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'invalid input');
}
