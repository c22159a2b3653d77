// OpenID4VCI credential configurations (oid4vci:manage): what the tenant's Credential Issuer offers wallets, a
// page at a time; each opens its form (oid4vci-configuration.page.tsx) and is deleted after a confirmation (the
// service refuses while an open offer names it).
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { DataTable, type Column } from '../components/data-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  DeleteOid4vciConfigurationDocument,
  Oid4vciConfigurationsPageDocument,
  type Oid4vciConfigurationFieldsFragment,
} from '../generated/graphql';
import { formatTime } from './overview.rules';
import { formatSeconds } from './openid.rules';
import './feature-pages.css';
import { claimSpecsOf, configurationHref, OID4VCI_FORMAT_LABELS } from './oid4vci.rules';

const PAGE_SIZE = 20;

export default function Oid4vciConfigurationsPage() {
  const pages = useCursorPages();
  const [result] = useQuery({
    query: Oid4vciConfigurationsPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor },
    // An empty page names no configuration: without this, creating the first would not refresh the list.
    context: useMemo(() => ({ additionalTypenames: ['Oid4vciCredentialConfiguration'] }), []),
  });
  const columns: Column<Oid4vciConfigurationFieldsFragment>[] = [
    {
      key: 'configurationId',
      header: 'Configuration',
      cell: (row) => <Link href={configurationHref(row.configurationId)}>{row.configurationId}</Link>,
      sortValue: (row) => row.configurationId,
      filterText: (row) => `${row.configurationId} ${row.vct ?? ''} ${row.types.join(' ')}`,
    },
    {
      key: 'format',
      header: 'Format',
      cell: (row) => (
        <>
          {OID4VCI_FORMAT_LABELS[row.format]}
          <span className="cell-note">{row.vct ?? row.types.join(', ')}</span>
        </>
      ),
      sortValue: (row) => row.format,
    },
    {
      key: 'issuer',
      header: 'Issuer',
      cell: (row) => <span className="did">{row.issuer}</span>,
      sortValue: (row) => row.issuer,
    },
    {
      key: 'claims',
      header: 'Claims',
      cell: (row) =>
        claimSpecsOf(row.claims)
          .map((claim) => claim.name)
          .join(', ') || '—',
    },
    {
      key: 'validity',
      header: 'Validity',
      cell: (row) => (row.validitySeconds === null ? 'No expiry' : formatSeconds(row.validitySeconds)),
      sortValue: (row) => row.validitySeconds ?? Number.MAX_SAFE_INTEGER,
    },
    {
      key: 'updatedAt',
      header: 'Changed',
      cell: (row) => formatTime(row.updatedAt),
      sortValue: (row) => row.updatedAt,
    },
    { key: 'actions', header: 'Actions', cell: (row) => <DeleteConfigurationButton configuration={row} /> },
  ];
  const data = result.data?.oid4vciCredentialConfigurations;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Credential configurations</h1>
      <p className="lead">
        The credentials your OpenID4VCI Credential Issuer offers wallets: each one's format, signing DID, claims and how
        a wallet shows it. Offers name them.
      </p>
      <p>
        <Link href="/oid4vci/configurations/new" className="button-link">
          New configuration
        </Link>
      </p>
      <ErrorMessage error={result.error} />
      {!data && result.fetching && <Loading label="Loading configurations" />}
      {data && (
        <>
          <DataTable
            caption={`Credential configurations, page ${pages.pageNumber}`}
            rows={data.configurations}
            columns={columns}
            rowKey={(row) => row.id}
            empty="No configuration yet. Create one to offer credentials to wallets."
          />
          <Pager pages={pages} nextCursor={data.nextCursor} busy={result.fetching} />
        </>
      )}
    </section>
  );
}

function DeleteConfigurationButton({ configuration }: { configuration: Oid4vciConfigurationFieldsFragment }) {
  const [open, setOpen] = useState(false);
  const [result, remove] = useMutation(DeleteOid4vciConfigurationDocument);
  return (
    <>
      <button
        type="button"
        className="button-danger button-small"
        aria-label={`Delete ${configuration.configurationId}`}
        onClick={() => setOpen(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete ${configuration.configurationId}?`}
        confirmLabel="Delete"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await remove({ configurationId: configuration.configurationId });
          if (!outcome.error) setOpen(false);
        }}
      >
        <p>
          Wallets stop seeing it in the issuer metadata at once. Credentials already issued stay valid. The service
          refuses while an open offer names it: cancel those first.
        </p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}
