// /v1/oid4vci: the tenant's door of OpenID4VCI, credential configurations (oid4vci:manage) and offers
// (credentials:issue). Each row: path → operation → body. Claims, display and metadata are OpenID4VCI's own JSON
// and the subject's claims: returned as they are, never snake_cased.
import { snakeCaseName } from '../../lib/validation.js';
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const CONFIGURATION =
  'id configurationId format issuer vct types claims display validitySeconds bindingMethods proofAlgs metadata createdAt updatedAt';
export const OFFER =
  'id state grantType subjectId configurationIds claims txCode { length inputMode description } txCodeFailures deferred claimsSuppliedAt dpopBound issuedConfigurationIds credentialIds notifications failureReason expiresAt createdByUserId createdByApiKeyId createdAt tokenIssuedAt credentialIssuedAt endedAt erasedAt';

/** Snake-cases our fields, and the names (only) of the JSON ones in `kept`, whose values stay as they are. */
const keeping = (kept: readonly string[]) => (value: unknown) =>
  Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, inner]) => [
      snakeCaseName(name),
      kept.includes(name) ? inner : snakeKeys(inner),
    ]),
  );

const configurationBody = keeping(['claims', 'display', 'metadata']);
export const offerBody = keeping(['claims', 'notifications']);

function createdOfferBody(value: unknown) {
  const { offer, credentialOffer, ...rest } = value as { offer: unknown; credentialOffer: unknown };
  return { ...offerBody(offer), ...(snakeKeys(rest) as object), credential_offer: credentialOffer };
}

export const OID4VCI_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'POST',
    path: '/v1/oid4vci/credential-configurations',
    operation: `mutation CreateOid4vciCredentialConfiguration($input: CreateOid4vciCredentialConfigurationInput!) { createOid4vciCredentialConfiguration(input: $input) { ${CONFIGURATION} } }`,
    bodyInput: 'CreateOid4vciCredentialConfigurationInput',
    result: (data) => configurationBody(data.createOid4vciCredentialConfiguration),
  },
  {
    method: 'GET',
    path: '/v1/oid4vci/credential-configurations',
    operation: `query Oid4vciCredentialConfigurations($limit: Int, $cursor: String) { oid4vciCredentialConfigurations(limit: $limit, cursor: $cursor) { configurations { ${CONFIGURATION} } nextCursor } }`,
    variables: pageQuery,
    result: (data) => {
      const page = data.oid4vciCredentialConfigurations as { configurations: unknown[]; nextCursor: string | null };
      return { configurations: page.configurations.map(configurationBody), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    path: '/v1/oid4vci/credential-configurations/:configuration_id',
    operation: `query Oid4vciCredentialConfiguration($configurationId: String!) { oid4vciCredentialConfiguration(configurationId: $configurationId) { ${CONFIGURATION} } }`,
    variables: withParam('configurationId', 'configuration_id'),
    result: (data) => configurationBody(data.oid4vciCredentialConfiguration),
  },
  {
    method: 'PATCH',
    path: '/v1/oid4vci/credential-configurations/:configuration_id',
    operation: `mutation UpdateOid4vciCredentialConfiguration($configurationId: String!, $input: UpdateOid4vciCredentialConfigurationInput!) { updateOid4vciCredentialConfiguration(configurationId: $configurationId, input: $input) { ${CONFIGURATION} } }`,
    bodyInput: 'UpdateOid4vciCredentialConfigurationInput',
    variables: withParam('configurationId', 'configuration_id'),
    result: (data) => configurationBody(data.updateOid4vciCredentialConfiguration),
  },
  {
    method: 'DELETE',
    path: '/v1/oid4vci/credential-configurations/:configuration_id',
    operation: `mutation DeleteOid4vciCredentialConfiguration($configurationId: String!) { deleteOid4vciCredentialConfiguration(configurationId: $configurationId) { ${CONFIGURATION} } }`,
    variables: withParam('configurationId', 'configuration_id'),
    result: (data) => configurationBody(data.deleteOid4vciCredentialConfiguration),
  },
  {
    method: 'POST',
    path: '/v1/oid4vci/offers',
    operation: `mutation CreateOid4vciOffer($input: CreateOid4vciOfferInput!) { createOid4vciOffer(input: $input) { offer { ${OFFER} } credentialIssuer credentialOffer credentialOfferUri offerUri offerByValueUri qrCode { svg pngDataUri } txCodeValue } }`,
    bodyInput: 'CreateOid4vciOfferInput',
    result: (data) => createdOfferBody(data.createOid4vciOffer),
  },
  {
    method: 'GET',
    path: '/v1/oid4vci/offers',
    operation: `query Oid4vciOffers($state: Oid4vciOfferState, $limit: Int, $cursor: String) { oid4vciOffers(state: $state, limit: $limit, cursor: $cursor) { offers { ${OFFER} } nextCursor } }`,
    variables: (request) => ({ state: request.query.get('state'), ...pageQuery(request) }),
    result: (data) => {
      const page = data.oid4vciOffers as { offers: unknown[]; nextCursor: string | null };
      return { offers: page.offers.map(offerBody), next_cursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    path: '/v1/oid4vci/offers/:id',
    operation: `query Oid4vciOffer($id: String!) { oid4vciOffer(id: $id) { ${OFFER} } }`,
    variables: withParam('id', 'id'),
    result: (data) => offerBody(data.oid4vciOffer),
  },
  {
    method: 'POST',
    path: '/v1/oid4vci/offers/:id/claims',
    operation: `mutation SupplyOid4vciOfferClaims($id: String!, $input: Oid4vciOfferClaimsInput!) { supplyOid4vciOfferClaims(id: $id, input: $input) { ${OFFER} } }`,
    bodyInput: 'Oid4vciOfferClaimsInput',
    variables: withParam('id', 'id'),
    result: (data) => offerBody(data.supplyOid4vciOfferClaims),
  },
  {
    method: 'DELETE',
    path: '/v1/oid4vci/offers/:id',
    operation: `mutation CancelOid4vciOffer($id: String!) { cancelOid4vciOffer(id: $id) { ${OFFER} } }`,
    variables: withParam('id', 'id'),
    result: (data) => offerBody(data.cancelOid4vciOffer),
  },
];
