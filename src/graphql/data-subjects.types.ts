// GraphQL surface of data subject rights (GDPR Art. 15 export, Art. 17 erasure). Both need
// compliance:manage: one discloses a person's data, the other destroys it. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { StatusReference } from './credentials.types.js';
import { DidcommMessage } from './didcomm.types.js';
import { Oid4vpRequest } from './oid4vp.types.js';
import { Offer as Oid4vciOffer } from './oid4vci.types.js';
import { Event } from './events.types.js';
import { NEXT_CURSOR } from './pages.js';
import { TrustAttestation } from './trust.types.js';
import { enumFromZod } from './zod-types.js';
import { credentialFormat } from '../modules/credentials/credentials.inputs.js';
import { dataSubjectRequestKind, exportSection } from '../modules/compliance/data-subjects.inputs.js';
import type { DataSubjectRequestRow } from '../modules/compliance/data-subjects.repository.js';
import type {
  SubjectCredentialView,
  SubjectErasure,
  SubjectExport,
} from '../modules/compliance/data-subjects.service.js';

const SUBJECT_ID = 'The subject id as the credentials carry it (the issue request’s subject_id), e.g. a DID.';

const SubjectCredential = builder.objectRef<SubjectCredentialView>('SubjectCredential').implement({
  description: 'One of the subject’s credentials, with what it says.',
  fields: (t) => ({
    id: t.exposeID('id'),
    format: t.expose('format', { type: enumFromZod(credentialFormat) }),
    credentialType: t.exposeString('credentialType', { description: 'The VC type (jwt_vc_json) or vct (vc+sd-jwt).' }),
    credentialTypes: t.exposeStringList('credentialTypes', {
      description: 'vc.type (jwt_vc_json) or [vct] (vc+sd-jwt); [credentialType] once erased.',
    }),
    issuerDid: t.exposeString('issuerDid'),
    status: t.field({ type: StatusReference, resolve: (credential) => credential.status }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    erasedAt: t.expose('erasedAt', { type: 'DateTime', nullable: true }),
    claims: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'The subject’s claims, as verify gives them: jwt_vc_json’s credentialSubject without its id; for ' +
        'vc+sd-jwt every claim, disclosable ones resolved. Null once erased.',
      resolve: (credential) => credential.claims,
    }),
    credential: t.exposeString('credential', {
      nullable: true,
      description: 'The credential as issued; null once erased.',
    }),
    credentialSha256: t.exposeString('credentialSha256', {
      description: 'Hex SHA-256 of the credential as issued (its UTF-8 text); kept after erasure.',
    }),
  }),
});

