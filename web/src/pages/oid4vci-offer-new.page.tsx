// A new OpenID4VCI offer (credentials:issue): the credential chosen from the tenant's configurations (with
// oid4vci:manage, which reads them; else its id typed and the claims as JSON), a form made from its claims (a
// field per claim, mandatory ones marked), the subject, an optional transaction code and the expiry. The answer
// is shown once: the QR code and the openid-credential-offer:// link with a copy button, the transaction code,
// and then the offer's state, followed live until a wallet has its credential. Rules: oid4vci.rules.ts.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  CreateOid4vciOfferDocument,
  Oid4vciNewOfferPageDocument,
  type CreateOid4vciOfferMutation,
  type Oid4vciConfigurationFieldsFragment,
} from '../generated/graphql';
import { CLAIM_TYPE_LABELS, type ClaimType } from './claims.rules';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote, TextArea } from './feature-parts';
import { WalletHandover } from './openid-parts';
import { LiveOffer } from './oid4vci-parts';
import { offerClaimRowsOf, offerHref, offerInputOf, type OfferField, type OfferForm } from './oid4vci.rules';

type Created = NonNullable<CreateOid4vciOfferMutation['createOid4vciOffer']>;

const emptyForm = (canRead: boolean): OfferForm => ({
  configurationId: '',
  rows: [],
  claimsJson: canRead ? null : '{}',
  subjectId: '',
  askTxCode: false,
  txCodeLength: '',
  txCodeInputMode: 'numeric',
  txCodeDescription: '',
  expiresIn: '',
});

export default function Oid4vciNewOfferPage() {
  const canRead = useCan('oid4vci:manage');
  const [page] = useQuery({
    query: Oid4vciNewOfferPageDocument,
    variables: { canReadConfigurations: canRead.allowed },
    // Nothing to ask without oid4vci:manage: the form then takes the configuration id and the claims as typed.
    pause: !canRead.allowed,
  });
  const [created, setCreated] = useState<Created | null>(null);
  const configurations = page.data?.oid4vciCredentialConfigurations?.configurations ?? null;
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/oid4vci/offers">← Credential offers</Link>
      </p>
      <h1 id="page-title">New credential offer</h1>
      <ErrorMessage error={page.error} />
      {canRead.allowed && !page.data && page.fetching && <Loading label="Loading configurations" />}
      {created ? (
        <CreatedOffer created={created} onAnother={() => setCreated(null)} />
      ) : (
        (!canRead.allowed || configurations) && <OfferEditor configurations={configurations} onCreated={setCreated} />
      )}
    </section>
  );
}

function OfferEditor({
  configurations,
  onCreated,
}: {
  configurations: readonly Oid4vciConfigurationFieldsFragment[] | null;
  onCreated(created: Created): void;
}) {
  const can = useCan('credentials:issue');
  const [form, setForm] = useState(() => emptyForm(configurations !== null));
  const [problems, setProblems] = useState<Partial<Record<OfferField, string>>>({});
  const [claimProblems, setClaimProblems] = useState(new Map<string, string>());
  const [result, create] = useMutation(CreateOid4vciOfferDocument);
  const set = (change: Partial<OfferForm>) => setForm((current) => ({ ...current, ...change }));
  const chosen = configurations?.find((config) => config.configurationId === form.configurationId) ?? null;

  function choose(configurationId: string) {
    const config = configurations?.find((entry) => entry.configurationId === configurationId);
    set({ configurationId, rows: config ? offerClaimRowsOf(config.claims) : [] });
    setClaimProblems(new Map());
  }
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = offerInputOf(form);
    if (!outcome.ok) {
      setProblems(outcome.problems);
      setClaimProblems(outcome.claimProblems);
      return focusFirstProblem(event.currentTarget);
    }
    setProblems({});
    setClaimProblems(new Map());
    const answer = await create({ input: outcome.input });
    if (answer.data?.createOid4vciOffer) onCreated(answer.data.createOid4vciOffer);
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {configurations ? (
        <div className="field">
          <label htmlFor="offer-configuration">Credential</label>
          <select
            id="offer-configuration"
            value={form.configurationId}
            aria-invalid={problems.configurationId ? true : undefined}
            aria-describedby={problems.configurationId ? 'offer-configuration-problem' : undefined}
            onChange={(event) => choose(event.target.value)}
          >
            <option value="">Choose a configuration</option>
            {configurations.map((config) => (
              <option key={config.id} value={config.configurationId}>
                {config.configurationId}
              </option>
            ))}
          </select>
          {problems.configurationId && (
            <p className="field-problem" id="offer-configuration-problem">
              {problems.configurationId}
            </p>
          )}
          {configurations.length === 0 && (
            <p className="field-hint">
              No configuration yet: <Link href="/oid4vci/configurations/new">create one</Link> first.
            </p>
          )}
        </div>
      ) : (
        <CheckedField
          label="Configuration id"
          value={form.configurationId}
          onChange={(event) => set({ configurationId: event.target.value })}
          hint="The credential_configuration_id to offer (reading the configurations needs oid4vci:manage)."
          problem={problems.configurationId}
          spellCheck={false}
        />
      )}
      <CheckedField
        label="Subject"
        value={form.subjectId}
        onChange={(event) => set({ subjectId: event.target.value })}
        hint="Whom the claims are about, as you know them (a DID, URI or reference); not written into the credential."
        problem={problems.subjectId}
        spellCheck={false}
      />
      {form.claimsJson !== null ? (
        <TextArea
          label="Claims (JSON)"
          value={form.claimsJson}
          rows={5}
          spellCheck={false}
          onChange={(event) => set({ claimsJson: event.target.value })}
          hint={problems.claimsJson ?? 'The subject’s claims as one JSON object, e.g. {"given_name": "Alice"}.'}
        />
      ) : (
        chosen && <ClaimFields form={form} problems={claimProblems} onChange={(rows) => set({ rows })} />
      )}
      <fieldset>
        <legend>Transaction code</legend>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={form.askTxCode}
            onChange={(event) => set({ askTxCode: event.target.checked })}
          />
          Ask the wallet for a code (sent to the holder another way)
        </label>
        {form.askTxCode && (
          <div className="openid-row">
            <CheckedField
              label="Length"
              value={form.txCodeLength}
              inputMode="numeric"
              onChange={(event) => set({ txCodeLength: event.target.value })}
              hint="4 to 12; default 6."
              problem={problems.txCodeLength}
            />
            <div className="field">
              <label htmlFor="tx-code-mode">Characters</label>
              <select
                id="tx-code-mode"
                value={form.txCodeInputMode}
                onChange={(event) => set({ txCodeInputMode: event.target.value as OfferForm['txCodeInputMode'] })}
              >
                <option value="numeric">Digits</option>
                <option value="text">Letters and digits</option>
              </select>
            </div>
            <CheckedField
              label="Description for the wallet"
              value={form.txCodeDescription}
              onChange={(event) => set({ txCodeDescription: event.target.value })}
              hint="e.g. Sent to you by text message."
            />
          </div>
        )}
      </fieldset>
      <CheckedField
        label="Expires in (seconds)"
        value={form.expiresIn}
        inputMode="numeric"
        onChange={(event) => set({ expiresIn: event.target.value })}
        hint="How long the wallet may redeem the offer: 60 to 604800; default an hour."
        problem={problems.expiresIn}
      />
      <ErrorMessage error={result.error} />
      <GatedSubmit can={can} busy={result.fetching} label="Create offer" busyLabel="Creating…" noteId="offer-needs" />
      <NeedsNote can={can} doing="Offering a credential" id="offer-needs" />
    </form>
  );
}

