// One OpenID4VCI credential configuration's form (oid4vci:manage): a new one (/oid4vci/configurations/new), or
// an existing one to change (its id and format name what wallets were offered, so they stay). The format, the
// signing DID from the tenant's active DIDs, the vct or VC types, the claims (name, display name, mandatory, and
// for dc+sd-jwt whether the holder may withhold it), how a wallet shows the credential, its validity, the holder
// key binding methods and the key proof algorithms. Rules: oid4vci.rules.ts.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  CreateOid4vciConfigurationDocument,
  Oid4vciConfigurationFormDocument,
  UpdateOid4vciConfigurationDocument,
  type Oid4vciBindingMethod,
  type Oid4vciFormat,
  type Oid4vciProofAlg,
} from '../generated/graphql';
import { CheckedField, focusFirstProblem } from './feature-parts';
import {
  configurationFormOf,
  configurationInputOf,
  emptyConfigurationForm,
  newConfigurationClaimRow,
  OID4VCI_FORMAT_LABELS,
  type ConfigurationClaimRow,
  type ConfigurationField,
  type ConfigurationForm,
} from './oid4vci.rules';
import './openid.css';

export default function Oid4vciConfigurationPage() {
  const params = useParams<{ id?: string }>();
  const editing = params.id !== undefined;
  const configurationId = params.id ? decodeURIComponent(params.id) : '';
  const [result] = useQuery({ query: Oid4vciConfigurationFormDocument, variables: { configurationId, editing } });
  const stored = result.data?.oid4vciCredentialConfiguration ?? null;
  const dids = result.data?.dids.dids ?? [];
  const title = editing ? `Credential configuration ${configurationId}` : 'New credential configuration';
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/oid4vci/configurations">← Credential configurations</Link>
      </p>
      <h1 id="page-title">{title}</h1>
      <ErrorMessage error={result.error} />
      {!result.data && result.fetching && <Loading label="Loading the form" />}
      {result.data && (!editing || stored) && (
        <ConfigurationEditor
          key={stored?.id ?? 'new'}
          initial={stored ? configurationFormOf(stored) : emptyConfigurationForm(dids[0]?.did ?? '')}
          editing={editing}
          dids={dids.map((did) => did.did)}
        />
      )}
    </section>
  );
}

function ConfigurationEditor({
  initial,
  editing,
  dids,
}: {
  initial: ConfigurationForm;
  editing: boolean;
  dids: string[];
}) {
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<ConfigurationField, string>>>({});
  const [claimProblems, setClaimProblems] = useState(new Map<string, string>());
  const [created, create] = useMutation(CreateOid4vciConfigurationDocument);
  const [updated, update] = useMutation(UpdateOid4vciConfigurationDocument);
  const [, navigate] = useLocation();
  const set = (change: Partial<ConfigurationForm>) => setForm((current) => ({ ...current, ...change }));
  const sdJwt = form.format === 'dc_sd_jwt';
  // The binding methods a format allows: jwt_vc_json names its holder by a did:key only.
  useEffect(() => {
    if (!sdJwt && form.bindingMethods.includes('jwk')) set({ bindingMethods: ['did_key'] });
  }, [sdJwt]); // eslint-disable-line react-hooks/exhaustive-deps

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = configurationInputOf(form);
    if (!outcome.ok) {
      setProblems(outcome.problems);
      setClaimProblems(outcome.claimProblems);
      return focusFirstProblem(event.currentTarget);
    }
    setProblems({});
    setClaimProblems(new Map());
    const { configurationId, format: _format, ...rest } = outcome.input;
    const answer = editing ? await update({ configurationId, input: rest }) : await create({ input: outcome.input });
    if (!answer.error) navigate('/oid4vci/configurations');
  }
  const busy = created.fetching || updated.fetching;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="openid-row">
        <CheckedField
          label="Configuration id"
          value={form.configurationId}
          onChange={(event) => set({ configurationId: event.target.value })}
          hint="The credential_configuration_id wallets see, e.g. UniversityDegree. It cannot change later."
          problem={problems.configurationId}
          disabled={editing}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="field">
          <label htmlFor="config-format">Format</label>
          <select
            id="config-format"
            value={form.format}
            disabled={editing}
            onChange={(event) => set({ format: event.target.value as Oid4vciFormat })}
          >
            {Object.entries(OID4VCI_FORMAT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="config-issuer">Issuing DID</label>
        <select
          id="config-issuer"
          value={form.issuer}
          aria-invalid={problems.issuer ? true : undefined}
          aria-describedby={problems.issuer ? 'config-issuer-problem' : undefined}
          onChange={(event) => set({ issuer: event.target.value })}
        >
          {!dids.includes(form.issuer) && <option value={form.issuer}>{form.issuer || 'No active DID'}</option>}
          {dids.map((did) => (
            <option key={did} value={did}>
              {did}
            </option>
          ))}
        </select>
        {problems.issuer && (
          <p className="field-problem" id="config-issuer-problem">
            {problems.issuer}
          </p>
        )}
      </div>
      {sdJwt ? (
        <CheckedField
          label="Credential type (vct)"
          value={form.vct}
          onChange={(event) => set({ vct: event.target.value })}
          hint="A URI naming the type, e.g. https://credentials.example.com/degree."
          problem={problems.vct}
          spellCheck={false}
        />
      ) : (
        <CheckedField
          label="VC types"
          value={form.types}
          onChange={(event) => set({ types: event.target.value })}
          hint="Besides VerifiableCredential, separated by commas, e.g. UniversityDegreeCredential."
          problem={problems.types}
          spellCheck={false}
        />
      )}
      <ClaimRows rows={form.claims} sdJwt={sdJwt} problems={claimProblems} onChange={(claims) => set({ claims })} />
      <fieldset>
        <legend>How a wallet shows it</legend>
        <div className="openid-row">
          <CheckedField
            label="Credential name"
            value={form.displayName}
            onChange={(event) => set({ displayName: event.target.value })}
            problem={problems.displayName}
          />
          <CheckedField
            label="Language"
            value={form.displayLocale}
            onChange={(event) => set({ displayLocale: event.target.value })}
            problem={problems.displayLocale}
            spellCheck={false}
          />
          <CheckedField
            label="Background colour"
            value={form.backgroundColor}
            onChange={(event) => set({ backgroundColor: event.target.value })}
            hint="e.g. #12107c"
            problem={problems.backgroundColor}
            spellCheck={false}
          />
          <CheckedField
            label="Text colour"
            value={form.textColor}
            onChange={(event) => set({ textColor: event.target.value })}
            hint="e.g. #ffffff"
            problem={problems.textColor}
            spellCheck={false}
          />
        </div>
      </fieldset>
      <CheckedField
        label="Validity (seconds)"
        value={form.validitySeconds}
        inputMode="numeric"
        onChange={(event) => set({ validitySeconds: event.target.value })}
        hint="Issued credentials expire this long after issuance; leave empty for no expiry."
        problem={problems.validitySeconds}
      />
      <Choices<Oid4vciBindingMethod>
        legend="Holder key binding"
        options={[
          ['jwk', 'A public key (jwk)', !sdJwt],
          ['did_key', 'A did:key', false],
        ]}
        chosen={form.bindingMethods}
        problem={problems.bindingMethods}
        onChange={(bindingMethods) => set({ bindingMethods })}
      />
      <Choices<Oid4vciProofAlg>
        legend="Key proof algorithms"
        options={[
          ['EdDSA', 'EdDSA (Ed25519)', false],
          ['ES256', 'ES256 (P-256)', false],
        ]}
        chosen={form.proofAlgs}
        problem={problems.proofAlgs}
        onChange={(proofAlgs) => set({ proofAlgs })}
      />
      <ErrorMessage error={created.error ?? updated.error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : editing ? 'Save changes' : 'Create configuration'}
      </button>
    </form>
  );
}

