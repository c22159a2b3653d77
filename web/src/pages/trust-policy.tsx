// The trust policy (what verification requires of a credential's issuer) and the tenant's public trust list.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { SetTrustPolicyDocument, type AssuranceLevel, type TrustPageQuery } from '../generated/graphql';
import { useSession } from '../session/session';
import { CheckedField, CopyButton, focusFirstProblem, GatedSubmit, NeedsNote } from './feature-parts';
import { formatTime } from './overview.rules';
import { ASSURANCE_LEVEL_LABELS, parseScore, trustListPath } from './trust.rules';

/** `current`: the policy in the page's answer (null: none yet), once `loaded`. */
export function TrustPolicyEditor({ loaded, current }: { loaded: boolean; current: TrustPageQuery['trustPolicy'] }) {
  const can = useCan('trust:write');
  const [saved, save] = useMutation(SetTrustPolicyDocument);
  const [minScore, setMinScore] = useState('60');
  const [level, setLevel] = useState<AssuranceLevel>('substantial');
  const [requireAttested, setRequireAttested] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!current) return;
    setMinScore(String(current.minScore));
    setLevel(current.minAssuranceLevel);
    setRequireAttested(current.requireAttestedIssuer);
  }, [current]);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const score = parseScore(minScore);
    setProblem(score.problem);
    if (score.problem) return focusFirstProblem(event.currentTarget);
    await save({ input: { minScore: score.value!, minAssuranceLevel: level, requireAttestedIssuer: requireAttested } });
  }
  return (
    <section className="card" aria-labelledby="policy-title">
      <h2 id="policy-title">Trust policy</h2>
      {!loaded && <Loading label="Loading the policy" />}
      {loaded && (
        <p className="muted" data-testid="policy-state">
          {current
            ? `Verification checks issuers against this policy (set ${formatTime(current.updatedAt)}).`
            : 'No policy yet: verification skips the trust check.'}
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <CheckedField
          label="Lowest score (0–100)"
          inputMode="numeric"
          value={minScore}
          onChange={(event) => setMinScore(event.target.value)}
          problem={problem}
        />
        <div className="field">
          <label htmlFor="policy-level">Lowest assurance level</label>
          <select id="policy-level" value={level} onChange={(event) => setLevel(event.target.value as AssuranceLevel)}>
            {Object.entries(ASSURANCE_LEVEL_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <label className="choice">
          <input
            type="checkbox"
            checked={requireAttested}
            onChange={(event) => setRequireAttested(event.target.checked)}
          />
          Fail credentials from issuers nobody attested
        </label>
        <GatedSubmit
          can={can}
          busy={saved.fetching}
          label="Save the policy"
          busyLabel="Saving…"
          noteId="policy-needs"
        />
        <NeedsNote can={can} doing="Setting the policy" id="policy-needs" />
      </form>
      <ErrorMessage error={saved.error} />
      {saved.data?.setTrustPolicy && !saved.error && (
        <p className="success" role="status">
          Saved: score at least {saved.data.setTrustPolicy.minScore}, level{' '}
          {saved.data.setTrustPolicy.minAssuranceLevel} or higher
          {saved.data.setTrustPolicy.requireAttestedIssuer ? ', attested issuers only' : ''}.
        </p>
      )}
    </section>
  );
}

export function TrustListLink() {
  const { me } = useSession();
  const slug = me?.tenants.find((tenant) => tenant.id === me.tenantId)?.slug;
  if (!slug) return null;
  const path = trustListPath(slug);
  const url = new URL(path, window.location.origin).href;
  return (
    <section className="card section" aria-labelledby="list-link-title">
      <h2 id="list-link-title">Your public trust list</h2>
      <p>
        Your attestations in force, as a JWT signed by your oldest active DID; anyone may fetch it, no credential
        needed.
      </p>
      <p className="copyable">
        <a href={path} className="did" target="_blank" rel="noreferrer">
          {url}
        </a>
        <CopyButton value={url} label="Copy the trust list's address" />
      </p>
    </section>
  );
}
