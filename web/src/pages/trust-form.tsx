// Attesting a subject DID: by one of the tenant's active DIDs, with a score, a weight, an assurance level, the
// credential types it applies to, evidence and an end of validity. Signed by the service as a credential.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { CreateTrustAttestationDocument, type AssuranceLevel } from '../generated/graphql';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote, TextArea } from './feature-parts';
import { ASSURANCE_LEVEL_LABELS, attestationInput, typesText, type AttestationForm } from './trust.rules';

const EMPTY: AttestationForm = {
  attesterDid: '',
  subjectDid: '',
  score: '',
  weight: '1',
  assuranceLevel: 'substantial',
  credentialTypes: '',
  evidence: '',
  validUntil: '',
};

/** `attesters`: the tenant's active DIDs, from the page's answer. */
export function CreateAttestation({ attesters }: { attesters: readonly { id: string; did: string }[] }) {
  const can = useCan('trust:write');
  const [created, create] = useMutation(CreateTrustAttestationDocument);
  const [form, setForm] = useState<AttestationForm>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof AttestationForm, string>>>({});
  const set = (field: keyof AttestationForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = attestationInput(form);
    setProblems(parsed.problems ?? {});
    if (!parsed.input) return focusFirstProblem(event.currentTarget);
    const outcome = await create({ input: parsed.input });
    if (outcome.data?.createTrustAttestation) setForm({ ...EMPTY, attesterDid: form.attesterDid });
  }
  const attestation = created.data?.createTrustAttestation;
  return (
    <section className="card" aria-labelledby="attest-title">
      <h2 id="attest-title">Attest a DID</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="attester">Attester (your DID that signs)</label>
          <select id="attester" value={form.attesterDid} onChange={set('attesterDid')}>
            <option value="">Your oldest active DID</option>
            {attesters.map((did) => (
              <option key={did.id} value={did.did}>
                {did.did}
              </option>
            ))}
          </select>
          {attesters.length === 0 && (
            <p className="field-hint">You have no active DID yet: create one on the DIDs page to attest with.</p>
          )}
        </div>
        <CheckedField
          label="Subject DID"
          value={form.subjectDid}
          onChange={set('subjectDid')}
          problem={problems.subjectDid}
          hint="Whom you vouch for, typically another issuer: did:<method>:<id>."
        />
        <div className="form-row form">
          <CheckedField
            label="Score (0–100)"
            inputMode="numeric"
            value={form.score}
            onChange={set('score')}
            problem={problems.score}
          />
          <CheckedField
            label="Weight (0.0–1.0)"
            inputMode="decimal"
            value={form.weight}
            onChange={set('weight')}
            problem={problems.weight}
          />
          <div className="field">
            <label htmlFor="assurance-level">Assurance level</label>
            <select
              id="assurance-level"
              value={form.assuranceLevel}
              onChange={(event) => setForm({ ...form, assuranceLevel: event.target.value as AssuranceLevel })}
            >
              {Object.entries(ASSURANCE_LEVEL_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CheckedField
          label="Credential types (optional)"
          value={form.credentialTypes}
          onChange={set('credentialTypes')}
          problem={problems.credentialTypes}
          hint="Type names separated by commas, e.g. UniversityDegreeCredential. None: all types."
        />
        <TextArea
          label="Evidence (optional)"
          rows={2}
          value={form.evidence}
          onChange={set('evidence')}
          hint="Why you trust it: free text or a URL."
        />
        <CheckedField
          label="Valid until (optional)"
          type="date"
          value={form.validUntil}
          onChange={set('validUntil')}
          problem={problems.validUntil}
          hint="It stops counting at the start of that day (UTC). None: until revoked."
        />
        <GatedSubmit can={can} busy={created.fetching} label="Attest" busyLabel="Attesting…" noteId="attest-needs" />
        <NeedsNote can={can} doing="Attesting" id="attest-needs" />
      </form>
      <ErrorMessage error={created.error} />
      {attestation && !created.error && (
        <p className="success" role="status">
          Attested <span className="did">{attestation.subjectDid}</span>: score {attestation.score}, weight{' '}
          {attestation.weight}, {attestation.assuranceLevel}, {typesText(attestation.credentialTypes)}; signed by{' '}
          <span className="did">{attestation.attesterDid}</span>.
        </p>
      )}
    </section>
  );
}
