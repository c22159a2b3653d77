// From the contract's JSON to an operation's variables. A body maps onto a GraphQL input object type
// (snake_case fields to camelCase) and is checked, before anything runs, against the zod schema that type was
// derived from: a field the type does not have is `unknown field: <name>` (a misspelt field must not be
// silently ignored), and a body that breaks the rules gets the service's own first message with every
// problem in `details`. Closed sets travel as the contract's values (`vc+sd-jwt`) and become GraphQL's enum
// names (`vc_sd_jwt`) here.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { badRequest, type ErrorDetail } from '../lib/errors.js';
import { parseInput, snakeCaseName } from '../lib/validation.js';
import { zodSchemaOfEnum, zodSchemaOfInput } from '../graphql/zod-types.js';

export type BodyMapper = (
  body: Record<string, unknown>,
  checkFirst?: (input: Record<string, unknown>) => void,
) => Record<string, unknown>;

export function createBodyMapper(schema: GraphQLSchema, typeName: string): BodyMapper {
  const type = schema.getType(typeName);
  if (!isInputObjectType(type)) throw new Error(`REST body type ${typeName} is not a GraphQL input type`);
  const rules = zodSchemaOfInput(typeName);
  if (!rules) throw new Error(`REST body type ${typeName} was not derived from a zod schema (inputFromZod)`);
  const fields = type.getFields();
  const fieldOf = new Map(Object.keys(fields).map((name) => [snakeCaseName(name), name]));
  const enumFields = Object.values(fields)
    .filter((field) => isEnumType(getNamedType(field.type)))
    .map((field) => field.name);
  return (body, checkFirst) => {
    const input: Record<string, unknown> = {};
    for (const [restName, value] of Object.entries(body)) {
      const name = fieldOf.get(restName);
      if (name !== undefined && value !== null && value !== undefined) input[name] = value;
    }
    checkFirst?.(input);
    const unknown = Object.keys(body).find((restName) => !fieldOf.has(restName));
    if (unknown !== undefined) throw badRequest(`unknown field: ${unknown}`);
    // JSON types first, each problem naming the client's field; then the service's own rules, all at once.
    const problems = Object.entries(input).flatMap(([name, value]) =>
      typeProblems(snakeCaseName(name), fields[name]!.type, value),
    );
    if (problems.length) throw badRequest(problems[0]!.message, problems);
    const parsed = parseInput(rules, input) as Record<string, unknown>;
    // A closed set's value as the rules read it (`p256` is P-256): what the GraphQL enum then carries.
    for (const name of enumFields) if (name in input) input[name] = parsed[name];
    return input;
  };
}

function typeProblems(field: string, type: GraphQLInputType, value: unknown): ErrorDetail[] {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    // GraphQL input coercion (spec §3.11): a single value given for a list is a list of one.
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((item, index) => typeProblems(`${field}[${index}]`, nullable.ofType, item));
  }
  const named = getNamedType(nullable);
  let expected: string | undefined;
  if (isInputObjectType(named)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) expected = 'an object';
  } else if (isEnumType(named)) {
    if (typeof value !== 'string') expected = 'a string';
  } else if (isScalarType(named)) {
    const check = SCALAR_CHECKS[named.name];
    if (check && !check.test(value)) expected = check.description;
  }
  return expected ? [{ field, message: `${field} must be ${expected}` }] : [];
}

const SCALAR_CHECKS: Record<string, { test: (value: unknown) => boolean; description: string }> = {
  String: { test: (value) => typeof value === 'string', description: 'a string' },
  ID: { test: (value) => typeof value === 'string', description: 'a string' },
  Boolean: { test: (value) => typeof value === 'boolean', description: 'a boolean' },
  Int: { test: (value) => Number.isInteger(value), description: 'an integer' },
  Float: { test: (value) => typeof value === 'number' && Number.isFinite(value), description: 'a number' },
};

export type VariableTypes = readonly { name: string; type: GraphQLInputType }[];

/** The types of an operation's variables, read once when the endpoint is compiled. */
export function variableTypesOf(schema: GraphQLSchema, operation: OperationDefinitionNode): VariableTypes {
  return (operation.variableDefinitions ?? []).map((definition) => ({
    name: definition.variable.name.value,
    type: typeFromAST(schema, definition.type as never) as GraphQLInputType,
  }));
}

/** The operation's variables with every closed-set value as its GraphQL enum name. */
export function toGraphQLVariables(types: VariableTypes, variables: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const { name, type } of types) {
    const value = variables[name];
    if (value !== undefined) result[name] = toGraphQLValue(type, value);
  }
  return result;
}

function toGraphQLValue(type: GraphQLInputType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return Array.isArray(value)
      ? value.map((item) => toGraphQLValue(nullable.ofType, item))
      : toGraphQLValue(nullable.ofType, value);
  }
  if (isInputObjectType(nullable) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = nullable.getFields();
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        fields[name] ? toGraphQLValue(fields[name].type, inner) : inner,
      ]),
    );
  }
  if (isEnumType(nullable)) {
    // Outside the set: the service's own message for it (e.g. `status must be active or revoked`).
    const rules = zodSchemaOfEnum(nullable.name);
    const member = rules ? parseInput(rules, value) : value;
    return nullable.getValues().find((candidate) => candidate.value === member)?.name ?? value;
  }
  return value;
}
