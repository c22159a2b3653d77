// Maps a JSON body onto a GraphQL input object type: snake_case fields to camelCase, values type-checked
// against the schema so that REST callers get a 400 naming their own field, not a GraphQL coercion error.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { badRequest, type AppError } from '../lib/errors.js';
import { snakeCase } from './endpoint.js';

/** The body as operation input, and the first value whose type does not fit (null when all fit). */
export type BodyMapper = (body: Record<string, unknown>) => { input: Record<string, unknown>; problem: AppError | null };

export function createBodyMapper(schema: GraphQLSchema, typeName: string): BodyMapper {
  const type = schema.getType(typeName);
  if (!isInputObjectType(type)) throw new Error(`REST body type ${typeName} is not a GraphQL input type`);
  const fields = Object.values(type.getFields()).map((field) => ({
    name: field.name,
    restName: snakeCase(field.name),
    type: field.type,
  }));
  return (body) => {
    const input: Record<string, unknown> = {};
    let problem: AppError | null = null;
    for (const field of fields) {
      let value = body[field.restName];
      if (value === undefined || value === null) continue; // absent: the service decides if it is required
      // GraphQL input coercion (spec §3.11): a single value given for a list is a list of one.
      if (isListType(getNullableType(field.type)) && !Array.isArray(value)) value = [value];
      try {
        checkValue(field.restName, field.type, value);
      } catch (error) {
        problem ??= error as AppError;
      }
      input[field.name] = value;
    }
    return { input, problem };
  };
}

function checkValue(name: string, type: GraphQLInputType, value: unknown): void {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) throw badRequest(`${name} must be an array`);
    value.forEach((item, index) => checkValue(`${name}[${index}]`, nullable.ofType, item));
    return;
  }
  const named = getNamedType(nullable);
  if (isInputObjectType(named)) {
    if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} must be an object`);
    return;
  }
  if (isEnumType(named)) {
    if (typeof value !== 'string' || !named.getValue(value)) throw badRequest(`${name} has an unsupported value`);
    return;
  }
  if (isScalarType(named)) {
    const expected = SCALAR_CHECKS[named.name];
    if (expected && !expected.test(value)) throw badRequest(`${name} must be ${expected.description}`);
  }
}

const SCALAR_CHECKS: Record<string, { test: (value: unknown) => boolean; description: string }> = {
  String: { test: (value) => typeof value === 'string', description: 'a string' },
  ID: { test: (value) => typeof value === 'string', description: 'a string' },
  Boolean: { test: (value) => typeof value === 'boolean', description: 'a boolean' },
  Int: { test: (value) => Number.isInteger(value), description: 'an integer' },
  Float: { test: (value) => typeof value === 'number' && Number.isFinite(value), description: 'a number' },
};
