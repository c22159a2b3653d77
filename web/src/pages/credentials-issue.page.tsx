// Issue a credential, in either format: jwt_vc_json (its VC types) or vc+sd-jwt (its vct, which claims the
// holder may withhold, and optionally the holder's key for key binding). The issuer is one of the tenant's
// active DIDs; the claims come from the claims editor (credentials-claims.tsx). The form's rules are in
// credentials.rules.ts and claims.rules.ts; the service checks everything again and its refusal is shown.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  IssueCredentialPageDocument,
  IssueCredentialDocument,
  type CredentialFieldsFragment,
  type CredentialFormat,
  type SdJwtTyp,
} from '../generated/graphql';
import { newClaimRow } from './claims.rules';
import { ClaimsEditor } from './credentials-claims';
import { CopyButton } from './credentials-parts';
import {
  credentialHref,
  FORMAT_LABELS,
  issueInputOf,
  SD_JWT_TYP_LABELS,
  type IssueField,
  type IssueForm,
} from './credentials.rules';

const initialForm = (): IssueForm => ({
  format: 'jwt_vc_json',
  issuer: '',
  types: '',
  vct: '',
  subjectId: '',
  validFrom: '',
  validUntil: '',
  sdJwtTyp: 'dc_sd_jwt',
  holderKey: '',
  claims: [newClaimRow()],
});

