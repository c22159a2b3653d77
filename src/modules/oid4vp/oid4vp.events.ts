// The event types of OpenID4VP presentation requests (src/modules/events/event-catalogue.ts spreads them in):
// a request's life, pending → received → verified | failed, or expired, or cancelled. They carry ids and the
// verdict's reason, never a claim nor who presented (GET /v1/oid4vp/requests/{id} shows those, to
// credentials:verify, as these events are read with it).
import { z } from 'zod';

const requestId = z.uuid().meta({ description: 'The request (GET /v1/oid4vp/requests/{id}).' });
const instant = (description: string) => z.iso.datetime({ offset: true }).meta({ description });

const REQUEST_ID = '01938a4e-5b6c-7d8e-9f0a-1b2c3d4e5f6a';

export const OID4VP_EVENTS = {
  'oid4vp.presentation.requested': {
    readPermission: 'credentials:verify',
    description: 'The tenant made an OpenID4VP presentation request (POST /v1/oid4vp/requests).',
    data: z.strictObject({
      request_id: requestId,
      client_id: z
        .string()
        .meta({ description: 'Its client_id: decentralized_identifier:<DID> or redirect_uri:<URI>.' }),
      response_mode: z.enum(['direct_post.jwt', 'direct_post']),
      credential_query_ids: z.array(z.string()).meta({ description: 'The ids of its DCQL credential queries.' }),
      expires_at: instant('Until when a wallet may answer.'),
    }),
    example: {
      request_id: REQUEST_ID,
      client_id: 'decentralized_identifier:did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp',
      response_mode: 'direct_post.jwt',
      credential_query_ids: ['credential'],
      expires_at: '2026-11-30T12:05:00.000Z',
    },
  },
  'oid4vp.presentation.received': {
    readPermission: 'credentials:verify',
    description: 'A wallet answered the request; its verdict follows as verified or failed.',
    data: z.strictObject({ request_id: requestId, received_at: instant('When the answer arrived.') }),
    example: { request_id: REQUEST_ID, received_at: '2026-11-30T12:01:12.345Z' },
  },
  'oid4vp.presentation.verified': {
    readPermission: 'credentials:verify',
    description: 'The answer verified and satisfies the query. Names the credential queries answered, never a claim.',
    data: z.strictObject({
      request_id: requestId,
      credential_query_ids: z
        .array(z.string())
        .meta({ description: 'The credential queries a verified presentation answered.' }),
      verified_at: instant('When the verdict was reached.'),
    }),
    example: { request_id: REQUEST_ID, credential_query_ids: ['credential'], verified_at: '2026-11-30T12:01:12.512Z' },
  },
  'oid4vp.presentation.failed': {
    readPermission: 'credentials:verify',
    description:
      'The answer was refused: the wallet’s own error (access_denied…), or a presentation or the query that did not check out.',
    data: z.strictObject({
      request_id: requestId,
      error: z.string().meta({ description: 'The OAuth error code: the wallet’s, or invalid_request for ours.' }),
      error_description: z
        .string()
        .nullable()
        .meta({ description: 'Why, in words (names checks and claim paths, never values).' }),
      failed_at: instant('When the verdict was reached.'),
    }),
    example: {
      request_id: REQUEST_ID,
      error: 'invalid_request',
      error_description: 'credential: key_binding: KB-JWT nonce does not match',
      failed_at: '2026-11-30T12:01:12.512Z',
    },
  },
  'oid4vp.presentation.expired': {
    readPermission: 'credentials:verify',
    description: 'No answer came in time (or a late one was refused).',
    data: z.strictObject({ request_id: requestId, expired_at: instant('When it was found expired.') }),
    example: { request_id: REQUEST_ID, expired_at: '2026-11-30T12:05:00.000Z' },
  },
  'oid4vp.presentation.cancelled': {
    readPermission: 'credentials:verify',
    description: 'The tenant cancelled the request before a wallet answered (DELETE /v1/oid4vp/requests/{id}).',
    data: z.strictObject({ request_id: requestId, cancelled_at: instant('When it was cancelled.') }),
    example: { request_id: REQUEST_ID, cancelled_at: '2026-11-30T12:02:00.000Z' },
  },
} as const;
