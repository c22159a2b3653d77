// The /v1 endpoint table (spec §4), one file per area. Each row: path → operation → the contract's body.
import type { RestEndpoint } from './endpoint.js';
import { ADMIN_ENDPOINTS } from './endpoints/admin.endpoints.js';
import { AUTH_ENDPOINTS } from './endpoints/auth.endpoints.js';
import { CERTIFICATE_ENDPOINTS } from './endpoints/certificates.endpoints.js';
import { COMPLIANCE_ENDPOINTS } from './endpoints/compliance.endpoints.js';
import { CREDENTIAL_ENDPOINTS } from './endpoints/credentials.endpoints.js';
import { DATA_SUBJECT_ENDPOINTS } from './endpoints/data-subjects.endpoints.js';
import { DOMAIN_ENDPOINTS } from './endpoints/domains.endpoints.js';
import { DIDCOMM_ENDPOINTS } from './endpoints/didcomm.endpoints.js';
import { EVENT_ENDPOINTS } from './endpoints/events.endpoints.js';
import { TEAM_ENDPOINTS } from './endpoints/team.endpoints.js';
import { TRUST_ENDPOINTS } from './endpoints/trust.endpoints.js';
import { WEBHOOK_ENDPOINTS } from './endpoints/webhooks.endpoints.js';
import { OID4VCI_ENDPOINTS } from './endpoints/oid4vci.endpoints.js';
import { OID4VCI_AUTHORIZATION_ENDPOINTS } from './endpoints/oid4vci-authorization.endpoints.js';
import { OID4VP_ENDPOINTS } from './endpoints/oid4vp.endpoints.js';

export const ENDPOINTS: RestEndpoint[] = [
  ...AUTH_ENDPOINTS,
  ...TEAM_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...CREDENTIAL_ENDPOINTS,
  ...CERTIFICATE_ENDPOINTS,
  ...EVENT_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...TRUST_ENDPOINTS,
  ...COMPLIANCE_ENDPOINTS,
  ...DATA_SUBJECT_ENDPOINTS,
  ...DOMAIN_ENDPOINTS,
  ...DIDCOMM_ENDPOINTS,
  ...OID4VCI_ENDPOINTS,
  ...OID4VCI_AUTHORIZATION_ENDPOINTS,
  ...OID4VP_ENDPOINTS,
];
