// From an operation's data back to the contract's values: GraphQL serializes a closed set by its enum name
// (`vc_sd_jwt`), the contract by its value (`vc+sd-jwt`). Walks the operation's selection with the schema's
// types; everything else passes through as it is.
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

export function fromGraphQLData(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  return fromSelection(root, operation.selectionSet, data) as Record<string, unknown>;
}

function fromSelection(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return (value as unknown[]).map((item) => fromSelection(nullable.ofType, selectionSet, item));
  }
  if (isEnumType(nullable)) return nullable.getValue(String(value))?.value ?? value;
  if (!isObjectType(nullable) || !selectionSet) return value;
  const fields = nullable.getFields();
  const result: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const key = selection.alias?.value ?? selection.name.value;
    const field = fields[selection.name.value];
    if (field && key in result) result[key] = fromSelection(field.type, selection.selectionSet, result[key]);
  }
  return result;
}
