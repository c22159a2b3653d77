// GraphQL surface of credentials. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
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
import type { CredentialView } from '../modules/credentials/credentials.service.js';
import type { VerificationResult } from '../modules/credentials/verify/verify.types.js';

const StatusReference = builder.objectRef<CredentialView['status']>('CredentialStatusReference').implement({
  fields: (t) => ({
    type: t.expose('type', { type: StatusReferenceType }),
    uri: t.exposeString('uri', { description: 'The public status list.' }),
    index: t.exposeInt('index'),
  }),
});

const Credential = builder.objectRef<CredentialView>('Credential').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    format: t.expose('format', { type: CredentialFormat }),
    credential: t.exposeString('credential', {
      description: 'The credential as issued (a JWT, or an SD-JWT with all disclosures).',
    }),
    issuer: t.exposeString('issuer'),
    credentialType: t.exposeString('credentialType', { description: 'The VC type (jwt_vc_json) or vct (vc+sd-jwt).' }),
    subjectId: t.exposeString('subjectId', { nullable: true }),
    status: t.field({ type: StatusReference, resolve: (credential) => credential.status }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CredentialPage = builder
  .objectRef<{ credentials: CredentialView[]; nextCursor: string | null }>('CredentialPage')
  .implement({
    fields: (t) => ({
      credentials: t.field({ type: [Credential], resolve: (page) => page.credentials }),
      nextCursor: t.exposeString('nextCursor', { nullable: true }),
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

const Verification = builder.objectRef<VerificationResult>('Verification').implement({
  fields: (t) => ({
    verified: t.exposeBoolean('verified'),
    format: t.expose('format', { type: CredentialFormat }),
    issuer: t.exposeString('issuer', { nullable: true }),
    subject: t.string({ nullable: true, resolve: (result) => result.subject ?? null }),
    claims: t.field({ type: 'JSON', nullable: true, resolve: (result) => result.claims ?? null }),
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
      limit: t.arg.int({ required: false }),
      cursor: t.arg.string({ required: false }),
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
    resolve: idempotent((_root, { input }, { services, principal, origin }, slot) =>
      services.credentials.issue(principal!, input, slot, origin),
    ),
  }),
  revokeCredential: t.field({
    nullable: true,
    type: Revocation,
    ...requires('credentials:revoke'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.credentials.revoke(principal!, id),
  }),
  verifyCredential: t.field({
    nullable: true,
    type: Verification,
    ...requires('credentials:verify'),
    args: { input: t.arg({ type: VerifyCredentialInput, required: true }) },
    resolve: (_root, { input }, { services }) => services.verification.verify(input),
  }),
}));
