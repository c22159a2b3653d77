import { contextCacheSymbol } from '@pothos/core';
import { RequestCache } from '@pothos/plugin-scope-auth';
import type { Principal } from '../auth/principal.js';
import type { Logger } from '../lib/logger.js';
import type { RequestOrigin } from '../modules/credentials/credentials.service.js';
import type { Services } from '../services.js';
import type { CompiledRun } from './known-answers.js';

/** Built once per request by the HTTP app, for both transports. */
export type RequestContext = {
  principal: Principal | null;
  requestId: string;
  services: Services;
  /** Where this request came in: the base of the URLs written into what it creates (status list links). */
  origin: RequestOrigin;
  log: Logger;
  /** The request's Idempotency-Key header as sent (validated where it is used), or null without one. */
  idempotencyKey: string | null;
  /** Adds a header to the HTTP response (e.g. Idempotent-Replayed), whichever transport writes it. */
  setResponseHeader(name: string, value: string): void;
  /**
   * Takes `count` more tokens from the bucket this request was admitted by (the tenant's, or the client
   * address's), for the extra operations a GraphQL request holds; throws the 429 when they are not there.
   */
  chargeOperations(count: number): Promise<void>;
  /**
   * Called when the request executes a mutation (yoga.ts): only then can it have recorded events to deliver.
   * (A function, not a flag: Yoga hands resolvers a copy of the context object.)
   */
  markMutation?(): void;
  /** Between the GraphQL transport and the compiled-execution plugin (known-answers.ts). */
  compiledRun?: CompiledRun;
  /**
   * The key Pothos files the request's caches under (its scope-auth RequestCache) instead of the context itself:
   * Yoga's copies of the context carry it too, so they find the same cache, and releaseRequestCaches drops it.
   */
  [contextCacheSymbol]?: object;
};

/**
 * Drops the request's entry from Pothos's module-wide WeakMap once the request is answered. Left there, it outlived
 * the request: V8's young-generation collector keeps a WeakMap's values alive whatever becomes of their keys, and
 * the cached value holds the context, so each request's objects (its response and headers among them) survived
 * two scavenges and were promoted to the old generation, to be freed only by a full collection.
 */
export function releaseRequestCaches(context: RequestContext): void {
  RequestCache.clearForContext(context);
}
