// DIDComm messages as the API accepts them, shared by both transports.
import { z } from 'zod';
import { PACKINGS } from './didcomm.envelope.js';
import { DID_SYNTAX } from '../trust/trust.inputs.js';

export const packing = z.enum(PACKINGS, { error: 'packing must be authcrypt, anoncrypt, signed or plaintext' }).meta({
  id: 'DidcommPacking',
  description:
    'authcrypt (ECDH-1PU+A256KW, A256CBC-HS512: encrypted, sender authenticated), anoncrypt (ECDH-ES+A256KW: encrypted, anonymous sender), signed (JWS JSON), plaintext.',
});

export const direction = z.enum(['inbound', 'outbound'], { error: 'direction must be inbound or outbound' }).meta({
  id: 'DidcommDirection',
  description: 'inbound: received by one of the tenant’s DIDs; outbound: sent by one.',
});

export const delivery = z.enum(['inbox', 'delivered', 'failed', 'returned', 'received']).meta({
  id: 'DidcommDelivery',
  description:
    'inbox: the recipient is hosted here and has it; delivered/failed: POSTed to the recipient’s DIDCommMessaging service endpoint; returned: no endpoint, the caller transports the envelope; received: an inbound message.',
});

const did = (field: string) =>
  z
    .string({ error: `${field} must be a DID` })
    .max(2048, { error: `${field} must be at most 2048 characters` })
    .regex(DID_SYNTAX, { error: `${field} must be a DID (did:<method>:<id>)` });

/** Message type URIs (DIDComm § 2.1 `type`) and thread ids: bounded strings. */
const uri = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} must not be empty` })
    .max(500, { error: `${field} must be at most 500 characters` });

const MAX_MESSAGE_BYTES = 512 * 1024;

export const sendMessageInput = z
  .object({
    from: did('from').meta({ description: 'One of the tenant’s active DIDs.' }),
    to: did('to').meta({ description: 'The recipient DID (hosted here or anywhere).' }),
    type: uri('type').meta({
      description: 'The message type URI.',
      examples: ['https://didcomm.org/basicmessage/2.0/message'],
    }),
    body: z
      .record(z.string(), z.unknown(), { error: 'body must be a JSON object' })
      .nullish()
      .meta({ description: 'The message body (a JSON object); default {}.', examples: [{ content: 'Hello' }] }),
    packing: packing.nullish().meta({ description: 'Default authcrypt.' }),
    thid: uri('thid').nullish().meta({ description: 'The thread the message belongs to.' }),
    expiresTime: z
      .int({ error: 'expires_time must be an integer (UTC epoch seconds)' })
      .positive({ error: 'expires_time must be an integer (UTC epoch seconds)' })
      .nullish()
      .meta({ description: 'When the message expires, in UTC epoch seconds.' }),
    attachments: z
      .array(z.record(z.string(), z.unknown()), { error: 'attachments must be a list of JSON objects' })
      .max(20, { error: 'attachments must hold at most 20 attachments' })
      .nullish()
      .meta({ description: 'DIDComm attachments (§ 5.1: id, media_type, format, data: {json|base64|links}).' }),
  })
  .refine((input) => JSON.stringify(input).length <= MAX_MESSAGE_BYTES, {
    error: `the message must be at most ${MAX_MESSAGE_BYTES} bytes of JSON`,
  });

export type SendMessageInput = z.output<typeof sendMessageInput>;

export const listMessagesInput = z.object({
  direction: direction.nullish(),
  did: did('did').nullish().meta({ description: 'Only messages sent or received by this DID of the tenant.' }),
  type: uri('type').nullish(),
  thid: uri('thid').nullish(),
});
