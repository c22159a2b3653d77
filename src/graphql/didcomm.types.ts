// GraphQL surface of DIDComm messaging: didcomm:send to send, didcomm:read to read. Resolvers only
// adapt. The inbound endpoint (POST /didcomm) is a public HTTP route (src/http/public-routes.ts), not a field.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod, inputFromZod } from './zod-types.js';
import {
  delivery,
  direction,
  listMessagesInput,
  packing,
  sendMessageInput,
} from '../modules/didcomm/didcomm.inputs.js';
import type { MessageView } from '../modules/didcomm/didcomm.service.js';

const DidcommPacking = enumFromZod(packing);
const DidcommDirection = enumFromZod(direction);
const DidcommDelivery = enumFromZod(delivery);

export const DidcommMessage = builder.objectRef<MessageView>('DidcommMessage').implement({
  description: 'A DIDComm v2 message one of the tenant’s DIDs sent or received.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The stored message’s id (not the DIDComm id).' }),
    direction: t.expose('direction', { type: DidcommDirection }),
    did: t.exposeString('did', { description: 'The tenant’s DID: the sender (outbound) or the recipient (inbound).' }),
    messageId: t.exposeString('messageId', { description: 'The DIDComm message’s own `id`.' }),
    type: t.exposeString('type'),
    from: t.exposeString('from', { nullable: true }),
    to: t.exposeStringList('to'),
    thid: t.exposeString('thid', { nullable: true }),
    packing: t.expose('packing', { type: DidcommPacking }),
    message: t.expose('message', { type: 'JSON', description: 'The plaintext message (DIDComm § 2.1), decrypted.' }),
    envelope: t.exposeString('envelope', { description: 'The packed envelope (JSON text) as sent or received.' }),
    delivery: t.expose('delivery', { type: DidcommDelivery }),
    deliveryDetail: t.exposeString('deliveryDetail', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const DidcommMessagePage = builder
  .objectRef<{ messages: MessageView[]; nextCursor: string | null }>('DidcommMessagePage')
  .implement({
    fields: (t) => ({
      messages: t.field({ type: [DidcommMessage], resolve: (page) => page.messages }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const SendDidcommMessageInput = inputFromZod('SendDidcommMessageInput', sendMessageInput);

builder.queryFields((t) => ({
  didcommMessages: t.field({
    type: DidcommMessagePage,
    description: 'Newest first; filters by direction, the tenant’s DID, type and thread.',
    ...requires('didcomm:read'),
    args: { ...argsFromZod(t, listMessagesInput, 'DidcommMessages'), ...pageArgs(t.arg) },
    resolve: (_root, { direction, did, type, thid, ...page }, { services, principal }) =>
      services.didcomm.list(principal!, { direction, did, type, thid }, page),
  }),
  didcommMessage: t.field({
    type: DidcommMessage,
    ...requires('didcomm:read'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.didcomm.get(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  sendDidcommMessage: t.field({
    nullable: true,
    type: DidcommMessage,
    description:
      'Packs a message from one of the tenant’s DIDs and sends it: into the inbox of a DID hosted here, to the DIDCommMessaging endpoint of the recipient’s document, or back to the caller (delivery `returned`).',
    ...requires('didcomm:send'),
    args: { input: t.arg({ type: SendDidcommMessageInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.didcomm.send(principal!, input, requestId),
  }),
}));
