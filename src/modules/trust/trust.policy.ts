// The arithmetic of trust, pure so that unit tests hold it to hand-computed cases.
import { ASSURANCE_LEVELS, levelRank, type AssuranceLevel } from './trust.inputs.js';

export type Graded = { score: number; weight: number; assuranceLevel: AssuranceLevel };

export type Aggregate = {
  /** Σ(score·weight)/Σweight over the attestations given; null when there are none or Σweight is 0. */
  score: number | null;
  count: number;
  lowestAssuranceLevel: AssuranceLevel | null;
  highestAssuranceLevel: AssuranceLevel | null;
};

/** The weighted mean of attestations already filtered to those in force (unrevoked, unexpired, applicable). */
export function aggregate(attestations: readonly Graded[]): Aggregate {
  let weighted = 0;
  let weights = 0;
  for (const { score, weight } of attestations) {
    weighted += score * weight;
    weights += weight;
  }
  const ranks = attestations.map((attestation) => levelRank(attestation.assuranceLevel));
  return {
    // Rounded to 2 decimals: weights are decimals, and 80.00000000000001 says nothing 80 does not.
    score: weights > 0 ? Math.round((weighted / weights) * 100) / 100 : null,
    count: attestations.length,
    lowestAssuranceLevel: ranks.length ? ASSURANCE_LEVELS[Math.min(...ranks)]! : null,
    highestAssuranceLevel: ranks.length ? ASSURANCE_LEVELS[Math.max(...ranks)]! : null,
  };
}

export type TrustPolicy = { minScore: number; minAssuranceLevel: AssuranceLevel; requireAttestedIssuer: boolean };

export type TrustVerdict = { status: 'passed' | 'failed' | 'skipped'; detail: string };

/**
 * The verify endpoint's trust check: the issuer's aggregate against the tenant's policy. The level compared is
 * the highest of the attestations used (some attester vouches at that level); the score is the weighted mean.
 * An issuer nobody attests (or whose attestations all weigh 0) fails only under require_attested_issuer;
 * otherwise the check is not evaluated (skipped).
 */
export function judgeTrust(policy: TrustPolicy | null, issuer: string | null, view: Aggregate): TrustVerdict {
  if (!policy) return { status: 'skipped', detail: 'no trust policy' };
  if (issuer === null) return { status: 'skipped', detail: 'the credential names no issuer' };
  if (view.count === 0 || view.score === null) {
    const why = view.count === 0 ? 'issuer is not attested' : 'issuer’s attestations all have weight 0';
    return policy.requireAttestedIssuer
      ? { status: 'failed', detail: `${why}, and the trust policy requires an attested issuer` }
      : { status: 'skipped', detail: `${why} (the trust policy does not require it)` };
  }
  const problems: string[] = [];
  if (view.score < policy.minScore) problems.push(`score ${view.score} is below the policy's ${policy.minScore}`);
  if (levelRank(view.highestAssuranceLevel!) < levelRank(policy.minAssuranceLevel)) {
    problems.push(`assurance level ${view.highestAssuranceLevel} is below the policy's ${policy.minAssuranceLevel}`);
  }
  const summary = `score ${view.score} at level ${view.highestAssuranceLevel} from ${view.count} attestation(s)`;
  return problems.length ? { status: 'failed', detail: problems.join('; ') } : { status: 'passed', detail: summary };
}
