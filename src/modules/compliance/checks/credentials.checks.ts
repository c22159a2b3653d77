// Issued credentials: revocable, expiring, and minimal in what every verifier sees of personal data.
import type { Check } from './check.types.js';
import { DAY_MS, met, notMet, numberParam, share } from './results.js';

export const credentialsRevocable: Check = {
  evaluates: 'Every credential carries a status list entry, so it can be revoked and its status checked.',
  evaluate: ({ credentials }) => {
    const evidence = {
      credentials: credentials.total,
      with_status_entry: credentials.total - credentials.withoutStatus,
      revoked: credentials.revoked,
    };
    return credentials.withoutStatus === 0
      ? met(`All ${credentials.total} credential(s) carry a status list entry.`, evidence)
      : notMet(
          `${credentials.withoutStatus} credential(s) carry no status entry.`,
          evidence,
          'Reissue them through the service.',
        );
  },
};

export const credentialsExpire: Check = {
  evaluates:
    'Active credentials have an expiry (valid_until); with params.max_validity_days, issuing refuses a longer validity.',
  evaluate: ({ credentials }) => {
    const expiring = credentials.active - credentials.activeWithoutExpiry;
    return share(
      expiring,
      credentials.active,
      {
        summary: `${expiring} of ${credentials.active} active credential(s) expire.`,
        remediation: 'Issue with valid_until; revoke or reissue the credentials listed.',
      },
      {
        active_credentials: credentials.active,
        without_expiry: credentials.activeWithoutExpiry,
        without_expiry_ids: credentials.withoutExpiryIds,
      },
    );
  },
  enforce: (issue, params) => {
    if (!issue.validUntil) return 'credentials must carry valid_until';
    const maxDays = numberParam(params, 'max_validity_days', Infinity);
    const days = (issue.validUntil.getTime() - issue.validFrom.getTime()) / DAY_MS;
    return days > maxDays ? `credentials may be valid for at most ${maxDays} days` : null;
  },
};

export const personalDataMinimised: Check = {
  evaluates:
    'Of the active credentials carrying a claim the tenant declared personal (settings personal_claims), the share in which no personal claim is visible to every verifier (vc+sd-jwt with it disclosable).',
  evaluate: ({ credentials, settings }) => {
    const evidence = {
      personal_claims: settings.personalClaims,
      active_credentials_with_personal_data: credentials.withPersonalData,
      exposing_personal_data: credentials.exposingPersonalData,
      exposing_ids: credentials.exposingIds,
    };
    if (settings.personalClaims.length === 0) {
      return notMet(
        'No claim is declared personal data, so what credentials disclose cannot be judged.',
        evidence,
        'Declare the claims that are personal data (PUT /v1/compliance/settings personal_claims).',
      );
    }
    const minimised = credentials.withPersonalData - credentials.exposingPersonalData;
    return share(
      minimised,
      credentials.withPersonalData,
      {
        summary: `${minimised} of ${credentials.withPersonalData} active credential(s) with personal data disclose it selectively.`,
        remediation: 'Issue personal claims as vc+sd-jwt with them disclosable; revoke and reissue those listed.',
      },
      evidence,
    );
  },
  enforce: (issue, _params, compliance) => {
    const exposed = issue.visibleClaims.find((name) => compliance.personalClaims.includes(name));
    if (exposed === undefined) return null;
    return issue.format === 'jwt_vc_json'
      ? `claim ${exposed} is personal data and a jwt_vc_json credential shows it to every verifier; issue it as vc+sd-jwt with the claim disclosable`
      : `claim ${exposed} is personal data and must be disclosable`;
  },
};
