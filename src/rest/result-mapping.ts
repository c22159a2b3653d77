// From an operation's data back to the contract's values: GraphQL serializes a closed set by its enum name
// (`vc_sd_jwt`), the contract by its value (`vc+sd-jwt`). Walks the operation's selection with the schema's
// types once, when the endpoint is compiled, into a function that rewrites only the enum-valued fields;
// everything else passes through as it is (an operation without enums: the data itself).
import {
  getNullableType,
  isEnumType,
  isListType,
  isObjectType,
  Kind,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

type Convert = (value: unknown) => unknown;

export function compileResultMapping(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
): (data: Record<string, unknown>) => Record<string, unknown> {
  const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const convert = converterOf(root, operation.selectionSet);
  return convert ? (data) => convert(data) as Record<string, unknown> : (data) => data;
}

/** What rewrites a value of `type` under `selectionSet`; undefined when nothing in it is an enum. */
function converterOf(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): Convert | undefined {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = converterOf(nullable.ofType, selectionSet);
    return item && ((value) => (value == null ? value : (value as unknown[]).map(item)));
  }
  if (isEnumType(nullable)) {
    const valueOf = new Map(nullable.getValues().map((member) => [member.name, member.value as unknown]));
    return (value) => (value == null ? value : valueOf.has(String(value)) ? valueOf.get(String(value)) : value);
  }
  if (!isObjectType(nullable) || !selectionSet) return undefined;
  const fields = nullable.getFields();
  const converted: [key: string, convert: Convert][] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const field = fields[selection.name.value];
    const convert = field && converterOf(field.type, selection.selectionSet);
    if (convert) converted.push([selection.alias?.value ?? selection.name.value, convert]);
  }
  if (!converted.length) return undefined;
  return (value) => {
    if (value == null) return value;
    const result: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, convert] of converted) if (key in result) result[key] = convert(result[key]);
    return result;
  };
}
