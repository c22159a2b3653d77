// Sending a DIDComm message: from one of the tenant's active DIDs to any DID, a type (a protocol's template or
// any URI), a JSON body and a packing; then what became of it (inbox, delivered, failed, returned).
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { SendDidcommMessageDocument, type DidcommPacking } from '../generated/graphql';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote, StateBadge } from './feature-parts';
import {
  DELIVERY_LABELS,
  DELIVERY_MEANINGS,
  deliveryTone,
  MESSAGE_TEMPLATES,
  PACKING_LABELS,
  parseBody,
} from './didcomm.rules';
import { parseDid } from './trust.rules';

/** `loaded`: the tenant's active DIDs, from the page's answer (null while it loads). */
export function SendMessage({ loaded }: { loaded: readonly { id: string; did: string }[] | null }) {
  const senders = loaded ?? [];
  const can = useCan('didcomm:send');
  const [sent, send] = useMutation(SendDidcommMessageDocument);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState(MESSAGE_TEMPLATES[0]!.type);
  const [body, setBody] = useState(JSON.stringify(MESSAGE_TEMPLATES[0]!.body, null, 2));
  const [packing, setPacking] = useState<DidcommPacking>('authcrypt');
  const [problems, setProblems] = useState<{ to?: string | null; type?: string | null; body?: string | null }>({});
  const sender = from || senders[0]?.did || '';
  function applyTemplate(templateType: string) {
    const template = MESSAGE_TEMPLATES.find((candidate) => candidate.type === templateType);
    if (!template) return;
    setType(template.type);
    setBody(JSON.stringify(template.body, null, 2));
  }
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipient = parseDid(to, 'to');
    const parsedBody = parseBody(body);
    const typeProblem = type.trim() ? null : 'type is required: the message type URI';
    setProblems({ to: recipient.problem, body: parsedBody.problem, type: typeProblem });
    if (recipient.problem || parsedBody.problem || typeProblem) return focusFirstProblem(event.currentTarget);
    await send({ input: { from: sender, to: recipient.value!, type: type.trim(), body: parsedBody.body, packing } });
  }
  const message = sent.data?.sendDidcommMessage;
  return (
    <section className="card" aria-labelledby="send-title">
      <h2 id="send-title">Send a message</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="didcomm-from">From (your DID)</label>
          <select id="didcomm-from" value={sender} onChange={(event) => setFrom(event.target.value)}>
            {senders.map((did) => (
              <option key={did.id} value={did.did}>
                {did.did}
              </option>
            ))}
          </select>
          {loaded && senders.length === 0 && (
            <p className="field-hint">You have no active DID: create one on the DIDs page to send from.</p>
          )}
        </div>
        <CheckedField
          label="To (the recipient's DID)"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          problem={problems.to}
          hint="Hosted here or anywhere: did:key, did:peer:2, or a DID of this service."
        />
        <div className="field">
          <label htmlFor="didcomm-template">Protocol</label>
          <select
            id="didcomm-template"
            value={MESSAGE_TEMPLATES.some((t) => t.type === type) ? type : ''}
            onChange={(event) => applyTemplate(event.target.value)}
          >
            {MESSAGE_TEMPLATES.map((template) => (
              <option key={template.type} value={template.type}>
                {template.label}
              </option>
            ))}
            <option value="">Another type (below)</option>
          </select>
        </div>
        <CheckedField
          label="Type URI"
          value={type}
          onChange={(event) => setType(event.target.value)}
          problem={problems.type}
        />
        <div className="field">
          <label htmlFor="didcomm-body">Body (a JSON object)</label>
          <textarea
            id="didcomm-body"
            rows={4}
            className="code-input"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-invalid={problems.body ? true : undefined}
            aria-describedby={problems.body ? 'didcomm-body-problem' : undefined}
            spellCheck={false}
          />
          {problems.body && (
            <p className="field-problem" id="didcomm-body-problem">
              {problems.body}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="didcomm-packing">Packing</label>
          <select
            id="didcomm-packing"
            value={packing}
            onChange={(event) => setPacking(event.target.value as DidcommPacking)}
          >
            {Object.entries(PACKING_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <GatedSubmit
          can={can}
          busy={sent.fetching}
          label="Send"
          busyLabel="Sending…"
          noteId="send-needs"
          disabled={!sender}
        />
        <NeedsNote can={can} doing="Sending a message" id="send-needs" />
      </form>
      <ErrorMessage error={sent.error} />
      {message && !sent.error && (
        <div
          className={deliveryTone(message.delivery) === 'bad' ? 'error-message' : 'success'}
          role="status"
          data-testid="send-outcome"
        >
          <p className="outcome-line">
            <StateBadge
              state={`delivery-${deliveryTone(message.delivery)}`}
              label={DELIVERY_LABELS[message.delivery]}
            />{' '}
            {DELIVERY_MEANINGS[message.delivery]}
          </p>
          {message.deliveryDetail && <p className="outcome-line">{message.deliveryDetail}</p>}
          <p className="outcome-line muted">
            Message <code>{message.messageId}</code> to <span className="did">{message.to.join(', ')}</span>,{' '}
            {message.packing}.
          </p>
        </div>
      )}
    </section>
  );
}
