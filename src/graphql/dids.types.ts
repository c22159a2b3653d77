// GraphQL surface of DIDs and public did:key resolution. Resolvers only adapt.
import { publicField, requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod, inputFromZod } from './zod-types.js';
import { createInput, didKeyType, didStatus, listInput } from '../modules/dids/dids.service.js';

const KeyType = enumFromZod(didKeyType);
const DidStatus = enumFromZod(didStatus);
import { idempotent } from './idempotency.js';
import type { DidView } from '../modules/dids/dids.service.js';

export const Did = builder.objectRef<DidView>('Did').implement({
  description: 'A did:key of the tenant. Its private key never leaves the server.',
  fields: (t) => ({
    id: t.exposeID('id'),
    did: t.exposeString('did'),
    keyType: t.expose('keyType', { type: KeyType }),
    verificationMethod: t.exposeString('verificationMethod', { description: 'The kid of its signatures.' }),
    status: t.expose('status', { type: DidStatus }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deactivatedAt: t.expose('deactivatedAt', { type: 'DateTime', nullable: true }),
    didDocument: t.expose('didDocument', { type: 'JSON' }),
  }),
});

const DidPage = builder.objectRef<{ dids: DidView[]; nextCursor: string | null }>('DidPage').implement({
  fields: (t) => ({
    dids: t.field({ type: [Did], resolve: (page) => page.dids }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

const CreateDidInput = inputFromZod('CreateDidInput', createInput);

builder.queryFields((t) => ({
  dids: t.field({
    type: DidPage,
    description: 'Newest first.',
    ...requires('dids:list'),
    args: {
      ...argsFromZod(t, listInput, 'Dids'),
      ...pageArgs(t.arg),
    },
    resolve: (_root, args, { services, principal }) => services.dids.list(principal!, { status: args.status }, args),
  }),
  did: t.field({
    type: Did,
    ...requires('dids:list'),
    args: { did: t.arg.string({ required: true }) },
    resolve: (_root, { did }, { services, principal }) => services.dids.get(principal!, did),
  }),
  resolveDid: t.field({
    ...publicField('DID resolution is public by nature (W3C DID Resolution)'),
    type: 'JSON',
    description: 'DID Resolution result for any did:key (public, no credential needed).',
    args: { did: t.arg.string({ required: true }) },
    resolve: (_root, { did }, { services }) => services.resolver.resolve(did),
  }),
}));

builder.mutationFields((t) => ({
  createDid: t.field({
    nullable: true,
    type: Did,
    ...requires('dids:create'),
    args: { input: t.arg({ type: CreateDidInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, requestId }, slot) =>
      services.dids.create(principal!, input, slot, requestId),
    ),
  }),
  deactivateDid: t.field({
    nullable: true,
    type: Did,
    description: 'Final: a deactivated DID cannot issue and frees a slot under the plan’s DID limit.',
    ...requires('dids:deactivate'),
    args: { did: t.arg.string({ required: true }) },
    resolve: (_root, { did }, { services, principal, requestId }) =>
      services.dids.deactivate(principal!, did, requestId),
  }),
}));
