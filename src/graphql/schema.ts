import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './auth.types.js';

export const schema = builder.toSchema();

export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
