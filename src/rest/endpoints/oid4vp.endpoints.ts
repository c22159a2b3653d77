// /v1/oid4vp: the tenant's OpenID4VP presentation requests. Each row: path → operation → body. The wallet-facing
// request_uri and response_uri are public routes (src/modules/oid4vp/oid4vp.routes.ts).
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const VERIFICATION =
  'verified format issuer subject credentialTypes issuedAt expiresAt claims disclosed payload checks { name status detail }';
export const OID4VP_REQUEST =
  'id status clientId did responseMode dcqlQuery purpose redirectUri expiresAt createdAt receivedAt completedAt ' +
  `verified error errorDescription holder presentations { credentialQueryId holder verification { ${VERIFICATION} } } ` +
  'responseCodeRedeemedAt erasedAt authorizationRequest requestUri qrCode { svg pngDataUrl }';

type Presentation = { credentialQueryId: string; holder: string | null; verification: Record<string, unknown> };

/** As verify answers it: the claims and payload are the credential's own, not snake_cased. */
function verificationBody(verification: Record<string, unknown>) {
  const { claims, payload, ...result } = verification;
  const { disclosed, checks, ...fields } = snakeKeys(result) as Record<string, unknown>;
  return { ...fields, claims, disclosed, payload, checks };
}

/** The DCQL query keeps its own member names (they are the spec's); so do a presentation's claims. */
export function oid4vpRequestBody(view: unknown) {
  if (!view || typeof view !== 'object') return view;
  const { dcqlQuery, presentations, ...rest } = view as { dcqlQuery: unknown; presentations: Presentation[] };
  return {
    ...(snakeKeys(rest) as object),
    dcql_query: dcqlQuery,
    presentations: presentations.map((presentation) => ({
      credential_query_id: presentation.credentialQueryId,
      holder: presentation.holder,
      verification: verificationBody(presentation.verification),
    })),
  };
}

export const OID4VP_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/oid4vp/requests',
    operation: `mutation CreateOid4vpRequest($input: CreateOid4vpRequestInput!) { createOid4vpRequest(input: $input) { ${OID4VP_REQUEST} } }`,
    bodyInput: 'CreateOid4vpRequestInput',
    result: (data) => oid4vpRequestBody(data.createOid4vpRequest),
  },
  {
    method: 'GET',
    path: '/v1/oid4vp/requests',
    operation: `query Oid4vpRequests($status: Oid4vpRequestStatus, $limit: Int, $cursor: String) { oid4vpRequests(status: $status, limit: $limit, cursor: $cursor) { requests { ${OID4VP_REQUEST} } nextCursor } }`,
    variables: (request) => ({ status: request.query.get('status'), ...pageQuery(request) }),
    result: (data) => {
      const page = data.oid4vpRequests as { requests: unknown[]; nextCursor: string | null };
      return { requests: page.requests.map(oid4vpRequestBody), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    path: '/v1/oid4vp/requests/:id',
    operation: `query Oid4vpRequest($id: String!) { oid4vpRequest(id: $id) { ${OID4VP_REQUEST} } }`,
    variables: withParam('id', 'id'),
    result: (data) => oid4vpRequestBody(data.oid4vpRequest),
  },
  {
    method: 'DELETE',
    path: '/v1/oid4vp/requests/:id',
    operation: `mutation CancelOid4vpRequest($id: String!) { cancelOid4vpRequest(id: $id) { ${OID4VP_REQUEST} } }`,
    variables: withParam('id', 'id'),
    result: (data) => oid4vpRequestBody(data.cancelOid4vpRequest),
  },
  {
    method: 'POST',
    path: '/v1/oid4vp/requests/:id/response-code',
    operation: `mutation RedeemOid4vpResponseCode($id: String!, $input: RedeemOid4vpResponseCodeInput!) { redeemOid4vpResponseCode(id: $id, input: $input) { ${OID4VP_REQUEST} } }`,
    bodyInput: 'RedeemOid4vpResponseCodeInput',
    variables: withParam('id', 'id'),
    result: (data) => oid4vpRequestBody(data.redeemOid4vpResponseCode),
  },
];
