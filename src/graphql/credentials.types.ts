// GraphQL surface of credentials. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod, inputFromZod } from './zod-types.js';
import {
  credentialFormat,
  credentialStatus,
  issueFields,
  listInput,
  verifyInput,
} from '../modules/credentials/credentials.inputs.js';
import {
  statusReferenceType,
  verificationCheckName,
  verificationCheckStatus,
} from '../modules/credentials/credentials.views.js';

const CredentialFormat = enumFromZod(credentialFormat);
const CredentialStatus = enumFromZod(credentialStatus);
const StatusReferenceType = enumFromZod(statusReferenceType);
import { idempotent } from './idempotency.js';
import type { CredentialDelivery } from '../modules/didcomm/credential-delivery.js';
import type { CredentialView } from '../modules/credentials/credentials.service.js';
import type { VerificationResult } from '../modules/credentials/verify/verify.types.js';

export const StatusReference = builder.objectRef<CredentialView['status']>('CredentialStatusReference').implement({
  fields: (t) => ({
    type: t.expose('type', { type: StatusReferenceType }),
    uri: t.exposeString('uri', { description: 'The public status list.' }),
    index: t.exposeInt('index'),
  }),
});

const CredentialDeliveryRef = builder.objectRef<CredentialDelivery>('CredentialDelivery').implement({
  description: 'What became of the DIDComm issue-credential message of a credential issued with deliverTo.',
  fields: (t) => ({
    messageId: t.exposeString('messageId', {
      nullable: true,
      description: 'The stored DIDComm message (didcommMessage); null when it could not be sent.',
    }),
    to: t.exposeString('to', { description: 'The holder DID.' }),
    status: t.exposeString('status', {
      description:
        'inbox (the holder DID is hosted here), delivered or failed (its DIDCommMessaging endpoint), returned (no endpoint: the envelope is in the stored message).',
    }),
    detail: t.exposeString('detail', { nullable: true }),
  }),
});

const Credential = builder.objectRef<CredentialView>('Credential').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    format: t.expose('format', { type: CredentialFormat }),
    credential: t.exposeString('credential', {
      nullable: true,
      description:
        'The credential as issued (a JWT, or an SD-JWT with all disclosures); null once erased at its ' +
        'subject’s request (erasedAt).',
    }),
    issuer: t.exposeString('issuer'),
    credentialType: t.exposeString('credentialType', { description: 'The VC type (jwt_vc_json) or vct (vc+sd-jwt).' }),
    subjectId: t.exposeString('subjectId', { nullable: true }),
    status: t.field({ type: StatusReference, resolve: (credential) => credential.status }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    erasedAt: t.expose('erasedAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'When its body and claim values were erased at its subject’s request (eraseComplianceSubject); it ' +
        'stays revoked, its bit set in its status list. Null while it is kept.',
    }),
    delivery: t.field({
      type: CredentialDeliveryRef,
      nullable: true,
      description: 'Only in the answer to an issue with deliverTo: the DIDComm message that carried it.',
      resolve: (credential) => credential.delivery ?? null,
    }),
  }),
});

const CredentialPage = builder
  .objectRef<{ credentials: CredentialView[]; nextCursor: string | null }>('CredentialPage')
  .implement({
    fields: (t) => ({
      credentials: t.field({ type: [Credential], resolve: (page) => page.credentials }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const Revocation = builder.objectRef<{ id: string; status: string; revokedAt: Date }>('Revocation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: CredentialStatus }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime' }),
  }),
});

const VerificationCheck = builder.objectRef<VerificationResult['checks'][number]>('VerificationCheck').implement({
  fields: (t) => ({
    name: t.expose('name', { type: enumFromZod(verificationCheckName) }),
    status: t.expose('status', { type: enumFromZod(verificationCheckStatus) }),
    detail: t.exposeString('detail', { nullable: true }),
  }),
});

// What the credential says comes in one shape for both formats, and only once the issuer's signature (and an
// SD-JWT's disclosures) checked out: before that, every one of these fields is null.
const UNLESS_AUTHENTIC = 'Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out.';

