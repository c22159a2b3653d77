// Compliance: the seven frameworks evaluated against the tenant's live state (adopt, unadopt; each links to its
// controls), the settings the checks read (personal claims, key rotation), and signed reports for auditors.
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { ComplianceFrameworksDocument } from '../generated/graphql';
import { formatTime } from './overview.rules';
import { AdoptButton, frameworkHref, Standing } from './compliance-parts';
import { ComplianceReports, ComplianceSettingsForm } from './compliance-settings';

export default function CompliancePage() {
  const [frameworks] = useQuery({ query: ComplianceFrameworksDocument, requestPolicy: 'cache-and-network' });
  const list = frameworks.data?.complianceFrameworks;
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
                  <Link href={frameworkHref(framework.id)} className="button-link" aria-label={`Controls of ${framework.name}`}>
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
        <ComplianceSettingsForm />
      </div>
      <ComplianceReports frameworks={list?.map(({ id, name }) => ({ id, name })) ?? []} />
    </section>
  );
}
