// The compliance settings the checks read: which claim names are personal data, and how old a signing key may
// grow. And the signed reports: issuing one, and the list of those issued.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  CreateComplianceReportDocument,
  SetComplianceSettingsDocument,
  type CompliancePageQuery,
} from '../generated/graphql';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote } from './feature-parts';
import { formatTime } from './overview.rules';
import { reportHref, Standing } from './compliance-parts';
import { parsePersonalClaims, parseRotationDays } from './compliance.rules';

type Settings = CompliancePageQuery['complianceSettings'];

/** `settings`: the page's answer (null while it loads). */
export function ComplianceSettingsForm({ settings }: { settings: Settings | null }) {
  const can = useCan('compliance:manage');
  const [saved, save] = useMutation(SetComplianceSettingsDocument);
  const [claims, setClaims] = useState('');
  const [days, setDays] = useState('');
  const [problems, setProblems] = useState<{ claims?: string | null; days?: string | null }>({});
  const current = settings;
  useEffect(() => {
    if (!current) return;
    setClaims(current.personalClaims.join(', '));
    setDays(String(current.keyRotationDays));
  }, [current]);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsedClaims = parsePersonalClaims(claims);
    const parsedDays = parseRotationDays(days);
    setProblems({ claims: parsedClaims.problem, days: parsedDays.problem });
    if (parsedClaims.problem || parsedDays.problem) return focusFirstProblem(event.currentTarget);
    await save({ input: { personalClaims: parsedClaims.claims, keyRotationDays: parsedDays.days } });
  }
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {!current && <Loading label="Loading the settings" />}
      <form className="form" onSubmit={onSubmit} noValidate>
        <CheckedField
          label="Personal claims"
          value={claims}
          onChange={(event) => setClaims(event.target.value)}
          hint="Claim names that are personal data, separated by commas (e.g. name, birthdate). Minimisation controls count credentials showing them to every verifier."
          problem={problems.claims}
        />
        <CheckedField
          label="Key rotation (days)"
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          hint="How old a signing key may grow before it is due: 30 to 1825."
          problem={problems.days}
        />
        <GatedSubmit
          can={can}
          busy={saved.fetching}
          label="Save settings"
          busyLabel="Saving…"
          noteId="settings-needs"
        />
        <NeedsNote can={can} doing="Changing the settings" id="settings-needs" />
      </form>
      <ErrorMessage error={saved.error} />
      {saved.data?.setComplianceSettings && !saved.error && (
        <p className="success" role="status">
          Saved: {saved.data.setComplianceSettings.personalClaims.length} personal claim(s), keys due after{' '}
          {saved.data.setComplianceSettings.keyRotationDays} days.
        </p>
      )}
    </section>
  );
}

type ReportRow = CompliancePageQuery['complianceReports']['reports'][number];
type Signer = NonNullable<CompliancePageQuery['dids']>['dids'][number];

/** The reports of the page's answer (null while it loads), a page at a time (`pager`), and issuing one. */
export function ComplianceReports({
  frameworks,
  reports,
  signers,
  fetching,
  pager,
  caption,
}: {
  frameworks: { id: string; name: string }[];
  reports: CompliancePageQuery['complianceReports'] | null;
  signers: readonly Signer[];
  fetching: boolean;
  pager: ReactNode;
  caption: string;
}) {
  const names = new Map(frameworks.map((framework) => [framework.id, framework.name]));
  const columns: Column<ReportRow>[] = [
    {
      key: 'framework',
      header: 'Framework',
      cell: (row) => <Link href={reportHref(row.id)}>{names.get(row.framework) ?? row.framework}</Link>,
      sortValue: (row) => row.framework,
    },
    { key: 'createdAt', header: 'Issued', cell: (row) => formatTime(row.createdAt), sortValue: (row) => row.createdAt },
    {
      key: 'standing',
      header: 'Standing',
      cell: (row) => <Standing counts={row.counts} />,
      sortValue: (row) => row.counts.notMet,
    },
    {
      key: 'issuer',
      header: 'Signed by',
      cell: (row) => <span className="did">{row.issuerDid}</span>,
      sortValue: (row) => row.issuerDid,
    },
  ];
  return (
    <section className="section" aria-labelledby="reports-title">
      <h2 id="reports-title">Reports</h2>
      <IssueReport frameworks={frameworks} signers={signers} />
      {!reports && fetching && <Loading label="Loading reports" />}
      {reports && (
        <>
          <DataTable
            caption={caption}
            rows={reports.reports}
            columns={columns}
            rowKey={(row) => row.id}
            empty="No report yet. Issue one to hand a signed evaluation to your auditor."
          />
          {pager}
        </>
      )}
    </section>
  );
}

function IssueReport({
  frameworks,
  signers,
}: {
  frameworks: { id: string; name: string }[];
  signers: readonly Signer[];
}) {
  const can = useCan('compliance:manage');
  const [created, create] = useMutation(CreateComplianceReportDocument);
  const [framework, setFramework] = useState('');
  const [issuerDid, setIssuerDid] = useState('');
  const chosen = framework || frameworks[0]?.id || '';
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen) await create({ input: { framework: chosen, issuerDid: issuerDid || undefined } });
  }
  const report = created.data?.createComplianceReport;
  return (
    <div className="card">
      <form className="form form-row" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="report-framework">Framework</label>
          <select id="report-framework" value={chosen} onChange={(event) => setFramework(event.target.value)}>
            {frameworks.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="report-issuer">Signed by</label>
          <select id="report-issuer" value={issuerDid} onChange={(event) => setIssuerDid(event.target.value)}>
            <option value="">Your oldest active DID</option>
            {signers.map((did) => (
              <option key={did.id} value={did.did}>
                {did.did}
              </option>
            ))}
          </select>
        </div>
        <GatedSubmit
          can={can}
          busy={created.fetching}
          label="Issue a report"
          busyLabel="Evaluating and signing…"
          noteId="report-needs"
          disabled={!chosen}
        />
      </form>
      <NeedsNote can={can} doing="Issuing a report" id="report-needs" />
      <ErrorMessage error={created.error} />
      {report && !created.error && (
        <p className="success" role="status">
          Issued <Link href={reportHref(report.id)}>the {names(frameworks, report.framework)} report</Link> of{' '}
          {formatTime(report.createdAt)}.
        </p>
      )}
    </div>
  );
}

const names = (frameworks: { id: string; name: string }[], id: string) =>
  frameworks.find((option) => option.id === id)?.name ?? id;
