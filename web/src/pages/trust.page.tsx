// Trust: the tenant's attestations about other DIDs (filtered as the API filters them, a page at a time),
// attesting one, revoking one after a confirmation, the trust policy verification applies, and the tenant's
// public trust list. One request (TrustPage) for all of it, handed to the page's parts.
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  RevokeTrustAttestationDocument,
  TrustPageDocument,
  type AssuranceLevel,
  type AttestationStatus,
  type TrustAttestationFieldsFragment,
} from '../generated/graphql';
import { StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { CreateAttestation } from './trust-form';
import { TrustListLink, TrustPolicyEditor } from './trust-policy';
import { ASSURANCE_LEVEL_LABELS, ATTESTATION_STATUS_LABELS, typesText } from './trust.rules';

const PAGE_SIZE = 20;

type Filters = {
  status: AttestationStatus | '';
  assuranceLevel: AssuranceLevel | '';
  subjectDid: string;
  attesterDid: string;
};

export default function TrustPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Trust</h1>
      <p className="lead">
        How much you trust other issuers: signed attestations that verification weighs under your trust policy, and that
        anyone can read in your public trust list.
      </p>
      <Attestations />
    </section>
  );
}

function Attestations() {
  const pages = useCursorPages();
  const [filters, setFilters] = useState<Filters>({ status: '', assuranceLevel: '', subjectDid: '', attesterDid: '' });
  const canAttest = useCan(['trust:write', 'dids:list']);
  const [attestations] = useQuery({
    query: TrustPageDocument,
    variables: {
      canAttest: canAttest.allowed,
      limit: PAGE_SIZE,
      cursor: pages.cursor,
      status: filters.status || null,
      assuranceLevel: filters.assuranceLevel || null,
      subjectDid: filters.subjectDid.trim() || null,
      attesterDid: filters.attesterDid.trim() || null,
    },
    // An empty list names no TrustAttestation, and no policy yet names no TrustPolicy: either refreshes the page.
    context: useMemo(() => ({ additionalTypenames: ['TrustAttestation', 'TrustPolicy'] }), []),
  });
  // The selects apply at once; the DIDs (exact matches) when the filter form is submitted.
  const [draft, setDraft] = useState({ subjectDid: '', attesterDid: '' });
  const filter = (field: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [field]: event.target.value }));
    pages.reset();
  };
  const applyDids = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters((current) => ({ ...current, ...draft }));
    pages.reset();
  };
  const columns: Column<TrustAttestationFieldsFragment>[] = [
    {
      key: 'subject',
      header: 'Subject',
      cell: (row) => <span className="did">{row.subjectDid}</span>,
      sortValue: (row) => row.subjectDid,
    },
    { key: 'score', header: 'Score', cell: (row) => row.score, sortValue: (row) => row.score },
    { key: 'weight', header: 'Weight', cell: (row) => row.weight, sortValue: (row) => row.weight },
    {
      key: 'level',
      header: 'Level',
      cell: (row) => ASSURANCE_LEVEL_LABELS[row.assuranceLevel],
      sortValue: (row) => row.assuranceLevel,
    },
    {
      key: 'types',
      header: 'Applies to',
      cell: (row) => typesText(row.credentialTypes),
      sortValue: (row) => typesText(row.credentialTypes),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <>
          <StateBadge state={row.status} label={ATTESTATION_STATUS_LABELS[row.status]} />
          {row.revokedAt && <span className="cell-note">{formatTime(row.revokedAt)}</span>}
        </>
      ),
      sortValue: (row) => row.status,
    },
    {
      key: 'valid',
      header: 'Valid',
      cell: (row) => `${formatTime(row.validFrom)} – ${row.validUntil ? formatTime(row.validUntil) : 'until revoked'}`,
      sortValue: (row) => row.validFrom,
    },
    {
      key: 'attester',
      header: 'Attester',
      cell: (row) => <span className="did">{row.attesterDid}</span>,
      sortValue: (row) => row.attesterDid,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (row.status === 'revoked' ? null : <RevokeButton attestation={row} />),
    },
  ];
  const data = attestations.data;
  return (
    <>
      <div className="cards">
        <CreateAttestation attesters={data?.dids?.dids ?? []} />
        <div>
          <TrustPolicyEditor loaded={Boolean(data)} current={data?.trustPolicy ?? null} />
          <TrustListLink />
        </div>
      </div>
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Attestations</h2>
        <form className="filters" onSubmit={applyDids} aria-label="Filter attestations">
          <div className="field">
            <label htmlFor="filter-status">Status</label>
            <select id="filter-status" value={filters.status} onChange={filter('status')}>
              <option value="">All</option>
              {Object.entries(ATTESTATION_STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-level">Level</label>
            <select id="filter-level" value={filters.assuranceLevel} onChange={filter('assuranceLevel')}>
              <option value="">All</option>
              {Object.entries(ASSURANCE_LEVEL_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-subject">Subject DID</label>
            <input
              id="filter-subject"
              type="search"
              value={draft.subjectDid}
              onChange={(event) => setDraft({ ...draft, subjectDid: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="filter-attester">Attester DID</label>
            <input
              id="filter-attester"
              type="search"
              value={draft.attesterDid}
              onChange={(event) => setDraft({ ...draft, attesterDid: event.target.value })}
            />
          </div>
          <button type="submit" className="button-secondary">
            Apply
          </button>
        </form>
        <ErrorMessage error={attestations.error} />
        {!attestations.data && attestations.fetching && <Loading label="Loading attestations" />}
        {attestations.data && (
          <>
            <DataTable
              caption={`Trust attestations, page ${pages.pageNumber}`}
              rows={attestations.data.trustAttestations.attestations}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No attestation matches. Attest a DID above."
            />
            <Pager
              pages={pages}
              nextCursor={attestations.data.trustAttestations.nextCursor}
              busy={attestations.fetching}
            />
          </>
        )}
      </section>
    </>
  );
}

function RevokeButton({ attestation }: { attestation: TrustAttestationFieldsFragment }) {
  const can = useCan('trust:write');
  const [open, setOpen] = useState(false);
  const [result, revoke] = useMutation(RevokeTrustAttestationDocument);
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        title={can.allowed ? undefined : `Revoking ${can.reason}`}
        aria-label={`Revoke the attestation of ${attestation.subjectDid}`}
        onClick={() => setOpen(true)}
      >
        Revoke
      </button>
      {!can.allowed && <span className="cell-note permission-note">Revoking {can.reason}</span>}
      <ConfirmDialog
        open={open}
        title="Revoke this attestation?"
        confirmLabel="Revoke"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await revoke({ id: attestation.id });
          if (!outcome.error) setOpen(false);
        }}
      >
        <p className="did">{attestation.subjectDid}</p>
        <p>
          Its status bit is set: it no longer counts in scores or in your trust list, and verifiers of its credential
          see it revoked. This cannot be undone; attest again if you change your mind.
        </p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}
