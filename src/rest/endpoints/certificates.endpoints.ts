// /v1 X.509 certificates: a DID's certification request and chain (HAIP x5c), and the tenant's trust anchors for
// x5c chains it verifies. Each row: path → operation → the contract's body.
import { snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const CERTIFICATE = 'subject issuer serialNumber notBefore notAfter fingerprintSha256 pem';
const CHAIN = `did x5c certificates { ${CERTIFICATE} } uploadedAt`;
const ANCHOR = `id name ${CERTIFICATE} createdAt`;

export const CERTIFICATE_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/dids/:did/certificate-signing-request',
    operation: `mutation RequestDidCertificate($did: String!, $input: CertificateSigningRequestInput!) { requestDidCertificate(did: $did, input: $input) { did csr } }`,
    bodyInput: 'CertificateSigningRequestInput',
    variables: withParam('did', 'did'),
    result: (data) => snakeKeys(data.requestDidCertificate),
  },
  {
    method: 'GET',
    path: '/v1/dids/:did/certificate-chain',
    operation: `query DidCertificateChain($did: String!) { didCertificateChain(did: $did) { ${CHAIN} } }`,
    variables: withParam('did', 'did'),
    result: (data) => snakeKeys(data.didCertificateChain),
  },
  {
    method: 'PUT',
    path: '/v1/dids/:did/certificate-chain',
    operation: `mutation SetDidCertificateChain($did: String!, $input: SetDidCertificateChainInput!) { setDidCertificateChain(did: $did, input: $input) { ${CHAIN} } }`,
    bodyInput: 'SetDidCertificateChainInput',
    variables: withParam('did', 'did'),
    result: (data) => snakeKeys(data.setDidCertificateChain),
  },
  {
    method: 'DELETE',
    path: '/v1/dids/:did/certificate-chain',
    operation: `mutation RemoveDidCertificateChain($did: String!) { removeDidCertificateChain(did: $did) { ${CHAIN} } }`,
    variables: withParam('did', 'did'),
    result: (data) => snakeKeys(data.removeDidCertificateChain),
  },
  {
    method: 'GET',
    path: '/v1/trust/anchors',
    operation: `query TrustAnchors { trustAnchors { ${ANCHOR} } }`,
    result: (data) => ({ anchors: snakeKeys(data.trustAnchors) }),
  },
  {
    method: 'POST',
    path: '/v1/trust/anchors',
    operation: `mutation AddTrustAnchor($input: AddTrustAnchorInput!) { addTrustAnchor(input: $input) { ${ANCHOR} } }`,
    bodyInput: 'AddTrustAnchorInput',
    result: (data) => snakeKeys(data.addTrustAnchor),
    refusals: { '409': '`this certificate is already a trust anchor of the tenant`.' },
  },
  {
    method: 'DELETE',
    path: '/v1/trust/anchors/:id',
    operation: `mutation RemoveTrustAnchor($id: String!) { removeTrustAnchor(id: $id) { ${ANCHOR} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.removeTrustAnchor),
  },
];