function Choices<Value extends string>({
  legend,
  options,
  chosen,
  problem,
  onChange,
}: {
  legend: string;
  /** value, label, disabled */
  options: [Value, string, boolean][];
  chosen: Value[];
  problem?: string;
  onChange(chosen: Value[]): void;
}) {
  const problemId = `${legend.replace(/\W+/g, '-').toLowerCase()}-problem`;
  return (
    <fieldset aria-describedby={problem ? problemId : undefined}>
      <legend>{legend}</legend>
      <div className="claim-flags">
        {options.map(([value, label, disabled]) => (
          <label key={value} className="checkbox-row">
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              disabled={disabled}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, value] : chosen.filter((other) => other !== value))
              }
            />
            {label}
          </label>
        ))}
      </div>
      {problem && (
        <p className="field-problem" id={problemId}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}

function ClaimRows({
  rows,
  sdJwt,
  problems,
  onChange,
}: {
  rows: ConfigurationClaimRow[];
  sdJwt: boolean;
  problems: Map<string, string>;
  onChange(rows: ConfigurationClaimRow[]): void;
}) {
  const update = (key: string, change: Partial<ConfigurationClaimRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className="openid-claims">
      <legend>Claims</legend>
      <p className="field-hint">
        The claims the credential carries, in the order a wallet shows them. A mandatory claim is always in it
        {sdJwt && '; a disclosable one the holder may withhold when presenting'}. Rows left empty are ignored.
      </p>
      {rows.map((row, index) => {
        const problem = problems.get(row.key);
        const id = `${row.key}`;
        return (
          <div key={row.key} className="openid-row openid-claim" role="group" aria-label={`Claim ${index + 1}`}>
            <div className="field">
              <label htmlFor={`${id}-name`}>Claim name</label>
              <input
                id={`${id}-name`}
                value={row.name}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => update(row.key, { name: event.target.value })}
              />
              {problem && (
                <p className="field-problem" id={`${id}-problem`}>
                  {problem}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-display`}>Display name</label>
              <input
                id={`${id}-display`}
                value={row.displayName}
                onChange={(event) => update(row.key, { displayName: event.target.value })}
              />
            </div>
            <div className="claim-flags">
              <label className="checkbox-row">
                <input
                  type="checkbox"
                  checked={row.mandatory}
                  onChange={(event) => update(row.key, { mandatory: event.target.checked })}
                />
                Mandatory
              </label>
              {sdJwt && (
                <label className="checkbox-row">
                  <input
                    type="checkbox"
                    checked={row.disclosable}
                    onChange={(event) => update(row.key, { disclosable: event.target.checked })}
                  />
                  Disclosable
                </label>
              )}
              <button
                type="button"
                className="button-secondary button-small"
                aria-label={`Remove claim ${index + 1}`}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                Remove
              </button>
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="button-secondary"
        onClick={() => onChange([...rows, newConfigurationClaimRow()])}
      >
        Add a claim
      </button>
    </fieldset>
  );
}
