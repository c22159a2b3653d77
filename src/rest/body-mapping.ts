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
import { badRequest } from '../lib/errors.js';
import { snakeCase } from './endpoint.js';

export type BodyMapper = (body: Record<string, unknown>) => Record<string, unknown>;

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
    for (const field of fields) {
      const value = body[field.restName];
      if (value === undefined || value === null) continue; // absent: the service decides if it is required
      checkValue(field.restName, field.type, value);
      input[field.name] = value;
    }
    return input;
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
