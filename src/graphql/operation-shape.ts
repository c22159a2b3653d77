// What a GraphQL document asks for at its root, read before it runs: how many mutation fields (each is one
// operation the contract counts) and which of them. Fragments and inline fragments are followed; @skip and
// @include are not evaluated, so a field is counted whether or not it would run (the cautious reading).
import {
  getOperationAST,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export type RootShape = { operation: 'query' | 'mutation' | 'subscription' | null; fields: string[] };

/** The root fields of the operation a request runs (by name, once per occurrence, aliases included). */
export function rootShape(document: DocumentNode, operationName?: string | null): RootShape {
  const operation = getOperationAST(document, operationName);
  if (!operation) return { operation: null, fields: [] };
  return {
    operation: operation.operation,
    fields: rootFields(operation.selectionSet, document).map((f) => f.name.value),
  };
}

/** Root field nodes of a selection set, through inline fragments and fragment spreads (each fragment once). */
export function rootFields(
  selectionSet: SelectionSetNode,
  document: DocumentNode,
  seen = new Set<string>(),
): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fields.push(...rootFields(selection.selectionSet, document, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find(
        (definition): definition is FragmentDefinitionNode =>
          definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
      );
      if (fragment) fields.push(...rootFields(fragment.selectionSet, document, seen));
    }
  }
  return fields;
}
