// The trust arithmetic and the policy verdict (src/modules/trust/trust.policy.ts) against hand-computed cases.
import { describe, expect, it } from 'vitest';
import { aggregate, judgeTrust, type TrustPolicy } from '../../src/modules/trust/trust.policy.js';

const a = (score: number, weight: number, assuranceLevel: 'low' | 'substantial' | 'high' = 'substantial') => ({
  score,
  weight,
  assuranceLevel,
});

describe('aggregate', () => {
  it('is the weighted mean Σ(score·weight)/Σweight, to 2 decimals', () => {
    expect(aggregate([a(80, 0.5, 'high'), a(60, 1, 'substantial'), a(10, 0, 'low')])).toEqual({
      score: 66.67, // 100 / 1.5
      count: 3,
      lowestAssuranceLevel: 'low',
      highestAssuranceLevel: 'high',
    });
    expect(aggregate([a(100, 1), a(0, 1)]).score).toBe(50);
    expect(aggregate([a(90, 0.1), a(30, 0.3)]).score).toBe(45); // (9 + 9) / 0.4
    expect(aggregate([a(0, 1)]).score).toBe(0);
    expect(aggregate([a(100, 0.25)]).score).toBe(100);
  });

  it('is null with no attestation, or when every weight is 0', () => {
    expect(aggregate([])).toEqual({ score: null, count: 0, lowestAssuranceLevel: null, highestAssuranceLevel: null });
    expect(aggregate([a(90, 0, 'high'), a(10, 0, 'low')])).toMatchObject({ score: null, count: 2 });
  });
});

describe('judgeTrust', () => {
  const policy: TrustPolicy = { minScore: 60, minAssuranceLevel: 'substantial', requireAttestedIssuer: false };
  const issuer = 'did:example:issuer';

  it('is not evaluated without a policy', () => {
    expect(judgeTrust(null, issuer, aggregate([a(90, 1)]))).toEqual({ status: 'skipped', detail: 'no trust policy' });
  });

  it('fails an unattested issuer only when the policy requires attestation', () => {
    expect(judgeTrust(policy, issuer, aggregate([])).status).toBe('skipped');
    expect(judgeTrust({ ...policy, requireAttestedIssuer: true }, issuer, aggregate([])).status).toBe('failed');
    expect(judgeTrust({ ...policy, requireAttestedIssuer: true }, issuer, aggregate([a(90, 0)])).status).toBe('failed');
  });

  it('compares the score and the highest level with the policy', () => {
    expect(judgeTrust(policy, issuer, aggregate([a(60, 1)])).status).toBe('passed');
    expect(judgeTrust(policy, issuer, aggregate([a(59, 1)]))).toEqual({
      status: 'failed',
      detail: "score 59 is below the policy's 60",
    });
    expect(judgeTrust(policy, issuer, aggregate([a(90, 1, 'low')])).detail).toBe(
      "assurance level low is below the policy's substantial",
    );
    expect(judgeTrust(policy, issuer, aggregate([a(90, 1, 'low'), a(90, 1, 'high')])).status).toBe('passed');
  });
});