export const Verification = builder.objectRef<VerificationResult>('Verification').implement({
  description: 'The verdict on a credential, its individual checks and, once authentic, what it says.',
  fields: (t) => ({
    verified: t.exposeBoolean('verified', { description: 'True when no check failed (skipped ones do not count).' }),
    format: t.expose('format', { type: CredentialFormat }),
    issuer: t.exposeString('issuer', { nullable: true }),
    subject: t.string({ nullable: true, resolve: (result) => result.subject ?? null }),
    claims: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'The subject’s claims as one JSON object, the same for both formats: jwt_vc_json’s vc.credentialSubject ' +
        'without its id; for vc+sd-jwt the payload with the disclosures applied, without the claims about the ' +
        `token itself (iss, sub, iat, nbf, exp, jti, cnf, status, vct, _sd…). ${UNLESS_AUTHENTIC}`,
      resolve: (result) => result.claims ?? null,
    }),
    disclosed: t.stringList({
      nullable: true,
      description:
        'JSON Pointers (RFC 6901) into claims of the values that came from selective disclosures, e.g. ' +
        `"/degree" or "/address/street"; [] for jwt_vc_json and for an SD-JWT presented without any. ${UNLESS_AUTHENTIC}`,
      resolve: (result) => result.disclosed ?? null,
    }),
    credentialTypes: t.stringList({
      nullable: true,
      description: `The credential’s types: vc.type for jwt_vc_json, [vct] for vc+sd-jwt. ${UNLESS_AUTHENTIC}`,
      resolve: (result) => result.credentialTypes ?? null,
    }),
    issuedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: `When it was issued (iat); null when it does not say. ${UNLESS_AUTHENTIC}`,
      resolve: (result) => result.issuedAt ?? null,
    }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: `When it expires (exp, or jwt_vc_json’s vc.expirationDate); null when it does not. ${UNLESS_AUTHENTIC}`,
      resolve: (result) => result.expiresAt ?? null,
    }),
    payload: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'Everything the issuer signed: the whole JWT claims set (jwt_vc_json), or the SD-JWT payload with the ' +
        `presented disclosures applied (RFC 9901 §7.1). ${UNLESS_AUTHENTIC}`,
      resolve: (result) => result.payload ?? null,
    }),
    checks: t.field({ type: [VerificationCheck], resolve: (result) => result.checks }),
  }),
});

const IssueCredentialInput = inputFromZod('IssueCredentialInput', issueFields);
const VerifyCredentialInput = inputFromZod('VerifyCredentialInput', verifyInput);

builder.queryFields((t) => ({
  credentials: t.field({
    type: CredentialPage,
    description: 'Newest first; filters by format, issuer DID and status (active or revoked).',
    ...requires('credentials:list'),
    args: {
      ...argsFromZod(t, listInput, 'Credentials'),
      ...pageArgs(t.arg),
    },
    resolve: (_root, { format, issuer, status, ...page }, { services, principal, origin }) =>
      services.credentials.list(principal!, { format, issuer, status }, page, origin),
  }),
  credential: t.field({
    type: Credential,
    ...requires('credentials:list'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, origin }) => services.credentials.get(principal!, id, origin),
  }),
}));

builder.mutationFields((t) => ({
  issueCredential: t.field({
    nullable: true,
    type: Credential,
    description: 'Issues a credential; consumes one of the month’s quota.',
    ...requires('credentials:issue'),
    args: { input: t.arg({ type: IssueCredentialInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, origin, requestId }, slot) =>
      services.credentials.issue(principal!, input, slot, origin, requestId),
    ),
  }),
  revokeCredential: t.field({
    nullable: true,
    type: Revocation,
    ...requires('credentials:revoke'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, origin, requestId }) =>
      services.credentials.revoke(principal!, id, origin, requestId),
  }),
  verifyCredential: t.field({
    nullable: true,
    type: Verification,
    ...requires('credentials:verify'),
    args: { input: t.arg({ type: VerifyCredentialInput, required: true }) },
    resolve: (_root, { input }, { services, principal }) => services.verification.verify(input, principal ?? null),
  }),
}));
