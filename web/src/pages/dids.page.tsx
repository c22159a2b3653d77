// DIDs: the tenant's DIDs a page at a time, creating one (with its key type), and deactivating one after a
// confirmation. Each DID links to its document (did.page.tsx).
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  CreateDidDocument,
  DidsPageDocument,
  type DidStatus,
  type DidsPageQuery,
  type KeyType,
} from '../generated/graphql';
import { DeactivateDidButton, StatusBadge } from './did-parts';
import { didHref, KEY_TYPE_LABELS } from './dids.rules';
import { formatTime } from './overview.rules';

type DidRow = DidsPageQuery['dids']['dids'][number];

const PAGE_SIZE = 20;

export default function DidsPage() {
  const pages = useCursorPages();
  const canDeactivate = useCan('dids:deactivate');
  const [status, setStatus] = useState<DidStatus | ''>('');
  const [dids] = useQuery({
    query: DidsPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor, status: status || null },
    // An empty page names no Did: without this, creating the first DID would not refresh the list.
    context: useMemo(() => ({ additionalTypenames: ['Did'] }), []),
  });
  const columns: Column<DidRow>[] = [
    {
      key: 'did',
      header: 'DID',
      cell: (row) => (
        <Link href={didHref(row.did)} className="did">
          {row.did}
        </Link>
      ),
      sortValue: (row) => row.did,
    },
    { key: 'keyType', header: 'Key', cell: (row) => KEY_TYPE_LABELS[row.keyType], sortValue: (row) => row.keyType },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <StatusBadge status={row.status} />,
      sortValue: (row) => row.status,
    },
    {
      key: 'createdAt',
      header: 'Created',
      cell: (row) => formatTime(row.createdAt),
      sortValue: (row) => row.createdAt,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (row.status === 'active' ? <DeactivateDidButton did={row.did} compact /> : null),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">DIDs</h1>
      <CreateDid />
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Your DIDs</h2>
        <div className="field field-inline">
          <label htmlFor="did-status">Status</label>
          <select
            id="did-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DidStatus | '');
              pages.reset();
            }}
          >
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="deactivated">Deactivated</option>
          </select>
        </div>
        {!canDeactivate.allowed && <p className="permission-note">Deactivating a DID {canDeactivate.reason}.</p>}
        <ErrorMessage error={dids.error} />
        {!dids.data && dids.fetching && <Loading label="Loading DIDs" />}
        {dids.data && (
          <>
            <DataTable
              caption={`DIDs, page ${pages.pageNumber}`}
              rows={dids.data.dids.dids}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No DID yet. Create one to sign credentials with."
            />
            <Pager pages={pages} nextCursor={dids.data.dids.nextCursor} busy={dids.fetching} />
          </>
        )}
      </section>
    </section>
  );
}

function CreateDid() {
  const can = useCan('dids:create');
  const [created, createDid] = useMutation(CreateDidDocument);
  const [keyType, setKeyType] = useState<KeyType>('Ed25519');
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await createDid({ input: { keyType } });
  }
  const did = created.data?.createDid;
  return (
    <section className="card" aria-labelledby="create-title">
      <h2 id="create-title">Create a DID</h2>
      <form onSubmit={onSubmit} className="form form-row">
        <div className="field">
          <label htmlFor="key-type">Key type</label>
          <select id="key-type" value={keyType} onChange={(event) => setKeyType(event.target.value as KeyType)}>
            {Object.entries(KEY_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={!can.allowed || created.fetching}
          aria-describedby={can.allowed ? undefined : 'create-needs'}
        >
          {created.fetching ? 'Creating…' : 'Create DID'}
        </button>
      </form>
      {!can.allowed && (
        <p className="permission-note" id="create-needs">
          Creating a DID {can.reason}.
        </p>
      )}
      <ErrorMessage error={created.error} />
      {did && !created.error && (
        <p className="success" role="status">
          Created <Link href={didHref(did.did)}>{did.did}</Link> ({KEY_TYPE_LABELS[did.keyType]}).
        </p>
      )}
    </section>
  );
}