const DataSubjectRequest = builder.objectRef<DataSubjectRequestRow>('DataSubjectRequest').implement({
  description: 'A data subject request the tenant received; completedAt null: not answered (failed).',
  fields: (t) => ({
    id: t.exposeID('id'),
    subjectId: t.exposeString('subjectId'),
    kind: t.expose('kind', { type: enumFromZod(dataSubjectRequestKind) }),
    actorUserId: t.exposeID('actorUserId', { nullable: true }),
    actorApiKeyId: t.exposeID('actorApiKeyId', { nullable: true }),
    requestId: t.exposeString('requestId', { nullable: true, description: 'The HTTP request’s X-Request-Id.' }),
    credentialsCount: t.exposeInt('credentialsCount', {
      nullable: true,
      description: 'Credentials exported or erased; null while not answered.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
});

const SubjectExportType = builder.objectRef<SubjectExport>('SubjectExport').implement({
  description:
    'Everything the tenant holds about one subject id (GDPR Art. 15). Credentials are paged, 1,000 a page; ' +
    'the other sections hold their newest 1,000 rows and are named in truncated when there were more.',
  fields: (t) => ({
    subjectId: t.exposeString('subjectId'),
    exportedAt: t.expose('exportedAt', { type: 'DateTime' }),
    credentials: t.field({ type: [SubjectCredential], resolve: (result) => result.credentials }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: `Of credentials. ${NEXT_CURSOR}` }),
    trustAttestations: t.field({
      type: [TrustAttestation],
      description: 'The tenant’s attestations whose subjectDid is this subject id, revoked ones included.',
      resolve: (result) => result.trustAttestations,
    }),
    events: t.field({
      type: [Event],
      description: 'The tenant’s events naming this subject (credential and erasure events, attestation events).',
      resolve: (result) => result.events,
    }),
    didcommMessages: t.field({
      type: [DidcommMessage],
      description:
        'The tenant’s DIDComm messages, sent or received, whose attachments carry a credential about this subject ' +
        'id, newest first.',
      resolve: (result) => result.didcommMessages,
    }),
    presentationRequests: t.field({
      type: [Oid4vpRequest],
      description:
        'The tenant’s OpenID4VP requests whose presentations named this subject id (as subject or holder), newest ' +
        'first, with what was disclosed (null once erased).',
      resolve: (result) => result.presentationRequests,
    }),
    credentialOffers: t.field({
      type: [Oid4vciOffer],
      description:
        'The tenant’s OpenID4VCI offers about this subject id, newest first, with their claims (given with the offer, ' +
        'or later for a deferred one; {} once erased).',
      resolve: (result) => result.credentialOffers,
    }),
    requests: t.field({
      type: [DataSubjectRequest],
      description: 'Earlier data subject requests about this subject id, newest first.',
      resolve: (result) => result.requests,
    }),
    truncated: t.field({ type: [enumFromZod(exportSection)], resolve: (result) => result.truncated }),
  }),
});

const SubjectErasureType = builder.objectRef<SubjectErasure>('SubjectErasure').implement({
  description: 'What an erasure did; a subject with nothing (left) to erase gets zeros.',
  fields: (t) => ({
    subjectId: t.exposeString('subjectId'),
    erasedAt: t.expose('erasedAt', { type: 'DateTime' }),
    credentialsErased: t.exposeInt('credentialsErased'),
    credentialsRevoked: t.exposeInt('credentialsRevoked', { description: 'Of those, how many were active.' }),
    credentialIds: t.exposeIDList('credentialIds'),
    messagesErased: t.exposeInt('messagesErased', {
      description: 'The tenant’s DIDComm messages, sent or received, that carried one of their credentials: deleted.',
    }),
    presentationRequestsErased: t.exposeInt('presentationRequestsErased', {
      description:
        'The tenant’s OpenID4VP requests whose presentations named the subject (as subject or holder): their ' +
        'claims, subjects and holder erased; their checks stay.',
    }),
    holdersNotified: t.exposeInt('holdersNotified', {
      description:
        'Revocation notifications sent to recipients elsewhere (another tenant, another agent), whose copies are ' +
        'their own (GDPR Art. 19).',
    }),
  }),
});

builder.queryFields((t) => ({
  complianceSubjectExport: t.field({
    type: SubjectExportType,
    description: 'A copy of everything the tenant holds about a subject id (GDPR Art. 15); recorded and audited.',
    ...requires('compliance:manage'),
    args: {
      subjectId: t.arg.string({ required: true, description: SUBJECT_ID }),
      cursor: t.arg.string({ required: false, description: 'The previous page’s nextCursor.' }),
    },
    resolve: (_root, args, { services, principal, requestId, origin }) =>
      services.dataSubjects.exportSubject(principal!, args, requestId, origin),
  }),
}));

builder.mutationFields((t) => ({
  eraseComplianceSubject: t.field({
    nullable: true,
    type: SubjectErasureType,
    description:
      'Erases a subject id’s credentials (GDPR Art. 17): revokes the active ones, removes every body and claim ' +
      'value, keeps ids, hash and status; deletes the tenant’s DIDComm messages carrying them and notifies ' +
      'their recipients elsewhere. A second erase does nothing (zeros).',
    ...requires('compliance:manage'),
    args: { subjectId: t.arg.string({ required: true, description: SUBJECT_ID }) },
    resolve: (_root, { subjectId }, { services, principal, requestId, origin }) =>
      services.dataSubjects.eraseSubject(principal!, subjectId, requestId, origin),
  }),
}));
