// Custom domains: claiming a name (Business and Enterprise; on other plans the control is disabled with the
// plan it needs), the TXT record that proves it with copy buttons, verifying it now, removing it after a
// confirmation, and a did:web on a verified one.
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { CreateDomainDocument, DomainsPageDocument, type Plan } from '../generated/graphql';
import { CheckedField, focusFirstProblem, NeedsNote } from './feature-parts';
import { DomainCard, TxtRecord } from './domains-parts';
import { planLabel } from '../vocabulary';
import { domainNameProblem, normaliseDomain, planAllowsDomains, PLAN_REQUIREMENT } from './domains.rules';

export default function DomainsPage() {
  const canReadUsage = useCan('usage:read');
  const [domains] = useQuery({
    query: DomainsPageDocument,
    variables: { canReadUsage: canReadUsage.allowed },
    context: useMemo(() => ({ additionalTypenames: ['Domain'] }), []),
  });
  const list = domains.data?.domains;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Custom domains</h1>
      <p className="lead">
        Your own name for your credentials: a did:web issuer such as <code>did:web:credentials.example.com</code>, and
        status lists under it. You prove the name is yours with a DNS TXT record.
      </p>
      <AddDomain plan={domains.data?.usage?.plan ?? null} />
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Your domains</h2>
        <ErrorMessage error={domains.error} />
        {!list && domains.fetching && <Loading label="Loading domains" />}
        {list && list.length === 0 && <p className="muted">No domain yet.</p>}
        {list && list.length > 0 && (
          <ul className="domain-list">
            {list.map((domain) => (
              <DomainCard key={domain.id} domain={domain} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/**
 * `plan`: the tenant's, when the member may read it (from the page's answer). On a plan without custom domains,
 * adding is disabled with why; unknown (no usage:read, or not loaded yet), the service decides, and says so if
 * it refuses.
 */
function AddDomain({ plan: tenantPlan }: { plan: Plan | null }) {
  const can = useCan('domains:manage');
  const plan = { allowed: tenantPlan === null || planAllowsDomains(tenantPlan), plan: tenantPlan };
  const [created, create] = useMutation(CreateDomainDocument);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const allowed = can.allowed && plan.allowed;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const domain = normaliseDomain(name);
    const found = domainNameProblem(domain);
    setProblem(found);
    if (found) return focusFirstProblem(event.currentTarget);
    const outcome = await create({ input: { domain } });
    if (outcome.data?.createDomain) setName('');
  }
  const domain = created.data?.createDomain;
  const described = [!can.allowed && 'add-needs', !plan.allowed && 'add-plan'].filter(Boolean).join(' ') || undefined;
  return (
    <section className="card" aria-labelledby="add-title">
      <h2 id="add-title">Add a domain</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <CheckedField
          label="Domain name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint="A name you control in DNS, e.g. credentials.example.com."
          problem={problem}
          disabled={!allowed}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" disabled={!allowed || created.fetching} aria-describedby={described}>
          {created.fetching ? 'Adding…' : 'Add domain'}
        </button>
        <NeedsNote can={can} doing="Adding a domain" id="add-needs" />
        {!plan.allowed && (
          <p className="permission-note" id="add-plan" data-testid="plan-requirement">
            {capitalise(PLAN_REQUIREMENT)}; this tenant is on the {planLabel(plan.plan!)} plan.
          </p>
        )}
      </form>
      <ErrorMessage error={created.error} />
      {domain && !created.error && (
        <div className="success" role="status">
          <p className="outcome-line">
            Added <strong>{domain.domain}</strong>. At your DNS provider, add this TXT record, then verify it below:
          </p>
          <TxtRecord verification={domain.verification} />
        </div>
      )}
    </section>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
