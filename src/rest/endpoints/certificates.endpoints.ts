// /v1 X.509 certificates: a DID's certification request and chain (HAIP x5c), and the tenant's trust anchors for
// x5c chains it verifies. Each row: path → operation → the contract's body.
import { snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const CERTIFICATE = 'subject issuer serialNumber notBefore notAfter fingerprintSha256 pem';
const CHAIN = `did x5c certificates { ${CERTIFICATE} } uploadedAt`;

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
];
