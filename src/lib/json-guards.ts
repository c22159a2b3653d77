// Limits every JSON value a client sends must meet before any code of ours walks it recursively or hands a
// string to PostgreSQL: no NUL characters (PostgreSQL's text and jsonb cannot store U+0000) and a bounded
// nesting depth (recursive code such as JSON.stringify overflows the stack on deep values). Both checks are
// iterative, so a hostile value cannot overflow the stack here either.
import { badRequest } from './errors.js';

/** Nesting depth allowed in request bodies and GraphQL variables: far beyond any real document. */
export const MAX_JSON_DEPTH = 64;

export const NUL_MESSAGE = 'strings must not contain NUL (\\u0000) characters';
export const tooDeepMessage = (what: string, maxDepth: number) => `${what} is nested deeper than ${maxDepth} levels`;

export type JsonProblem = 'nul' | 'depth' | null;

/** The first problem found in a JSON-like value (object keys count as strings), or null. */
export function jsonProblem(value: unknown, maxDepth: number = MAX_JSON_DEPTH): JsonProblem {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'nul';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return 'depth';
    if (Array.isArray(current)) {
      for (const item of current) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000')) return 'nul';
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

/** The depth of a JSON-like value (a scalar is 0), counted without recursion; stops counting past `limit`. */
export function jsonDepth(value: unknown, limit: number = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > limit) return deepest;
    for (const item of Array.isArray(current) ? current : Object.values(current)) stack.push([item, inner]);
  }
  return deepest;
}

/** Throws the 400 for a value a client sent (`what` names it in the depth message). */
export function assertCleanJson(value: unknown, what: string, maxDepth: number = MAX_JSON_DEPTH): void {
  const problem = jsonProblem(value, maxDepth);
  if (problem === 'nul') throw badRequest(NUL_MESSAGE);
  if (problem === 'depth') throw badRequest(tooDeepMessage(what, maxDepth));
}
