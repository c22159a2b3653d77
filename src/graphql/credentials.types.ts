// GraphQL surface of credentials. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { idempotent } from './idempotency.js';
import type { CredentialView } from '../modules/credentials/credentials.service.js';
import type { VerificationResult } from '../modules/credentials/verify/verify.types.js';

const CredentialStatus = builder.objectRef<CredentialView['status']>('CredentialStatusReference').implement({
  fields: (t) => ({
    type: t.exposeString('type', {
      description: 'BitstringStatusListEntry (jwt_vc_json) or TokenStatusList (vc+sd-jwt).',
    }),
    uri: t.exposeString('uri', { description: 'The public status list.' }),
    index: t.exposeInt('index'),
  }),
});

const Credential = builder.objectRef<CredentialView>('Credential').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    format: t.exposeString('format'),
    credential: t.exposeString('credential', {
      description: 'The credential as issued (a JWT, or an SD-JWT with all disclosures).',
    }),
    issuer: t.exposeString('issuer'),
    credentialType: t.exposeString('credentialType', { description: 'The VC type (jwt_vc_json) or vct (vc+sd-jwt).' }),
    subjectId: t.exposeString('subjectId', { nullable: true }),
    status: t.field({ type: CredentialStatus, resolve: (credential) => credential.status }),
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
    status: t.exposeString('status'),
    revokedAt: t.expose('revokedAt', { type: 'DateTime' }),
  }),
});

const VerificationCheck = builder.objectRef<VerificationResult['checks'][number]>('VerificationCheck').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    status: t.exposeString('status', { description: 'passed, failed or skipped.' }),
    detail: t.exposeString('detail', { nullable: true }),
  }),
});

const Verification = builder.objectRef<VerificationResult>('Verification').implement({
  fields: (t) => ({
    verified: t.exposeBoolean('verified'),
    format: t.exposeString('format'),
    issuer: t.exposeString('issuer', { nullable: true }),
    subject: t.string({ nullable: true, resolve: (result) => result.subject ?? null }),
    claims: t.field({ type: 'JSON', nullable: true, resolve: (result) => result.claims ?? null }),
    checks: t.field({ type: [VerificationCheck], resolve: (result) => result.checks }),
  }),
});

const IssueCredentialInput = builder.inputType('IssueCredentialInput', {
  fields: (t) => ({
    format: t.string({ required: false, description: 'jwt_vc_json or vc+sd-jwt.' }),
    issuer: t.string({ required: false, description: 'One of the tenant’s active DIDs.' }),
    subjectId: t.string({ required: false, description: 'The subject’s id (a DID or URI); becomes sub.' }),
    claims: t.field({ type: 'JSON', required: false, description: 'The subject’s claims (a JSON object).' }),
    type: t.stringList({
      required: false,
      description:
        'jwt_vc_json: the VC type, e.g. ["VerifiableCredential", "UniversityDegreeCredential"] (a single name is a list of one; VerifiableCredential is implied).',
    }),
    vct: t.string({ required: false, description: 'vc+sd-jwt: the verifiable credential type (required).' }),
    validFrom: t.string({ required: false, description: 'ISO 8601; default now.' }),
    validUntil: t.string({ required: false, description: 'ISO 8601; becomes exp.' }),
    disclosable: t.stringList({
      required: false,
      description: 'vc+sd-jwt: claims the holder may withhold; default all.',
    }),
    holderJwk: t.field({ type: 'JSON', required: false, description: 'vc+sd-jwt: the holder’s public JWK, for cnf.' }),
    sdJwtTyp: t.string({
      required: false,
      description: 'vc+sd-jwt: dc+sd-jwt (default) or vc+sd-jwt for older wallets.',
    }),
  }),
});

const VerifyCredentialInput = builder.inputType('VerifyCredentialInput', {
  fields: (t) => ({
    credential: t.string({ required: false }),
    format: t.string({ required: false, description: 'Optional; detected when omitted.' }),
    audience: t.string({ required: false, description: 'vc+sd-jwt: the aud the KB-JWT must carry.' }),
    nonce: t.string({ required: false, description: 'vc+sd-jwt: the nonce the KB-JWT must carry.' }),
  }),
});

builder.queryFields((t) => ({
  credentials: t.field({
    type: CredentialPage,
    description: 'Newest first; filters by format, issuer DID and status (active or revoked).',
    ...requires('credentials:list'),
    args: {
      format: t.arg.string({ required: false }),
      issuer: t.arg.string({ required: false }),
      status: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false }),
      cursor: t.arg.string({ required: false }),
    },
    resolve: (_root, { format, issuer, status, ...page }, { services, principal }) =>
      services.credentials.list(principal!, { format, issuer, status }, page),
  }),
  credential: t.field({
    type: Credential,
    ...requires('credentials:list'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.credentials.get(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  issueCredential: t.field({
    nullable: true,
    type: Credential,
    description: 'Issues a credential; consumes one of the month’s quota.',
    ...requires('credentials:issue'),
    args: { input: t.arg({ type: IssueCredentialInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal }, slot) =>
      services.credentials.issue(principal!, input, slot),
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
