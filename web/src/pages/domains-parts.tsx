// One custom domain: its status, the TXT record that proves it (copyable), verifying it now with what the
// lookup found, removing it after a confirmation, and on a verified one a did:web.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { CreateDidWebDocument, DeleteDomainDocument, VerifyDomainDocument, type DomainFieldsFragment, type KeyType } from '../generated/graphql';
import { didHref, KEY_TYPE_LABELS } from './dids.rules';
import { CheckedField, CopyableValue, focusFirstProblem, GatedSubmit, NeedsNote, StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { checkOutcome, didWebDocumentUrl, didWebOf, parseDidWebPath, type Check } from './domains.rules';

export function TxtRecord({ verification }: { verification: DomainFieldsFragment['verification'] }) {
  return (
    <div className="txt-record">
      <CopyableValue label={`${verification.type} record name`} value={verification.name} testId="txt-name" />
      <CopyableValue label={`${verification.type} record value`} value={verification.value} testId="txt-value" />
    </div>
  );
}

export function DomainCard({ domain }: { domain: DomainFieldsFragment }) {
  const can = useCan('domains:manage');
  const [verified, verify] = useMutation(VerifyDomainDocument);
  const [lookup, setLookup] = useState<{ status: DomainFieldsFragment['status']; check: Check | null } | null>(null);
  const headingId = `domain-${domain.id}`;
  async function verifyNow() {
    const outcome = await verify({ id: domain.id });
    const answer = outcome.data?.verifyDomain;
    if (answer) setLookup({ status: answer.status, check: answer.check });
  }
  return (
    <li className="card domain" data-domain={domain.domain}>
      <div className="framework-head">
        <h3 id={headingId}>{domain.domain}</h3>
        <StateBadge state={domain.status} />
      </div>
      <p className="muted">
        Added {formatTime(domain.createdAt)}
        {domain.verifiedAt && `; verified ${formatTime(domain.verifiedAt)}`}
        {domain.checkedAt && `; last checked ${formatTime(domain.checkedAt)}`}.
      </p>
      <p>{domain.status === 'verified' ? 'Keep this TXT record in place: the domain is checked again every day.' : 'Add this TXT record at your DNS provider, then verify:'}</p>
      <TxtRecord verification={domain.verification} />
      <div className="row-actions section">
        <button
          type="button"
          disabled={!can.allowed || verified.fetching}
          aria-describedby={can.allowed ? undefined : `${headingId}-needs`}
          aria-label={`Verify now: ${domain.domain}`}
          onClick={verifyNow}
        >
          {verified.fetching ? 'Looking the record up…' : 'Verify now'}
        </button>
        <RemoveDomainButton domain={domain} />
      </div>
      <NeedsNote can={can} doing="Verifying" id={`${headingId}-needs`} />
      <ErrorMessage error={verified.error} />
      {lookup && !verified.error && (
        <div className={lookup.status === 'verified' ? 'success' : 'notice'} role="status" data-testid="verify-outcome">
          <p className="outcome-line">{checkOutcome(lookup.status, lookup.check, domain.verification.value)}</p>
          {lookup.check && lookup.check.found.length > 0 && (
            <p className="outcome-line muted">
              Found at {domain.verification.name}: {lookup.check.found.map((value) => `“${value}”`).join(', ')}
            </p>
          )}
        </div>
      )}
      {domain.status === 'verified' && <CreateDidWeb domain={domain.domain} />}
    </li>
  );
}

function RemoveDomainButton({ domain }: { domain: DomainFieldsFragment }) {
  const can = useCan('domains:manage');
  const [open, setOpen] = useState(false);
  const [result, remove] = useMutation(DeleteDomainDocument);
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        title={can.allowed ? undefined : `Removing ${can.reason}`}
        aria-label={`Remove ${domain.domain}`}
        onClick={() => setOpen(true)}
      >
        Remove
      </button>
      <ConfirmDialog
        open={open}
        title={`Remove ${domain.domain}?`}
        confirmLabel="Remove"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await remove({ id: domain.id });
          if (!outcome.error) setOpen(false);
        }}
      >
        <p>
          It stops being served at once: its did:web documents and status lists are no longer found there, and its did:web
          DIDs can no longer issue. To use it again, add it and verify it anew.
        </p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}

function CreateDidWeb({ domain }: { domain: string }) {
  const can = useCan('dids:create');
  const [created, create] = useMutation(CreateDidWebDocument);
  const [path, setPath] = useState('');
  const [keyType, setKeyType] = useState<KeyType>('Ed25519');
  const [problem, setProblem] = useState<string | null>(null);
  const parsed = parseDidWebPath(path);
  const keyId = `key-type-${domain}`;
  const noteId = `did-web-needs-${domain}`;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(parsed.problem);
    if (parsed.problem) return focusFirstProblem(event.currentTarget);
    await create({ input: { method: 'web', domain, path: parsed.segments.join('/') || undefined, keyType } });
  }
  const did = created.data?.createDid;
  return (
    <section className="did-web" aria-label={`A did:web on ${domain}`}>
      <h4>Create a did:web on it</h4>
      <form className="form form-row" onSubmit={onSubmit} noValidate>
        <CheckedField
          label="Path (optional)"
          value={path}
          onChange={(event) => setPath(event.target.value)}
          hint={`Will be ${didWebOf(domain, parsed.segments)}, its document at ${didWebDocumentUrl(domain, parsed.segments)}`}
          problem={problem}
          spellCheck={false}
        />
        <div className="field">
          <label htmlFor={keyId}>Key type</label>
          <select id={keyId} value={keyType} onChange={(event) => setKeyType(event.target.value as KeyType)}>
            {Object.entries(KEY_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <GatedSubmit can={can} busy={created.fetching} label="Create did:web" busyLabel="Creating…" noteId={noteId} />
      </form>
      <NeedsNote can={can} doing="Creating a DID" id={noteId} />
      <ErrorMessage error={created.error} />
      {did && !created.error && (
        <p className="success" role="status">
          Created <Link href={didHref(did.did)}>{did.did}</Link>.
        </p>
      )}
    </section>
  );
}
