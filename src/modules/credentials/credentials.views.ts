// The closed sets that appear in what the credential endpoints return, as zod enums: the GraphQL enums and
// the OpenAPI document derive from them, as they do from the input rules.
import { z } from 'zod';

export const verificationCheckName = z
  .enum(['structure', 'signature', 'validity_period', 'status', 'disclosures', 'key_binding', 'trust', 'query'])
  .meta({
    id: 'VerificationCheckName',
    description:
      'What a verification check looked at; `query` (OpenID4VP presentations only): what the request’s DCQL query asked of it.',
  });

export const verificationCheckStatus = z
  .enum(['passed', 'failed', 'skipped'])
  .meta({ id: 'VerificationCheckStatus', description: 'skipped: the check did not apply, or could not be made.' });

export const statusReferenceType = z.enum(['BitstringStatusListEntry', 'TokenStatusList']).meta({
  id: 'StatusReferenceType',
  description: 'BitstringStatusListEntry (jwt_vc_json) or TokenStatusList (vc+sd-jwt).',
});