/** A field per claim of the configuration, its display name as the label, its type chosen beside it. */
function ClaimFields({
  form,
  problems,
  onChange,
}: {
  form: OfferForm;
  problems: Map<string, string>;
  onChange(rows: OfferForm['rows']): void;
}) {
  const update = (name: string, change: Partial<OfferForm['rows'][number]>) =>
    onChange(form.rows.map((row) => (row.name === name ? { ...row, ...change } : row)));
  return (
    <fieldset className="openid-claims">
      <legend>Claims</legend>
      {form.rows.length === 0 && <p className="muted">This configuration describes no claims.</p>}
      {form.rows.map((row) => {
        const id = `offer-claim-${row.name}`;
        const problem = problems.get(row.name);
        const hint = [
          row.name,
          row.mandatory ? 'mandatory' : 'optional: leave empty to omit',
          row.disclosable === false ? 'always disclosed' : null,
        ]
          .filter(Boolean)
          .join('; ');
        return (
          <div key={row.name} className="openid-row openid-claim">
            <div className="field">
              <label htmlFor={id}>{row.label}</label>
              {row.type === 'boolean' ? (
                <select
                  id={id}
                  value={row.value}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
                  onChange={(event) => update(row.name, { value: event.target.value })}
                >
                  <option value="">—</option>
                  <option value="true">Yes</option>
                  <option value="false">No</option>
                </select>
              ) : (
                <input
                  id={id}
                  value={row.value}
                  required={row.mandatory}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
                  spellCheck={false}
                  onChange={(event) => update(row.name, { value: event.target.value })}
                />
              )}
              <p className="field-hint" id={`${id}-hint`}>
                {hint}
              </p>
              {problem && (
                <p className="field-problem" id={`${id}-problem`}>
                  {problem}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-type`}>Type of {row.label}</label>
              <select
                id={`${id}-type`}
                value={row.type}
                onChange={(event) => update(row.name, { type: event.target.value as ClaimType, value: '' })}
              >
                {Object.entries(CLAIM_TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

function CreatedOffer({ created, onAnother }: { created: Created; onAnother(): void }) {
  return (
    <section className="section" aria-labelledby="created-title">
      <h2 id="created-title">Offer created</h2>
      <p>
        Hand it to the holder’s wallet: the QR code and the link are shown only now (the service keeps hashes only). The
        offer’s own page keeps its state: <Link href={offerHref(created.offer.id)}>open it</Link>.
      </p>
      <WalletHandover
        svg={created.qrCode.svg}
        link={created.offerUri}
        linkLabel="Offer link"
        qrLabel="QR code of the credential offer"
      />
      {created.txCodeValue && (
        <div className="secret-once" data-testid="tx-code">
          <h3>Transaction code</h3>
          <p>Send it to the holder another way (not with the QR code); it is shown only this once.</p>
          <p className="tx-code">
            <code>{created.txCodeValue}</code>
          </p>
        </div>
      )}
      <LiveOffer id={created.offer.id} initial={created.offer} />
      <p>
        <button type="button" className="button-secondary" onClick={onAnother}>
          Make another offer
        </button>
      </p>
    </section>
  );
}
