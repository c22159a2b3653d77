// Bounds on what one GraphQL request may ask for, so that one HTTP request cannot multiply work past what
// the contract counts (spec §8: requests per minute, per tenant):
// - the document's size and shape, checked before anything runs (GraphQL Armor's rules: tokens, depth,
//   aliases, directives, a static cost) and no suggestions of names in any environment (they leak the schema);
// - each mutation root field is one operation: the HTTP request already spent one token of the caller's
//   bucket (the tenant's, or the client address's when unauthenticated), the others are taken here, all at
//   once, before anything runs; a request the bucket cannot cover is refused whole with 429;
// - at most one register, login or acceptInvitation per request: each is an argon2 hash, and the per-address
//   limit that guards them counts requests.
// Variables are held to the same JSON rules as REST bodies (no NUL, bounded nesting).
import { GraphQLError, Lexer, parse, Source, TokenKind, validate, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { badRequest, findAppError } from '../lib/errors.js';
import { refusal } from './errors.js';
import { assertCleanJson, MAX_JSON_DEPTH } from '../lib/json-guards.js';
import { MESSAGES } from '../lib/messages.js';
import type { RequestContext } from './context.js';
import { rootShape } from './operation-shape.js';

/** The limits, documented in the README ("Limits"). Generous for any real document, tight for abuse. */
export const GRAPHQL_LIMITS = {
  /** Lexical tokens in a document: a dashboard page's query is a few hundred. */
  maxTokens: 2_000,
  /** Nesting of selections: the schema's deepest real path is 4. */
  maxDepth: 10,
  /** Aliases in an operation: each alias can repeat a field's whole work. */
  maxAliases: 15,
  maxDirectives: 20,
  /** GraphQL Armor's static cost (objects 2, scalars 1, × 1.5 per level of depth). */
  maxCost: 5_000,
  /**
   * Nesting of `{`, `[` and `(` together, selections and literals alike: the same 64 levels as JSON bodies and
   * variables. graphql-js parses (and validates) values by recursion, one frame set per level, and a list
   * literal is one token a level: 2,000 tokens of `[` overflowed the stack inside the parser, before the
   * token limit or the depth rule (which counts selections only) could answer.
   */
  maxNesting: MAX_JSON_DEPTH,
} as const;

/** Mutations that hash a password (argon2): one per request. */
const PASSWORD_MUTATIONS = new Set(['register', 'login', 'acceptInvitation']);

export function graphqlLimitPlugins(): Plugin[] {
  // Armor's errors carry no status: say what they are, a request refused before anything ran (HTTP 400 too).
  const onReject = [
    (_context: unknown, error: GraphQLError) => {
      Object.assign(error.extensions, { code: 'BAD_REQUEST', status: 400, http: { status: 400 } });
    },
  ];
  const plugins: Plugin[] = [
    maxTokensPlugin({ n: GRAPHQL_LIMITS.maxTokens, onReject }) as Plugin,
    // After the token limit's plugin: its parser is the one this one's check runs before.
    maxNestingPlugin(),
    maxDepthPlugin({ n: GRAPHQL_LIMITS.maxDepth, onReject, ignoreIntrospection: true }) as Plugin,
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.maxAliases, onReject }) as Plugin,
    maxDirectivesPlugin({ n: GRAPHQL_LIMITS.maxDirectives, onReject }) as Plugin,
    costLimitPlugin({ maxCost: GRAPHQL_LIMITS.maxCost, onReject, ignoreIntrospection: true }) as Plugin,
    operationCountPlugin(),
    noSuggestionsPlugin(),
  ];
  return plugins;
}

/**
 * graphql-js's "Did you mean …?" (a field, an argument, an enum value, a type, an input field, in validation
 * and in the coercion of variables) answers a guessing game that maps the schema with introspection off, to
 * anyone and before authentication. Off everywhere: GraphiQL completes from introspection, not from these.
 * (GraphQL Armor's plugin masks field suggestions only, by the text's shape.) Validation and execution are
 * asked not to make them; the executor's first coercion of variables ignores that (@graphql-tools/executor
 * 2.1, graphql 16's enum parseValue), so what it still writes is cut from the errors of the result.
 */
function noSuggestionsPlugin(): Plugin {
  return {
    onValidate({ setValidationFn }) {
      setValidationFn((schema, document, rules) => validate(schema, document, rules, { hideSuggestions: true }));
    },
    onExecute({ args }) {
      (args as { hideSuggestions?: boolean }).hideSuggestions = true;
      return {
        onExecuteDone({ result }) {
          if (!('errors' in result)) return;
          for (const error of result.errors ?? []) {
            if (error.message.includes(SUGGESTION_START)) {
              (error as { message: string }).message = withoutSuggestion(error.message);
            }
          }
        },
      };
    },
  };
}

const SUGGESTION_START = 'Did you mean ';
/** graphql-js's didYouMean(): quoted names (which cannot hold a "?"), then "?". */
const SUGGESTION = / ?Did you mean [^?]*\?/g;
const withoutSuggestion = (message: string) => message.replace(SUGGESTION, '');

/**
 * Refuses a document nested deeper than `maxNesting` before the parser descends into it. The lexer reads a
 * token at a time without recursion; it stops at the token limit, past which the parser refuses anyway. A
 * document the lexer cannot read is left to the parser, which says where.
 */
function maxNestingPlugin(): Plugin {
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        assertNesting(typeof source === 'string' ? new Source(source) : source);
        return parseFn(source, options);
      });
    },
  };
}

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

function assertNesting(source: Source) {
  const lexer = new Lexer(source);
  let depth = 0;
  try {
    for (let count = 0; count <= GRAPHQL_LIMITS.maxTokens; count++) {
      const token = lexer.advance();
      if (token.kind === TokenKind.EOF) return;
      if (OPENING.has(token.kind)) depth++;
      else if (CLOSING.has(token.kind)) depth--;
      if (depth > GRAPHQL_LIMITS.maxNesting) break;
    }
  } catch {
    return;
  }
  if (depth <= GRAPHQL_LIMITS.maxNesting) return;
  throw new GraphQLError(
    `Syntax Error: the document nests {, [ and ( deeper than ${GRAPHQL_LIMITS.maxNesting} levels.`,
    { extensions: { code: 'BAD_REQUEST', status: 400, http: { status: 400 } } },
  );
}

/**
 * Charges a request's mutations to the caller's bucket before Yoga parses and runs it (onParams may wait,
 * validation may not), and refuses documents that would hash more than one password.
 */
function operationCountPlugin(): Plugin {
  return {
    async onParams({ params, context, setResult }) {
      const { chargeOperations } = context as unknown as RequestContext;
      try {
        if (params.variables != null) assertCleanJson(params.variables, 'variables');
        // Only a document that can hold a mutation needs reading here; Yoga reports syntax errors itself.
        if (typeof params.query !== 'string' || !params.query.includes('mutation')) return;
        let document: DocumentNode;
        try {
          document = parse(params.query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
        } catch {
          return;
        }
        const shape = rootShape(document, params.operationName);
        if (shape.operation !== 'mutation') return;
        if (shape.fields.filter((name) => PASSWORD_MUTATIONS.has(name)).length > 1) {
          throw badRequest(MESSAGES.onePasswordMutation);
        }
        if (shape.fields.length > 1) await chargeOperations(shape.fields.length - 1);
      } catch (error) {
        const appError = findAppError(error);
        if (!appError) throw error;
        setResult({ errors: [refusal(appError)] });
      }
    },
  };
}
