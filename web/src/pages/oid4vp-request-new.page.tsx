// A new OpenID4VP presentation request (credentials:verify): what to ask, in the short form (a format, the
// credential type, the claims by name) or as a DCQL query, why (kept for the tenant, not sent), the signing
// DID, the response mode and the expiry. The answer is shown once: the QR code and the openid4vp:// link with a
// copy button; then the request's status, followed live until the verdict arrives. Rules: oid4vp.rules.ts.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import {
  CreateOid4vpRequestDocument,
  Oid4vpNewRequestPageDocument,
  type CreateOid4vpRequestMutation,
  type Oid4vpCredentialFormat,
  type Oid4vpResponseMode,
} from '../generated/graphql';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote } from './feature-parts';
import { WalletHandover } from './openid-parts';
import { LiveRequest } from './oid4vp-parts';
import {
  emptyRequestForm,
  OID4VP_FORMAT_LABELS,
  requestHref,
  requestInputOf,
  RESPONSE_MODE_LABELS,
  type RequestField,
  type RequestForm,
} from './oid4vp.rules';

type Created = NonNullable<CreateOid4vpRequestMutation['createOid4vpRequest']>;

export default function Oid4vpNewRequestPage() {
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/oid4vp">← Presentation requests</Link>
      </p>
      <h1 id="page-title">New presentation request</h1>
      {created ? (
        <CreatedRequest created={created} onAnother={() => setCreated(null)} />
      ) : (
        <RequestEditor onCreated={setCreated} />
      )}
    </section>
  );
}

function RequestEditor({ onCreated }: { onCreated(created: Created): void }) {
  const can = useCan('credentials:verify');
  const canListDids = useCan('dids:list');
  const [page] = useQuery({
    query: Oid4vpNewRequestPageDocument,
    variables: { canListDids: canListDids.allowed },
    // Without dids:list the request is signed by the tenant's oldest active DID: nothing to ask.
    pause: !canListDids.allowed,
  });
  const [form, setForm] = useState(emptyRequestForm);
  const [problems, setProblems] = useState<Partial<Record<RequestField, string>>>({});
  const [result, create] = useMutation(CreateOid4vpRequestDocument);
  const set = (change: Partial<RequestForm>) => setForm((current) => ({ ...current, ...change }));
  const dids = page.data?.dids?.dids ?? [];
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = requestInputOf(form);
    if (!outcome.ok) {
      setProblems(outcome.problems);
      return focusFirstProblem(event.currentTarget);
    }
    setProblems({});
    const answer = await create({ input: outcome.input });
    if (answer.data?.createOid4vpRequest) onCreated(answer.data.createOid4vpRequest);
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset>
        <legend>What to ask for</legend>
        <div className="claim-flags">
          <label className="checkbox-row">
            <input
              type="radio"
              name="query-mode"
              checked={form.mode === 'short'}
              onChange={() => set({ mode: 'short' })}
            />
            A credential type and its claims
          </label>
          <label className="checkbox-row">
            <input
              type="radio"
              name="query-mode"
              checked={form.mode === 'dcql'}
              onChange={() => set({ mode: 'dcql' })}
            />
            A DCQL query
          </label>
        </div>
        {form.mode === 'short' ? (
          <>
            <div className="field">
              <label htmlFor="request-format">Format</label>
              <select
                id="request-format"
                value={form.format}
                onChange={(event) => set({ format: event.target.value as Oid4vpCredentialFormat })}
              >
                {Object.entries(OID4VP_FORMAT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <CheckedField
              label="Credential type"
              value={form.type}
              onChange={(event) => set({ type: event.target.value })}
              hint={
                form.format === 'dc_sd_jwt'
                  ? 'The vct, e.g. https://credentials.example.com/degree.'
                  : 'The VC type, e.g. UniversityDegreeCredential.'
              }
              problem={problems.type}
              spellCheck={false}
            />
            <CheckedField
              label="Claims"
              value={form.claims}
              onChange={(event) => set({ claims: event.target.value })}
              hint="The claims the wallet must disclose, by name, separated by commas, e.g. given_name, degree."
              problem={problems.claims}
              spellCheck={false}
            />
          </>
        ) : (
          <div className="field">
            <label htmlFor="request-dcql">DCQL query (JSON)</label>
            <textarea
              id="request-dcql"
              rows={8}
              spellCheck={false}
              value={form.dcql}
              aria-invalid={problems.dcql ? true : undefined}
              aria-describedby={problems.dcql ? 'request-dcql-hint request-dcql-problem' : 'request-dcql-hint'}
              onChange={(event) => set({ dcql: event.target.value })}
            />
            <p className="field-hint" id="request-dcql-hint">
              OpenID4VP 1.0 §6: credentials (dc+sd-jwt with meta.vct_values, jwt_vc_json with meta.type_values), their
              claims by path, claim_sets and credential_sets.
            </p>
            {problems.dcql && (
              <p className="field-problem" id="request-dcql-problem">
                {problems.dcql}
              </p>
            )}
          </div>
        )}
      </fieldset>
      <CheckedField
        label="Purpose"
        value={form.purpose}
        onChange={(event) => set({ purpose: event.target.value })}
        hint="Why you ask, for your own records (not sent to the wallet)."
      />
      <div className="openid-row">
        <div className="field">
          <label htmlFor="request-did">Signing DID</label>
          <select id="request-did" value={form.did} onChange={(event) => set({ did: event.target.value })}>
            <option value="">The tenant’s oldest active DID</option>
            {dids.map((did) => (
              <option key={did.id} value={did.did}>
                {did.did}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="request-response-mode">Response mode</label>
          <select
            id="request-response-mode"
            value={form.responseMode}
            onChange={(event) => set({ responseMode: event.target.value as Oid4vpResponseMode })}
          >
            {Object.entries(RESPONSE_MODE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <CheckedField
          label="Expires in (seconds)"
          value={form.expiresIn}
          inputMode="numeric"
          onChange={(event) => set({ expiresIn: event.target.value })}
          hint="30 to 3600; default five minutes."
          problem={problems.expiresIn}
        />
      </div>
      <ErrorMessage error={page.error ?? result.error} />
      <GatedSubmit
        can={can}
        busy={result.fetching}
        label="Create request"
        busyLabel="Creating…"
        noteId="request-needs"
      />
      <NeedsNote can={can} doing="Requesting a presentation" id="request-needs" />
    </form>
  );
}

function CreatedRequest({ created, onAnother }: { created: Created; onAnother(): void }) {
  return (
    <section className="section" aria-labelledby="created-title">
      <h2 id="created-title">Request created</h2>
      <p>
        Show it to the holder’s wallet: the QR code and the link are shown only now. The request’s own page keeps its
        verdict: <Link href={requestHref(created.id)}>open it</Link>.
      </p>
      {created.qrCode && created.authorizationRequest && (
        <WalletHandover
          svg={created.qrCode.svg}
          link={created.authorizationRequest}
          linkLabel="Request link"
          qrLabel="QR code of the presentation request"
        />
      )}
      <LiveRequest id={created.id} initial={created} />
      <p>
        <button type="button" className="button-secondary" onClick={onAnother}>
          Make another request
        </button>
      </p>
    </section>
  );
}
