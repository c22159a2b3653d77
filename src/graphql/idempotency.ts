// Idempotency-Key for the mutations that create something (issueCredential, createDid, createApiKey,
// inviteMember, createRole, createWebhook, createTrustAttestation), over both transports: the REST router
// runs the same resolvers. The rules are in src/modules/idempotency; this adapts them to resolvers and to
// GraphQL requests.
import {
  getNullableType,
  getOperationAST,
  isInputObjectType,
  isListType,
  type GraphQLInputType,
  type GraphQLResolveInfo,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { badRequest } from '../lib/errors.js';
import { MESSAGES } from '../lib/messages.js';
import type { IdempotencySlot } from '../modules/idempotency/idempotency.service.js';
import type { RequestContext } from './context.js';
import { refusal } from './errors.js';
import { rootFields } from './operation-shape.js';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The resolvers idempotent() made: the OpenAPI document finds the endpoints that honour the key by them. */
const idempotentResolvers = new WeakSet<object>();

/** Whether a field's resolver (as given to Pothos, in its extensions) honours Idempotency-Key. */
export function honoursIdempotencyKey(field: { extensions?: { pothosOptions?: unknown } | null }): boolean {
  const resolve = (field.extensions?.pothosOptions as { resolve?: unknown } | undefined)?.resolve;
  return typeof resolve === 'function' && idempotentResolvers.has(resolve);
}

/**
 * Wraps a mutation's resolver: without an Idempotency-Key it runs as is (with a null slot); with one, a repeat
 * of a completed request returns its stored result — through the same selection and REST mapper, so the body
 * is the first one's — marked Idempotent-Replayed, and a first run gets the slot its service completes with the
 * effect. A run that fails releases the key: failures are not recorded.
 */
export function idempotent<Parent, Args, Result>(
  resolve: (parent: Parent, args: Args, context: RequestContext, slot: IdempotencySlot | null) => Promise<Result>,
) {
  const resolver = async (
    parent: Parent,
    args: Args,
    context: RequestContext,
    info: GraphQLResolveInfo,
  ): Promise<Result> => {
    const { idempotencyKey: key, principal, services } = context;
    // Every wrapped field requires a permission, so a principal is there; the key is scoped to its tenant.
    if (key === null || !principal) return resolve(parent, args, context, null);
    const begun = await services.idempotency.begin({
      tenantId: principal.tenantId,
      key,
      operation: info.fieldName,
      args: requestArguments(info, args),
      caller: principal.kind === 'api_key' ? `api_key:${principal.apiKeyId}` : `user:${principal.userId}`,
    });
    if (begun.kind === 'replay') {
      context.setResponseHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // Stored as JSON: dates come back as ISO strings, which the DateTime scalar serializes alike.
      return begun.result as Result;
    }
    try {
      return await resolve(parent, args, context, begun.slot);
    } catch (error) {
      await services.idempotency.release(begun.slot).catch((releaseError: unknown) => {
        // The lease runs out instead; a retry then takes the key over.
        context.log.warn({ err: releaseError }, 'could not release an Idempotency-Key');
      });
      throw error;
    }
  };
  idempotentResolvers.add(resolver);
  return resolver;
}

/**
 * The arguments that make the request: an input field given as null is the same as one left out (the REST
 * layer drops nulls; services treat both alike), so neither door nor spelling changes the request hash. Values
 * of scalars (a JSON claims object included) stay exactly as given.
 */
function requestArguments(info: GraphQLResolveInfo, args: unknown): unknown {
  const field = info.parentType.getFields()[info.fieldName];
  if (!field) return args;
  const types = new Map(field.args.map((arg) => [arg.name, arg.type]));
  return withoutNullFields(args as Record<string, unknown>, (name) => types.get(name));
}

function withoutNullFields(
  value: Record<string, unknown>,
  typeOf: (name: string) => GraphQLInputType | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (inner === null || inner === undefined) continue;
    const type = typeOf(name);
    result[name] = type ? normalizedInput(type, inner) : inner;
  }
  return result;
}

function normalizedInput(type: GraphQLInputType, value: unknown): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable) && Array.isArray(value)) {
    return value.map((item) => (item === null ? null : normalizedInput(nullable.ofType, item)));
  }
  if (isInputObjectType(nullable) && value !== null && typeof value === 'object') {
    const fields = nullable.getFields();
    return withoutNullFields(value as Record<string, unknown>, (name) => fields[name]?.type);
  }
  return value;
}

/**
 * A GraphQL request with an Idempotency-Key must be exactly one mutation field: the key names one request
 * with one effect, and a document that ran other fields beside (or instead of) it could not be replayed as
 * it was. Refused before anything executes. A single mutation that is not idempotent ignores the key, as the
 * REST endpoints that are not do.
 */
export function idempotencyKeyPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as Partial<RequestContext>;
      if (context.idempotencyKey == null) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation === 'mutation' && rootFields(operation.selectionSet, args.document).length === 1) return;
      setResultAndStopExecution({ errors: [refusal(badRequest(MESSAGES.idempotencyKeyOneMutation))] });
    },
  };
}
