// API keys: create one with a name, scopes (a subset of the creator's permissions, or the creator's whole
// role) and an expiry; the key itself shown once; the tenant's keys a page at a time (prefix, scopes,
// created, last used, expiry, state); revoking one after a confirmation.
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  ApiKeysPageDocument,
  CreateApiKeyDocument,
  RevokeApiKeyDocument,
  type ApiKeysPageQuery,
  type CreateApiKeyMutation,
} from '../generated/graphql';
import { useSession } from '../session/session';
import {
  EXPIRY_CHOICES,
  expiresAt,
  keyState,
  scopesText,
  scopesToSend,
  type ExpiryChoice,
  type ScopeMode,
} from './api-keys.rules';
import { formatTime } from './overview.rules';
import { PermissionChecklist, ShownOnce, useDialogTarget } from './team-parts';
import './team.css';

type KeyRow = ApiKeysPageQuery['apiKeys']['apiKeys'][number];
type Created = NonNullable<CreateApiKeyMutation['createApiKey']>;

const PAGE_SIZE = 25;

export default function ApiKeysPage() {
  const pages = useCursorPages();
  const [keys] = useQuery({
    query: ApiKeysPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor },
    requestPolicy: 'cache-and-network',
    // An empty page names no ApiKey: without this, the first key would not refresh the list.
    context: useMemo(() => ({ additionalTypenames: ['ApiKey'] }), []),
  });
  const revoking = useDialogTarget<KeyRow>();
  const now = new Date();
  const columns: Column<KeyRow>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => row.name || <span className="muted">unnamed</span>,
      sortValue: (row) => row.name,
    },
    { key: 'prefix', header: 'Prefix', cell: (row) => <code>{row.prefix}…</code>, sortValue: (row) => row.prefix },
    {
      key: 'scopes',
      header: 'Scopes',
      cell: (row) => scopesText(row.scopes),
      filterText: (row) => scopesText(row.scopes),
    },
    {
      key: 'createdAt',
      header: 'Created',
      cell: (row) => formatTime(row.createdAt),
      sortValue: (row) => row.createdAt,
    },
    {
      key: 'lastUsedAt',
      header: 'Last used',
      cell: (row) => (row.lastUsedAt ? formatTime(row.lastUsedAt) : <span className="muted">never</span>),
      sortValue: (row) => row.lastUsedAt,
    },
    {
      key: 'expiresAt',
      header: 'Expires',
      cell: (row) => (row.expiresAt ? formatTime(row.expiresAt) : <span className="muted">never</span>),
      sortValue: (row) => row.expiresAt,
    },
    {
      key: 'state',
      header: 'State',
      cell: (row) => {
        const state = keyState(row, now);
        return <span className={`badge badge-${state}`}>{state}</span>;
      },
      sortValue: (row) => keyState(row, now),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) =>
        keyState(row, now) === 'revoked' ? null : (
          <button
            type="button"
            className="button-danger"
            aria-label={`Revoke ${row.name || row.prefix}`}
            onClick={() => revoking.show(row)}
          >
            Revoke
          </button>
        ),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">API keys</h1>
      <p className="lead">
        Keys for servers and scripts: send one as <code>Authorization: Bearer bsk_live_…</code>. The service keeps only
        a hash of each.
      </p>
      <CreateKey />
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Keys of this tenant</h2>
        <ErrorMessage error={keys.error} />
        {!keys.data && keys.fetching && <Loading label="Loading API keys" />}
        {keys.data && (
          <>
            <DataTable
              caption={`API keys, page ${pages.pageNumber}`}
              rows={keys.data.apiKeys.apiKeys}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No API key yet."
            />
            <Pager pages={pages} nextCursor={keys.data.apiKeys.nextCursor} busy={keys.fetching} />
          </>
        )}
      </section>
      {revoking.target && (
        <RevokeDialog key={revoking.key} apiKey={revoking.target} open={revoking.open} onClose={revoking.close} />
      )}
    </section>
  );
}

