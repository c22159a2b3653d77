// /v1/domains: custom domains, verified through a DNS TXT record. Each row: path → operation → body.
import { snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const DOMAIN = 'id domain status verification { type name value } createdAt verifiedAt checkedAt lastSeenAt';

export const DOMAIN_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/domains',
    operation: `mutation CreateDomain($input: CreateDomainInput!) { createDomain(input: $input) { ${DOMAIN} } }`,
    bodyInput: 'CreateDomainInput',
    result: (data) => snakeKeys(data.createDomain),
  },
  {
    method: 'GET',
    path: '/v1/domains',
    operation: `query Domains { domains { ${DOMAIN} } }`,
    result: (data) => ({ domains: snakeKeys(data.domains) }),
  },
  {
    method: 'GET',
    path: '/v1/domains/:id',
    operation: `query Domain($id: String!) { domain(id: $id) { ${DOMAIN} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.domain),
  },
  {
    method: 'POST',
    path: '/v1/domains/:id/verify',
    operation: `mutation VerifyDomain($id: String!) { verifyDomain(id: $id) { ${DOMAIN} check { found error } } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.verifyDomain),
  },
  {
    method: 'DELETE',
    path: '/v1/domains/:id',
    operation: `mutation DeleteDomain($id: String!) { deleteDomain(id: $id) { ${DOMAIN} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.deleteDomain),
  },
];
