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
  // Each field's JSON type check, built once from its GraphQL type (keyed by the GraphQL name).
  const checks = new Map(
    Object.values(fields).map((field) => [field.name, typeCheckOf(snakeCaseName(field.name), field.type)]),
  );
  const enumFields = Object.values(fields)
    .filter((field) => isEnumType(getNamedType(field.type)))
    .map((field) => field.name);
  return (body, checkFirst) => {
    const input: Record<string, unknown> = {};
    let unknown: string | undefined;
    for (const restName in body) {
      const name = fieldOf.get(restName);
      if (name === undefined) {
        unknown ??= restName;
        continue;
      }
      const value = body[restName];
      if (value !== null && value !== undefined) input[name] = value;
    }
    checkFirst?.(input);
    if (unknown !== undefined) throw badRequest(`unknown field: ${unknown}`);
    // JSON types first, each problem naming the client's field; then the service's own rules, all at once.
    const problems: ErrorDetail[] = [];
    for (const name in input) checks.get(name)!(input[name], problems);
    if (problems.length) throw badRequest(problems[0]!.message, problems);
    const parsed = parseInput(rules, input) as Record<string, unknown>;
    // A closed set's value as the rules read it (`p256` is P-256): what the GraphQL enum then carries.
    for (const name of enumFields) if (name in input) input[name] = parsed[name];
    return input;
  };
}

/** Adds to `problems` what is wrong with a value's JSON type for `type`, each naming the client's field. */
type TypeCheck = (value: unknown, problems: ErrorDetail[], field?: string) => void;

function typeCheckOf(field: string, type: GraphQLInputType): TypeCheck {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = typeCheckOf(field, nullable.ofType);
    // GraphQL input coercion (spec §3.11): a single value given for a list is a list of one.
    return (value, problems, name = field) => {
      const items = Array.isArray(value) ? value : [value];
      items.forEach((entry, index) => item(entry, problems, `${name}[${index}]`));
    };
  }
  const named = getNamedType(nullable);
  let check: { test: (value: unknown) => boolean; description: string } | undefined;
  if (isInputObjectType(named)) {
    check = {
      test: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      description: 'an object',
    };
  } else if (isEnumType(named)) {
    check = SCALAR_CHECKS.String;
  } else if (isScalarType(named)) {
    check = SCALAR_CHECKS[named.name];
  }
  if (!check) return () => {};
  const { test, description } = check;
  return (value, problems, name = field) => {
    if (!test(value)) problems.push({ field: name, message: `${name} must be ${description}` });
  };
}

const SCALAR_CHECKS: Record<string, { test: (value: unknown) => boolean; description: string }> = {
  String: { test: (value) => typeof value === 'string', description: 'a string' },
  ID: { test: (value) => typeof value === 'string', description: 'a string' },
  Boolean: { test: (value) => typeof value === 'boolean', description: 'a boolean' },
  Int: { test: (value) => Number.isInteger(value), description: 'an integer' },
  Float: { test: (value) => typeof value === 'number' && Number.isFinite(value), description: 'a number' },
};

type Convert = (value: unknown) => unknown;

/**
 * The operation's variables with every closed-set value as its GraphQL enum name, as a function built once
 * from the variables' types: only variables that hold an enum somewhere are rewritten.
 */
export function compileVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
): (variables: Record<string, unknown>) => Record<string, unknown> {
  const converters = (operation.variableDefinitions ?? []).map((definition) => {
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType;
    return [definition.variable.name.value, converterOf(type, new Map())] as const;
  });
  return (variables) => {
    const result: Record<string, unknown> = {};
    for (const [name, convert] of converters) {
      const value = variables[name];
      if (value !== undefined) result[name] = convert && value !== null ? convert(value) : value;
    }
    return result;
  };
}

/** What rewrites a value of `type`; undefined when no enum is in it. `seen` guards recursive input types. */
function converterOf(type: GraphQLInputType, seen: Map<string, Convert | undefined>): Convert | undefined {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = converterOf(nullable.ofType, seen);
    return (
      item &&
      ((value) => (value == null ? value : Array.isArray(value) ? value.map((entry) => item(entry)) : item(value)))
    );
  }
  if (isEnumType(nullable)) {
    // Outside the set: the service's own message for it (e.g. `status must be active or revoked`).
    const rules = zodSchemaOfEnum(nullable.name);
    const nameOf = new Map(nullable.getValues().map((member) => [member.value as unknown, member.name]));
    return (value) => {
      if (value == null) return value;
      const member = rules ? parseInput(rules, value) : value;
      return nameOf.get(member) ?? value;
    };
  }
  if (!isInputObjectType(nullable)) return undefined;
  if (seen.has(nullable.name)) {
    // A type met again inside itself: its converter, or (still being built) one that looks it up when called.
    const name = nullable.name;
    return seen.get(name) ?? ((value) => (seen.get(name) ?? ((same: unknown) => same))(value));
  }
  seen.set(nullable.name, undefined);
  const converted: [name: string, convert: Convert][] = [];
  for (const field of Object.values(nullable.getFields())) {
    const convert = converterOf(field.type, seen);
    if (convert) converted.push([field.name, convert]);
  }
  if (!converted.length) return undefined;
  const convert: Convert = (value) => {
    if (value == null || typeof value !== 'object' || Array.isArray(value)) return value;
    const result: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [name, inner] of converted) if (name in result) result[name] = inner(result[name]);
    return result;
  };
  seen.set(nullable.name, convert);
  return convert;
}