function CreateKey() {
  const { me } = useSession();
  // The page needs api_keys:manage already; named here too, should the page's guard ever change.
  const can = useCan('api_keys:manage');
  const [result, create] = useMutation(CreateApiKeyDocument);
  const [created, setCreated] = useState<Created | null>(null);
  const [mode, setMode] = useState<ScopeMode>('scoped');
  const [scopes, setScopes] = useState<Set<string>>(() => new Set());
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const held = me?.permissions ?? [];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name')).trim();
    const chosenScopes = scopesToSend(mode, scopes, held);
    const chosenExpiry = expiresAt(expiry, date, new Date());
    const issue =
      'problem' in chosenScopes ? chosenScopes.problem : 'problem' in chosenExpiry ? chosenExpiry.problem : null;
    setProblem(issue);
    if ('problem' in chosenScopes || 'problem' in chosenExpiry) return;
    const form = event.currentTarget;
    const outcome = await create({
      input: { name: name || null, scopes: chosenScopes.scopes, expiresAt: chosenExpiry.expiresAt },
    });
    if (outcome.data?.createApiKey) {
      setCreated(outcome.data.createApiKey);
      form.reset();
      setScopes(new Set());
    }
  }

  return (
    <section className="card" aria-labelledby="create-title">
      <h2 id="create-title">Create an API key</h2>
      <form onSubmit={onSubmit} className="form">
        <Field
          label="Name"
          name="name"
          maxLength={100}
          hint="What uses it, e.g. ci or issuer-backend."
          disabled={!can.allowed}
        />
        <fieldset disabled={!can.allowed}>
          <legend>What it may do</legend>
          <label className="choice">
            <input
              type="radio"
              name="scope-mode"
              value="scoped"
              checked={mode === 'scoped'}
              onChange={() => setMode('scoped')}
            />
            Only the scopes chosen below
          </label>
          <label className="choice">
            <input
              type="radio"
              name="scope-mode"
              value="role"
              checked={mode === 'role'}
              onChange={() => setMode('role')}
            />
            Everything my role may do, now and after a change of my role
          </label>
        </fieldset>
        {mode === 'scoped' && (
          <PermissionChecklist
            legend="Scopes (from the permissions you hold)"
            offered={held}
            selected={scopes}
            onChange={setScopes}
            disabled={!can.allowed}
          />
        )}
        <div className="form form-row">
          <div className="field">
            <label htmlFor="key-expiry">Expires</label>
            <select
              id="key-expiry"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
              disabled={!can.allowed}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          {expiry === 'date' && (
            <div className="field">
              <label htmlFor="key-expiry-date">Expiry date</label>
              <input
                id="key-expiry-date"
                type="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
                required
              />
            </div>
          )}
        </div>
        {problem && (
          <p className="error-message" role="alert">
            {problem}
          </p>
        )}
        <ErrorMessage error={result.error} />
        <div>
          <button
            type="submit"
            disabled={!can.allowed || result.fetching}
            aria-describedby={can.allowed ? undefined : 'create-key-needs'}
          >
            {result.fetching ? 'Creating…' : 'Create key'}
          </button>
        </div>
        {!can.allowed && (
          <p className="permission-note" id="create-key-needs">
            Creating a key {can.reason}.
          </p>
        )}
      </form>
      {created && (
        <ShownOnce
          title={`Your new key${created.apiKey.name ? ` ${created.apiKey.name}` : ''}`}
          label="API key"
          value={created.key}
          warning="Copy the key now: it is shown only once. The service keeps only its hash and cannot show it again."
          onDone={() => setCreated(null)}
        >
          <p>
            Scopes: {scopesText(created.apiKey.scopes)}. Expires:{' '}
            {created.apiKey.expiresAt ? formatTime(created.apiKey.expiresAt) : 'never'}.
          </p>
        </ShownOnce>
      )}
    </section>
  );
}

function RevokeDialog({ apiKey, open, onClose }: { apiKey: KeyRow; open: boolean; onClose(): void }) {
  const [result, revoke] = useMutation(RevokeApiKeyDocument);
  return (
    <ConfirmDialog
      open={open}
      title="Revoke this API key?"
      confirmLabel="Revoke"
      busy={result.fetching}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await revoke({ id: apiKey.id });
        if (!outcome.error) onClose();
      }}
    >
      <p>
        <strong>{apiKey.name || 'The unnamed key'}</strong> (<code>{apiKey.prefix}…</code>) stops working at once: its
        next request is refused with 401. This cannot be undone.
      </p>
      <ErrorMessage error={result.error} />
    </ConfirmDialog>
  );
}
