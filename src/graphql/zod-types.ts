// GraphQL input types and enums derived from the services' zod schemas, so the rules are written once:
// a field the schema requires is non-null, a closed set (z.enum) is a GraphQL enum, a list is a list, an open
// JSON object is JSON. Descriptions come from the schemas' metadata (`.meta({ description })`). No bridge of
// the ecosystem derives Pothos types from zod (Pothos's validation plugin only checks arguments), hence this
// glue, kept to the zod constructs the services use.
//
// The REST layer finds the zod schema behind an input type here (zodSchemaOfInput) to check a body before it
// runs the operation, and converts between the contract's enum values and GraphQL's enum names.
import { z } from 'zod';
import { builder } from './builder.js';

type ZodSchema = z.ZodType;
type Def = { type: string; innerType?: ZodSchema; in?: ZodSchema; out?: ZodSchema; element?: ZodSchema };
type Shape = Record<string, ZodSchema>;
type InputRef = ReturnType<typeof builder.inputType>;
type EnumRef = ReturnType<typeof builder.enumType>;

const defOf = (schema: ZodSchema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/** A zod schema's own metadata, or that of a wrapper around it. */
function metaOf(schema: ZodSchema): { id?: string; description?: string; examples?: unknown[] } {
  let current: ZodSchema | undefined = schema;
  const found: Record<string, unknown> = {};
  while (current) {
    Object.assign(found, { ...z.globalRegistry.get(current), ...found });
    const def = defOf(current);
    current = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
  }
  return found;
}

/** The schema under optional/nullable/default wrappers, and whether it accepts an absent value. */
function unwrap(schema: ZodSchema): { inner: ZodSchema; required: boolean } {
  let inner = schema;
  let required = true;
  for (;;) {
    const def = defOf(inner);
    if (WRAPPERS.has(def.type)) {
      if (def.type !== 'readonly') required = false;
      inner = def.innerType!;
    } else if (def.type === 'pipe') {
      // What the client sends is the pipe's input, unless that input is a preprocessing step.
      inner = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    } else {
      return { inner, required };
    }
  }
}

/** GraphQL's name for a value of a closed set: the value where it is a valid name, else `_` for what is not. */
export const enumValueName = (value: string) => value.replace(/[^_0-9A-Za-z]/g, '_');

const enums = new Map<ZodSchema, EnumRef>();
const enumSchemas = new Map<string, z.ZodEnum>();

/** The GraphQL enum of a z.enum (named by its `.meta({ id })`), made once however many fields use it. */
export function enumFromZod(schema: z.ZodEnum): EnumRef {
  const existing = enums.get(schema);
  if (existing) return existing;
  const { id, description } = metaOf(schema);
  if (!id) throw new Error(`a z.enum used in GraphQL needs .meta({ id }): ${schema.options.join(', ')}`);
  const ref = builder.enumType(id, {
    description,
    values: Object.fromEntries(schema.options.map((value) => [enumValueName(String(value)), { value }])),
  });
  enums.set(schema, ref);
  enumSchemas.set(id, schema);
  return ref;
}

/** The zod enum behind a GraphQL enum type: its error text is the one REST gives for a value outside it. */
export const zodSchemaOfEnum = (name: string) => enumSchemas.get(name);

type FieldType = { type: unknown; list: boolean };

function fieldType(schema: ZodSchema, nameHint: string): FieldType {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'literal':
      return { type: 'String', list: false };
    case 'boolean':
      return { type: 'Boolean', list: false };
    case 'number':
      return { type: (schema as z.ZodNumber).isInt ? 'Int' : 'Float', list: false };
    case 'enum':
      return { type: enumFromZod(schema as z.ZodEnum), list: false };
    case 'array': {
      const item = fieldType(unwrap(def.element!).inner, nameHint);
      if (item.list) throw new Error(`${nameHint}: lists of lists are not supported`);
      return { type: item.type, list: true };
    }
    case 'object': {
      // An object open to any member (a JWK, say) is JSON; a closed one is an input type of its own.
      const open = (def as { catchall?: ZodSchema }).catchall !== undefined;
      if (open) return { type: 'JSON', list: false };
      return { type: inputFromZod(metaOf(schema).id ?? nameHint, schema as z.ZodObject), list: false };
    }
    default:
      // record, unknown, any, union: a JSON value whose rules the service checks.
      return { type: 'JSON', list: false };
  }
}

