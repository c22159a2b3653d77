// Credentials: the tenant's credentials a page at a time (by cursor), filtered by the service on status, format
// and issuer, sorted and filtered on the loaded page; each links to its page (credential.page.tsx), where it is
// decoded and may be revoked. Issuing is its own page (credentials-issue.page.tsx).
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from 'urql';
import { useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  CredentialsPageDocument,
  type CredentialFieldsFragment,
  type CredentialFormat,
  type CredentialStatus,
} from '../generated/graphql';
import { CredentialStateBadge } from './credentials-parts';
import { credentialHref, credentialState, FORMAT_LABELS, type CredentialHandover } from './credentials.rules';
import { formatTime } from './overview.rules';

const PAGE_SIZE = 20;

export default function CredentialsPage() {
  const pages = useCursorPages();
  const [status, setStatus] = useState<CredentialStatus | ''>('');
  const [format, setFormat] = useState<CredentialFormat | ''>('');
  const [issuer, setIssuer] = useState('');
  const canListDids = useCan('dids:list');
  const [credentials] = useQuery({
    query: CredentialsPageDocument,
    variables: {
      canListDids: canListDids.allowed,
      limit: PAGE_SIZE,
      cursor: pages.cursor,
      status: status || null,
      format: format || null,
      issuer: issuer || null,
    },
    // An empty page names no Credential, and a revocation answers a Revocation: either refreshes the list.
    context: useMemo(() => ({ additionalTypenames: ['Credential', 'Revocation'] }), []),
  });
  const now = new Date();
  const columns: Column<CredentialFieldsFragment>[] = [
    {
      key: 'type',
      header: 'Type',
      cell: (row) => (
        // A revoked credential is no longer returned by id: its page gets the row from here.
        <Link
          href={credentialHref(row.id)}
          state={{ credential: row } satisfies CredentialHandover}
          className="cell-type"
        >
          {row.credentialType}
        </Link>
      ),
      sortValue: (row) => row.credentialType,
    },
    {
      key: 'format',
      header: 'Format',
      cell: (row) => FORMAT_LABELS[row.format],
      sortValue: (row) => FORMAT_LABELS[row.format],
    },
    {
      key: 'subject',
      header: 'Subject',
      cell: (row) => <Clipped text={row.subjectId ?? '—'} />,
      sortValue: (row) => row.subjectId,
    },
    { key: 'issuer', header: 'Issuer', cell: (row) => <Clipped text={row.issuer} />, sortValue: (row) => row.issuer },
    {
      key: 'issuedAt',
      header: 'Issued',
      cell: (row) => formatTime(row.issuedAt),
      sortValue: (row) => row.issuedAt,
    },
    {
      key: 'expiresAt',
      header: 'Expires',
      cell: (row) => (row.expiresAt ? formatTime(row.expiresAt) : 'never'),
      sortValue: (row) => row.expiresAt,
    },
    {
      key: 'state',
      header: 'Status',
      cell: (row) => <CredentialStateBadge state={credentialState(row, now)} />,
      sortValue: (row) => credentialState(row, now),
    },
  ];
  // Another filter is another list: from its first page.
  function filterBy<T>(set: (value: T) => void, value: T) {
    set(value);
    pages.reset();
  }
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Credentials</h1>
      <IssueLink />
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Issued credentials</h2>
        <div className="filters" role="group" aria-label="Filters">
          <div className="field">
            <label htmlFor="credential-status">Status</label>
            <select
              id="credential-status"
              value={status}
              onChange={(event) => filterBy(setStatus, event.target.value as CredentialStatus | '')}
            >
              <option value="">All</option>
              <option value="active">Active</option>
              <option value="revoked">Revoked</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="credential-format">Format</label>
            <select
              id="credential-format"
              value={format}
              onChange={(event) => filterBy(setFormat, event.target.value as CredentialFormat | '')}
            >
              <option value="">All</option>
              {Object.entries(FORMAT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="credential-issuer">Issuer</label>
            <select id="credential-issuer" value={issuer} onChange={(event) => filterBy(setIssuer, event.target.value)}>
              <option value="">All</option>
              {credentials.data?.dids?.dids.map((did) => (
                <option key={did.id} value={did.did}>
                  {did.did}
                  {did.status === 'active' ? '' : ` (${did.status})`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ErrorMessage error={credentials.error} />
        {!credentials.data && credentials.fetching && <Loading label="Loading credentials" />}
        {credentials.data && (
          <>
            <DataTable
              caption={`Credentials, page ${pages.pageNumber}`}
              rows={credentials.data.credentials.credentials}
              columns={columns}
              rowKey={(row) => row.id}
              empty={status || format || issuer ? 'No credential matches these filters.' : 'No credential issued yet.'}
            />
            <Pager pages={pages} nextCursor={credentials.data.credentials.nextCursor} busy={credentials.fetching} />
          </>
        )}
      </section>
    </section>
  );
}

/** To the issue form; disabled, with the permission named, for a role that may not issue. */
function IssueLink() {
  const can = useCan(['credentials:issue', 'dids:list']);
  if (can.allowed) {
    return (
      <p>
        <Link href="/credentials/issue" className="button-link">
          Issue a credential
        </Link>
      </p>
    );
  }
  return (
    <>
      <button type="button" disabled aria-describedby="issue-needs">
        Issue a credential
      </button>
      <p className="permission-note" id="issue-needs">
        Issuing a credential {can.reason}.
      </p>
    </>
  );
}

/** A long DID or URI on one line, cut short on screen; the whole of it is still the cell's text. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="did cell-clip" title={text}>
      {text}
    </span>
  );
}
