// One signed compliance report: who signed it, the audit chain head it was computed at, each control's state as
// issued, and its files to download (the HTML rendering to read or print, the signed credential, the report).
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { useParams } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { ComplianceReportPageDocument } from '../generated/graphql';
import { StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { Standing } from './compliance-parts';
import { figureText, reportFileName, STATE_LABELS } from './compliance.rules';
import type { ControlState } from '../generated/graphql';

type ReportControl = {
  id: string;
  reference: string;
  requirement: string;
  state: ControlState;
  figure: number | null;
  summary: string;
  remediation: string | null;
};

export default function ComplianceReportPage() {
  const { id } = useParams<{ id: string }>();
  const [result] = useQuery({ query: ComplianceReportPageDocument, variables: { id } });
  const report = result.data?.complianceReport;
  const content = report?.report as { framework?: { name?: string }; controls?: ReportControl[] } | undefined;
  const head = report?.auditChainHead as { seq?: number; hash?: string } | null | undefined;
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/compliance">← Compliance</Link>
      </p>
      <h1 id="page-title">Compliance report</h1>
      <ErrorMessage error={result.error} />
      {!report && result.fetching && <Loading label="Loading the report" />}
      {report && (
        <>
          <dl className="facts">
            <dt>Framework</dt>
            <dd>{content?.framework?.name ?? report.framework}</dd>
            <dt>Issued</dt>
            <dd>{formatTime(report.createdAt)}</dd>
            <dt>Standing</dt>
            <dd>
              <Standing counts={report.counts} />
            </dd>
            <dt>Signed by</dt>
            <dd className="did">{report.issuerDid}</dd>
            <dt>Audit chain head</dt>
            <dd className="did">{head?.hash ? `event ${head.seq}, ${head.hash}` : 'no audit event yet'}</dd>
          </dl>
          <div className="row-actions section">
            <Download
              text={report.html}
              type="text/html"
              name={reportFileName(report, 'html')}
              label="Download the report (HTML, prints to PDF)"
            />
            <Download
              text={report.credential}
              type="application/jwt"
              name={reportFileName(report, 'jwt')}
              label="Download the signed credential (JWT)"
            />
            <Download
              text={JSON.stringify(report.report, null, 2)}
              type="application/json"
              name={reportFileName(report, 'json')}
              label="Download the evaluation with its evidence (JSON)"
            />
          </div>
          {content?.controls && (
            <section className="section" aria-labelledby="controls-title">
              <h2 id="controls-title">Controls as issued</h2>
              <div className="table-scroll" role="region" aria-labelledby="controls-title" tabIndex={0}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Control</th>
                      <th scope="col">State</th>
                      <th scope="col">Summary</th>
                      <th scope="col">To do</th>
                    </tr>
                  </thead>
                  <tbody>
                    {content.controls.map((control) => (
                      <tr key={control.id}>
                        <td data-label="Control">
                          {control.reference}
                          <span className="cell-note">{control.requirement}</span>
                        </td>
                        <td data-label="State">
                          <StateBadge state={control.state} label={STATE_LABELS[control.state] ?? control.state} />
                          {control.state === 'partial' && figureText(control.figure) && (
                            <span className="cell-note">{figureText(control.figure)}</span>
                          )}
                        </td>
                        <td data-label="Summary">{control.summary}</td>
                        <td data-label="To do">{control.remediation ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}
        </>
      )}
    </section>
  );
}

/** A link that saves `text` as a file (a blob: URL of this page, released when the page goes). */
function Download({ text, type, name, label }: { text: string; type: string; name: string; label: string }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text, type]);
  if (!href) return null;
  return (
    <a href={href} download={name} className="button-link">
      {label}
    </a>
  );
}
