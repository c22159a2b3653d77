// GraphQL surface of OpenID4VP presentation requests (permission credentials:verify). Resolvers only adapt. The
// wallet-facing request_uri and response_uri are public HTTP routes (src/modules/oid4vp/oid4vp.routes.ts).
import { requires } from './access.js';
import { builder } from './builder.js';
import { Verification } from './credentials.types.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod, inputFromZod } from './zod-types.js';
import {
  createRequestInput,
  listRequestsInput,
  requestStatus,
  responseCodeInput,
  responseMode,
} from '../modules/oid4vp/oid4vp.inputs.js';
import type { RequestView, StoredPresentation } from '../modules/oid4vp/oid4vp.views.js';
import type { VerificationResult } from '../modules/credentials/verify/verify.types.js';
import type { QrCode } from '../lib/qr-code.js';

const Oid4vpQrCode = builder.objectRef<QrCode>('Oid4vpQrCode').implement({
  description: 'The QR code of the authorization request, for a wallet on another device to scan.',
  fields: (t) => ({
    svg: t.exposeString('svg', { description: 'An SVG image (text).' }),
    pngDataUrl: t.exposeString('pngDataUrl', { description: 'A PNG image as a data: URL.' }),
  }),
});

const Oid4vpPresentation = builder.objectRef<StoredPresentation>('Oid4vpPresentation').implement({
  description: 'One presentation of the wallet’s answer, and its verdict in the shape verifyCredential gives.',
  fields: (t) => ({
    credentialQueryId: t.exposeString('credentialQueryId', { description: 'The DCQL credential query it answered.' }),
    holder: t.exposeString('holder', {
      nullable: true,
      description:
        'Who proved possession: the subject DID that signed the VP (jwt_vc_json), or the did:key of the SD-JWT’s cnf ' +
        'key; null unless it verified (and once erased).',
    }),
    verification: t.field({
      type: Verification,
      description:
        'The checks of verifyCredential plus the holder’s proof (key_binding, bound to this request) and the DCQL ' +
        '`query` check. Claims only when the request verified and this presentation did.',
      resolve: (presentation) => presentation.verification as unknown as VerificationResult,
    }),
  }),
});

export const Oid4vpRequest = builder.objectRef<RequestView>('Oid4vpRequest').implement({
  description: 'An OpenID4VP presentation request of the tenant, and once a wallet answered, its verdict.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: enumFromZod(requestStatus) }),
    clientId: t.exposeString('clientId', {
      description: 'decentralized_identifier:<DID> (signed) or redirect_uri:<URI>.',
    }),
    did: t.exposeString('did', { nullable: true, description: 'The tenant’s DID that signs the request object.' }),
    responseMode: t.expose('responseMode', { type: enumFromZod(responseMode) }),
    dcqlQuery: t.expose('dcqlQuery', { type: 'JSON', description: 'The DCQL query the wallet receives.' }),
    purpose: t.exposeString('purpose', { nullable: true }),
    redirectUri: t.exposeString('redirectUri', { nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime', nullable: true }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    verified: t.exposeBoolean('verified', {
      nullable: true,
      description: 'The verdict: true (verified), false (failed); null while pending and for expired or cancelled.',
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why it failed or expired: the wallet’s OAuth error (access_denied…) or invalid_request.',
    }),
    errorDescription: t.exposeString('errorDescription', { nullable: true }),
    holder: t.exposeString('holder', {
      nullable: true,
      description: 'Who presented (one holder for all), once verified.',
    }),
    presentations: t.field({ type: [Oid4vpPresentation], resolve: (request) => request.presentations }),
    responseCodeRedeemedAt: t.expose('responseCodeRedeemedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Same-device flows: when the tenant’s page redeemed the response code.',
    }),
    erasedAt: t.expose('erasedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When what its presentations disclosed was erased at a data subject’s request.',
    }),
    authorizationRequest: t.exposeString('authorizationRequest', {
      nullable: true,
      description:
        'Only in the answer that made it: openid4vp://?client_id=…&request_uri=…&request_uri_method=post, the link a ' +
        'same-device page opens (by value for a redirect_uri client). Its handle is not stored: it is not shown again.',
    }),
    requestUri: t.exposeString('requestUri', { nullable: true, description: 'Only in the answer that made it.' }),
    qrCode: t.field({
      type: Oid4vpQrCode,
      nullable: true,
      description: 'Only in the answer that made it: the authorization request as a QR code.',
      resolve: (request) => request.qrCode,
    }),
  }),
});

const Oid4vpRequestPage = builder
  .objectRef<{ requests: RequestView[]; nextCursor: string | null }>('Oid4vpRequestPage')
  .implement({
    fields: (t) => ({
      requests: t.field({ type: [Oid4vpRequest], resolve: (page) => page.requests }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const CreateOid4vpRequestInput = inputFromZod('CreateOid4vpRequestInput', createRequestInput);
const RedeemOid4vpResponseCodeInput = inputFromZod('RedeemOid4vpResponseCodeInput', responseCodeInput);

builder.queryFields((t) => ({
  oid4vpRequests: t.field({
    type: Oid4vpRequestPage,
    description: 'Newest first; filters by status.',
    ...requires('credentials:verify'),
    args: { ...argsFromZod(t, listRequestsInput, 'Oid4vpRequests'), ...pageArgs(t.arg) },
    resolve: (_root, { status, ...page }, { services, principal }) =>
      services.oid4vp.list(principal!, { status }, page),
  }),
  oid4vpRequest: t.field({
    type: Oid4vpRequest,
    ...requires('credentials:verify'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.oid4vp.get(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  createOid4vpRequest: t.field({
    nullable: true,
    type: Oid4vpRequest,
    description:
      'An OpenID4VP 1.0 presentation request signed by one of the tenant’s DIDs: a DCQL query (or the short form), ' +
      'direct_post.jwt by default. Answers the wallet’s invocation URI and its QR code, once.',
    ...requires('credentials:verify'),
    args: { input: t.arg({ type: CreateOid4vpRequestInput, required: true }) },
    resolve: (_root, { input }, { services, principal, origin, requestId }) =>
      services.oid4vp.create(principal!, input, requestId, origin),
  }),
  cancelOid4vpRequest: t.field({
    nullable: true,
    type: Oid4vpRequest,
    description: 'Cancels a pending request: a wallet’s answer is refused from then on.',
    ...requires('credentials:verify'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) => services.oid4vp.cancel(principal!, id, requestId),
  }),
  redeemOid4vpResponseCode: t.field({
    nullable: true,
    type: Oid4vpRequest,
    description:
      'Same-device flows: the response code the wallet’s redirect brought to the tenant’s page, exchanged once for ' +
      'the request with its verdict (OpenID4VP 1.0 §13.3).',
    ...requires('credentials:verify'),
    args: {
      id: t.arg.string({ required: true }),
      input: t.arg({ type: RedeemOid4vpResponseCodeInput, required: true }),
    },
    resolve: (_root, { id, input }, { services, principal, requestId }) =>
      services.oid4vp.redeemResponseCode(principal!, id, input, requestId),
  }),
}));
