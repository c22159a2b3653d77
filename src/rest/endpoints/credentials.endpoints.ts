// /v1 DIDs and credentials, and the public DID resolver (spec §2–§4). Each row: path → operation → body.
import { issueFormatGate } from '../../modules/credentials/credentials.inputs.js';
import { parseInput } from '../../lib/validation.js';
import { pageQuery, snakeKeys, withParam, type RestEndpoint, type RestRequest } from '../endpoint.js';

const DID = 'id did keyType verificationMethod status createdAt deactivatedAt didDocument';
const CREDENTIAL =
  'id format credential issuer credentialType subjectId status { type uri index } issuedAt expiresAt revokedAt erasedAt';

// A DID document keeps its own JSON-LD member names (`@context`, `verificationMethod`, …): only our fields
// are snake_cased.
const didBody = (did: Record<string, unknown>) => ({
  ...(snakeKeys({ ...did, didDocument: undefined }) as object),
  did_document: did.didDocument,
});

const pageVariables = (request: RestRequest, names: string[]) => ({
  ...Object.fromEntries(names.map((name) => [name, request.query.get(name)])),
  ...pageQuery(request),
});

export const CREDENTIAL_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/dids',
    operation: `mutation CreateDid($input: CreateDidInput!) { createDid(input: $input) { ${DID} } }`,
    bodyInput: 'CreateDidInput',
    result: (data) => didBody(data.createDid as Record<string, unknown>),
  },
  {
    method: 'GET',
    path: '/v1/dids',
    operation: `query Dids($status: DidStatus, $limit: Int, $cursor: String) { dids(status: $status, limit: $limit, cursor: $cursor) { dids { ${DID} } nextCursor } }`,
    variables: (request) => pageVariables(request, ['status']),
    result: (data) => {
      const page = data.dids as { dids: Record<string, unknown>[]; nextCursor: string | null };
      return { dids: page.dids.map(didBody), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    path: '/v1/dids/:did',
    operation: `query Did($did: String!) { did(did: $did) { ${DID} } }`,
    variables: withParam('did', 'did'),
    result: (data) => didBody(data.did as Record<string, unknown>),
  },
  {
    method: 'POST',
    path: '/v1/dids/:did/deactivate',
    operation: `mutation DeactivateDid($did: String!) { deactivateDid(did: $did) { ${DID} } }`,
    variables: withParam('did', 'did'),
    result: (data) => didBody(data.deactivateDid as Record<string, unknown>),
  },
  {
    method: 'POST',
    path: '/v1/credentials/issue',
    operation: `mutation IssueCredential($input: IssueCredentialInput!) { issueCredential(input: $input) { ${CREDENTIAL} delivery { messageId to status detail } } }`,
    bodyInput: 'IssueCredentialInput',
    checkFirst: (input) => void parseInput(issueFormatGate, input),
    // `delivery` only when deliver_to asked for one: the contract's issue answer is otherwise unchanged.
    result: (data) => {
      const { delivery, ...credential } = snakeKeys(data.issueCredential) as Record<string, unknown>;
      return delivery ? { ...credential, delivery } : credential;
    },
    optionalResultFields: ['delivery'],
  },
  {
    method: 'POST',
    path: '/v1/credentials/verify',
    operation: `mutation VerifyCredential($input: VerifyCredentialInput!) { verifyCredential(input: $input) { verified format issuer subject credentialTypes issuedAt expiresAt claims disclosed payload checks { name status detail } } }`,
    bodyInput: 'VerifyCredentialInput',
    writesNothing: true,
    // The claims and payload are the credential's own: returned as they are, not snake_cased.
    result: (data) => {
      const { claims, payload, ...result } = data.verifyCredential as { claims: unknown; payload: unknown };
      const { disclosed, checks, ...fields } = snakeKeys(result) as Record<string, unknown>;
      return { ...fields, claims, disclosed, payload, checks };
    },
  },
  {
    method: 'GET',
    path: '/v1/credentials',
    operation: `query Credentials($format: CredentialFormat, $issuer: String, $status: CredentialStatus, $limit: Int, $cursor: String) { credentials(format: $format, issuer: $issuer, status: $status, limit: $limit, cursor: $cursor) { credentials { ${CREDENTIAL} } nextCursor } }`,
    variables: (request) => pageVariables(request, ['format', 'issuer', 'status']),
    result: (data) => snakeKeys(data.credentials),
  },
  {
    method: 'GET',
    path: '/v1/credentials/:id',
    operation: `query Credential($id: String!) { credential(id: $id) { ${CREDENTIAL} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.credential),
  },
  {
    method: 'POST',
    path: '/v1/credentials/:id/revoke',
    operation: `mutation RevokeCredential($id: String!) { revokeCredential(id: $id) { id status revokedAt } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.revokeCredential),
  },
];