const inputs = new Map<string, { ref: InputRef; schema: z.ZodObject }>();

/**
 * A GraphQL input object type with the fields of a zod object schema: required fields non-null, lists of
 * non-null items, enums and descriptions from the schema.
 */
export function inputFromZod(name: string, schema: z.ZodObject, description?: string): InputRef {
  const existing = inputs.get(name);
  if (existing) {
    if (existing.schema !== schema) throw new Error(`two zod schemas for the GraphQL input type ${name}`);
    return existing.ref;
  }
  const shape = schema.shape as Shape;
  const ref = builder.inputType(name, {
    description: description ?? metaOf(schema).description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(shape).map(([field, fieldSchema]) => [field, inputField(t, name, field, fieldSchema)]),
      ) as Record<string, never>,
  });
  inputs.set(name, { ref, schema });
  return ref;
}

/** The zod schema a GraphQL input type was derived from. */
export const zodSchemaOfInput = (name: string) => inputs.get(name)?.schema;

const VARIABLE_ERROR = /^Variable "\$\w+" got invalid value (.*) at "([^"]+)"; /s;

/**
 * The contract's text for a variable GraphQL refused on a field of a zod-derived input (a value of the wrong
 * type, an unknown enum value, a null): what the field's zod schema says of that value, as REST answers it
 * (`score must be 0-100`, `unsupported format`). Undefined when the field is no such input's, sits in a
 * list, has a value GraphQL did not print as JSON, or inputs sharing its name would say different things.
 */
export function contractTextOfVariableError(message: string): { message: string; field: string } | undefined {
  const match = VARIABLE_ERROR.exec(message);
  const field = match?.[2]!.split('.').at(-1);
  if (!match || !field || field.includes('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(match[1]!);
  } catch {
    return undefined;
  }
  const texts = new Set<string>();
  for (const { schema } of inputs.values()) {
    const fieldSchema = (schema.shape as Shape)[field];
    const result = fieldSchema?.safeParse(value);
    if (result && !result.success) texts.add(result.error.issues[0]!.message);
  }
  return texts.size === 1 ? { message: [...texts][0]!, field: match[2]! } : undefined;
}

// Pothos's field builders are typed per call site; the glue builds fields from data, so it speaks to them
// through this one loose signature.
type LooseFieldBuilder = { field: (options: Record<string, unknown>) => unknown };

function inputField(t: unknown, typeName: string, field: string, schema: ZodSchema) {
  const { inner, required } = unwrap(schema);
  const { type, list } = fieldType(inner, `${typeName}${field[0]!.toUpperCase()}${field.slice(1)}`);
  return (t as LooseFieldBuilder).field({
    type: list ? [type] : type,
    required: list ? { list: required, items: true } : required,
    description: metaOf(schema).description,
  });
}

/**
 * Field arguments from a zod object schema (e.g. a list's filters), for `args: { ...argsFromZod(t, schema) }`.
 * Typed for resolvers as optional strings: what closed sets and free text arrive as; the service parses them.
 */
export function argsFromZod<
  Builder extends { arg: { string: (options: { required: false }) => unknown } },
  Schema extends z.ZodObject,
>(t: Builder, schema: Schema, typeName: string) {
  const shape = schema.shape as Shape;
  return Object.fromEntries(
    Object.entries(shape).map(([name, fieldSchema]) => [
      name,
      inputField({ field: t.arg as unknown as LooseFieldBuilder['field'] }, typeName, name, fieldSchema),
    ]),
  ) as Record<keyof Schema['shape'], ReturnType<Builder['arg']['string']>>;
}
