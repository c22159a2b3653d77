// /v1/trust: attestations, scores and the tenant's trust policy. Each row: path → operation → body.
// The public signed trust list (/v1/trust/lists/{tenant_slug}) is a public route (src/http/public-routes.ts).
import { badRequest } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { attestationValueGate } from '../../modules/trust/trust.inputs.js';
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const ATTESTATION =
  'id subjectDid attesterDid score weight assuranceLevel credentialTypes evidence validFrom validUntil status credential credentialStatus { type uri index } createdAt revokedAt';
const POLICY = 'minScore minAssuranceLevel requireAttestedIssuer updatedAt';

export const TRUST_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/trust/attestations',
    operation: `mutation CreateTrustAttestation($input: CreateTrustAttestationInput!) { createTrustAttestation(input: $input) { ${ATTESTATION} } }`,
    bodyInput: 'CreateTrustAttestationInput',
    // The contract's texts for score, weight and level come before any type error (`"50"` is out of range).
    checkFirst: (input) => void parseInput(attestationValueGate, input),
    result: (data) => snakeKeys(data.createTrustAttestation),
  },
  {
    method: 'GET',
    path: '/v1/trust/attestations',
    operation: `query TrustAttestations($subjectDid: String, $attesterDid: String, $assuranceLevel: AssuranceLevel, $status: AttestationStatus, $limit: Int, $cursor: String) { trustAttestations(subjectDid: $subjectDid, attesterDid: $attesterDid, assuranceLevel: $assuranceLevel, status: $status, limit: $limit, cursor: $cursor) { attestations { ${ATTESTATION} } nextCursor } }`,
    variables: (request) => ({
      subjectDid: request.query.get('subject_did'),
      attesterDid: request.query.get('attester_did'),
      assuranceLevel: request.query.get('assurance_level'),
      status: request.query.get('status'),
      ...pageQuery(request),
    }),
    result: (data) => snakeKeys(data.trustAttestations),
  },
  {
    method: 'GET',
    path: '/v1/trust/attestations/:id',
    operation: `query TrustAttestation($id: String!) { trustAttestation(id: $id) { ${ATTESTATION} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.trustAttestation),
  },
  {
    method: 'POST',
    path: '/v1/trust/attestations/:id/revoke',
    operation: `mutation RevokeTrustAttestation($id: String!) { revokeTrustAttestation(id: $id) { ${ATTESTATION} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.revokeTrustAttestation),
  },
  {
    method: 'GET',
    path: '/v1/trust/score',
    operation: `query TrustScore($subjectDid: String!, $credentialType: String) { trustScore(subjectDid: $subjectDid, credentialType: $credentialType) { subjectDid credentialType score count lowestAssuranceLevel highestAssuranceLevel attestations { ${ATTESTATION} } } }`,
    variables: (request) => {
      const subjectDid = request.query.get('subject_did');
      if (!subjectDid) throw badRequest('subject_did is required');
      return { subjectDid, credentialType: request.query.get('credential_type') };
    },
    result: (data) => snakeKeys(data.trustScore),
  },
  {
    method: 'GET',
    path: '/v1/trust/policy',
    operation: `query TrustPolicy { trustPolicy { ${POLICY} } }`,
    // No policy yet is an answer, not an error: the check is then not evaluated.
    result: (data) => ({ policy: snakeKeys(data.trustPolicy) }),
    nullableResultFields: ['policy'],
  },
  {
    method: 'PUT',
    path: '/v1/trust/policy',
    operation: `mutation SetTrustPolicy($input: TrustPolicyInput!) { setTrustPolicy(input: $input) { ${POLICY} } }`,
    bodyInput: 'TrustPolicyInput',
    result: (data) => ({ policy: snakeKeys(data.setTrustPolicy) }),
  },
];
