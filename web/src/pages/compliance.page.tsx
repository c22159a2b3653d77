// Compliance: the seven frameworks evaluated against the tenant's live state (adopt, unadopt; each links to its
// controls), the settings the checks read (personal claims, key rotation), and signed reports for auditors: one
// request (CompliancePage), whose parts the page hands to its sections.
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { useCan } from '../access/can';
import { Link } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import { CompliancePageDocument } from '../generated/graphql';
import { formatTime } from './overview.rules';
import { AdoptButton, frameworkHref, Standing } from './compliance-parts';
import { ComplianceReports, ComplianceSettingsForm } from './compliance-settings';

const REPORTS_PAGE_SIZE = 20;

export default function CompliancePage() {
  const pages = useCursorPages();
  const canReport = useCan(['compliance:manage', 'dids:list']);
  const [frameworks] = useQuery({
    query: CompliancePageDocument,
    variables: { limit: REPORTS_PAGE_SIZE, cursor: pages.cursor, canReport: canReport.allowed },
    // An empty list of reports names no ComplianceReport: without this, the first report would not show.
    context: useMemo(() => ({ additionalTypenames: ['ComplianceReport'] }), []),
  });
  const data = frameworks.data;
  const list = data?.complianceFrameworks;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Compliance</h1>
      <p className="lead">
        Your tenant's live state, control by control, against seven frameworks. Adopting one makes issuing refuse what
        would break its enforced controls.
      </p>
      <section className="section" aria-labelledby="frameworks-title">
        <h2 id="frameworks-title">Frameworks</h2>
        <ErrorMessage error={frameworks.error} />
        {!list && frameworks.fetching && <Loading label="Evaluating the frameworks" />}
        {list && (
          <ul className="framework-list">
            {list.map((framework) => (
              <li key={framework.id} className="card framework">
                <div className="framework-head">
                  <h3>
                    <Link href={frameworkHref(framework.id)}>{framework.name}</Link>
                  </h3>
                  {framework.adopted && <span className="badge badge-state-adopted">adopted</span>}
                </div>
                <p className="muted">
                  {framework.version}. {framework.description}
                </p>
                <p>
                  <Standing counts={framework.counts} />
                </p>
                {framework.adoptedAt && <p className="muted">Adopted {formatTime(framework.adoptedAt)}.</p>}
                <div className="row-actions">
                  <Link
                    href={frameworkHref(framework.id)}
                    className="button-link"
                    aria-label={`Controls of ${framework.name}`}
                  >
                    Controls
                  </Link>
                  <AdoptButton framework={framework} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="cards section">
        <ComplianceSettingsForm settings={data?.complianceSettings ?? null} />
      </div>
      <ComplianceReports
        frameworks={list?.map(({ id, name }) => ({ id, name })) ?? []}
        reports={data?.complianceReports ?? null}
        signers={data?.dids?.dids ?? []}
        fetching={frameworks.fetching}
        pager={
          data && <Pager pages={pages} nextCursor={data.complianceReports.nextCursor} busy={frameworks.fetching} />
        }
        caption={`Compliance reports, page ${pages.pageNumber}`}
      />
    </section>
  );
}
