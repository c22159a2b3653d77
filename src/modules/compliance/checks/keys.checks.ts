// Signing keys: kept encrypted, of allowed algorithms, rotated in time. The last two refuse issuing with a key
// that breaks them while a framework that enforces them is adopted.
import type { Check } from './check.types.js';
import { ageInDays, firstPage, listParam, met, notMet } from './results.js';

const DEFAULT_ALGORITHMS = ['EdDSA', 'ES256'];

export const signingKeysEncrypted: Check = {
  evaluates:
    'Every active DID’s private key is stored as an AES-256-GCM envelope bound to its tenant and DID; no endpoint returns a private key.',
  evaluate: ({ dids, service }) => {
    const plain = dids.filter((did) => !did.keyEncrypted);
    const evidence = {
      active_dids: dids.length,
      encrypted: dids.length - plain.length,
      encryption: service.keyEncryption,
      key_export_endpoints: 0,
      not_encrypted: firstPage(plain.map((did) => did.did)),
    };
    return plain.length === 0
      ? met(`${dids.length} active signing key(s), all encrypted at rest; none is ever exported.`, evidence)
      : notMet(
          `${plain.length} of ${dids.length} signing key(s) are not in an encrypted envelope.`,
          evidence,
          'Deactivate the DIDs listed and create new ones.',
        );
  },
};

export const signingAlgorithms: Check = {
  evaluates: 'Every active DID signs with an algorithm on the allowed list (params.allowed; default EdDSA, ES256).',
  evaluate: ({ dids }, params) => {
    const allowed = listParam(params, 'allowed', DEFAULT_ALGORITHMS);
    const outside = dids.filter((did) => !allowed.includes(did.alg));
    const evidence = {
      allowed,
      active_dids: dids.length,
      by_algorithm: Object.fromEntries(allowed.map((alg) => [alg, dids.filter((did) => did.alg === alg).length])),
      not_allowed: firstPage(outside.map((did) => ({ did: did.did, alg: did.alg }))),
    };
    return outside.length === 0
      ? met(`All ${dids.length} active DID(s) sign with ${allowed.join(' or ')}.`, evidence)
      : notMet(
          `${outside.length} active DID(s) sign with an algorithm outside ${allowed.join(', ')}.`,
          evidence,
          `Create DIDs with an allowed key type and deactivate the ones listed.`,
        );
  },
  enforce: (issue, params) => {
    const allowed = listParam(params, 'allowed', DEFAULT_ALGORITHMS);
    return allowed.includes(issue.issuer.alg)
      ? null
      : `the issuer DID signs with ${issue.issuer.alg}, which is not among ${allowed.join(', ')}`;
  },
};

export const signingKeyAge: Check = {
  evaluates:
    'No active DID’s key is older than the tenant’s rotation period (settings key_rotation_days, default 365).',
  evaluate: ({ dids, settings, now }) => {
    const overdue = dids.filter((did) => ageInDays(did.createdAt, now) > settings.keyRotationDays);
    const oldest = dids.reduce<number | null>((max, did) => Math.max(max ?? 0, ageInDays(did.createdAt, now)), null);
    const evidence = {
      rotation_period_days: settings.keyRotationDays,
      active_dids: dids.length,
      oldest_key_age_days: oldest,
      overdue: firstPage(
        overdue.map((did) => ({
          did: did.did,
          created_at: did.createdAt.toISOString(),
          age_days: ageInDays(did.createdAt, now),
        })),
      ),
      overdue_count: overdue.length,
    };
    return overdue.length === 0
      ? met(`No signing key is older than ${settings.keyRotationDays} days.`, evidence)
      : notMet(
          `${overdue.length} signing key(s) are older than the ${settings.keyRotationDays}-day rotation period.`,
          evidence,
          'Create a new DID, issue with it, and deactivate the DIDs listed.',
        );
  },
  enforce: (issue, _params, compliance, now) => {
    const age = ageInDays(issue.issuer.createdAt, now);
    return age > compliance.keyRotationDays
      ? `the issuer DID's key is ${age} days old, over the ${compliance.keyRotationDays}-day rotation period`
      : null;
  },
};
