// /v1/compliance/subjects: data subject rights (GDPR Art. 15 export, Art. 17 erasure). The subject id
// is a path segment, percent-encoded by the client (a DID holds ':'; the router decodes it).
import { snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';
import { DIDCOMM_MESSAGE, didcommMessageBody } from './didcomm.endpoints.js';
import { OID4VP_REQUEST, oid4vpRequestBody } from './oid4vp.endpoints.js';
import { OFFER, offerBody } from './oid4vci.endpoints.js';

const STATUS = 'status { type uri index }';
const CREDENTIAL = `id format credentialType credentialTypes issuerDid ${STATUS} issuedAt expiresAt revokedAt erasedAt claims credential credentialSha256`;
const ATTESTATION = `id subjectDid attesterDid score weight assuranceLevel credentialTypes evidence validFrom validUntil status credential credentialStatus { type uri index } createdAt revokedAt`;
const REQUEST = 'id subjectId kind actorUserId actorApiKeyId requestId credentialsCount createdAt completedAt';

type ExportData = {
  didcommMessages: unknown[];
  presentationRequests: unknown[];
  credentialOffers: unknown[];
  credentials: { claims: unknown }[];
  events: { id: string; type: string; tenantId: string; createdAt: string; data: unknown }[];
};

// A credential's claims, an event's data and a DIDComm plaintext are their own JSON, returned as they are (not
// snake_cased); the events are the envelopes webhooks deliver, as GET /v1/events lists them, and the messages as
// GET /v1/didcomm/messages lists them.
function exportBody(data: Record<string, unknown>) {
  const { credentials, events, didcommMessages, presentationRequests, credentialOffers, ...rest } =
    data.complianceSubjectExport as ExportData & Record<string, unknown>;
  return {
    ...(snakeKeys(rest) as object),
    credentials: credentials.map(({ claims, ...credential }) => ({
      ...(snakeKeys(credential) as object),
      claims,
    })),
    events: events.map((event) => ({
      id: event.id,
      type: event.type,
      tenant_id: event.tenantId,
      created_at: event.createdAt,
      data: event.data,
    })),
    didcomm_messages: didcommMessages.map(didcommMessageBody),
    presentation_requests: presentationRequests.map(oid4vpRequestBody),
    credential_offers: credentialOffers.map(offerBody),
  };
}

export const DATA_SUBJECT_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'GET',
    path: '/v1/compliance/subjects/:subject_id/export',
    operation: `query ComplianceSubjectExport($subjectId: String!, $cursor: String) { complianceSubjectExport(subjectId: $subjectId, cursor: $cursor) { subjectId exportedAt credentials { ${CREDENTIAL} } nextCursor trustAttestations { ${ATTESTATION} } events { id type tenantId createdAt data } didcommMessages { ${DIDCOMM_MESSAGE} } presentationRequests { ${OID4VP_REQUEST} } credentialOffers { ${OFFER} } requests { ${REQUEST} } truncated } }`,
    variables: (request) => ({ subjectId: request.params.subject_id, cursor: request.query.get('cursor') }),
    result: exportBody,
  },
  {
    method: 'POST',
    path: '/v1/compliance/subjects/:subject_id/erase',
    operation: `mutation EraseComplianceSubject($subjectId: String!) { eraseComplianceSubject(subjectId: $subjectId) { subjectId erasedAt credentialsErased credentialsRevoked credentialIds messagesErased presentationRequestsErased holdersNotified } }`,
    variables: withParam('subjectId', 'subject_id'),
    result: (data) => snakeKeys(data.eraseComplianceSubject),
  },
];
