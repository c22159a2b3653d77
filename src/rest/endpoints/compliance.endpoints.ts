// /v1/compliance: frameworks evaluated from live state, adoption, attestations, settings and signed reports
//. Each row: path → operation → body.
import { pageQuery, snakeKeys, withParam, type RestEndpoint } from '../endpoint.js';

const COUNTS = 'counts { met notMet partial attestation }';
const SUMMARY = `id name version description adopted adoptedAt ${COUNTS} evaluatedAt`;
const FRAMEWORK = `${SUMMARY} controls { id reference requirement evaluation state figure summary evidence remediation enforceable }`;
const SETTINGS = 'personalClaims keyRotationDays';
const REPORT_SUMMARY = `id framework issuerDid createdAt ${COUNTS} auditChainHead credential`;
const REPORT = `${REPORT_SUMMARY} report html`;

export const COMPLIANCE_ENDPOINTS: RestEndpoint[] = [
  {
    method: 'GET',
    path: '/v1/compliance/frameworks',
    operation: `query ComplianceFrameworks { complianceFrameworks { ${SUMMARY} } }`,
    result: (data) => ({ frameworks: snakeKeys(data.complianceFrameworks) }),
  },
  {
    method: 'GET',
    path: '/v1/compliance/frameworks/:id',
    operation: `query ComplianceFramework($id: String!) { complianceFramework(id: $id) { ${FRAMEWORK} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.complianceFramework),
  },
  {
    method: 'POST',
    path: '/v1/compliance/frameworks/:id/adopt',
    operation: `mutation AdoptComplianceFramework($id: String!) { adoptComplianceFramework(id: $id) { ${FRAMEWORK} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.adoptComplianceFramework),
  },
  {
    method: 'POST',
    path: '/v1/compliance/frameworks/:id/unadopt',
    operation: `mutation UnadoptComplianceFramework($id: String!) { unadoptComplianceFramework(id: $id) { ${FRAMEWORK} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.unadoptComplianceFramework),
  },
  {
    method: 'POST',
    path: '/v1/compliance/frameworks/:id/attestations',
    operation: `mutation AttestComplianceControl($framework: String!, $input: ComplianceAttestationInput!) { attestComplianceControl(framework: $framework, input: $input) { ${FRAMEWORK} } }`,
    bodyInput: 'ComplianceAttestationInput',
    variables: withParam('framework', 'id'),
    result: (data) => snakeKeys(data.attestComplianceControl),
  },
  {
    method: 'GET',
    path: '/v1/compliance/settings',
    operation: `query ComplianceSettings { complianceSettings { ${SETTINGS} } }`,
    result: (data) => snakeKeys(data.complianceSettings),
  },
  {
    method: 'PUT',
    path: '/v1/compliance/settings',
    operation: `mutation SetComplianceSettings($input: ComplianceSettingsInput!) { setComplianceSettings(input: $input) { ${SETTINGS} } }`,
    bodyInput: 'ComplianceSettingsInput',
    result: (data) => snakeKeys(data.setComplianceSettings),
  },
  {
    method: 'POST',
    path: '/v1/compliance/reports',
    operation: `mutation CreateComplianceReport($input: ComplianceReportInput!) { createComplianceReport(input: $input) { ${REPORT} } }`,
    bodyInput: 'ComplianceReportInput',
    result: (data) => snakeKeys(data.createComplianceReport),
  },
  {
    method: 'GET',
    path: '/v1/compliance/reports',
    operation: `query ComplianceReports($framework: String, $limit: Int, $cursor: String) { complianceReports(framework: $framework, limit: $limit, cursor: $cursor) { reports { ${REPORT_SUMMARY} } nextCursor } }`,
    variables: (request) => ({ framework: request.query.get('framework'), ...pageQuery(request) }),
    result: (data) => snakeKeys(data.complianceReports),
  },
  {
    method: 'GET',
    path: '/v1/compliance/reports/:id',
    operation: `query ComplianceReport($id: String!) { complianceReport(id: $id) { ${REPORT} } }`,
    variables: withParam('id', 'id'),
    result: (data) => snakeKeys(data.complianceReport),
  },
];
