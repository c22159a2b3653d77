// GraphQL surface of API keys (admin interface). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { inputFromZod } from './zod-types.js';
import { createInput } from '../modules/api-keys/api-keys.service.js';
import { idempotent } from './idempotency.js';
import type { ApiKeyView, CreatedApiKey } from '../modules/api-keys/api-keys.service.js';

const ApiKey = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'An API key as listed: never its hash or plaintext, only a short prefix to recognise it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix'),
    scopes: t.exposeStringList('scopes', {
      nullable: true,
      description: 'null for an unscoped key, which acts with its creator’s role permissions.',
    }),
    createdByUserId: t.exposeID('createdByUserId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Recorded to the minute.',
    }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const ApiKeyPage = builder.objectRef<{ apiKeys: ApiKeyView[]; nextCursor: string | null }>('ApiKeyPage').implement({
  fields: (t) => ({
    apiKeys: t.field({ type: [ApiKey], resolve: (page) => page.apiKeys }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

const CreatedApiKeyRef = builder.objectRef<CreatedApiKey>('CreatedApiKey').implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKey, resolve: (created) => created }),
    key: t.exposeString('key', { description: 'The plaintext key: shown only here, once.' }),
  }),
});

const CreateApiKeyInput = inputFromZod('CreateApiKeyInput', createInput);

builder.queryFields((t) => ({
  apiKeys: t.field({
    type: ApiKeyPage,
    description: 'Newest first, revoked and expired keys included.',
    ...requires('api_keys:manage'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.apiKeys.list(principal!, args),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    nullable: true,
    type: CreatedApiKeyRef,
    ...requires('api_keys:manage'),
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, requestId }, slot) =>
      services.apiKeys.create(principal!, input, requestId, slot),
    ),
  }),
  revokeApiKey: t.field({
    nullable: true,
    type: ApiKey,
    ...requires('api_keys:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) => services.apiKeys.revoke(principal!, id, requestId),
  }),
}));
