// A request's Pothos caches (scope-auth's RequestCache) are filed under the key the HTTP app puts in its context,
// found by every copy Yoga makes of that context, and dropped when the request is answered (src/app.ts): left to
// Pothos's WeakMap they lived on until a full garbage collection, and with them the request's objects.
import { contextCacheSymbol } from '@pothos/core';
import { RequestCache } from '@pothos/plugin-scope-auth';
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/graphql/builder.js';
import { releaseRequestCaches, type RequestContext } from '../../src/graphql/context.js';
import '../../src/graphql/schema.js';

const contextWithKey = () => ({ principal: null, [contextCacheSymbol]: {} }) as unknown as RequestContext;

describe('request caches', () => {
  it('a copy of the context, as Yoga makes, finds the cache filed under the original', () => {
    const context = contextWithKey();
    const copy = { ...context, request: new Request('http://service.invalid/graphql') };
    const cache = RequestCache.fromContext(copy, builder);
    expect(RequestCache.fromContext(context, builder)).toBe(cache);
    expect(RequestCache.fromContext(contextWithKey(), builder)).not.toBe(cache);
  });

  it('releasing the request drops its cache, for the copies too', () => {
    const context = contextWithKey();
    const copy = { ...context };
    const cache = RequestCache.fromContext(copy, builder);
    releaseRequestCaches(context);
    const after = RequestCache.fromContext(copy, builder);
    expect(after).not.toBe(cache);
    expect(after.context).toBe(copy);
  });

  it('a context without the key is its own key, and is released as well', () => {
    const context = { principal: null } as unknown as RequestContext;
    const cache = RequestCache.fromContext(context, builder);
    expect(RequestCache.fromContext(context, builder)).toBe(cache);
    releaseRequestCaches(context);
    expect(RequestCache.fromContext(context, builder)).not.toBe(cache);
  });
});
