// One compliance framework, evaluated now: each control with its citation, state (met, not met, partial with
// its share, attested), summary, evidence and what to do; the tenant's statement for the controls only it can
// attest; adopting and unadopting.
import { Fragment, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useParams } from 'wouter';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  AttestComplianceControlDocument,
  ComplianceFrameworkPageDocument,
  type ComplianceFrameworkPageQuery,
} from '../generated/graphql';
import { GatedSubmit, NeedsNote, StateBadge, TextArea } from './feature-parts';
import { formatTime } from './overview.rules';
import { AdoptButton, Standing } from './compliance-parts';
import { evidenceLines, figureText, isAttestable, STATE_LABELS } from './compliance.rules';

type Control = ComplianceFrameworkPageQuery['complianceFramework']['controls'][number];

export default function ComplianceFrameworkPage() {
  const { id } = useParams<{ id: string }>();
  const [result] = useQuery({
    query: ComplianceFrameworkPageDocument,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const framework = result.data?.complianceFramework;
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/compliance">← All frameworks</Link>
      </p>
      <h1 id="page-title">{framework?.name ?? 'Framework'}</h1>
      <ErrorMessage error={result.error} />
      {!framework && result.fetching && <Loading label="Evaluating the framework" />}
      {framework && (
        <>
          <p className="muted">
            {framework.version}. {framework.description}
          </p>
          <p data-testid="standing">
            <Standing counts={framework.counts} />
          </p>
          <p className="muted">
            Evaluated {formatTime(framework.evaluatedAt)}.{' '}
            {framework.adopted
              ? `Adopted ${framework.adoptedAt ? formatTime(framework.adoptedAt) : ''}: issuing refuses what breaks its enforced controls.`
              : 'Not adopted: evaluated, not enforced.'}
          </p>
          <AdoptButton framework={framework} />
          <ol className="controls section" aria-label="Controls">
            {framework.controls.map((control) => (
              <ControlItem key={control.id} frameworkId={framework.id} control={control} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function ControlItem({ frameworkId, control }: { frameworkId: string; control: Control }) {
  const figure = control.state === 'partial' ? figureText(control.figure) : null;
  const lines = evidenceLines(control.evidence);
  const headingId = `control-${control.id}`;
  return (
    <li className={`card control control-${control.state}`} data-control={control.id}>
      <div className="control-head">
        <h2 id={headingId}>
          {control.reference} <span className="muted">({control.id})</span>
        </h2>
        <span>
          <StateBadge state={control.state} label={STATE_LABELS[control.state]} />
          {figure && <span className="figure"> {figure}</span>}
          {control.enforceable && <span className="badge badge-state-enforced">enforced when adopted</span>}
        </span>
      </div>
      <p>{control.requirement}</p>
      <p className="control-summary">{control.summary}</p>
      {control.remediation && (
        <p className="remediation">
          <strong>To do:</strong> {control.remediation}
        </p>
      )}
      {lines.length > 0 && (
        <details>
          <summary>Evidence</summary>
          <dl className="facts evidence">
            {lines.map((line) => (
              <Fragment key={line.name}>
                <dt>{line.name}</dt>
                <dd>{line.value}</dd>
              </Fragment>
            ))}
          </dl>
        </details>
      )}
      <p className="muted small">How it is evaluated: {control.evaluation}</p>
      {isAttestable(control) && <AttestForm frameworkId={frameworkId} control={control} />}
    </li>
  );
}

function AttestForm({ frameworkId, control }: { frameworkId: string; control: Control }) {
  const can = useCan('compliance:manage');
  const [result, attest] = useMutation(AttestComplianceControlDocument);
  const [statement, setStatement] = useState('');
  const noteId = `attest-needs-${control.id}`;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await attest({
      framework: frameworkId,
      input: { controlId: control.id, statement: statement.trim() },
    });
    if (!outcome.error) setStatement('');
  }
  return (
    <form className="form attest-form" onSubmit={onSubmit}>
      <TextArea
        label={control.state === 'attestation' ? 'Attest again (statement)' : 'Your statement'}
        rows={2}
        value={statement}
        onChange={(event) => setStatement(event.target.value)}
        hint="The policy, contract or test it rests on, for your auditor. It counts for a year."
        required
      />
      <GatedSubmit
        can={can}
        busy={result.fetching}
        label="Record the attestation"
        busyLabel="Recording…"
        noteId={noteId}
        disabled={!statement.trim()}
      />
      <NeedsNote can={can} doing="Attesting" id={noteId} />
      <ErrorMessage error={result.error} />
    </form>
  );
}