export default function IssueCredentialPage() {
  const can = useCan('credentials:issue');
  const [form, setForm] = useState<IssueForm>(initialForm);
  const [attempt, setAttempt] = useState(0);
  const [issued, issue] = useMutation(IssueCredentialDocument);
  const [dids] = useQuery({ query: IssueCredentialPageDocument });
  const formRef = useRef<HTMLFormElement>(null);
  const activeDids = dids.data?.dids.dids ?? [];
  // The only active DID is the issuer unless another is chosen.
  const issuer = form.issuer || (activeDids.length === 1 ? activeDids[0]!.did : '');
  const outcome = useMemo(() => issueInputOf({ ...form, issuer }), [form, issuer]);
  const shown = attempt > 0 && !outcome.ok ? outcome : null;
  const [credential, setCredential] = useState<CredentialFieldsFragment | null>(null);

  // After a refused submit, the focus goes to the first field that needs correcting.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set =
    <K extends keyof IssueForm>(key: K) =>
    (value: IssueForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempt((count) => count + 1);
    if (!outcome.ok) return;
    const result = await issue({ input: outcome.input });
    if (result.data?.issueCredential) {
      setCredential(result.data.issueCredential);
      setForm((current) => ({ ...initialForm(), format: current.format, issuer: current.issuer }));
      setAttempt(0);
    }
  }

  const problem = (field: IssueField) => shown?.fields[field];
  const sdJwt = form.format === 'vc_sd_jwt';
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/credentials">← All credentials</Link>
      </p>
      <h1 id="page-title">Issue a credential</h1>
      {credential && <Issued credential={credential} onDismiss={() => setCredential(null)} />}
      <form
        ref={formRef}
        onSubmit={onSubmit}
        className="form issue-form"
        noValidate
        aria-describedby={can.allowed ? undefined : 'issue-needs'}
      >
        <fieldset>
          <legend>Format</legend>
          {(Object.entries(FORMAT_LABELS) as [CredentialFormat, string][]).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="format"
                value={value}
                checked={form.format === value}
                onChange={() => set('format')(value)}
              />
              {label}
              <span className="muted">
                {value === 'jwt_vc_json' ? '— W3C VC Data Model 1.1 as a JWT' : '— SD-JWT VC, selectively disclosable'}
              </span>
            </label>
          ))}
        </fieldset>

        <div className="field">
          <label htmlFor="issuer">Issuer DID</label>
          {!dids.data && dids.fetching ? (
            <Loading label="Loading your DIDs" />
          ) : (
            <select
              id="issuer"
              value={issuer}
              aria-invalid={problem('issuer') ? true : undefined}
              aria-describedby="issuer-hint"
              onChange={(event) => set('issuer')(event.target.value)}
            >
              <option value="">{activeDids.length ? 'Choose a DID' : 'No active DID'}</option>
              {activeDids.map((did) => (
                <option key={did.id} value={did.did}>
                  {did.did}
                </option>
              ))}
            </select>
          )}
          <p className="field-hint" id="issuer-hint">
            {problem('issuer') ?? (
              <>
                One of your active DIDs signs it. <Link href="/dids">Manage DIDs</Link>
              </>
            )}
          </p>
          <ErrorMessage error={dids.error} />
        </div>

        {sdJwt ? (
          <div className="form-row">
            <TextField
              id="vct"
              label="Credential type (vct)"
              value={form.vct}
              onChange={set('vct')}
              problem={problem('vct')}
              hint="A URI naming the type, e.g. https://example.com/degree."
            />
            <div className="field">
              <label htmlFor="sd-jwt-typ">typ header</label>
              <select
                id="sd-jwt-typ"
                value={form.sdJwtTyp}
                onChange={(event) => set('sdJwtTyp')(event.target.value as SdJwtTyp)}
              >
                {Object.entries(SD_JWT_TYP_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : (
          <TextField
            id="types"
            label="Credential types"
            value={form.types}
            onChange={set('types')}
            problem={problem('types')}
            hint="Type names separated by commas, e.g. UniversityDegreeCredential; VerifiableCredential is implied."
          />
        )}
        <TextField
          id="subject-id"
          label="Subject id"
          value={form.subjectId}
          onChange={set('subjectId')}
          hint="The subject’s DID or URI (optional); it becomes sub."
        />
        <div className="form-row">
          <TextField
            id="valid-from"
            type="datetime-local"
            label="Valid from"
            value={form.validFrom}
            onChange={set('validFrom')}
            problem={problem('validFrom')}
            hint="Optional; default now."
          />
          <TextField
            id="valid-until"
            type="datetime-local"
            label="Valid until"
            value={form.validUntil}
            onChange={set('validUntil')}
            problem={problem('validUntil')}
            hint="Optional; default never expires."
          />
        </div>

        <ClaimsEditor rows={form.claims} onChange={set('claims')} problems={shown?.rows ?? new Map()} sdJwt={sdJwt} />

        {sdJwt && (
          <div className="field">
            <label htmlFor="holder-key">Holder key (optional)</label>
            <textarea
              id="holder-key"
              rows={4}
              spellCheck={false}
              value={form.holderKey}
              aria-invalid={problem('holderKey') ? true : undefined}
              aria-describedby="holder-key-hint"
              onChange={(event) => set('holderKey')(event.target.value)}
              placeholder='{"kty": "EC", "crv": "P-256", "x": "…", "y": "…"}'
            />
            <p className={problem('holderKey') ? 'field-error' : 'field-hint'} id="holder-key-hint">
              {problem('holderKey') ??
                'The holder’s public JWK: the credential is bound to it (cnf), and a presentation must then carry a key binding JWT signed by it.'}
            </p>
          </div>
        )}

        {outcome.ok && (
          <details className="claims-preview">
            <summary>The claims as they will be sent</summary>
            <pre className="json">{JSON.stringify(outcome.input.claims, null, 2)}</pre>
          </details>
        )}
        {shown && (
          <p className="error-message" role="alert">
            Correct the marked fields, then issue again.
          </p>
        )}
        <ErrorMessage error={issued.error} />
        <button type="submit" disabled={!can.allowed || issued.fetching}>
          {issued.fetching ? 'Issuing…' : 'Issue credential'}
        </button>
        {!can.allowed && (
          <p className="permission-note" id="issue-needs">
            Issuing a credential {can.reason}.
          </p>
        )}
      </form>
    </section>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  problem,
  hint,
  type = 'text',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  hint?: string;
  type?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem || hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {(problem || hint) && (
        <p className={problem ? 'field-error' : 'field-hint'} id={`${id}-hint`}>
          {problem ?? hint}
        </p>
      )}
    </div>
  );
}

/** The credential just issued: shown in full with a copy button, and a link to its page. */
function Issued({ credential, onDismiss }: { credential: CredentialFieldsFragment; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [credential.id]);
  return (
    <section className="success issued" aria-labelledby="issued-title">
      <h2 id="issued-title" ref={heading} tabIndex={-1}>
        Issued: {credential.credentialType} ({FORMAT_LABELS[credential.format]})
      </h2>
      {credential.credential && (
        <>
          <label htmlFor="issued-credential">The credential</label>
          <textarea
            id="issued-credential"
            className="credential-text"
            readOnly
            rows={4}
            value={credential.credential}
          />
          <CopyButton
            text={credential.credential}
            label="Copy the credential"
            fallback={() => document.getElementById('issued-credential') as HTMLTextAreaElement | null}
          />
        </>
      )}
      <p>
        <Link href={credentialHref(credential.id)}>Open its page</Link> (decoded header, payload
        {credential.format === 'vc_sd_jwt' ? ' and disclosures' : ''}; revoke) ·{' '}
        <button type="button" className="button-link-inline" onClick={onDismiss}>
          Dismiss
        </button>
      </p>
    </section>
  );
}
